/**
 * The undo stack of the desk screens. Each edit that succeeded records how to reverse it through the
 * engine (a delete recreates the record, an edit puts the old values back) and how to do it again.
 * Ctrl/Cmd+Z undoes the latest, Shift+Ctrl/Cmd+Z or Ctrl+Y redoes; each shows a toast with the
 * opposite action. A step the engine refuses (an account lock, a record changed since) stays where
 * it was and its sentence is shown.
 */
import type { ApiResult } from './api';
import { isTypingTarget } from './keyboard';
import { toasts } from './toasts.svelte';

export interface UndoEntry {
  /** What the edit did, as the toast says it: "Deleted the transaction of 1 May 2025". */
  label: string;
  undo: () => Promise<ApiResult<unknown>>;
  redo: () => Promise<ApiResult<unknown>>;
  /** Called after an undo or redo succeeded, so the screen reads the engine again. */
  changed?: () => void;
}

const LIMIT = 100;

class UndoStack {
  done = $state<UndoEntry[]>([]);
  undone = $state<UndoEntry[]>([]);
  busy = $state(false);

  /** Records an edit that has just succeeded; a new edit clears what could be redone. */
  record(entry: UndoEntry, announce = true) {
    this.done = [...this.done.slice(-(LIMIT - 1)), entry];
    this.undone = [];
    if (announce) toasts.show(`${entry.label}.`, { tone: 'success', action: { label: 'Undo', keys: 'Ctrl+Z', run: () => void this.undo() } });
  }

  /**
   * An edit undone outside the stack, after its own confirmation (an import undone from Banking ›
   * Imports): offered for redo (the toast's Redo, Shift+Ctrl+Z) like any edit the stack undid.
   */
  recordUndone(entry: UndoEntry) {
    this.undone = [...this.undone, entry];
    toasts.show(`Undone: ${entry.label}.`, { action: { label: 'Redo', keys: 'Shift+Ctrl+Z', run: () => void this.redo() } });
  }

  get canUndo() {
    return this.done.length > 0 && !this.busy;
  }

  get canRedo() {
    return this.undone.length > 0 && !this.busy;
  }

  async undo(): Promise<boolean> {
    const entry = this.done.at(-1);
    if (!entry || this.busy) return false;
    this.busy = true;
    try {
      const result = await entry.undo();
      if (!result.ok) {
        toasts.show(`Could not undo "${entry.label}": ${result.error.messages.join(' ')}`, { tone: 'error' });
        return false;
      }
      this.done = this.done.slice(0, -1);
      this.undone = [...this.undone, entry];
      entry.changed?.();
      toasts.show(`Undone: ${entry.label}.`, { action: { label: 'Redo', keys: 'Shift+Ctrl+Z', run: () => void this.redo() } });
      return true;
    } finally {
      this.busy = false;
    }
  }

  async redo(): Promise<boolean> {
    const entry = this.undone.at(-1);
    if (!entry || this.busy) return false;
    this.busy = true;
    try {
      const result = await entry.redo();
      if (!result.ok) {
        toasts.show(`Could not redo "${entry.label}": ${result.error.messages.join(' ')}`, { tone: 'error' });
        return false;
      }
      this.undone = this.undone.slice(0, -1);
      this.done = [...this.done, entry];
      entry.changed?.();
      toasts.show(`Redone: ${entry.label}.`, { action: { label: 'Undo', keys: 'Ctrl+Z', run: () => void this.undo() } });
      return true;
    } finally {
      this.busy = false;
    }
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

  /** Forgets everything (another company opened). */
  clear() {
    this.done = [];
    this.undone = [];
  }
}

export const undoStack = new UndoStack();
