import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

// The same checks as shell-main.test.ts, on the built main bundle (out/main/index.js, what the
// packaged app runs) instead of the sources: it loads with electron mocked, finds its migrations,
// preload and renderer beside it, and behaves the same.
const root = process.cwd();
const build = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: root, encoding: 'utf8' });
if (build.status !== 0) throw new Error(`electron-vite build failed:\n${build.stdout}\n${build.stderr}`);
for (const part of ['out/main/index.js', 'out/main/migrations/meta/_journal.json', 'out/preload/index.cjs', 'out/renderer/index.html']) {
  if (!existsSync(join(root, part))) throw new Error(`the build did not make ${part}`);
}
process.env.LEDGERDESK_MAIN_ENTRY = join(root, 'out', 'main', 'index.js');
await import('./shell-main.test');
