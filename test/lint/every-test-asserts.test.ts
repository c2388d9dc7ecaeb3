import { describe, it } from 'vitest';

// The guard in test/setup/every-test-asserts.ts, checked: a test that asserts nothing must fail.
// it.fails passes only when its test fails, so without the guard this file goes red.
describe('a test without an assertion', () => {
  it.fails('fails', () => {
    // Nothing asserted: the guard's expect.hasAssertions() turns this into a failure.
  });

  it.fails('fails when its only expect sits in a callback that never runs', () => {
    const neverCalled: (() => void)[] = [];
    for (const callback of neverCalled) callback();
  });
});
