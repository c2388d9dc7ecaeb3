import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

// What the renderer benches share: the built renderer they measure, the Chromium they drive and
// how it is launched. Each bench measures the renderer as the app ships it, not the dev server.

const ROOT = resolve(import.meta.dirname, '../..');
export const RENDERER_DIR = join(ROOT, 'out/renderer');
export const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export const benchLog = (line: string) => process.stderr.write(`bench: ${line}\n`);

/** Builds the renderer once when out/renderer is missing. */
export function ensureRenderer(): void {
  if (existsSync(join(RENDERER_DIR, 'index.html'))) return;
  benchLog('building the renderer (out/renderer is missing)');
  const built = spawnSync('npx', ['vite', 'build', '--config', 'vite.renderer.config.ts'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (built.status !== 0) throw new Error('renderer build failed');
}

export function chromiumPath(): string {
  const path = process.env.LEDGERDESK_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(path)) throw new Error(`No Chromium at ${path}: set LEDGERDESK_CHROMIUM`);
  return path;
}

/**
 * In-page script: starts counting long tasks (over 50 ms, the browser's own Long Tasks API) into
 * window.__longTasks. Plain text, as tsx would wrap a named function in a helper the page lacks.
 */
export const START_LONG_TASKS = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push(entry.duration); }).observe({ type: 'longtask', buffered: false });
})()`;

/** In-page script: the long tasks counted since START_LONG_TASKS, once the tasks still running have ended. */
export const READ_LONG_TASKS = `new Promise((done) => setTimeout(() => {
  const tasks = window.__longTasks ?? [];
  done({ longTasks: tasks.length, longestTaskMs: Math.max(0, ...tasks) });
}, 150))`;
