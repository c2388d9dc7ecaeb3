import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Starts the engine worker from `entry`. The built app's entry is JavaScript (out/main); run from
 * source (tsx, vitest) it is TypeScript, which a worker cannot load by itself: a small bootstrap
 * registers tsx's loader in the worker first.
 */
export function launchWorker(entry: URL, workerData: unknown): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData });
  const tsx = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/** The worker's entry beside this file: engine-worker.ts from source, engine-worker.js when built. */
export function workerEntry(base: string | URL): URL {
  const ts = String(base).endsWith('.ts');
  return new URL(ts ? './engine-worker.ts' : './engine-worker.js', base);
}
