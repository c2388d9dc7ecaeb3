import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithLines, chooseCategoryByCode, explainNewestLine } from './accounts';
import { eachTestStartsOnOverview } from './fresh-window';
import { openApp, type AppSession } from './session';

/**
 * Pickers (the category and contact comboboxes) select their text on focus, so typing replaces a
 * choice already shown instead of adding to it; choosing the item already chosen keeps it (bits-ui
 * would otherwise take it back and leave the picker empty: the cause of the "three saves" failure
 * in toasts-stack when this was first tried).
 */
// Each test starts on Overview with its own records: they run in any order.
describe.shuffle('a picker that already shows a choice', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  eachTestStartsOnOverview(() => app);

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

  it('a picker that may be left empty is cleared by emptying its text, and stays empty when left', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+4');
    await page.getByRole('heading', { name: 'Bills' }).waitFor();
    await page.keyboard.press('n');
    const line = page.getByRole('combobox', { name: 'Line 1 category' });
    await line.click();
    await chooseCategoryByCode(app, '285');
    await expect.poll(() => line.inputValue()).toBe('Accommodation and Meals');

    // Focus selects the text; Delete empties it; leaving keeps it empty instead of putting the choice back.
    await page.getByRole('textbox', { name: 'Reference' }).focus();
    await line.focus();
    await page.keyboard.press('Delete');
    await page.keyboard.press('Tab');
    await expect.poll(() => line.inputValue()).toBe('');
    await line.focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => line.inputValue()).toBe('');
    expect(app.problems).toEqual([]);
  });
});
