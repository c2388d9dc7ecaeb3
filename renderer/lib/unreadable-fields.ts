/**
 * A field that shows text it cannot read (a DateInput holding "1 Dec 202301/12/2023") still has the
 * last value it could read bound to its form. Saving then would store a value the field does not
 * show. Such a field registers here while it is unreadable, and every way a form saves is held:
 * - a submit of the form it is in (Enter, the Save button), caught before the form's own handler;
 * - Ctrl/Cmd+S, caught before the editors' and dialogs' own key handlers;
 * - an editor's saveNow (the leave question's Save), which asks `holdForUnreadable` first.
 * Held, the field's sentence shows and the field takes the focus; nothing is sent.
 * Only fields inside a form count: a report's or register's date filter saves nothing.
 */
import { isSaveKey } from './keyboard';

const unreadable = new Map<HTMLElement, () => void>();
let listening = false;

/** The field reads nothing it can use until the returned function is called (it reads again, or goes). */
export function markUnreadable(field: HTMLElement, reveal: () => void): () => void {
  unreadable.set(field, reveal);
  listen();
  return () => {
    unreadable.delete(field);
  };
}

function inDocumentOrder(a: HTMLElement, b: HTMLElement): number {
  return a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
}

/**
 * Holds a save when a field in `scope` (default: any form on the page) shows text it cannot read:
 * the first such field shows its sentence and takes the focus. Returns whether the save was held.
 */
export function holdForUnreadable(scope: Element | null = null): boolean {
  const held = [...unreadable.keys()]
    .filter((field) => field.isConnected && field.closest('form') !== null && (scope === null || scope.contains(field)))
    .sort(inDocumentOrder);
  const first = held[0];
  if (!first) return false;
  unreadable.get(first)?.();
  first.focus();
  return true;
}

/** Where Ctrl+S saves: the form or dialog the focus is in, else every form on the page. */
function saveScope(): Element | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  return active.closest('form, [role="dialog"]');
}

function hold(event: Event): void {
  event.preventDefault();
  event.stopImmediatePropagation();
}

function listen(): void {
  if (listening) return;
  listening = true;
  // Capture on the window runs before any handler on the form, the dialog or the window's own
  // (bubbling) key handlers, so the form's save never starts.
  window.addEventListener(
    'submit',
    (event) => {
      if (event.target instanceof HTMLFormElement && holdForUnreadable(event.target)) hold(event);
    },
    true,
  );
  window.addEventListener(
    'keydown',
    (event) => {
      if (isSaveKey(event) && !event.defaultPrevented && holdForUnreadable(saveScope())) hold(event);
    },
    true,
  );
}
