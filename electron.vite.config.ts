import { cpSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/** The main bundle migrates the book on open, so its SQL migrations travel beside it. */
function copyMigrations(): Plugin {
  return {
    name: 'ledgerdesk-copy-migrations',
    closeBundle() {
      cpSync(resolve(__dirname, 'main/db/migrations'), resolve(__dirname, 'out/main/migrations'), { recursive: true });
    },
  };
}

// One build for all three targets. The renderer output is also what browser mode serves.
export default defineConfig({
  main: {
    plugins: [copyMigrations()],
    build: {
      outDir: 'out/main',
      rollupOptions: {
        // The engine host's worker is an entry of its own, beside index.js (main/host/launch.ts finds it there).
        input: { index: resolve(__dirname, 'main/index.ts'), 'engine-worker': resolve(__dirname, 'main/host/engine-worker.ts') },
        // The code both entries share goes in a chunk beside them, not in chunks/: main/db/migrate.ts
        // finds the migrations folder next to the module that runs it.
        output: { chunkFileNames: '[name]-[hash].js' },
        // pdfkit reads its font metrics from its own folder at run time, so it cannot be bundled.
        external: ['better-sqlite3', 'pdfkit'],
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload must be CommonJS.
      rollupOptions: { input: { index: resolve(__dirname, 'main/preload.ts') }, output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    plugins: [svelte()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      rollupOptions: { input: { index: resolve(__dirname, 'renderer/index.html') } },
    },
  },
});
