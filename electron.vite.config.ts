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
        // The app's main process; the engine host's worker beside it (main/host/launch.ts finds it
        // there); and the command line (serve, browser, sync, hmrc...) as plain JavaScript, so a
        // package runs it with node and carries no TypeScript tooling (tsx is a development dependency).
        input: {
          index: resolve(__dirname, 'main/index.ts'),
          'engine-worker': resolve(__dirname, 'main/host/engine-worker.ts'),
          cli: resolve(__dirname, 'main/cli.ts'),
        },
        // pdfkit reads its font metrics from its own folder at run time, so it cannot be bundled.
        external: ['better-sqlite3', 'pdfkit'],
        // Shared code sits beside the entries, not in a chunks/ folder: main/db/migrate.ts finds the
        // migrations folder next to the module that runs it, which may be a shared chunk.
        // The command line is the package's bin: executable by its own first line.
        output: { chunkFileNames: '[name]-[hash].js', banner: (chunk) => (chunk.isEntry && chunk.name === 'cli' ? '#!/usr/bin/env node' : '') },
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
