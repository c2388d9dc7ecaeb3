import { describe, expect, it } from 'vitest';
import { lineWindow } from '../../renderer/lib/line-window';

const measure = { count: 2000, viewportHeight: 800, rowPx: 40, spare: 10, least: 25 };

describe('which lines of a long document are on the page', () => {
  it('opening: the lines the window shows below the table top, and the spare ones', () => {
    // The lines begin 300px down: 13 lines fill the rest of an 800px window.
    expect(lineWindow({ ...measure, bodyTop: 300 })).toEqual({ start: 0, end: 23 + 2 });
  });

  it('a table still below the window edge still gets the fewest lines', () => {
    expect(lineWindow({ ...measure, bodyTop: 2000 })).toEqual({ start: 0, end: 25 });
  });

  it('scrolled half way: the lines in view and spare on both sides', () => {
    // Scrolled so that line 1000 (0-based) is at the window's top.
    expect(lineWindow({ ...measure, bodyTop: -40_000 })).toEqual({ start: 990, end: 1030 });
  });

  it('scrolled to the end: the last lines, never past them', () => {
    expect(lineWindow({ ...measure, bodyTop: -(2000 * 40 - 800) })).toEqual({ start: 1970, end: 2000 });
  });

  it('a short document is on the page whole', () => {
    expect(lineWindow({ ...measure, count: 12, bodyTop: 300 })).toEqual({ start: 0, end: 12 });
    expect(lineWindow({ ...measure, count: 12, bodyTop: -5000 })).toEqual({ start: 0, end: 12 });
  });
});
