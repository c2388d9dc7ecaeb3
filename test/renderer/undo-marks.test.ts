import { describe, expect, it } from 'vitest';
import { StepMarks } from '../../renderer/lib/undo-marks';

// The window's own undo names the change-log entries it wrote (the engine's step answer), and only
// those are "taken back by your undo": a delete heard meanwhile from a sync round is not.

/** A fake book-changes source: settled() answers when the test says the log has been heard. */
function fakeBookChanges() {
  const waiting: (() => void)[] = [];
  return {
    settled: () => new Promise<void>((resolve) => waiting.push(resolve)),
    heard: async () => {
      for (const resolve of waiting.splice(0)) resolve();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe('the marks of an undo made in this window', () => {
  it('name the entries the step wrote, not another delete heard in the same window of time', async () => {
    const book = fakeBookChanges();
    const marks = new StepMarks(book.settled);
    marks.begin()('undo', [{ id: 41 }, { id: 42 }]);
    expect(await marks.directionOf({ id: 42 })).toBe('undo');
    // A sync round deleted another invoice before the undo's changes were heard.
    expect(await marks.directionOf({ id: 43 })).toBeNull();
    expect(await marks.directionOf({ id: 40 })).toBeNull();
  });

  it('go once the book changes have been heard', async () => {
    const book = fakeBookChanges();
    const marks = new StepMarks(book.settled);
    marks.begin()('redo', [{ id: 7 }]);
    expect(await marks.directionOf({ id: 7 })).toBe('redo');
    await book.heard();
    expect(await marks.directionOf({ id: 7 })).toBeNull();
  });

  it('a change heard before the step was answered waits for the answer', async () => {
    const book = fakeBookChanges();
    const marks = new StepMarks(book.settled);
    const answered = marks.begin();
    const ours = marks.directionOf({ id: 12 });
    const theirs = marks.directionOf({ id: 13 });
    answered('undo', [{ id: 12 }]);
    expect(await ours).toBe('undo');
    expect(await theirs).toBeNull();
  });

  it('a refused step marks nothing and keeps nobody waiting', async () => {
    const book = fakeBookChanges();
    const marks = new StepMarks(book.settled);
    const answered = marks.begin();
    const heard = marks.directionOf({ id: 5 });
    answered('undo', []);
    expect(await heard).toBeNull();
  });
});
