import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Builds the renderer alone, without the main and preload targets of electron.vite.config.ts: browser
 * mode and the e2e suite need only out/renderer, and the main target cannot build before its entry
 * exists. The options match electron.vite.config.ts's renderer section, so both produce the same files.
 */
export default defineConfig({
  root: here('./renderer'),
  // Relative asset urls work both when served at / over HTTP and when Electron loads the file directly.
  base: './',
  plugins: [svelte()],
  build: {
    outDir: here('./out/renderer'),
    emptyOutDir: true,
    // The CSP forbids data: scripts and styles; keep every asset a file of its own.
    assetsInlineLimit: 0,
    rollupOptions: { input: { index: here('./renderer/index.html') } },
  },
});
