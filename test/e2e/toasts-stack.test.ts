import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithLines, chooseCategoryByCode, explainNewestLine } from './accounts';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 19: toasts with Undo/Redo stacked up, and three deep they covered the explain panel at
 * 900x600. An older action's toast now gives way to a newer one; the older actions stay reachable
 * with Ctrl+Z. Three saves in a row in the explain panel at the smallest window: one action toast,
 * and its box does not overlap the panel's.
 */
describe('action toasts at 900x600', () => {
  let app: AppSession;
  let accountUrl = '';

  beforeAll(async () => {
    app = await openApp();
    accountUrl = await accountWithLines(
      app,
      [
        { dated_on: '2026-09-04', description: 'STAPLES ONE', amount: '-10.00' },
        { dated_on: '2026-09-03', description: 'STAPLES TWO', amount: '-20.00' },
        { dated_on: '2026-09-02', description: 'STAPLES THREE', amount: '-30.00' },
        { dated_on: '2026-09-01', description: 'STAPLES FOUR', amount: '-40.00' },
      ],
      {},
      { width: 900, height: 600 },
    );
  });

  afterAll(async () => {
    await app?.close();
  });

  const explained = async () => (await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(accountUrl)}&view=explained`)).body.bank_transactions.length;
  const actionToasts = () => app.page.locator('.toasts .toast').filter({ has: app.page.getByRole('button', { name: /^Undo/ }) });
  const box = async (selector: string) => (await app.page.locator(selector).first().boundingBox())!;

  it('three saves in a row leave one action toast, clear of the explain panel', async () => {
    const { page } = app;
    await explainNewestLine(app);
    for (let saved = 1; saved <= 3; saved += 1) {
      const before = await page.locator('.explain .description').textContent();
      await page.getByRole('combobox', { name: 'Category' }).click();
      await chooseCategoryByCode(app, '285');
      await page.getByRole('textbox', { name: 'Description', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(explained).toBe(saved);
      await expect.poll(() => page.locator('.explain .description').textContent()).not.toBe(before);
      await expect.poll(() => actionToasts().count()).toBe(1);
    }
    const toast = await box('.toasts .toast');
    const panel = await box('form.explain');
    const overlap = toast.x < panel.x + panel.width && panel.x < toast.x + toast.width && toast.y < panel.y + panel.height && panel.y < toast.y + toast.height;
    expect(overlap, `toast ${JSON.stringify(toast)} over panel ${JSON.stringify(panel)}`).toBe(false);
    await checkScreen(app, 'toast-one-action');
  });

  it('the older actions are still taken back by Ctrl+Z, newest first', async () => {
    const { page } = app;
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor({ state: 'detached' });
    await page.getByRole('grid', { name: 'Transactions of Business Current' }).focus();
    for (let left = 2; left >= 0; left -= 1) {
      await page.keyboard.press('ControlOrMeta+z');
      await expect.poll(explained).toBe(left);
    }
    expect(await actionToasts().count()).toBeLessThanOrEqual(1);
    expect(app.problems).toEqual([]);
  });
});
