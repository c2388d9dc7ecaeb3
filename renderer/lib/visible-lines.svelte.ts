import { untrack } from 'svelte';
import { lineWindow } from './line-window';

const SPARE_LINES = 10;
const LEAST_LINES = 25;

/**
 * The lines of a long document's table that are on the page (line-window.ts), kept up to date as its
 * scroll box scrolls and the window resizes. Made while a component starts (it sets up an effect).
 * The table binds `body` (its tbody, whose drawn rows say `data-line`) and `scroller` (the box the
 * lines scroll in), puts spacer rows of `above` and `below` pixels around the rows of `range`, and
 * calls `toEnd()` before focusing a line it has just added at the end.
 */
export class VisibleLines {
  body = $state<HTMLTableSectionElement | null>(null);
  scroller = $state<HTMLElement | null>(null);
  private rowPx = $state(38);
  private bodyTop = $state(0);
  private viewportHeight = $state(800);
  readonly range = $derived.by(() => lineWindow({ count: this.count(), bodyTop: this.bodyTop, viewportHeight: this.viewportHeight, rowPx: this.rowPx, spare: SPARE_LINES, least: LEAST_LINES }));
  readonly above = $derived(this.range.start * this.rowPx);
  readonly below = $derived.by(() => (this.count() - this.range.end) * this.rowPx);

  constructor(private readonly count: () => number) {
    $effect(() => {
      if (!this.body || !this.scroller) return;
      untrack(this.measure);
      // Whichever element scrolls the editor: scroll events do not bubble, but they pass the document on capture.
      document.addEventListener('scroll', this.measure, { capture: true, passive: true });
      window.addEventListener('resize', this.measure);
      return () => {
        document.removeEventListener('scroll', this.measure, { capture: true });
        window.removeEventListener('resize', this.measure);
      };
    });
  }

  /** Of `items` (every line), those on the page. */
  onPage<T>(items: readonly T[]): readonly T[] {
    const { start, end } = this.range;
    return start === 0 && end >= items.length ? items : items.slice(start, end);
  }

  /** Reads where the lines are in the part of their scroll box the window shows, and how tall a drawn line is. */
  readonly measure = (): void => {
    if (!this.body || !this.scroller) return;
    const drawn = this.body.querySelectorAll<HTMLTableRowElement>('tr[data-line]');
    if (drawn.length > 0) {
      const height = drawn[drawn.length - 1]!.getBoundingClientRect().bottom - drawn[0]!.getBoundingClientRect().top;
      if (height > 0) this.rowPx = height / drawn.length;
    }
    const box = this.scroller.getBoundingClientRect();
    const top = Math.max(0, box.top);
    this.bodyTop = this.body.getBoundingClientRect().top - top;
    this.viewportHeight = Math.max(0, Math.min(window.innerHeight, box.bottom) - top);
  };

  /** Moves the window to the last line (as if scrolled there), so a line just added there is on the page to focus. */
  toEnd(): void {
    this.bodyTop = -(this.count() * this.rowPx) + this.viewportHeight / 2;
  }
}
