import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ofx, reviewedUpload } from '../engine/statement-review-helpers';
import { useBookOpener } from './fresh-book';
import { checkScreen } from './screens';
import type { AppSession } from './session';

/**
 * A statement dropped after its month was reconciled: the review asks before importing rows dated
 * inside the reconciled statement (the engine's 409), Cancel imports nothing and keeps every choice,
 * "Import them anyway" imports the same rows; rows after the statement import without a question.
 */

// What the bank first sent: two October lines, imported and reconciled to 31 October at 210.00.
const FIRST = ofx([
  { date: '2026-10-02', amount: '250.00', name: 'From savings', fitid: 'T1' },
  { date: '2026-10-20', amount: '-40.00', name: 'Insurance', fitid: 'T3' },
]);
// The full file, dropped later: those two, two October lines the book never had, and one of November.
const FULL = ofx([
  { date: '2026-10-02', amount: '250.00', name: 'From savings', fitid: 'T1' },
  { date: '2026-10-14', amount: '-3.50', name: 'Coffee shop', fitid: 'T2' },
  { date: '2026-10-20', amount: '-40.00', name: 'Insurance', fitid: 'T3' },
  { date: '2026-10-28', amount: '0.12', name: 'Interest', fitid: 'T5' },
  { date: '2026-11-03', amount: '-9.99', name: 'Music', fitid: 'T4' },
]);
const CONFLICT = 'Failed to load resource: the server responded with a status of 409 (Conflict) /v2/bank_transactions/statement';

async function dropFile(page: Page, name: string, content: string): Promise<void> {
  await page.evaluate(
    ({ name, content }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], name));
      const target = document.querySelector('main') ?? document.body;
      for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
    },
    { name, content },
  );
}

describe.shuffle('import review of rows inside a reconciled statement, in browser mode', () => {
  const opener = useBookOpener();
  /** The page's console errors with the address they came from, for each test afresh (one page serves the file). */
  const consoleErrors: string[] = [];
  let listening = false;
  function watchConsole(page: Page) {
    consoleErrors.splice(0);
    if (listening) return;
    listening = true;
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${message.text()} ${new URL(message.location().url || 'about:blank').pathname}`);
    });
  }
  /** Browser mode has no sync service: the status bar's poll of /v2/sync answers 404 by design. */
  const seenErrors = () => consoleErrors.splice(0).filter((error) => !error.endsWith(' /v2/sync'));
  let app: AppSession;
  let account: string;

  const dialog = () => app.page.getByRole('dialog');
  const question = () => app.page.getByRole('alertdialog', { name: 'Import into a reconciled statement?' });
  const why = () => dialog().locator('footer .why');
  const rowBox = (text: string) => dialog().locator('tbody tr', { hasText: text }).getByRole('checkbox');

  async function lines(): Promise<string[]> {
    const { body } = await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&per_page=100`);
    return body.bank_transactions.map((line: { dated_on: string }) => line.dated_on);
  }

  async function october31(): Promise<{ book_balance: string; difference: string }> {
    const { body } = await app.book.json('POST', '/v2/bank_reconciliations/preview', { body: { bank_reconciliation: { bank_account: account, statement_date: '2026-10-31', closing_balance: '210.00' } } });
    const { book_balance, difference } = body.bank_reconciliation_preview;
    return { book_balance, difference };
  }

  /** A new book: Business Current with October reconciled, the full file dropped on Banking and its review read. */
  async function fullFileReviewed(): Promise<void> {
    let made = '';
    app = await opener.open({
      viewport: { width: 1280, height: 800 },
      prepare: async (book) => {
        const { body } = await book.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Business Current', opening_balance: '0', account_number: '12345678' } } });
        made = body.bank_account.url;
        expect((await reviewedUpload(book, 'first.ofx', FIRST, { bank_account: made, rows: [0, 1] })).status).toBe(200);
        const reconciled = await book.json('POST', '/v2/bank_reconciliations', { body: { bank_reconciliation: { bank_account: made, statement_date: '2026-10-31', closing_balance: '210.00' } } });
        expect(reconciled.status).toBe(201);
      },
    });
    account = made;
    watchConsole(app.page);
    const { page } = app;
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.keyboard.press('Alt+2');
    await page.getByRole('table', { name: 'Bank accounts' }).waitFor();
    await dropFile(page, 'october.ofx', FULL);
    await dialog().getByRole('heading', { name: 'Review october.ofx' }).waitFor();
    await expect.poll(() => why().textContent()).toBe('3 of 5 rows will be imported into Business Current.');
  }

  it('asks before importing rows inside the reconciled statement; Cancel imports nothing and keeps the choice', async () => {
    await fullFileReviewed();
    const { page } = app;
    await page.keyboard.press('Control+Enter');
    await question().waitFor();
    expect(await question().locator('.dialog-description').textContent()).toBe(
      '2 of the chosen rows fall in the statement of Business Current to 31 Oct 2026 that you reconciled (the first: 14 Oct 2026 · Coffee shop · -£3.50). Importing them anyway means the book no longer agrees with that statement; Reconcile will show the difference.',
    );
    // The question holds the focus (bits-ui focuses it whole, so a screen reader reads it); Tab reaches Cancel first.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alertdialog');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Cancel');
    await checkScreen(app, 'import-reconciled-question');

    await page.keyboard.press('Escape');
    await question().waitFor({ state: 'detached' });
    // The review is still open, every row as it was chosen, and it says why nothing was imported.
    await dialog().getByRole('heading', { name: 'Review october.ofx' }).waitFor();
    await dialog().getByText('Nothing was imported: some of the chosen rows fall in a statement you reconciled, and you chose to leave it as it is. Untick them to import the rest.').waitFor();
    expect(await why().textContent()).toBe('3 of 5 rows will be imported into Business Current.');
    expect([await rowBox('Coffee shop').isChecked(), await rowBox('Interest').isChecked(), await rowBox('Music').isChecked()]).toEqual([true, true, true]);
    expect(await lines()).toEqual(['2026-10-20', '2026-10-02']);
    expect(await october31()).toEqual({ book_balance: '210.0', difference: '0.0' });
    await checkScreen(app, 'import-reconciled-kept');
    expect(seenErrors()).toEqual([CONFLICT]);

    // Asked again, and this time the person means it: the same three rows go in.
    await page.keyboard.press('Control+Enter');
    await question().waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alertdialog');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Import them anyway');
    await page.keyboard.press('Enter');
    await dialog().getByRole('heading', { name: 'Imported 3 transactions into Business Current' }).waitFor();
    expect(await lines()).toEqual(['2026-11-03', '2026-10-28', '2026-10-20', '2026-10-14', '2026-10-02']);
    // Reconcile now shows what the statement does not have: -3.50 + 0.12.
    expect(await october31()).toEqual({ book_balance: '206.62', difference: '3.38' });
    expect(seenErrors()).toEqual([CONFLICT]);
  });

  it('imports rows after the statement without asking once the October rows are left out', async () => {
    await fullFileReviewed();
    const { page } = app;
    await rowBox('Coffee shop').click();
    await rowBox('Interest').click();
    await expect.poll(() => why().textContent()).toBe('1 of 5 rows will be imported into Business Current.');
    await page.keyboard.press('Control+Enter');
    await dialog().getByRole('heading', { name: 'Imported 1 transaction into Business Current' }).waitFor();
    expect(await question().count()).toBe(0);
    expect(await lines()).toEqual(['2026-11-03', '2026-10-20', '2026-10-02']);
    expect(await october31()).toEqual({ book_balance: '210.0', difference: '0.0' });
    expect(seenErrors()).toEqual([]);
  });
});
