import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestBook } from '../engine/harness';
import { preview, reviewedUpload } from '../engine/statement-review-helpers';
import { describeShared, sharedDir } from '../shared-corpus/shared';
import { useBookOpener } from './fresh-book';
import type { AppSession } from './session';

/**
 * Statement import in browser mode, on real files from ../shared/corpora/statements: files dropped on
 * the window, the review, the import, the same file again (all duplicates), undo, and a CSV whose
 * columns the user confirms.
 */

const CARD_OFX = 'ofx/beangulp__2013-12-03.bofa.ofx';
const LLOYDS_CSV = 'csv/full-fledged-hledger__lloyds_99966633_20171223_1844.csv';
const LLOYDS_COLUMNS = '✓ Date: Transaction Date (day first) · Paid in: Credit Amount, paid out: Debit Amount · Description: Transaction Description';
const QIF_FILES = ['qif/bank-statement-import__test_qif.qif', 'qif/quiffen__test_category_override.qif'];

interface DropFile {
  name: string;
  bytes: number[];
}

const corpusFile = (path: string): DropFile => ({ name: path.split('/').pop()!, bytes: [...readFileSync(join(sharedDir, 'corpora/statements', path))] });

/** Drops files on the window the way a file manager does: dragenter, dragover, drop, with a DataTransfer holding them. */
async function dropFiles(page: Page, files: DropFile[], overlayShot?: () => Promise<unknown>): Promise<void> {
  await page.evaluate((dropped) => {
    const transfer = new DataTransfer();
    for (const file of dropped) transfer.items.add(new File([new Uint8Array(file.bytes)], file.name));
    (window as unknown as { __drop: DataTransfer }).__drop = transfer;
    const target = document.querySelector('main') ?? document.body;
    target.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    target.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transfer }));
  }, files);
  await overlayShot?.();
  await page.evaluate(() => {
    const transfer = (window as unknown as { __drop: DataTransfer }).__drop;
    const target = document.querySelector('main') ?? document.body;
    target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
  });
}

describeShared('statement import in browser mode', () => {
  // Each test makes what it needs, in a book of its own: a file's rows are matched against everything
  // the account holds, so one test's import would turn another's new rows into duplicates.
  describe.shuffle('each test with its own book', () => {
    const opener = useBookOpener();
    let app: AppSession;
    let card: string;
    let lloyds: string;

    const dialog = () => app.page.getByRole('dialog');
    const FILTERS = { All: 'all', New: 'new', Duplicates: 'duplicate', 'Possible duplicates': 'possible_duplicate' } as const;
    const filter = (name: keyof typeof FILTERS) => dialog().locator(`.filters label:has(input[value="${FILTERS[name]}"]) .count`);
    const importButton = () => dialog().getByRole('button', { name: /^Import [\d,]+ rows?/ });

    async function accountTransactions(url: string): Promise<{ description: string; amount: string }[]> {
      const { body } = await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(url)}&per_page=100`);
      return body.bank_transactions;
    }

    // Each test's page ran without Content-Security-Policy violations or page errors.

    /** The accounts the files belong to, as the engine names them (its own origin). */
    interface Accounts {
      card: string;
      lloyds: string;
    }

    /**
     * A new book with the Amex card (USD, ending 1222) and Lloyds Current (12-34-56 99966633), what
     * `prepare` adds, and the window on Banking.
     */
    async function openBanking(prepare: (book: TestBook, accounts: Accounts) => Promise<void> = async () => undefined) {
      const paths: string[] = [];
      app = await opener.open({
        async prepare(book) {
          const created = async (fields: Record<string, unknown>) => {
            const { body } = await book.json('POST', '/v2/bank_accounts', { body: { bank_account: { opening_balance: '0', ...fields } } });
            return body.bank_account.url as string;
          };
          const accounts = {
            card: await created({ name: 'Amex Card', type: 'CreditCardAccount', currency: 'USD', account_number: '1222' }),
            lloyds: await created({ name: 'Lloyds Current', sort_code: '12-34-56', account_number: '99966633' }),
          };
          paths.push(new URL(accounts.card).pathname, new URL(accounts.lloyds).pathname);
          await prepare(book, accounts);
        },
      });
      // The urls as the page sees them: written from the server's own origin.
      [card, lloyds] = paths.map((path) => new URL(path, app.server.url).href);
      await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
      await app.page.keyboard.press('Alt+2');
      await app.page.getByRole('table', { name: 'Bank accounts' }).waitFor();
    }

    /** The card statement imported whole, as the review's Import would (the tests of that import it by keys). */
    async function cardImported(book: TestBook, accounts: Accounts) {
      const file = corpusFile(CARD_OFX);
      const imported = await reviewedUpload(book, file.name, new Uint8Array(file.bytes), { bank_account: accounts.card, rows: Array.from({ length: 27 }, (_, row) => row) });
      expect(imported.status).toBe(200);
    }

    /**
     * The Lloyds CSV imported as the CSV test leaves it: the AVIVA line already in the account, the
     * guessed columns confirmed, the 19 new rows imported.
     */
    async function lloydsImported(book: TestBook, accounts: Accounts) {
      const aviva = await book.json('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(accounts.lloyds)}`, {
        body: { statement: [{ dated_on: '2017-05-02', amount: '-100.00', description: 'AVIVA INSURANCE DD' }] },
      });
      expect(aviva.status).toBe(200);
      const file = corpusFile(LLOYDS_CSV);
      const bytes = new Uint8Array(file.bytes);
      const looked = await preview(book, file.name, bytes, { bank_account: accounts.lloyds });
      expect(looked.status).toBe(200);
      const newRows = (looked.body.statement_preview.rows as { status?: string }[]).flatMap((row, index) => (row.status === 'new' ? [index] : []));
      expect(newRows).toHaveLength(19);
      const imported = await reviewedUpload(book, file.name, bytes, { bank_account: accounts.lloyds, rows: newRows, column_mapping: looked.body.statement_preview.csv.mapping });
      expect(imported.status).toBe(200);
    }

    /** Drops the card statement and waits for its review, as the first test does. */
    async function reviewCardStatement() {
      await dropFiles(app.page, [corpusFile(CARD_OFX)]);
      await dialog().getByRole('heading', { name: 'Review beangulp__2013-12-03.bofa.ofx' }).waitFor();
      await expect.poll(() => filter('All').textContent()).toBe('27');
    }

    it('opens the review when an OFX card statement is dropped: account matched, every row new, the balance difference shown', async () => {
      await openBanking();
      const { page } = app;
      await dropFiles(page, [corpusFile(CARD_OFX)], () => app.screenshot('import-drop-overlay'));
      await dialog().getByRole('heading', { name: 'Review beangulp__2013-12-03.bofa.ofx' }).waitFor();
      await expect.poll(() => filter('All').textContent()).toBe('27');
      expect(await filter('New').textContent()).toBe('27');
      expect(await filter('Duplicates').textContent()).toBe('0');
      // Matched by the card's last four digits.
      expect(await dialog().getByLabel('Import into').inputValue()).toBe(card);
      await dialog().getByText('Matched by the account details in the file.').waitFor();
      await dialog().getByText('OFX', { exact: true }).waitFor();
      // 27 rows of spending against a closing balance of -2,093.01 that includes earlier activity.
      const balance = dialog().getByRole('region', { name: 'Balance check' });
      expect(await balance.locator('dd').allTextContents()).toEqual(['-US$2,093.01', '-US$989.26', '-US$1,103.75']);
      await balance.getByText(/would not match the statement/).waitFor();
      const amount = dialog().getByRole('grid', { name: 'Statement rows' }).locator('tbody td.numeric').first();
      expect(await amount.evaluate((cell) => [getComputedStyle(cell).textAlign, getComputedStyle(cell).fontVariantNumeric])).toEqual(['right', 'tabular-nums']);
      expect(await importButton().textContent()).toContain('Import 27 rows');
      await app.screenshot('import-review-ofx');
    });

    it('imports the chosen rows with Ctrl+Enter and shows the result; the transactions are in the account', async () => {
      await openBanking();
      await reviewCardStatement();
      const { page } = app;
      // Leave the first row out, from the keyboard: Tab into the rows, Space.
      await dialog().getByRole('grid', { name: 'Statement rows' }).focus();
      await page.keyboard.press('Space');
      expect(await importButton().textContent()).toContain('Import 26 rows');
      await page.keyboard.press('Space');
      // Every balance the result ever shows is noted: it used to show the balance from before the import
      // (US$0.00) until the accounts were read again.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { balancesSeen: string[] }).balancesSeen = seen;
        new MutationObserver(() => {
          for (const item of document.querySelectorAll('dialog li')) if (item.textContent?.includes('balance is now')) seen.push(item.textContent);
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await page.keyboard.press('Control+Enter');
      await dialog().getByRole('heading', { name: 'Imported 27 transactions into Amex Card' }).waitFor();
      await dialog().getByText("Amex Card's balance is now -US$989.26.").waitFor();
      const balancesSeen = await page.evaluate(() => (window as unknown as { balancesSeen: string[] }).balancesSeen);
      expect(new Set(balancesSeen)).toEqual(new Set(["Amex Card's balance is now -US$989.26."]));
      await app.screenshot('import-result');
      const stored = await accountTransactions(card);
      expect(stored).toHaveLength(27);
      expect(stored.map((row) => row.description)).toContain("JEFFREY'S 0252 NEW YORK / 0000000681 646-429-8383/320133250213757584/DEBIT/");
      await dialog().getByRole('button', { name: 'Done' }).click();
      await dialog().waitFor({ state: 'detached' });
      // Banking is read again: the card's balance and the import in the Imports list.
      const imports = page.getByRole('table', { name: 'Imports' });
      await imports.getByText('beangulp__2013-12-03.bofa.ofx').waitFor();
      expect(await page.getByRole('table', { name: 'Bank accounts' }).locator('tr', { hasText: 'Amex Card' }).locator('td.numeric').textContent()).toBe('-US$989.26');
      await app.screenshot('import-banking-imports');
    });

    it('marks every row duplicate when the same file is dropped again, and offers nothing to import', async () => {
      await openBanking(cardImported);
      const { page } = app;
      await dropFiles(page, [corpusFile(CARD_OFX)]);
      await expect.poll(() => filter('Duplicates').textContent()).toBe('27');
      expect(await filter('New').textContent()).toBe('0');
      await dialog().getByText('Every row is already in the account: there is nothing new to import.').waitFor();
      expect(await importButton().isDisabled()).toBe(true);
      const firstBox = dialog().getByRole('grid', { name: 'Statement rows' }).locator('tbody input[type=checkbox]').first();
      expect([await firstBox.isChecked(), await firstBox.isDisabled()]).toEqual([false, true]);
      await dialog().getByText(/^Same bank id as /).first().waitFor();
      await app.screenshot('import-duplicates');
      await page.keyboard.press('Escape');
      await dialog().waitFor({ state: 'detached' });
      expect(await accountTransactions(card)).toHaveLength(27);
    });

    it('undoes the import from Banking › Imports', async () => {
      await openBanking(cardImported);
      const { page } = app;
      await page.getByRole('button', { name: 'Undo the import of beangulp__2013-12-03.bofa.ofx' }).click();
      // A whole import is a lot to take back on one click: it asks first.
      const confirm = page.getByRole('alertdialog', { name: 'Undo this import?' });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Undo import' }).click();
      await page.getByRole('status').getByText('Undid the import of beangulp__2013-12-03.bofa.ofx: 27 transactions removed from Amex Card.').waitFor();
      expect(await accountTransactions(card)).toEqual([]);
      await expect.poll(() => page.getByRole('table', { name: 'Bank accounts' }).locator('tr', { hasText: 'Amex Card' }).locator('td.numeric').textContent()).toBe('US$0.00');
      await app.screenshot('import-undone');
    });

    it('reviews a bank CSV: the columns are confirmed first, a near match waits for the user, errors read as sentences', async () => {
      await openBanking();
      const { page } = app;
      // A line already in the account, a day away from the CSV's AVIVA payment and worded differently.
      await app.book.json('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(lloyds)}`, {
        body: { statement: [{ dated_on: '2017-05-02', amount: '-100.00', description: 'AVIVA INSURANCE DD' }] },
      });
      await dropFiles(page, [corpusFile(LLOYDS_CSV)]);
      await dialog().getByRole('heading', { name: 'CSV columns' }).waitFor();
      await expect.poll(() => filter('All').textContent()).toBe('20');
      expect(await dialog().getByLabel('Import into').inputValue()).toBe(lloyds);
      expect(await filter('Possible duplicates').textContent()).toBe('1');
      await dialog().getByText('Guessed from the file: check them before importing.').waitFor();
      expect(await dialog().getByLabel('Date', { exact: true }).locator('option:checked').textContent()).toBe('Transaction Date (e.g. 25/05/2017)');
      expect(await dialog().getByLabel('Paid in').locator('option:checked').textContent()).toBe('Credit Amount (e.g. 903.52)');
      expect(await dialog().getByLabel('Paid out').locator('option:checked').textContent()).toBe('Debit Amount (e.g. 2.76)');
      expect(await dialog().getByLabel('Description').locator('option:checked').textContent()).toBe('Transaction Description (e.g. EMPLOYER INC)');
      await dialog().getByText('Confirm the CSV columns first.').waitFor();
      expect(await importButton().isDisabled()).toBe(true);

      // The near match: shown with the line it resembles, and left out until the user says otherwise.
      const aviva = dialog().locator('tbody tr', { hasText: 'AVIVA' });
      await aviva.getByText('Like 2 May 2017 · AVIVA INSURANCE DD').waitFor();
      expect(await aviva.getByRole('checkbox').isChecked()).toBe(false);
      await app.screenshot('import-csv-mapping');

      // Month-first dates do not fit this file: the engine says why, in sentences.
      await dialog().getByLabel('Date order').selectOption('mdy');
      await dialog().getByRole('alert').getByText(/is not a real date/).first().waitFor();
      await dialog().getByText('This file has problems (listed above); nothing from it can be imported until they are put right.').waitFor();
      await app.screenshot('import-csv-error');
      await dialog().getByLabel('Date order').selectOption('dmy');
      await dialog().getByRole('alert').waitFor({ state: 'detached' });

      // From the keyboard: the button folds the columns away, and the focus must stay in the review, so
      // that Tab walks the review's own controls and Ctrl+Enter imports (it used to fall to the page
      // behind, where Ctrl+Enter opened the Banking edit form).
      await dialog().getByRole('button', { name: 'These columns are right' }).focus();
      await page.keyboard.press('Enter');
      await dialog().getByText(LLOYDS_COLUMNS).waitFor();
      const focusInReview = () => page.evaluate(() => document.activeElement?.closest('dialog.import-dialog') !== null && document.activeElement !== document.body);
      expect(await focusInReview()).toBe(true);
      for (let step = 0; step < 12; step += 1) {
        await page.keyboard.press('Tab');
        expect(await focusInReview(), `after Tab ${step + 1}`).toBe(true);
      }
      expect(await importButton().textContent()).toContain('Import 19 rows');
      await page.keyboard.press('Control+Enter');
      await dialog().getByRole('heading', { name: 'Imported 19 transactions into Lloyds Current' }).waitFor();
      await dialog().getByRole('button', { name: 'Done' }).click();
      expect(await accountTransactions(lloyds)).toHaveLength(20);

      // Next time the file is read with the columns confirmed for this account.
      await dropFiles(page, [corpusFile(LLOYDS_CSV)]);
      await dialog().getByText('As you set them for this account last time.').waitFor();
      await dialog().getByText(LLOYDS_COLUMNS).waitFor();
      await dialog().getByRole('button', { name: 'Change columns' }).waitFor();
      await expect.poll(() => filter('Duplicates').textContent()).toBe('19');
      expect(await filter('Possible duplicates').textContent()).toBe('1');
      await app.screenshot('import-csv-remembered');
      await page.keyboard.press('Escape');
      await dialog().waitFor({ state: 'detached' });
    });

    it('takes several files at once, one after another, and asks for the account when the file names none', async () => {
      await openBanking();
      const { page } = app;
      await dropFiles(page, QIF_FILES.map(corpusFile));
      await dialog().getByText('File 1 of 2').waitFor();
      await dialog().getByText('No account\'s details match the file: choose one.').waitFor();
      await dialog().getByText('Choose the account to import into.').waitFor();
      await dialog().locator('tbody tr', { hasText: 'Not compared' }).first().waitFor();
      await app.screenshot('import-choose-account');
      await dialog().getByLabel('Import into').selectOption(lloyds);
      await expect.poll(() => filter('New').textContent()).toBe('5');
      await dialog().getByText('Chosen by you.').waitFor();
      // The account chosen is a choice: skipping the file asks first, and Discard lets it go.
      await dialog().getByRole('button', { name: 'Skip this file' }).click();
      const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });
      await question.getByText('The import review of bank-statement-import__test_qif.qif has changes').waitFor();
      await question.getByRole('button', { name: 'Discard' }).click();
      await dialog().getByText('File 2 of 2').waitFor();
      await dialog().getByRole('heading', { name: 'Review quiffen__test_category_override.qif' }).waitFor();
      await page.keyboard.press('Escape');
      await dialog().waitFor({ state: 'detached' });
    });

    it('opens the file dialog from Banking with I, and draws only the rows in view of a long file while its upload shows progress', async () => {
      await openBanking();
      const { page } = app;
      const before = (await accountTransactions(lloyds)).length;
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('heading', { name: 'Banking' }).focus();
      await page.keyboard.press('i');
      const rows = Array.from({ length: 6000 }, (_, i) => `${String((i % 28) + 1).padStart(2, '0')}/0${(i % 9) + 1}/2024,Card payment ${i} at a shop with a long name,-${(i % 97) + 1}.${String(i % 100).padStart(2, '0')}`);
      await (await chooser).setFiles({ name: 'long.csv', mimeType: 'text/csv', buffer: Buffer.from(`Date,Description,Amount\n${rows.join('\n')}\n`) });
      await dialog().getByRole('heading', { name: 'Review long.csv' }).waitFor();
      // Counts read with thousands separators.
      await expect.poll(() => filter('All').textContent()).toBe('6,000');
      expect(await dialog().locator('dl.facts dd.number').textContent()).toBe('6,000');
      await dialog().getByLabel('Import into').selectOption(lloyds);
      await expect.poll(() => filter('New').textContent()).toBe('6,000');
      expect(await importButton().textContent()).toContain('Import 6,000 rows');
      const drawn = await dialog().locator('tbody tr[id^="import-row-"]').count();
      expect(drawn).toBeLessThan(80);
      // The last row is drawn once the list is scrolled to the end (End key on the rows).
      await dialog().getByRole('grid', { name: 'Statement rows' }).focus();
      await page.keyboard.press('End');
      await dialog().locator('#import-row-5999').waitFor();
      await dialog().getByRole('button', { name: 'These columns are right' }).click();

      // A slow upload, so the progress bar has something to show.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 120 * 1024 });
      await importButton().click();
      await dialog().getByRole('progressbar', { name: 'Import progress' }).waitFor();
      await app.screenshot('import-progress');
      await dialog().getByRole('heading', { name: 'Imported 6,000 transactions into Lloyds Current' }).waitFor({ timeout: 30_000 });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

      // Undo from the result, while nothing is explained.
      await dialog().getByRole('button', { name: 'Undo this import' }).click();
      await dialog().getByText(/^The import was undone: 6,000 transactions were removed\./).waitFor();
      expect(await accountTransactions(lloyds)).toHaveLength(before);
      await page.keyboard.press('Escape');
      await dialog().waitFor({ state: 'detached' });
    });

    it('looks right in the dark colour scheme', async () => {
      await openBanking(lloydsImported);
      await app.page.emulateMedia({ colorScheme: 'dark' });
      await dropFiles(app.page, [corpusFile(LLOYDS_CSV)]);
      await expect.poll(() => filter('Duplicates').textContent()).toBe('19');
      await app.screenshot('import-review-dark');
      await app.page.keyboard.press('Escape');
      await dialog().waitFor({ state: 'detached' });
      await app.page.emulateMedia({ colorScheme: 'light' });
    });
  });
});
