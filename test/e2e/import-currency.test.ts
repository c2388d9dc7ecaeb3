import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeShared, sharedDir } from '../shared-corpus/shared';
import { checkScreen } from './screens';
import { useBookOpener } from './fresh-book';
import type { AppSession } from './session';

/**
 * A USD card statement dropped on a book whose only account is in pounds: the review shows the
 * file's own currency (not the chosen account's) for its facts and rows, and offers the way on,
 * an account in USD made from the file's details, chosen at once so the rows can be imported.
 */

const USD_OFX = 'ofx/beangulp__2013-12-03.bofa.ofx';

describeShared('import review of a statement in another currency', () => {
  // Each test makes what it needs: a book of its own with its one pound account, the statement dropped
  // on the window by the test itself (the USD account and the import are the whole book's).
  describe.shuffle('a USD statement on a pound book', () => {
    const opener = useBookOpener();
    let app: AppSession;
    let pounds: string;

    const dialog = () => app.page.getByRole('dialog');
    const facts = () => dialog().locator('dl.facts');

    /** A new book whose only account is Barclays Current in pounds, the window on Banking; the USD card statement dropped on it. */
    async function dropUsdStatementOnPoundBook(): Promise<void> {
      let made = '';
      app = await opener.open({
        prepare: async (book) => {
          const { body } = await book.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Barclays Current', opening_balance: '0', sort_code: '20-00-00', account_number: '55779911' } } });
          made = new URL(body.bank_account.url as string).pathname;
        },
      });
      pounds = new URL(made, app.server.url).href;
      const { page } = app;
      await page.getByRole('heading', { name: 'Overview' }).waitFor();
      await page.keyboard.press('Alt+2');
      await page.getByRole('table', { name: 'Bank accounts' }).waitFor();
      const bytes = [...readFileSync(join(sharedDir, 'corpora/statements', USD_OFX))];
      await page.evaluate((file) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(file)], 'beangulp__2013-12-03.bofa.ofx'));
        const target = document.querySelector('main') ?? document.body;
        for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
      }, bytes);
      await dialog().getByRole('heading', { name: 'Review beangulp__2013-12-03.bofa.ofx' }).waitFor();
    }

    it('shows USD, not the pound account’s currency, and offers to create a USD account', async () => {
      await dropUsdStatementOnPoundBook();
      const { page } = app;
      // The user picks the only account there is, which is in pounds.
      await dialog().getByLabel('Import into').selectOption(pounds);
      await dialog().getByText(/The statement is in USD but Barclays Current is in GBP/).waitFor();
      await expect.poll(() => facts().locator('div', { hasText: 'Currency' }).locator('dd').textContent()).toBe('USD');
      const amounts = await dialog().getByRole('grid', { name: 'Statement rows' }).locator('tbody td.numeric').allTextContents();
      expect(amounts.length).toBeGreaterThan(0);
      for (const amount of amounts) expect(amount).toMatch(/US\$/);
      // No balance check in pounds against a dollar statement.
      expect(await dialog().getByRole('region', { name: 'Balance check' }).count()).toBe(0);
      const create = dialog().getByRole('button', { name: 'Create a USD account' });
      await create.waitFor();
      await checkScreen(app, 'import-currency-mismatch');

      await expect.poll(() => create.isEnabled()).toBe(true);
      await create.focus();
      await page.keyboard.press('Enter');
      const chosen = dialog().getByLabel('Import into');
      await expect.poll(async () => (await chosen.locator('option:checked').textContent()) ?? '').toMatch(/^USD (card|account) 1222 .*\(USD\)$/);
      const importButton = dialog().getByRole('button', { name: /^Import 27 rows/ });
      await expect.poll(() => importButton.isEnabled()).toBe(true);
      expect(await create.count()).toBe(0);
      await expect.poll(() => dialog().getByText(/The statement is in USD but/).count()).toBe(0);

      await importButton.click();
      await dialog().getByRole('heading', { name: /^Imported 27 transactions into USD (card|account) 1222$/ }).waitFor();
      const { body } = await app.book.json('GET', '/v2/bank_accounts');
      const usd = (body.bank_accounts as { name: string; currency: string; account_number?: string }[]).find((account) => account.currency === 'USD');
      expect(usd?.account_number).toBe('379700001111222');
    });

    it('undoes the import and redoes it: the same rows go back into the same account', async () => {
      // The way the first test goes, by the same keys: into the pound account, a USD account made from the file, imported.
      await dropUsdStatementOnPoundBook();
      const { page } = app;
      await dialog().getByLabel('Import into').selectOption(pounds);
      // The button is disabled while the file is read again for the pound account: a disabled button
      // takes no focus, and Enter would then reach nothing (seen on a loaded CI machine).
      const create = dialog().getByRole('button', { name: 'Create a USD account' });
      await expect.poll(() => create.isEnabled()).toBe(true);
      await create.focus();
      await page.keyboard.press('Enter');
      const importButton = dialog().getByRole('button', { name: /^Import 27 rows/ });
      await expect.poll(() => importButton.isEnabled()).toBe(true);
      await importButton.click();
      await dialog().getByRole('heading', { name: /^Imported 27 transactions into USD (card|account) 1222$/ }).waitFor();
      const usdUrl = async () => {
        const { body } = await app.book.json('GET', '/v2/bank_accounts');
        return (body.bank_accounts as { url: string; currency: string }[]).find((account) => account.currency === 'USD')!.url;
      };
      const count = async () => {
        const { body } = await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(await usdUrl())}&per_page=100`);
        return (body.bank_transactions as unknown[]).length;
      };
      expect(await count()).toBe(27);
      await dialog().getByRole('button', { name: 'Undo this import' }).click();
      await dialog().getByText(/The import was undone: 27 transactions were removed/).waitFor();
      expect(await count()).toBe(0);
      const redo = dialog().getByRole('button', { name: 'Redo the import' });
      await expect.poll(() => redo.isEnabled()).toBe(true);
      await checkScreen(app, 'import-undone-redo');
      await redo.focus();
      await page.keyboard.press('Enter');
      await dialog().getByRole('heading', { name: /^Imported 27 transactions into USD (card|account) 1222$/ }).waitFor();
      expect(await count()).toBe(27);
      // Undone again, the way back is offered again.
      await dialog().getByRole('button', { name: 'Undo this import' }).click();
      await expect.poll(() => redo.isEnabled()).toBe(true);
      expect(await count()).toBe(0);
    });
  });
});
