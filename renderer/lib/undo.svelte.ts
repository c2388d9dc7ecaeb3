/**
 * The desk's Undo and Redo are the engine's (DESIGN: "Undo and redo are the engine's"): every write
 * request that changed the book is one change set, and POST /v2/undo, /v2/redo (or a given set's
 * undo/redo) take a whole set back or do it again in one transaction, or refuse with a sentence (a
 * later change depends on it, a lock covers it). The desk keeps no reversal code of its own, and the
 * stacks live in the book, so they survive a reload.
 *
 * Ctrl/Cmd+Z undoes the latest, Shift+Ctrl/Cmd+Z or Ctrl+Y redoes; each shows a toast with the
 * opposite action. A screen that has just saved announces it: the toast says what was done in the
 * screen's own words, and its Undo takes back exactly that change set even when it is no longer the
 * latest.
 */
import { listChangeSets, stepChangeSet, type ChangeSet, type ChangeSetStacks } from './api/change_sets';
import { bookChanges } from './book-changes.svelte';
import { isTypingTarget } from './keyboard';
import { toasts } from './toasts.svelte';
import { StepMarks, type Direction, type LoggedChange } from './undo-marks';

/** What a screen said about a set it made in this window: its words, and how it reads the engine again. */
interface Announced {
  label: string;
  /** Told which way the set was stepped: 'undo' took it back, 'redo' did it again. */
  changed?: (direction: Direction) => void;
}

/** The engine's label ("created contact Acme") as the start of a sentence. */
function sentenceOf(label: string): string {
  return label.charAt(0).toUpperCase() + label.slice(1);
}

class EngineUndo {
  /** The set Ctrl+Z would undo and the one Shift+Ctrl+Z would redo, as the engine last said. */
  undoTop = $state<ChangeSet | null>(null);
  redoTop = $state<ChangeSet | null>(null);
  busy = $state(false);
  private readonly announced = new Map<string, Announced>();
  /** Announcements still finding their change set: an undo pressed meanwhile waits for them. */
  private readonly announcing = new Set<Promise<void>>();
  /** A set whose undo is the redo of something the person undid with its own button (offerRedo). */
  private redoByUndoing: ChangeSet | null = null;
  /**
   * The change-log entries this window's undo and redo wrote, until they were heard: an editor whose
   * record went with one says it was the person's own Ctrl+Z, while a record deleted by anything else
   * meanwhile (a sync round) is still deleted elsewhere (lib/changed-underneath).
   */
  private readonly marks = new StepMarks(() => bookChanges.settled());

  /** Whether a change heard in the book was written by an undo or redo made in this window, and which. */
  steppedHere(change: LoggedChange): Promise<Direction | null> {
    return this.marks.directionOf(change);
  }

  /** Reads the stacks from the engine (at start, after a reload, after another book is opened). */
  async refresh(): Promise<void> {
    const stacks = await listChangeSets(1);
    if (stacks.ok) this.take(stacks.value);
  }

  /**
   * An edit has just succeeded: finds the change set it made and shows the screen's words with an
   * Undo of that set. `changed` is called after an undo or redo of it, for a screen that shows the
   * record and does not hear book changes itself.
   */
  announce(label: string, options: { changed?: (direction: Direction) => void } = {}): Promise<void> {
    const work: Promise<void> = this.findAnnounced(label, options).finally(() => this.announcing.delete(work));
    this.announcing.add(work);
    return work;
  }

  private async findAnnounced(label: string, options: { changed?: (direction: Direction) => void }): Promise<void> {
    const stacks = await listChangeSets(1);
    const set = stacks.ok ? stacks.value.undo[0] : undefined;
    if (stacks.ok) this.take(stacks.value);
    if (set) this.announced.set(set.url, { label, changed: options.changed });
    toasts.show(`${label}.`, { tone: 'success', action: set ? { label: 'Undo', keys: 'Ctrl+Z', run: () => void this.step('undo', set) } : undefined });
  }

  /**
   * An edit the person has just taken back with a button of its own that is itself an edit (Banking ›
   * Imports: Undo this import deletes the upload, change set `set`). Its redo is the engine's undo of
   * that set, which brings the same rows back: the toast's Redo and Shift+Ctrl+Z do that while `set`
   * is still the latest edit.
   */
  offerRedo(label: string, set: ChangeSet, options: { changed?: (direction: Direction) => void } = {}): void {
    this.announced.set(set.url, { label, changed: options.changed });
    this.redoByUndoing = set;
    this.undoTop = set;
    toasts.show(`Undone: ${label}.`, { action: { label: 'Redo', keys: 'Shift+Ctrl+Z', run: () => void this.redo() } });
  }

  /** The latest change set, to tell whether a write made one (a bulk import makes none). */
  async latest(): Promise<ChangeSet | null> {
    const stacks = await listChangeSets(1);
    if (!stacks.ok) return null;
    this.take(stacks.value);
    return this.undoTop;
  }

  get canUndo() {
    return this.undoTop !== null && !this.busy;
  }

  get canRedo() {
    return this.redoTop !== null && !this.busy;
  }

  undo(set?: ChangeSet): Promise<boolean> {
    return this.inTurn(() => this.step('undo', set));
  }

  redo(set?: ChangeSet): Promise<boolean> {
    return this.inTurn(() => {
      // Read when its turn comes: an undo queued before it may have changed the stacks.
      const by = this.redoByUndoing;
      if (!set && by && this.undoTop?.url === by.url) return this.step('undo', by, 'Redone');
      return this.step('redo', set);
    });
  }

  /**
   * Ctrl+Z pressed twice quickly is two undos: a press while the last step is still with the engine
   * waits its turn instead of being dropped (nothing a person presses is lost).
   */
  private queue: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private inTurn(run: () => Promise<boolean>): Promise<boolean> {
    this.waiting += 1;
    this.busy = true;
    const turn = this.queue.then(run).finally(() => {
      this.waiting -= 1;
      this.busy = this.waiting > 0;
    });
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** Undoes (redoes) the top of the stack, or `set`; the engine's refusal is shown as it says it. */
  private async step(direction: Direction, set?: ChangeSet, said?: 'Redone'): Promise<boolean> {
    this.redoByUndoing = null;
    // Ctrl+Z straight after a save waits for that save's announcement, so the set the screen made is
    // known and the toast says what was undone in the screen's words, not the engine's.
    await Promise.allSettled([...this.announcing]);
    const answered = this.marks.begin();
    const result = await stepChangeSet(direction, set);
    // Every screen that shows what the set touched reads it again now, not at the next tick.
    answered(direction, result.ok ? result.value.changes : []);
    if (!result.ok) {
      toasts.show(result.error.messages.join(' '), { tone: 'error' });
      await this.refresh();
      return false;
    }
    const stepped = result.value.change_set;
    this.take(result.value);
    const known = this.announced.get(stepped.url);
    known?.changed?.(direction);
    const label = known?.label ?? sentenceOf(stepped.label);
    if (said) {
      // A redo that was the undo of the person's own undo: taking it back is undoing the latest edit.
      toasts.show(`${said}: ${label}.`, { action: { label: 'Undo', keys: 'Ctrl+Z', run: () => void this.undo() } });
      return true;
    }
    const [done, opposite, keys]: [string, Direction, string] = direction === 'undo' ? ['Undone', 'redo', 'Shift+Ctrl+Z'] : ['Redone', 'undo', 'Ctrl+Z'];
    toasts.show(`${done}: ${label}.`, { action: { label: opposite === 'undo' ? 'Undo' : 'Redo', keys, run: () => void this.inTurn(() => this.step(opposite, stepped)) } });
    return true;
  }

  private take(stacks: Pick<ChangeSetStacks, 'undo' | 'redo'>) {
    this.undoTop = stacks.undo[0] ?? null;
    this.redoTop = stacks.redo[0] ?? null;
  }

  /**
   * The window's key handler: true when the key was an undo or redo. Inside a text field the
   * browser's own text undo wins, so typing is never undone as a whole record.
   */
  handleKey(event: KeyboardEvent): boolean {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || isTypingTarget(event.target) || event.defaultPrevented) return false;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) {
      event.preventDefault();
      void this.undo();
      return true;
    }
    if ((key === 'z' && event.shiftKey) || (key === 'y' && !event.shiftKey)) {
      event.preventDefault();
      void this.redo();
      return true;
    }
    return false;
  }

  /** Another book is open (a restore): what this window said about its sets no longer applies. */
  clear() {
    this.announced.clear();
    void this.refresh();
  }
}

export const undoStack = new EngineUndo();
