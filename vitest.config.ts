import { defineConfig } from 'vitest/config';

// Unit and engine suites; they need nothing outside the project. The suites that read ../shared run
// from vitest.shared.config.ts, and the browser suites from scripts/e2e.mjs.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'test/shared-corpus/**', 'node_modules/**'],
    environment: 'node',
    pool: 'forks',
  },
});
