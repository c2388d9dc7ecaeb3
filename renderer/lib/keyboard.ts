/**
 * Keyboard-first helpers. Letter shortcuts (N, E) only fire when no text field has the focus and no
 * modifier is held, so typing a name never triggers them.
 */

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
}

/** A bare key press outside text fields, e.g. "n" for a new record. */
export function isPlainKey(event: KeyboardEvent, key: string): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return false;
  return event.key.toLowerCase() === key.toLowerCase() && !isTypingTarget(event.target);
}

/**
 * The digit of Alt+digit or Ctrl/Cmd+digit. It reads the physical key (event.code) because Alt+digit
 * types other characters on some layouts (Alt+2 is "€" on macOS).
 */
export function sectionDigit(event: KeyboardEvent): string | null {
  if (!(event.altKey || event.ctrlKey || event.metaKey) || event.shiftKey) return null;
  const match = /^Digit(\d)$/.exec(event.code);
  return match ? match[1]! : null;
}

/**
 * Alt+letter, an editor's command key (Alt+M mark as sent). Like the section digits it reads the
 * physical key, since Alt+letter types another character on some layouts.
 */
export function isAltLetter(event: KeyboardEvent, letter: string): boolean {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return false;
  return event.code === `Key${letter.toUpperCase()}`;
}

/** Ctrl+S (⌘S on macOS), every editor's and dialog's save; Shift+Ctrl+S is left to the browser and menus. */
export function isSaveKey(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 's';
}

/** Ctrl+Enter (⌘Enter), "add a line" in the editors with lines. */
export function isAddLineKey(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && event.key === 'Enter';
}

/**
 * An editor's own keys: save, add a line (where it has lines), or close on an Escape nothing inside
 * the editor took (a picker closing its list, a dialog open over it) and that `mayClose` allows.
 * Returns whether the key was the editor's; it has then been acted on and its default prevented.
 */
export function editorKeys(event: KeyboardEvent, actions: { save: () => void; addLine?: () => void; close: () => void; mayClose?: boolean }): boolean {
  let act: (() => void) | null = null;
  if (isSaveKey(event)) act = actions.save;
  else if (actions.addLine && isAddLineKey(event)) act = actions.addLine;
  else if (event.key === 'Escape' && !event.defaultPrevented && actions.mayClose !== false) act = actions.close;
  if (!act) return false;
  event.preventDefault();
  act();
  return true;
}
