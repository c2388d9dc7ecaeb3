import { defineConfig } from 'vitest/config';

// The browser suites: each file starts its own book, engine, loopback server and Chromium. Run them
// through scripts/e2e.mjs, which finds or installs Chromium and builds the renderer first.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // One Chromium at a time keeps the runs steady on small CI machines.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
