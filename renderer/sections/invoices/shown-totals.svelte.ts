import { LinesTotals, type EditorLine, type LinesTotal } from './invoice-lines';

/** Up to this many lines, the totals are worked out with the lines' first frame (a few milliseconds). */
export const TOTALS_AT_ONCE = 400;
/** After that, this many lines' figures a task: a few milliseconds each, so keys are answered between them. */
const SLICE = 250;

/**
 * The totals the lines table shows, kept line by line (LinesTotals). A long document's first totals
 * are worked out a slice at a time after its first frame, and show as "…" until then: the 2,000 lines
 * of an invoice took 40-90 ms in the task that opens it, which the person waits through before the
 * editor shows or answers a key. Made while a component starts (it sets up an effect).
 */
export class ShownTotals {
  private readonly totaller = new LinesTotals();
  private ready = $state(false);
  /** Null until the first totals of a long document are worked out. */
  readonly value: LinesTotal | null = $derived.by(() => (this.ready ? this.totaller.of(this.lines(), this.currency(), this.discount()) : null));

  constructor(
    private readonly lines: () => readonly EditorLine[],
    private readonly currency: () => string,
    private readonly discount: () => string,
  ) {
    // Read outside any effect: how long the document is when it opens decides, once.
    if (lines().length <= TOTALS_AT_ONCE) {
      this.ready = true;
      return;
    }
    $effect(() => {
      let at = 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      // The lines as they are at each slice (typing goes on meanwhile; a line typed in is worked out again by `of`).
      const step = () => {
        const now = this.lines();
        at = this.totaller.workOut(now, this.currency(), this.discount(), at, at + SLICE);
        if (at >= now.length) this.ready = true;
        else timer = setTimeout(step);
      };
      const frame = requestAnimationFrame(() => (timer = setTimeout(step)));
      return () => {
        cancelAnimationFrame(frame);
        clearTimeout(timer);
      };
    });
  }
}
