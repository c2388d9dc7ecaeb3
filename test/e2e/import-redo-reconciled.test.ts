import { describe, expect, it } from 'vitest';
import { ofx, reviewedUpload } from '../engine/statement-review-helpers';
import { useBookOpener } from './fresh-book';
import { checkScreen } from './screens';
import type { AppSession } from './session';

/**
 * A large import (over 2,000 lines: the engine keeps no change set for it, so the desk reads its lines
 * before the undo and its Redo sends them again) undone from Banking › Imports, then its month
 * reconciled: the Redo asks before putting lines back into the reconciled statement (the engine's 409).
 * Cancel puts nothing back and keeps the Redo on offer; "Redo anyway" brings every line back.
 */

const LINES = 2_001;
// One line a day from 1 Jan 2021, a penny out each: 2,001 lines up to 23 Jun 2026, all before 31 Oct 2026.
const BIG = ofx(
  Array.from({ length: LINES }, (_, index) => ({
    date: new Date(Date.UTC(2021, 0, 1 + index)).toISOString().slice(0, 10),
    amount: '-0.01',
    name: `Card fee ${index + 1}`,
    fitid: `B${index + 1}`,
  })),
);

describe('redo of a large import into a statement reconciled since its undo, in browser mode', () => {
  const opener = useBookOpener();
  let app: AppSession;
  let account: string;

  const notice = () => app.page.locator('.imports .notice');
  const toast = (text: RegExp) => app.page.locator('.toasts .toast', { hasText: text }).last();
  const question = () => app.page.getByRole('alertdialog', { name: 'Redo into a reconciled statement?' });
  const lineCount = async () => Number((await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&per_page=1`)).headers.get('x-total-count'));

  /** A new book: Business Current (100.00) with big.ofx imported; the window on Banking, the import undone there and the month reconciled. */
  async function undoneThenReconciled(): Promise<void> {
    app = await opener.open({
      viewport: { width: 1280, height: 800 },
      prepare: async (book) => {
        const created = await book.json('POST', '/v2/bank_accounts', { body: { bank_account: { type: 'StandardBankAccount', name: 'Business Current', account_number: '12345678', opening_balance: '100.00' } } });
        account = created.body.bank_account.url;
        const upload = await reviewedUpload(book, 'big.ofx', BIG, { bank_account: account, rows: Array.from({ length: LINES }, (_, index) => index) });
        if (upload.status !== 200) throw new Error(`big.ofx was refused: ${JSON.stringify(upload.body)}`);
      },
    });
    const { page } = app;
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.keyboard.press('Alt+2');
    await page.getByRole('heading', { name: 'Banking' }).waitFor();
    await page.getByRole('button', { name: 'Undo the import of big.ofx' }).click();
    await page.getByRole('alertdialog', { name: 'Undo this import?' }).getByRole('button', { name: 'Undo import' }).click();
    await expect.poll(() => notice().textContent(), { timeout: 30_000 }).toBe('Undid the import of big.ofx: 2,001 transactions removed from Business Current.');
    expect(await lineCount()).toBe(0);
    // Meanwhile the statement to 31 October is reconciled at the balance the bank now shows.
    const reconciled = await app.book.json('POST', '/v2/bank_reconciliations', { body: { bank_reconciliation: { bank_account: account, statement_date: '2026-10-31', closing_balance: '100.00' } } });
    expect(reconciled.status).toBe(201);
  }

  it('asks before the Redo puts lines back into the reconciled statement; Cancel keeps the Redo, Redo anyway brings every line back', async () => {
    await undoneThenReconciled();
    await toast(/^Undone: Import of big\.ofx \(2,001 transactions in Business Current\)\./).getByRole('button', { name: /^Redo/ }).click();
    await question().waitFor();
    const words = await question().textContent();
    expect(words).toContain('Business Current is reconciled with the statement to 2026-10-31, and this upload would add 2,001 lines dated on or before then');
    expect(words).toContain('Nothing has been put back yet.');
    expect(words).not.toContain('confirm_reconciled');
    await checkScreen(app, 'imports-redo-reconciled');

    // Cancel (Escape): nothing put back, and the toast offers the Redo again.
    await app.page.keyboard.press('Escape');
    await question().waitFor({ state: 'detached' });
    await expect.poll(() => notice().textContent()).toBe('The import of big.ofx was not put back: nothing changed.');
    expect(await lineCount()).toBe(0);

    await toast(/^Undone: Import of big\.ofx/).getByRole('button', { name: /^Redo/ }).click();
    await question().getByRole('button', { name: 'Redo anyway' }).click();
    await expect.poll(() => notice().textContent(), { timeout: 30_000 }).toBe('Redid the import of big.ofx: 2,001 transactions back in Business Current.');
    expect(await lineCount()).toBe(LINES);
  });
});
