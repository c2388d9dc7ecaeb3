import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountWithLines, chooseCategoryByCode, explainNewestLine } from './accounts';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';
import { statusCell } from './register-status';

/**
 * The explain panel by keys alone. Enter on a register line opens the panel with the keys in it (they
 * stayed in the grid, four Tabs from Category), and Enter saves from every field, as its button says
 * ("Save and next Enter"): from the VAT and "Bought or sold" selects and the review checkbox it did
 * nothing. An open category list keeps its Enter (it picks the item highlighted). Save and next leaves
 * no Svelte warning in the console (derived_inert, seen in a development build).
 */
describe('explaining lines by keys', () => {
  let app: AppSession;
  const warnings: string[] = [];

  beforeAll(async () => {
    app = await openApp({ book: { vatRegistered: true } });
    app.page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await accountWithLines(
      app,
      [
        { dated_on: '2026-09-01', description: 'PAPER SUPPLIES LTD', amount: '-12.00' },
        { dated_on: '2026-09-02', description: 'CLOUDHOST INC SEATTLE', amount: '-150.00' },
        { dated_on: '2026-09-03', description: 'STATIONERS', amount: '-30.00' },
      ],
      { opening_balance: '5000.00' },
    );
  });

  afterAll(async () => {
    await app?.close();
  });

  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  const focused = () =>
    app.page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return 'body';
      if (element instanceof HTMLInputElement && element.type === 'radio') return `radio ${element.value}`;
      return element.id || `${element.getAttribute('role') ?? element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? ''}`;
    });
  const grid = () => app.page.getByRole('grid', { name: 'Transactions of Business Current' });
  const statusOf = (rowIndex: number) => () => statusCell(grid(), grid().locator(`[role=row][aria-rowindex="${rowIndex}"]`));
  const panelLine = () => app.page.locator('form[aria-labelledby="explain-title"] p.line').textContent();

  it('opens the panel at its first field on Enter, and Enter saves from the selects and the checkbox', async () => {
    const { page } = app;
    await explainNewestLine(app);
    // The keys are in the panel, on the kind of explanation; one Tab reaches Category.
    await expect.poll(focused).toBe('radio category');
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('explain-category');
    await chooseCategoryByCode(app, '285');
    // Enter in the open list picked the category and did not save: the panel is still on the line.
    expect(await panelLine()).toContain('30.00');
    expect(await statusOf(2)()).toBe('Unexplained');
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('explain-vat');
    await checkScreen(app, 'explain-keys-vat');
    // Enter on the VAT select saves, and the next line opens at its first field.
    await page.keyboard.press('Enter');
    await expect.poll(statusOf(2)).toBe('Explained');
    await expect.poll(panelLine).toContain('150.00');
    await expect.poll(focused).toBe('radio category');

    // The next line: from "Bought or sold".
    await page.keyboard.press('Tab');
    await chooseCategoryByCode(app, '285');
    await page.getByLabel('Bought or sold').focus();
    await page.keyboard.press('Enter');
    await expect.poll(statusOf(3)).toBe('Explained');
    await expect.poll(panelLine).toContain('12.00');
    await expect.poll(focused).toBe('radio category');

    // The last: from the review checkbox (Space ticks it, Enter saves).
    await page.keyboard.press('Tab');
    await chooseCategoryByCode(app, '285');
    await page.getByLabel('Mark for review').focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await expect.poll(statusOf(4)).not.toBe('Unexplained');
    await page.getByText('No more unexplained lines below this one.').waitFor();

    expect(warnings.filter((text) => /svelte/i.test(text))).toEqual([]);
  });
});
