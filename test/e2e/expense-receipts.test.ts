import { describe, expect, it } from 'vitest';
import { checkScreen } from './screens';
import { useBookOpener } from './fresh-book';
import type { AppSession } from './session';

/**
 * Issue 14 item 5, the receipt of an expense: dropped on the editor (or chosen, Alt+F), checked at
 * once, sent on Save with the expense, all or nothing (a file the engine refuses leaves no expense
 * behind), listed when the expense opens again; removed after asking, which Ctrl+Z undoes; Ctrl+Z
 * takes the expense and its receipt off. Issue 19 item 4: the expense and its receipts are one
 * request (one write seen on the page's network) and one change set (one Ctrl+Z).
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString('base64');

// Each test opens a book of its own (one Chromium for the file) and types its expense itself: the
// list of expenses and the undo history are the whole book's.
describe.shuffle('a receipt on an expense', () => {
  const opener = useBookOpener();
  let app: AppSession;

  const expenses = async () => (await app.book.json('GET', '/v2/expenses')).body.expenses as { url: string; description: string }[];
  const receiptsOf = async (url: string) =>
    ((await app.book.json('GET', `${new URL(url).pathname}/attachments`, { headers: { 'X-Api-Version': '2026-09-01' } })).body.attachments as { file_name: string }[]).map((file) => file.file_name);
  const receipts = () => app.page.getByRole('group', { name: 'Receipts' });
  const receiptError = () => app.page.locator('#expense-files-error');
  const editor = () => app.page.locator('form.record-editor');
  /** The writes the page sends for records while `act` runs (drafts, kept apart from the book, aside). */
  async function recordWrites(act: () => Promise<void>): Promise<string[]> {
    const seen: string[] = [];
    const note = (request: { method(): string; url(): string }) => {
      const path = new URL(request.url()).pathname;
      if (request.method() !== 'GET' && path.startsWith('/v2/') && !path.startsWith('/v2/drafts')) seen.push(`${request.method()} ${path.replace(/\/\d+/g, '/N')}`);
    };
    app.page.on('request', note);
    try {
      await act();
    } finally {
      app.page.off('request', note);
    }
    return seen;
  }
  const undoable = async () => ((await app.book.json('GET', '/v2/change_sets')).body.undo as unknown[]).length;

  /** A new book; a new expense typed (3 Nov 2026, 285, Client lunch, 36.00) and lunch.pdf with page.html dropped on it. */
  async function typedWithReceiptDropped(): Promise<void> {
    app = await opener.open({ viewport: { width: 1280, height: 800 } });
    const { page } = app;
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.keyboard.press('Alt+5');
    await page.getByRole('heading', { name: 'Expenses' }).waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New expense' }).waitFor();
    await page.getByRole('textbox', { name: 'Date' }).fill('03/11/2026');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.keyboard.type('285');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Description' }).fill('Client lunch');
    await page.getByRole('textbox', { name: 'Amount paid' }).fill('36.00');

    const dataTransfer = await page.evaluateHandle((pdf) => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(pdf), (char) => char.charCodeAt(0))], 'lunch.pdf', { type: 'application/pdf' }));
      data.items.add(new File(['<html></html>'], 'page.html', { type: 'text/html' }));
      return data;
    }, PDF);
    await editor().dispatchEvent('dragenter', { dataTransfer });
    await editor().dispatchEvent('dragover', { dataTransfer });
    // Over the editor, the window's statement import does not offer itself.
    if ((await page.getByText('Drop statement files to import them').count()) !== 0) throw new Error('the statement import offered itself over the expense editor');
    await editor().dispatchEvent('drop', { dataTransfer });
  }

  /** typedWithReceiptDropped, then Ctrl+S: the expense saved with lunch.pdf, its editor open. */
  async function savedWithReceipt(): Promise<void> {
    await typedWithReceiptDropped();
    await receipts().getByText('lunch.pdf').waitFor();
    await app.page.keyboard.press('ControlOrMeta+s');
    await app.page.getByRole('heading', { name: 'Expense of 3 Nov 2026' }).waitFor();
  }

  /** scan.jpg (a PDF inside) chosen by keys: the Choose button, Enter, the file dialog. */
  async function scanChosen(): Promise<void> {
    const { page } = app;
    await page.locator('#expense-files-choose').focus();
    const waiting = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    const chooser = await waiting;
    await chooser.setFiles({ name: 'scan.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.4 not a jpeg') });
    await receipts().getByText('scan.jpg').waitFor();
  }

  it('checks a dropped file at once and lists the good one for Save', async () => {
    await typedWithReceiptDropped();
    await expect.poll(() => receiptError().textContent()).toBe('page.html cannot be attached: use a PDF, PNG, JPEG, GIF, TIFF or WebP image, or a text or CSV file.');
    await receipts().getByText('lunch.pdf').waitFor();
    await checkScreen(app, 'expense-receipt');
  });

  it('saves no expense when the engine refuses a file, with the sentence at Receipts', async () => {
    await typedWithReceiptDropped();
    const { page } = app;
    await receipts().getByText('lunch.pdf').waitFor();
    await scanChosen();
    const writes = await recordWrites(async () => {
      await page.keyboard.press('ControlOrMeta+s');
      await expect.poll(() => receiptError().textContent()).toBe('scan.jpg is really a PDF, not a JPEG image: rename it and drop it again.');
    });
    // One request, refused whole: nothing to take back, so nothing else is sent.
    expect(writes).toEqual(['POST /v2/expenses']);
    expect(await expenses()).toEqual([]);
    await page.getByRole('heading', { name: 'New expense' }).waitFor();
  });

  it('saves the expense with its receipt once the bad file is taken off', async () => {
    await typedWithReceiptDropped();
    const { page } = app;
    await receipts().getByText('lunch.pdf').waitFor();
    await scanChosen();
    await page.getByRole('button', { name: 'Do not attach scan.jpg' }).click();
    await receipts().getByText('scan.jpg').waitFor({ state: 'detached' });
    const setsBefore = await undoable();
    const writes = await recordWrites(async () => {
      await page.keyboard.press('ControlOrMeta+s');
      await page.getByRole('heading', { name: 'Expense of 3 Nov 2026' }).waitFor();
    });
    expect(writes).toEqual(['POST /v2/expenses']);
    expect(await undoable()).toBe(setsBefore + 1);
    const [saved] = await expenses();
    expect(await receiptsOf(saved!.url)).toEqual(['lunch.pdf']);
    await receipts().getByText('lunch.pdf').waitFor();
    expect(await receipts().getByText(/on Save/).count()).toBe(0);
    await checkScreen(app, 'expense-receipt-saved');
  });

  it('removes the saved receipt after asking, and Ctrl+Z puts it back', async () => {
    await savedWithReceipt();
    const { page } = app;
    const [saved] = await expenses();
    await receipts().getByRole('button', { name: 'Remove lunch.pdf' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove this receipt?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('lunch.pdf comes off at once. Ctrl+Z puts it back.');
    await checkScreen(app, 'expense-receipt-remove');
    await page.getByRole('button', { name: 'Remove receipt', exact: true }).click();
    await expect.poll(() => receipts().getByText('lunch.pdf').count()).toBe(0);
    expect(await receiptsOf(saved!.url)).toEqual([]);
    await page.getByText('Removed the receipt lunch.pdf.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('expense-files-choose');

    await page.keyboard.press('ControlOrMeta+z');
    await page.getByText('Undone: Removed the receipt lunch.pdf.').waitFor();
    await receipts().getByText('lunch.pdf').waitFor();
    expect(await receiptsOf(saved!.url)).toEqual(['lunch.pdf']);
  });

  it('takes the expense and its receipt off with one Ctrl+Z', async () => {
    await savedWithReceipt();
    const { page } = app;
    const [saved] = await expenses();
    const files = await app.book.json('GET', `${new URL(saved!.url).pathname}/attachments`, { headers: { 'X-Api-Version': '2026-09-01' } });
    const receiptPath = new URL(files.body.attachments[0].url).pathname;
    await page.keyboard.press('Escape');
    await page.getByRole('grid', { name: 'Expenses' }).focus();
    // Saved as one request, so one edit to undo (before: the files, then the expense).
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(expenses).toEqual([]);
    expect((await app.book.json('GET', receiptPath, { headers: { 'X-Api-Version': '2026-09-01' } })).status).toBe(404);
  });
});
