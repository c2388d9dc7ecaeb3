import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithLines, chooseCategoryByCode, explainNewestLine } from './accounts';
import { openApp, type AppSession } from './session';

/**
 * Issue 19: an action toast already showing when the explain panel opens moves to the panel's left,
 * as one that appears after the panel opened does (at 900x600 a toast over the panel hid Save).
 */
describe('a toast already showing when the explain panel opens', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  const actionToast = () => app.page.locator('.toasts .toast').filter({ has: app.page.getByRole('button', { name: /^Undo/ }) });
  const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  it('moves clear of the panel that opens under it', async () => {
    const { page } = app;
    await accountWithLines(app, [{ dated_on: '2026-09-04', description: 'STAPLES ONE', amount: '-10.00' }], {}, { width: 900, height: 600 });
    await explainNewestLine(app);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await chooseCategoryByCode(app, '285');
    await page.getByRole('textbox', { name: 'Description', exact: true }).focus();
    // The only line saved: the panel closes and the action toast shows over the register.
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor({ state: 'detached' });
    await actionToast().waitFor();
    const alone = (await actionToast().boundingBox())!;

    // The line opened again while the toast still shows.
    await page.getByRole('grid', { name: 'Transactions of Business Current' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor();
    const panel = (await page.locator('form.explain').boundingBox())!;
    await expect.poll(async () => overlaps((await actionToast().boundingBox())!, panel)).toBe(false);
    expect((await actionToast().boundingBox())!.x).toBeLessThan(alone.x);

    expect(app.problems).toEqual([]);
  });
});
