/**
 * Which changes in the book's log this window's own undo or redo wrote, until they have been heard.
 * An editor whose record is deleted says "taken back by your undo (Ctrl+Z)" only when the delete it
 * heard is one of these: a record deleted by anything else meanwhile (a sync round, another window,
 * the command line) is still "deleted elsewhere". The engine's step answer names the change-log
 * entries it wrote (api-notes "Undo and redo"), the same ids GET /v2/book/changes then carries.
 */

export type Direction = 'undo' | 'redo';

/** A change-log entry as the engine names it: its id is what tells one change from another. */
export interface LoggedChange {
  id: number;
}

export class StepMarks {
  private readonly marks = new Map<number, Direction>();
  /** A step sent and not yet answered: the log may be heard before its answer names what it wrote. */
  private answering: Promise<void> | null = null;

  /** `settled` answers once every change written so far has been heard (book-changes settled()). */
  constructor(private readonly settled: () => Promise<void>) {}

  /**
   * A step is being sent. The returned function takes its answer: the entries it wrote (none when it
   * was refused), which are this window's `direction` until they have been heard.
   */
  begin(): (direction: Direction, changes: readonly LoggedChange[]) => void {
    let answered: () => void = () => undefined;
    const answering = new Promise<void>((resolve) => (answered = resolve));
    this.answering = answering;
    return (direction, changes) => {
      for (const change of changes) this.marks.set(change.id, direction);
      if (this.answering === answering) this.answering = null;
      answered();
      if (changes.length === 0) return;
      void this.settled()
        .catch(() => undefined)
        .finally(() => {
          for (const change of changes) if (this.marks.get(change.id) === direction) this.marks.delete(change.id);
        });
    };
  }

  /**
   * Whether a change heard was written by this window's undo or redo, and which. Heard while a step
   * is still being answered (the log was read between the engine's write and its answer), it waits
   * for that answer first.
   */
  async directionOf(change: LoggedChange): Promise<Direction | null> {
    while (this.answering && !this.marks.has(change.id)) await this.answering;
    return this.marks.get(change.id) ?? null;
  }
}
