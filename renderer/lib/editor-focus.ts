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

/**
 * Call just before a step that draws part of a record editor afresh (a save gives its lines new keys,
 * so each line's fields are made anew; Mark as sent turns the fields into text and takes its own
 * button away), then call what it answers once the step's state is set. The field that had the focus
 * went with what was redrawn and the focus fell to the page's body; it is put back in the field of the
 * same id or the same name ("Line 1 price"), else on the editor's title. A focus still somewhere (a
 * dialog the step opened, a field the person moved to) is left where it is.
 */
export function keepEditorFocus(): () => void {
  const before = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  const id = before?.id ?? '';
  const name = before ? nameOf(before) : '';
  return () => {
    void tick().then(() => {
      const now = document.activeElement;
      if (now && now !== document.body && now.isConnected) return;
      const form = document.querySelector<HTMLFormElement>('form.record-editor');
      if (!form) return;
      const sameId = id ? form.querySelector<HTMLElement>(`#${CSS.escape(id)}`) : null;
      const sameName = name ? [...form.querySelectorAll<HTMLElement>('input, select, textarea, button')].find((field) => nameOf(field) === name && focusable(field)) : undefined;
      const target = (sameId && focusable(sameId) ? sameId : sameName) ?? form.querySelector<HTMLElement>('header h2[tabindex]');
      target?.focus();
    });
  };
}

/** A field's name as it is read out: its aria-label, else its label's words. */
function nameOf(element: HTMLElement): string {
  const labels = 'labels' in element ? (element as HTMLInputElement).labels : null;
  return element.getAttribute('aria-label') ?? labels?.[0]?.textContent?.trim() ?? '';
}

function focusable(element: HTMLElement): boolean {
  return !(element as HTMLInputElement).disabled && element.getClientRects().length > 0;
}
