import { defineConfig } from 'vitest/config';

// The suites that read ../shared (the API corpora, real bank statements). scripts/test.mjs runs them
// only when that folder exists; run directly without it, each suite reports itself skipped.
export default defineConfig({
  test: {
    include: ['test/shared-corpus/**/*.test.ts'],
    environment: 'node',
    // Fails any test that asserts nothing.
    setupFiles: ['test/setup/every-test-asserts.ts'],
    pool: 'forks',
    // As in vitest.config.ts: time is the benches' business, and a corpus file on a busy machine is slow.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
