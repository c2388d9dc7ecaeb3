/**
 * The question asked before leaving an editor with unsaved changes, whatever the way out (Esc, Close,
 * another section, another record, a dropped file, closing the window): Keep editing, Save or Discard.
 * Editors register through their EditorDraft; whoever moves the person elsewhere awaits `confirm()`.
 * ui/LeaveDialog.svelte (in App.svelte) shows the question while `asking` is set.
 */

export type LeaveChoice = 'keep' | 'save' | 'discard';

/** What the guard needs of an open editor. */
export interface GuardedEditor {
  readonly dirty: boolean;
  label(): string;
  /** The editor's own save; false when it was refused (its errors then show in the editor). */
  saveNow(): Promise<boolean>;
  discard(): Promise<void>;
  /** Starts writing what is pending now (the window is closing). */
  flush(): void;
}

class LeaveGuard {
  /** The editor whose changes the dialog asks about, or null when no question is open. */
  asking = $state<GuardedEditor | null>(null);
  private readonly editors = new Set<GuardedEditor>();
  private answer: ((choice: LeaveChoice) => void) | null = null;

  add(editor: GuardedEditor): void {
    this.editors.add(editor);
  }

  remove(editor: GuardedEditor): void {
    this.editors.delete(editor);
  }

  get dirtyEditor(): GuardedEditor | undefined {
    return [...this.editors].find((editor) => editor.dirty);
  }

  /** True when the person may leave: nothing unsaved, or they saved or discarded it. */
  async confirm(): Promise<boolean> {
    const editor = this.dirtyEditor;
    if (!editor) return true;
    // A second way out pressed while the question is open is the same question.
    if (this.asking) return false;
    this.asking = editor;
    const choice = await new Promise<LeaveChoice>((resolve) => (this.answer = resolve));
    this.asking = null;
    this.answer = null;
    if (choice === 'keep') return false;
    if (choice === 'save') return editor.saveNow();
    await editor.discard();
    return true;
  }

  choose(choice: LeaveChoice): void {
    this.answer?.(choice);
  }

  /** Closing or reloading the window: the browser's own question, and the draft written at once. */
  beforeunload = (event: BeforeUnloadEvent): void => {
    const editor = this.dirtyEditor;
    if (!editor) return;
    editor.flush();
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
