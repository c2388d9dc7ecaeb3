/**
 * Short notices at the foot of the window ("Deleted the transaction.", "Undone: ..."), each with an
 * optional action such as Undo or Redo. ui/Toasts.svelte shows them in a polite live region.
 */
export interface ToastAction {
  label: string;
  /** The shortcut shown beside the action, e.g. "Ctrl+Z". */
  keys?: string;
  run: () => void;
}

export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'success' | 'error';
  action?: ToastAction;
}

let nextId = 1;
const SHOWN_MS = 7000;

class ToastList {
  items = $state<Toast[]>([]);

  show(message: string, options: { tone?: Toast['tone']; action?: ToastAction } = {}): number {
    const toast: Toast = { id: nextId++, message, tone: options.tone ?? 'info', action: options.action };
    // An older action's toast gives way to a newer one: stacked three deep they covered the explain
    // panel at 900x600, and the older actions stay one Ctrl+Z (or Ctrl+Shift+Z) away. Otherwise older
    // notices drop off the top, three at most.
    const kept = toast.action ? this.items.filter((item) => !item.action) : this.items;
    this.items = [...kept.slice(-2), toast];
    setTimeout(() => this.dismiss(toast.id), SHOWN_MS);
    return toast.id;
  }

  dismiss(id: number) {
    this.items = this.items.filter((toast) => toast.id !== id);
  }
}

export const toasts = new ToastList();
