import type { JSHandle } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eachTestStartsOnOverview } from './fresh-window';
import { accountOfItsOwn, explainNewestLineOf, linesOf, openRegisterOf, registerOf, type OwnAccount } from './own-account';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';
import { statusCell } from './register-status';

/**
 * Issue 14 item 2, attachments: a receipt dropped on the explain panel, or chosen from the keyboard
 * (Alt+F), is checked at once (type, size) and attached when the line is saved, all or nothing: a file
 * the engine refuses keeps the explanation from being saved too, with the sentence at Receipts. A
 * saved receipt is listed by name when the line opens again and can be removed, which Ctrl+Z undoes
 * (the same file back); Ctrl+Z takes the explanation and its receipt off together.
 */
// A 1x1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

// Each test makes its own account with the two lines (and what an earlier step would have saved or
// left on the panel) and starts on Overview, so they run in any order.
describe.shuffle('receipts on the explain panel', () => {
  let app: AppSession;
  let account: OwnAccount;

  beforeAll(async () => {
    app = await openApp();
    await app.page.setViewportSize({ width: 1280, height: 800 });
  });

  afterAll(async () => {
    await app?.close();
  });

  // The register's usual window size (accountWithLines's).
  eachTestStartsOnOverview(() => app, { width: 1280, height: 800 });

  // Every test ran without Content-Security-Policy violations or page errors.
  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  /** The test's own account with the Amazon and Ryman lines. */
  async function accountOfTwoLines(): Promise<void> {
    account = await accountOfItsOwn(app, 'Receipts', [
      { dated_on: '2026-09-03', description: 'AMAZON MKTPLACE', amount: '-24.00' },
      { dated_on: '2026-09-01', description: 'RYMAN', amount: '-8.00' },
    ], { opening_balance: '500.00' });
  }

  const grid = () => registerOf(app, account);
  const status = async (row: number) => statusCell(grid(), grid().locator(`[role=row][aria-rowindex="${row + 2}"]`));
  const panel = () => app.page.locator('form.explain');
  const receipts = () => app.page.getByRole('group', { name: /^Receipts/ });
  const receiptError = () => app.page.locator('#explain-files-error');

  /** The files attached to the line's explanations, as the engine holds them. */
  const attached = async (description: string) => {
    const line = (await linesOf(app, account)).find((each) => each.description.startsWith(description))!;
    const names: string[] = [];
    for (const explanation of line.bank_transaction_explanations as { url: string }[]) {
      const files = await app.book.json('GET', `${new URL(explanation.url).pathname}/attachments`, { headers: { 'X-Api-Version': '2026-09-01' } });
      names.push(...files.body.attachments.map((file: { file_name: string }) => file.file_name));
    }
    return { explanations: line.bank_transaction_explanations.length as number, files: names };
  };

  /** Files as the system hands them to a drop: a DataTransfer made in the page. */
  const transfer = (files: { name: string; type: string; base64?: string; size?: number }[]): Promise<JSHandle<DataTransfer>> =>
    app.page.evaluateHandle((list) => {
      const data = new DataTransfer();
      for (const file of list) {
        const bytes = file.base64 ? Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0)) : new Uint8Array(file.size ?? 0);
        data.items.add(new File([bytes], file.name, { type: file.type }));
      }
      return data;
    }, files);

  const drop = async (files: { name: string; type: string; base64?: string; size?: number }[]) => {
    const dataTransfer = await transfer(files);
    await panel().dispatchEvent('dragenter', { dataTransfer });
    await panel().dispatchEvent('dragover', { dataTransfer });
    // Over the panel the window's statement import stays out of the way.
    expect(await app.page.getByText('Drop statement files to import them').count()).toBe(0);
    await panel().dispatchEvent('drop', { dataTransfer });
  };

  /** The Amazon line open in the panel with category 250 chosen, as the first test starts. */
  async function explainAmazonAs250(): Promise<void> {
    const { page } = app;
    await accountOfTwoLines();
    await explainNewestLineOf(app, account);
    await page.getByRole('combobox', { name: 'Category' }).focus();
    await page.keyboard.type('250');
    await page.getByRole('option', { name: /250/ }).first().waitFor();
    await page.keyboard.press('Enter');
  }

  it('checks files dropped on the panel at once, and lists the good one to attach on Save', async () => {
    await explainAmazonAs250();

    await drop([
      { name: 'setup.exe', type: 'application/x-msdownload', base64: 'TVqQAAMAAAAEAAAA' },
      { name: 'scan.pdf', type: 'application/pdf', size: 6 * 1024 * 1024 },
      { name: 'receipt.png', type: 'image/png', base64: PNG },
    ]);
    await expect.poll(() => receiptError().textContent()).toBe(
      'setup.exe cannot be attached: use a PDF, PNG, JPEG, GIF, TIFF or WebP image, or a text or CSV file. scan.pdf is 6.0 MB; a file can be at most 5 MB.',
    );
    await receipts().getByText('receipt.png').waitFor();
    expect(await receipts().getByText(/on Save/).count()).toBe(1);
    await checkScreen(app, 'register-explain-receipt');
  });

  it('saves nothing when the engine refuses a file, and says why at Receipts', async () => {
    const { page } = app;
    // The good receipt waiting to be attached, as the first test leaves the panel.
    await explainAmazonAs250();
    await drop([{ name: 'receipt.png', type: 'image/png', base64: PNG }]);
    await receipts().getByText('receipt.png').waitFor();
    // Chosen from the keyboard: a "PNG" whose bytes are not a picture at all.
    const waiting = page.waitForEvent('filechooser');
    await page.keyboard.press('Alt+f');
    const chooser = await waiting;
    await chooser.setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture') });
    await receipts().getByText('photo.png').waitFor();
    await page.getByRole('button', { name: /Save and next/ }).click();
    await expect.poll(() => receiptError().textContent()).toBe('photo.png is not really a PNG image: its contents are something else, whatever its name says.');
    expect(await attached('AMAZON')).toEqual({ explanations: 0, files: [] });
    await expect.poll(() => status(0)).toBe('Unexplained');
    await checkScreen(app, 'register-explain-receipt-refused');
  });

  it('with the bad file taken off, saves the explanation with its receipt; opened again it lists it', async () => {
    const { page } = app;
    // The good receipt and a "PNG" that is not one, refused on Save, as the refusing test leaves the panel.
    await explainAmazonAs250();
    await drop([
      { name: 'receipt.png', type: 'image/png', base64: PNG },
      { name: 'photo.png', type: 'image/png', base64: Buffer.from('this is not a picture').toString('base64') },
    ]);
    await receipts().getByText('photo.png').waitFor();
    await page.getByRole('button', { name: /Save and next/ }).click();
    await expect.poll(() => receiptError().textContent()).toMatch(/^photo.png is not really a PNG image/);
    await page.getByRole('button', { name: 'Do not attach photo.png' }).click();
    await page.getByRole('combobox', { name: 'Category' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => status(0)).toBe('Explained');
    expect(await attached('AMAZON')).toEqual({ explanations: 1, files: ['receipt.png'] });

    // The panel has moved on to the next line; closed, and the first opened again.
    await expect.poll(() => panel().locator('.line .money').textContent()).toBe('-£8.00');
    await page.keyboard.press('Escape');
    await expect.poll(() => panel().count()).toBe(0);
    await grid().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect.poll(() => panel().locator('.line .money').textContent()).toBe('-£24.00');
    await receipts().getByText('receipt.png').waitFor();
    expect(await receipts().getByText(/on Save/).count()).toBe(0);
    await checkScreen(app, 'register-explain-receipt-saved');
  });

  it('removes a saved receipt after asking; Ctrl+Z puts it back, redo removes it again, and Ctrl+Z then takes the explanation off', async () => {
    const { page } = app;
    // The Amazon line explained with receipt.png in one request (the latest edit), opened again in the panel.
    await accountOfTwoLines();
    const amazon = (await linesOf(app, account)).find((each) => each.description.startsWith('AMAZON'))!;
    const saved = await app.book.json('POST', '/v2/bank_transaction_explanations/batch', {
      headers: { 'X-Api-Version': '2026-09-01' },
      body: {
        batch: {
          steps: [
            { op: 'create', bank_transaction_explanation: { bank_transaction: amazon.url, dated_on: amazon.dated_on, gross_value: amazon.amount, category: '/v2/categories/250' } },
            { op: 'attach', to: 0, attachments: [{ file_name: 'receipt.png', content_type: 'image/png', data: PNG }] },
          ],
        },
      },
    });
    expect(saved.status).toBe(200);
    await openRegisterOf(app, account);
    await expect.poll(() => status(0)).toBe('Explained');
    await grid().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await receipts().getByText('receipt.png').waitFor();
    await page.getByRole('button', { name: 'Remove receipt.png' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove this receipt?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('receipt.png comes off at once. Ctrl+Z puts it back.');
    await checkScreen(app, 'register-explain-remove-receipt');
    await page.getByRole('button', { name: 'Remove receipt', exact: true }).click();
    await expect.poll(() => receipts().getByText('receipt.png').count()).toBe(0);
    expect(await attached('AMAZON')).toEqual({ explanations: 1, files: [] });
    await page.getByText('Removed the receipt receipt.png.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('explain-files-choose');

    // Ctrl+Z, with the panel still open, puts the same file back and lists it again.
    await page.keyboard.press('ControlOrMeta+z');
    await page.getByText('Undone: Removed the receipt receipt.png.').waitFor();
    await receipts().getByText('receipt.png').waitFor();
    expect(await attached('AMAZON')).toEqual({ explanations: 1, files: ['receipt.png'] });
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await page.getByText('Redone: Removed the receipt receipt.png.').waitFor();
    await expect.poll(() => receipts().getByText('receipt.png').count()).toBe(0);
    expect(await attached('AMAZON')).toEqual({ explanations: 1, files: [] });
    await page.keyboard.press('ControlOrMeta+z');
    await receipts().getByText('receipt.png').waitFor();
    expect(await attached('AMAZON')).toEqual({ explanations: 1, files: ['receipt.png'] });

    // The next Ctrl+Z takes the explanation off, with its receipt.
    await page.keyboard.press('Escape');
    await expect.poll(() => panel().count()).toBe(0);
    await grid().focus();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => status(0)).toBe('Unexplained');
    expect(await attached('AMAZON')).toEqual({ explanations: 0, files: [] });
    expect(app.problems).toEqual([]);
  });
});
