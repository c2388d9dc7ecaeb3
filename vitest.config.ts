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
    // Two files at a time. vitest's own default is one fewer than the cores, which on the 2-core CI
    // machine is one: the second core sat idle through a unit run of nearly 19 minutes. Every file opens
    // its own in-memory books and temporary folders, so two never share state.
    maxWorkers: 2,
    // Speed is the benches' business, never a test's: a test that builds a year of books and prints it
    // must not fail because the 2-core CI machine is busy with the file next to it.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
