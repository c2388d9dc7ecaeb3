import { beforeEach, expect } from 'vitest';

// A test that asserts nothing passes whatever the code does (issue 25). Every config (unit, e2e,
// shared corpus) loads this file, so a test without one expect fails with "expected any number of
// assertion, but got none" the first time it runs. A Playwright waitFor alone is not an assertion
// here: say what the screen shows with expect.
beforeEach(() => {
  expect.hasAssertions();
});
