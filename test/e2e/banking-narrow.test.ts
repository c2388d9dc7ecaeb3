import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Banking at the smallest window (900x600) with the account form open: the header's buttons stay on
 * one line beside the title, inside the list pane, and every account's name can still be read (the
 * primary account's name used to vanish behind its markers).
 */

describe('Banking at 900x600 with the form open', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    const add = (fields: Record<string, unknown>) => app.book.json('POST', '/v2/bank_accounts', { body: { bank_account: { opening_balance: '0', ...fields } } });
    await add({ name: 'Barclays Business Current', sort_code: '20-00-00', account_number: '55779911', is_primary: true });
    await add({ name: 'Amex Gold Card', type: 'CreditCardAccount', account_number: '1222' });
    await app.page.setViewportSize({ width: 900, height: 600 });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
    await app.page.keyboard.press('Alt+2');
    await app.page.getByRole('table', { name: 'Bank accounts' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('keeps the header on one line and the names readable with the form open', async () => {
    const { page } = app;
    await page.keyboard.press('n');
    const form = page.getByRole('complementary', { name: 'New bank account' });
    await form.waitFor();
    const header = page.locator('.list-pane .view-header');
    const headerBox = (await header.boundingBox())!;
    const formBox = (await form.boundingBox())!;
    for (const name of [/^Import statement/, /^New bank account/]) {
      const box = (await header.getByRole('button', { name }).boundingBox())!;
      // On the header's one line, and not under the form pane.
      expect(box.y).toBeGreaterThanOrEqual(headerBox.y);
      expect(box.y + box.height).toBeLessThanOrEqual(headerBox.y + headerBox.height);
      expect(box.x + box.width).toBeLessThanOrEqual(formBox.x);
    }
    expect(headerBox.height).toBeLessThan(60);
    // Each name shows at least its first ten characters.
    for (const name of ['Barclays Business Current', 'Amex Gold Card']) {
      const cell = page.getByRole('table', { name: 'Bank accounts' }).locator('.name', { hasText: name });
      const [shown, needed] = await cell.evaluate((element) => {
        const probe = document.createElement('span');
        probe.textContent = (element.textContent ?? '').slice(0, 10);
        probe.style.font = getComputedStyle(element).font;
        document.body.append(probe);
        const width = probe.getBoundingClientRect().width;
        probe.remove();
        return [element.getBoundingClientRect().width, width];
      });
      expect(shown).toBeGreaterThanOrEqual(needed);
    }
    // Every row's buttons are in view, left of the form.
    for (const button of await page.getByRole('table', { name: 'Bank accounts' }).getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(formBox.x);
    }
    await checkScreen(app, 'banking-narrow-form');
  });
});
