import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountWithLines, chooseCategoryByCode, explainNewestLine } from './accounts';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 19: toasts with Undo/Redo stacked up, and three deep they covered the explain panel at
 * 900x600. An older action's toast now gives way to a newer one; the older actions stay reachable
 * with Ctrl+Z. Three saves in a row in the explain panel at the smallest window: one action toast,
 * and its box does not overlap the panel's, nor the register's foot (the suggestion's buttons, the keys
 * line) left of it. Each test opens its own book and makes its own saves, so
 * they run in any order (describe.shuffle).
 */
describe.shuffle('action toasts at 900x600', () => {
  let app: AppSession;

  // A book of its own for each test: no earlier saves (or the suggestions they teach) in it.
  beforeEach(async () => {
    app = await openApp();
  });

  afterEach(async () => {
    await app?.close();
  });

  const explained = async (accountUrl: string) =>
    (await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(accountUrl)}&view=explained`)).body.bank_transactions.length;
  const actionToasts = () => app.page.locator('.toasts .toast').filter({ has: app.page.getByRole('button', { name: /^Undo/ }) });
  const box = async (selector: string) => (await app.page.locator(selector).first().boundingBox())!;

  /** A new account of four lines, the first three explained in a row with Enter (save and next) in the panel. */
  async function threeSavesInARow(): Promise<{ accountUrl: string; name: string }> {
    const { page } = app;
    const name = 'Business Current';
    const accountUrl = await accountWithLines(
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
    await explainNewestLine(app, name);
    for (let saved = 1; saved <= 3; saved += 1) {
      const before = await page.locator('.explain .description').textContent();
      await page.getByRole('combobox', { name: 'Category' }).click();
      await chooseCategoryByCode(app, '285');
      await page.getByRole('textbox', { name: 'Description', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => explained(accountUrl)).toBe(saved);
      await expect.poll(() => page.locator('.explain .description').textContent()).not.toBe(before);
      await expect.poll(() => actionToasts().count()).toBe(1);
    }
    return { accountUrl, name };
  }

  it('three saves in a row leave one action toast, clear of the explain panel', async () => {
    await threeSavesInARow();
    const toast = await box('.toasts .toast');
    const panel = await box('form.explain');
    const overlap = toast.x < panel.x + panel.width && panel.x < toast.x + toast.width && toast.y < panel.y + panel.height && panel.y < toast.y + toast.height;
    expect(overlap, `toast ${JSON.stringify(toast)} over panel ${JSON.stringify(panel)}`).toBe(false);
    // Nor over the register's foot: the suggestion's buttons (All sure) and the keys line.
    for (const foot of [app.page.getByRole('region', { name: 'Suggestion' }), app.page.getByRole('note').filter({ hasText: /accept · .*delete/ })]) {
      const bar = (await foot.boundingBox())!;
      await expect
        .poll(async () => {
          const now = await box('.toasts .toast');
          return now.x < bar.x + bar.width && bar.x < now.x + now.width && now.y < bar.y + bar.height && bar.y < now.y + now.height;
        }, { message: `toast over the register's foot ${JSON.stringify(bar)}` })
        .toBe(false);
    }
    await checkScreen(app, 'toast-one-action');
  });

  it('the older actions are still taken back by Ctrl+Z, newest first', async () => {
    const { page } = app;
    const { accountUrl, name } = await threeSavesInARow();
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor({ state: 'detached' });
    await page.getByRole('grid', { name: `Transactions of ${name}` }).focus();
    for (let left = 2; left >= 0; left -= 1) {
      await page.keyboard.press('ControlOrMeta+z');
      await expect.poll(() => explained(accountUrl)).toBe(left);
    }
    expect(await actionToasts().count()).toBeLessThanOrEqual(1);
    expect(app.problems).toEqual([]);
  });
});
