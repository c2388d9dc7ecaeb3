import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithLines, chooseCategoryByCode, explainNewestLine } from './accounts';
import { openApp, type AppSession } from './session';

/**
 * Pickers (the category and contact comboboxes) select their text on focus, so typing replaces a
 * choice already shown instead of adding to it; choosing the item already chosen keeps it (bits-ui
 * would otherwise take it back and leave the picker empty: the cause of the "three saves" failure
 * in toasts-stack when this was first tried).
 */
describe('a picker that already shows a choice', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  const picker = () => app.page.getByRole('combobox', { name: 'Category' });
  const selection = () => picker().evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd, input.value.length]);

  it('selects its text on focus by key or click; typing replaces it; the same choice again keeps it', async () => {
    const { page } = app;
    await accountWithLines(app, [{ dated_on: '2026-09-04', description: 'STAPLES ONE', amount: '-10.00' }]);
    await explainNewestLine(app);
    await picker().click();
    await chooseCategoryByCode(app, '285');
    await expect.poll(() => picker().inputValue()).toBe('Accommodation and Meals');

    // Focus by key: the whole text is selected.
    await page.getByRole('textbox', { name: 'Description', exact: true }).focus();
    await picker().focus();
    await expect.poll(selection).toEqual([0, 23, 23]);
    // Typing replaces it: the code finds its category alone.
    await chooseCategoryByCode(app, '250');
    await expect.poll(() => picker().inputValue()).not.toBe('Accommodation and Meals');
    const chosen = await picker().inputValue();
    expect(chosen).not.toContain('250');

    // Focus by click: selected too; the chosen category's own code and Enter keep it chosen.
    await page.getByRole('textbox', { name: 'Description', exact: true }).focus();
    await picker().click();
    await expect.poll(selection).toEqual([0, chosen.length, chosen.length]);
    await chooseCategoryByCode(app, '250');
    await expect.poll(() => picker().inputValue()).toBe(chosen);
    expect(app.problems).toEqual([]);
  });
});
