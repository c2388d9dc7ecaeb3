/**
 * The question asked before leaving an editor with unsaved changes, whatever the way out (Esc, Close,
 * another section, another record, a dropped file, closing the window): Keep editing, Save or Discard.
 * Editors register through their EditorDraft; whoever moves the person elsewhere awaits `confirm()`.
 * ui/LeaveDialog.svelte (in App.svelte) shows the question while `asking` is set.
 */

import { untrack } from 'svelte';

export type LeaveChoice = 'keep' | 'save' | 'discard';

/** What the guard needs of an open editor. */
export interface GuardedEditor {
  readonly dirty: boolean;
  /** Whether what is typed is kept as a draft in the book (false for secrets and `off` editors). */
  readonly keepsDraft: boolean;
  label(): string;
  /** The editor's own save; false when it was refused (its errors then show in the editor). */
  saveNow(): Promise<boolean>;
  discard(): Promise<void>;
  /** Starts writing what is pending now (the window is closing). */
  flush(): void;
}

/**
 * Resolves once the event being dispatched (the key that asked) has gone all the way through the page.
 * The question's dialog starts listening for Escape on the document as it opens; opened while an
 * editor's own Escape was still on its way up to the document, the same key reached the question and
 * answered it Keep editing at once, so the person never saw it (the category form's Escape, whose
 * handler sits below the document). A task, not a microtask: microtasks run between listeners.
 */
function afterThisEvent(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

class LeaveGuard {
  /** The editor whose changes the dialog asks about, or null when no question is open. */
  asking = $state<GuardedEditor | null>(null);
  private readonly editors = new Set<GuardedEditor>();
  /**
   * Open modal dialogs, innermost last. The question shows inside the top one (ui/Dialog hosts its
   * own): asked from App's copy while a dialog was open, it opened beneath that dialog, which kept the
   * focus and the pointer (bits-ui stacks only dialogs nested in one another).
   */
  private hosts = $state<readonly symbol[]>([]);

  /** A dialog opened: the question shows inside it until the returned function is called. */
  host(id: symbol): () => void {
    // Untracked: called from the dialog's effect, which must not depend on the list it changes.
    untrack(() => (this.hosts = [...this.hosts, id]));
    return () => untrack(() => (this.hosts = this.hosts.filter((each) => each !== id)));
  }

  /** Whether the question belongs in `id` (null: App's copy, used when no dialog is open). */
  shownIn(id: symbol | null): boolean {
    return (this.hosts.at(-1) ?? null) === id;
  }
  private answer: ((choice: LeaveChoice) => void) | null = null;
  /** Between the way out and the question showing (see afterThisEvent). */
  private opening = false;

  add(editor: GuardedEditor): void {
    this.editors.add(editor);
  }

  remove(editor: GuardedEditor): void {
    this.editors.delete(editor);
  }

  /**
   * True when the person may leave: nothing unsaved, or they saved or discarded each changed editor,
   * asked about one after the other (two forms on one screen: only the first was asked about, and
   * what was typed in the second went unasked). `about` limits the question to one editor (a
   * dialog's own close): the first changed editor was asked about instead, the one under the dialog,
   * and its Discard threw away the page's changes while the dialog closed.
   */
  async confirm(about?: GuardedEditor): Promise<boolean> {
    // An editor discarded stays changed until it goes (its draft is what was dropped): asked once.
    const asked: GuardedEditor[] = [];
    const unasked = (editor: GuardedEditor) => editor.dirty && !asked.includes(editor);
    const next = () => (about ? (unasked(about) ? about : undefined) : [...this.editors].find(unasked));
    if (!next()) return true;
    // A second way out pressed while the question is open (or opening) is the same question.
    if (this.asking || this.opening) return false;
    this.opening = true;
    await afterThisEvent();
    this.opening = false;
    for (let editor = next(); editor; editor = next()) {
      asked.push(editor);
      this.asking = editor;
      const choice = await new Promise<LeaveChoice>((resolve) => (this.answer = resolve));
      this.asking = null;
      this.answer = null;
      if (choice === 'keep') return false;
      if (choice === 'save') {
        if (!(await editor.saveNow())) return false;
      } else await editor.discard();
    }
    return true;
  }

  choose(choice: LeaveChoice): void {
    this.answer?.(choice);
  }

  /** Closing or reloading the window: the browser's own question, and the draft written at once. */
  beforeunload = (event: BeforeUnloadEvent): void => {
    const changed = [...this.editors].filter((editor) => editor.dirty);
    if (changed.length === 0) return;
    // Every changed editor's last keys, not only the first's (a dialog over its record's editor).
    for (const editor of changed) editor.flush();
    event.preventDefault();
    // Older Chromium asks only when returnValue is set.
    event.returnValue = '';
  };
}

export const leaveGuard = new LeaveGuard();

/** A form's own Cancel/Escape, asked about first when the form holds changes. */
export function guardedClose(close: () => void): () => void {
  return () => void leaveGuard.confirm().then((leave) => leave && close());
}

/**
 * A dialog's `onclosing` for a form inside it: Escape, ✕ or a click outside over changes asks Keep
 * editing / Save / Discard about that form (not an editor under the dialog) instead of closing, and
 * `close` runs once the person may leave.
 */
export function closingAsks(editor: GuardedEditor, close: () => void): () => boolean {
  return () => {
    if (!editor.dirty) return true;
    void leaveGuard.confirm(editor).then((leave) => leave && close());
    return false;
  };
}
