/**
 * Which of a long document's lines are on the page: those the window shows, and `spare` more on
 * either side, so Tab and the arrow keys always find the next line there. Every line is mounted with
 * its own category picker (milliseconds each): mounting only these keeps a 2,000-line invoice as quick
 * to open, and to scroll to its end, as a 100-line one. Totals and saving always use every line.
 */
export interface LineWindow {
  /** The first line on the page (0-based). */
  start: number;
  /** One past the last line on the page. */
  end: number;
}

export interface WindowMeasure {
  /** How many lines the document has. */
  count: number;
  /** Where the lines' body begins, in the viewport's pixels (negative once scrolled past). */
  bodyTop: number;
  viewportHeight: number;
  /** A line's height as drawn (the average of those on the page). */
  rowPx: number;
  spare: number;
  /** The fewest lines to put on the page, even while the table is below the window's edge. */
  least: number;
}

export function lineWindow({ count, bodyTop, viewportHeight, rowPx, spare, least }: WindowMeasure): LineWindow {
  const height = rowPx > 0 ? rowPx : 1;
  const firstSeen = Math.floor(-bodyTop / height);
  const lastSeen = Math.ceil((viewportHeight - bodyTop) / height);
  const start = Math.min(Math.max(0, firstSeen - spare), Math.max(0, count - least));
  const end = Math.min(count, Math.max(lastSeen + spare, start + least));
  return { start, end };
}
