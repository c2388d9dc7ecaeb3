import { defineConfig } from 'vitest/config';

// The browser suites: each file starts its own book, engine, loopback server and Chromium. Run them
// through scripts/e2e.mjs, which finds or installs Chromium and builds the renderer first.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    // Fails any test that asserts nothing.
    setupFiles: ['test/setup/every-test-asserts.ts'],
    pool: 'forks',
    // Two files at a time, each with its own Chromium, book, engine and server. One at a time left the
    // 2-core CI machine half idle (a page mostly waits on its engine or its renderer, rarely both) and
    // took 31 minutes; every step waits for a state, never for a time, so a busier machine is slower,
    // not wrong.
    fileParallelism: true,
    maxWorkers: 2,
    // Files in a shuffled order: each opens its own book, engine, server and Chromium, so none may
    // lean on another having run first. scripts/e2e.mjs chooses the seed and prints it, so a failing
    // order can be replayed (LEDGERDESK_E2E_SEED=n). Tests inside a file keep their written order
    // unless the file says describe.shuffle: most desk files walk one book through a story.
    sequence: { shuffle: { files: true, tests: false } },
    // As in vitest.config.ts, time is not what a test tests: a screen checked in two schemes at two
    // sizes with axe takes minutes on a loaded 2-core machine. A stuck page still fails in seconds:
    // every Playwright step waits at most 10 s (session.ts).
    testTimeout: 240_000,
    // expect.poll waits for a state as a Playwright step does, up to 10 s (its own default, 1 s, failed
    // an undo that the engine had done but the loaded page had not yet shown).
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
