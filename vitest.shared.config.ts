import { defineConfig } from 'vitest/config';

// The suites that read ../shared (the API corpora, real bank statements). scripts/test.mjs runs them
// only when that folder exists; run directly without it, each suite reports itself skipped.
export default defineConfig({
  test: {
    include: ['test/shared-corpus/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
  },
});
