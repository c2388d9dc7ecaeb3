import { tick } from 'svelte';

/**
 * `use:editorFocus={isNew}` on a record editor's form. An editor takes the place of what had the focus
 * (the list's grid, where N or Enter opened it), so once it was drawn the focus was on the page's body
 * and the next Tab went to the sidebar. Now a new record's first field takes the focus (the person came
 * to type it), and a record opened from the list its title, from which Tab goes on to its fields. A
 * focus already somewhere (a draft's field, a dialog) is left where it is.
 */
export function editorFocus(form: HTMLFormElement, isNew: boolean): void {
  void tick().then(() => {
    const focused = document.activeElement;
    if (!form.isConnected || (focused && focused !== document.body)) return;
    const target = isNew ? firstField(form) : form.querySelector<HTMLElement>('header h2[tabindex]');
    target?.focus();
  });
}

/** The first field of the form that can take typing: not in its header, not disabled, shown. */
function firstField(form: HTMLFormElement): HTMLElement | undefined {
  const fields = form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea');
  return [...fields].find((field) => !field.disabled && field.type !== 'hidden' && !field.closest('header') && field.getClientRects().length > 0);
}
