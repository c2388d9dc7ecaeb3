import { describe, expect, it } from 'vitest';
import { keptLinesOf, sameLines } from '../../renderer/sections/banking/explain-many-draft';

// A draft of several lines explained at once is one of its account's: what was typed for one set of
// lines is taken up again only by a panel over the same lines (EditorDraft's `belongs`).
const line = (id: number) => ({ url: `http://127.0.0.1/v2/bank_transactions/${id}`, dated_on: '2026-09-0' + String(id) });

describe('the lines of a kept draft of several lines', () => {
  it('are the same set in any order, and not a set with one more, one fewer or one other', () => {
    expect(sameLines([line(1), line(2), line(3)], [line(3), line(1), line(2)])).toBe(true);
    expect(sameLines([line(1), line(2)], [line(1), line(2), line(3)])).toBe(false);
    expect(sameLines([line(1), line(2), line(3)], [line(1), line(2)])).toBe(false);
    expect(sameLines([line(1), line(2), line(4)], [line(1), line(2), line(3)])).toBe(false);
    expect(sameLines([line(1), line(1)], [line(1), line(2)])).toBe(false);
  });

  it('are read from kept fields, leaving out what is not a line and never throwing', () => {
    expect(keptLinesOf({ lines: [line(1), { url: 5 }, null, { url: 'x', dated_on: 'soon' }, line(2)] })).toEqual([line(1), line(2)]);
    expect(keptLinesOf(null)).toEqual([]);
    expect(keptLinesOf({ values: {} })).toEqual([]);
  });
});
