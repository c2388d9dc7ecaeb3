import { describe, expect, it } from 'vitest';
import { ofx, reviewedUpload } from '../engine/statement-review-helpers';
import { checkScreen } from './screens';
import type { TestBook } from '../engine/harness';
import { useBookOpener } from './fresh-book';
import type { AppSession } from './session';

/**
 * Issue 14, Undo: an import undone from Banking › Imports asks first, and can then be redone (the
 * toast's Redo and Shift+Ctrl+Z), which brings the same lines back under the same file: same days,
 * descriptions, amounts (a transfer in stays money in) and bank ids, unexplained as they were.
 */

const OCTOBER = ofx([
  { date: '2026-10-02', amount: '250.00', name: 'From savings', fitid: 'T1', type: 'XFER' },
  { date: '2026-10-03', amount: '-4.20', name: 'Coffee shop', fitid: 'T2', type: 'POS' },
  { date: '2026-10-05', amount: '-30.00', name: 'Phone bill', fitid: 'T3', type: 'DIRECTDEBIT' },
]);

interface Line {
  dated_on: string;
  description: string;
  amount: string;
  transaction_id?: string;
  unexplained_amount: string;
}

// Each test opens a book of its own with october.ofx just imported (one Chromium for the file), and
// undoes or redoes it by keys as far as it needs: the undo history is the whole book's.
describe.shuffle('redo of an import undone from Banking › Imports, in browser mode', () => {
  const opener = useBookOpener();
  let app: AppSession;
  let account: string;
  let imported: Line[];

  /** What the engine holds for the account: the fields a person would call "the same line". */
  async function lines(book: Pick<TestBook, 'json'> = app.book): Promise<Line[]> {
    const { body } = await book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&per_page=100`);
    return body.bank_transactions.map(({ dated_on, description, amount, transaction_id, unexplained_amount }: Line) => ({ dated_on, description, amount, transaction_id, unexplained_amount }));
  }

  /** A new book: Business Current (100.00 and a line of 1.00 on 30 Sep), october.ofx's three lines imported last; the window on Banking at 1280x800. */
  async function octoberImported(): Promise<void> {
    app = await opener.open({
      viewport: { width: 1280, height: 800 },
      prepare: async (book) => {
        const created = await book.json('POST', '/v2/bank_accounts', {
          body: { bank_account: { type: 'StandardBankAccount', name: 'Business Current', account_number: '12345678', opening_balance: '100.00' } },
        });
        account = created.body.bank_account.url;
        await book.json('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(account)}`, {
          body: { statement: [{ dated_on: '2026-09-30', amount: '1.00', description: 'Earlier' }] },
        });
        const upload = await reviewedUpload(book, 'october.ofx', OCTOBER, { bank_account: account, rows: [0, 1, 2] });
        if (upload.status !== 200) throw new Error(`october.ofx was refused: ${JSON.stringify(upload.body)}`);
        imported = await lines(book);
      },
    });
    expect(imported).toHaveLength(4);
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
    await app.page.keyboard.press('Alt+2');
    await app.page.getByRole('heading', { name: 'Banking' }).waitFor();
  }

  /** Banking › Imports' Undo, confirmed: the import undone as the second test does it. */
  async function undoneFromImports(): Promise<void> {
    await undoButton().click();
    await app.page.getByRole('alertdialog', { name: 'Undo this import?' }).getByRole('button', { name: 'Undo import' }).click();
    await expect.poll(() => notice().textContent()).toBe('Undid the import of october.ofx: 3 transactions removed from Business Current.');
  }

  const undoButton = () => app.page.getByRole('button', { name: 'Undo the import of october.ofx' });
  const notice = () => app.page.locator('.imports .notice');
  // The newest toast saying this (an earlier one may still be showing).
  const toast = (text: RegExp) => app.page.locator('.toasts .toast', { hasText: text }).last();
  const balance = () => app.page.getByRole('table', { name: 'Bank accounts' }).locator('tr', { hasText: 'Business Current' }).locator('td.numeric').first().textContent();

  it('asks before undoing the import, and says the undo can be redone', async () => {
    await octoberImported();
    const { page } = app;
    expect(await balance()).toBe('£316.80');
    await undoButton().click();
    const confirm = page.getByRole('alertdialog', { name: 'Undo this import?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('3 transactions that october.ofx added to Business Current will be removed. Redo (Shift+Ctrl+Z) brings the same lines back.');
    await checkScreen(app, 'imports-undo-confirm');
    // Cancel changes nothing.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await lines()).toEqual(imported);
  });

  it('undoes it on Undo import, and offers Redo in the toast', async () => {
    await octoberImported();
    const { page } = app;
    await undoButton().click();
    await page.getByRole('alertdialog', { name: 'Undo this import?' }).getByRole('button', { name: 'Undo import' }).click();
    await expect.poll(() => notice().textContent()).toBe('Undid the import of october.ofx: 3 transactions removed from Business Current.');
    await toast(/^Undone: Import of october\.ofx \(3 transactions in Business Current\)\./).getByRole('button', { name: /^Redo/ }).waitFor();
    expect(await lines()).toEqual(imported.filter((line) => line.description === 'Earlier//OTHER/'));
    await expect.poll(balance).toBe('£101.00');
    await checkScreen(app, 'imports-undone-redo');
  });

  it('redoes it with Shift+Ctrl+Z: the same lines come back, unexplained, under the same file', async () => {
    await octoberImported();
    await undoneFromImports();
    const { page } = app;
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await expect.poll(() => notice().textContent()).toBe('Redid the import of october.ofx: 3 transactions back in Business Current.');
    await toast(/^Redone: Import of october\.ofx/).waitFor();
    expect(await lines()).toEqual(imported);
    await expect.poll(balance).toBe('£316.80');
    // The imports list shows it again under its file, and it can be undone again.
    await undoButton().waitFor();
    expect(await undoButton().isDisabled()).toBe(false);
  });

  it('undoes the import with Ctrl+Z and redoes it from the toast, the lines the same each time', async () => {
    await octoberImported();
    const { page } = app;
    // Ctrl+Z is the engine's undo of the latest edit, the import itself; the toast gives the engine's words for it.
    await page.locator('body').click({ position: { x: 5, y: 700 } });
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(async () => (await lines()).length).toBe(1);
    await toast(/^Undone: /).getByRole('button', { name: /^Redo/ }).click();
    await toast(/^Redone: /).waitFor();
    expect(await lines()).toEqual(imported);
    // The register shows the transfer in as money in, as the file said.
    await page.getByRole('button', { name: 'Transactions of Business Current', exact: true }).click();
    const grid = page.getByRole('grid', { name: 'Transactions of Business Current' });
    const cells = async (index: number) => (await grid.locator(`[role=row][aria-rowindex="${index + 2}"] [role=gridcell]`).allTextContents()).map((text) => text.trim());
    await expect.poll(async () => (await cells(2)).slice(0, 4)).toEqual(['2 Oct 2026', 'From savings', '£250.00', '']);
  });
});
