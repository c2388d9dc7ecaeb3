/**
 * Keeps Tab inside a modal: from its last control Tab goes to its first, and Shift+Tab from the first
 * to the last. A native <dialog> opened with showModal() makes the page behind inert, but Chromium
 * still lets Tab leave the dialog for the document itself, where the keys no longer reach the dialog.
 */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0 && !element.closest('[inert]'));
}

export function wrapTab(event: KeyboardEvent, container: HTMLElement): void {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  const list = tabbables(container);
  if (list.length === 0) return;
  const first = list[0]!;
  const last = list.at(-1)!;
  const active = document.activeElement;
  const outside = !(active instanceof HTMLElement) || !container.contains(active);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}
