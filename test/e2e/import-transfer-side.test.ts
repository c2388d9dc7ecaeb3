import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ofx } from '../engine/statement-review-helpers';
import { useBookOpener } from './fresh-book';
import type { AppSession } from './session';

/**
 * A transfer explained from Current before Savings' statement is in made Savings' side of it. Savings'
 * statement dropped on the window then shows its line as that transfer's other side (not a possible
 * duplicate), checked, and Import puts the bank's line in the place of the made one.
 */

const SAVINGS_NUMBER = '87654321';
const FILE = { name: 'savings.ofx', text: ofx([{ date: '2026-10-06', amount: '500.00', name: 'FROM CURRENT ACCOUNT', fitid: 'S1' }], undefined, SAVINGS_NUMBER) };

async function dropFile(page: Page, file: { name: string; text: string }): Promise<void> {
  await page.evaluate((dropped) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([dropped.text], dropped.name));
    const target = document.querySelector('main') ?? document.body;
    for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
  }, file);
}

describe("the import review and a transfer's other side", () => {
  const opener = useBookOpener();
  let app: AppSession;
  let savingsUrl = '';
  const dialog = () => app.page.getByRole('dialog');
  const count = (value: string) => dialog().locator(`.filters label:has(input[value="${value}"]) .count`);

  async function openWithTransfer() {
    app = await opener.open({
      async prepare(book) {
        const account = async (fields: Record<string, unknown>) => (await book.json('POST', '/v2/bank_accounts', { body: { bank_account: { opening_balance: '0', ...fields } } })).body.bank_account.url as string;
        const current = await account({ name: 'Current' });
        const savings = await account({ name: 'Savings', sort_code: '20-00-00', account_number: SAVINGS_NUMBER });
        savingsUrl = savings;
        const uploaded = await book.json('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(current)}`, { body: { statement: [{ dated_on: '2026-10-05', amount: '-500.00', description: 'TFR TO SAVINGS' }] } });
        expect(uploaded.status).toBe(200);
        const [line] = (await book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(current)}`)).body.bank_transactions;
        const transfer = await book.json('POST', '/v2/bank_transaction_explanations', { body: { bank_transaction_explanation: { bank_transaction: line.url, gross_value: '-500', transfer_bank_account: savings } } });
        expect(transfer.status).toBe(201);
      },
    });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
    await app.page.keyboard.press('Alt+2');
    await app.page.getByRole('table', { name: 'Bank accounts' }).waitFor();
  }

  it("shows the line as the transfer's, checked, and Import leaves Savings one line of 500.00", async () => {
    await openWithTransfer();
    const { page } = app;
    await dropFile(page, FILE);
    await dialog().getByRole('heading', { name: 'Review savings.ofx' }).waitFor();
    await expect.poll(() => count('transfer').textContent()).toBe('1');
    expect(await count('possible_duplicate').textContent()).toBe('0');
    const rows = dialog().getByRole('grid', { name: 'Statement rows' });
    await rows.getByText('Transfer', { exact: true }).waitFor();
    await rows.getByText(/^Replaces 5 Oct 2026 · /).waitFor();
    expect(await rows.locator('tbody input[type=checkbox]').first().isChecked()).toBe(true);
    // Savings holds the made 500.00; the import swaps it for the bank's, so the balance stays 500.00.
    expect(await dialog().getByRole('region', { name: 'Balance check' }).locator('dd').allTextContents()).toEqual(['£500.00']);
    await app.screenshot('import-transfer-side');
    await page.emulateMedia({ colorScheme: 'dark' });
    await app.screenshot('import-transfer-side-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await page.keyboard.press('Control+Enter');
    await dialog().getByRole('heading', { name: /^Imported 1 transaction into Savings/ }).waitFor();
    const stored = (await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(savingsUrl)}`)).body.bank_transactions;
    expect(stored.map((line: { dated_on: string; amount: string; is_manual: boolean; unexplained_amount: string }) => [line.dated_on, line.amount, line.is_manual, line.unexplained_amount])).toEqual([['2026-10-06', '500.0', false, '0.0']]);
  });
});
