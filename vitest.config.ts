import { defineConfig } from 'vitest/config';

// Unit and engine suites; they need nothing outside the project. The suites that read ../shared run
// from vitest.shared.config.ts, and the browser suites from scripts/e2e.mjs.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'test/shared-corpus/**', 'node_modules/**'],
    environment: 'node',
    // Fails any test that asserts nothing.
    setupFiles: ['test/setup/every-test-asserts.ts'],
    pool: 'forks',
    // Speed is the benches' business, never a test's: a test that builds a year of books and prints it
    // must not fail because the 2-core CI machine is busy with the file next to it.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
