import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { pdfText } from './pdf-text';
import { checkScreen } from './screens';
import { leaveDialog } from './drafts';
import type { TestBook } from '../engine/harness';
import { useBookOpener } from './fresh-book';
import type { AppSession } from './session';

/**
 * Issue 24 item 4 by keys and clicks: the fixed asset register under Reports. A laptop billed to a
 * capital asset category is in it by itself; an office desk is added by hand (a refusal shown at its
 * field first), its depreciation schedule opened, then it is disposed of at a gain, and the disposal
 * undone with Ctrl+Z. The clock is 22 November 2026.
 */
// Each test opens a book of its own (one Chromium for the file): the register's totals are the whole
// book's, so a desk added or disposed of by one test must not be in another's figures.
describe.shuffle('fixed assets in browser mode', () => {
  const opener = useBookOpener();
  let app: AppSession;

  /** The laptop: 1,200.00 billed on 10 January 2026 to 602-1, depreciated monthly over three years by default (33.33 a month). */
  async function laptopBilled(book: TestBook): Promise<void> {
    const supplier = (await book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Laptop Shop' } } })).body.contact.url;
    const bill = await book.json('POST', '/v2/bills', {
      body: { bill: { contact: supplier, reference: 'LS-1', dated_on: '2026-01-10', due_on: '2026-02-10', bill_items: [{ category: '602-1', description: 'Laptop', total_value: '1200' }] } },
    });
    if (bill.status !== 201) throw new Error(`the laptop's bill was refused: ${JSON.stringify(bill.body)}`);
  }

  /** The office desk as the adding test types it: 1,000.00 on 15 June 2025, Fixtures and Fittings, charged yearly over three years. */
  async function deskAdded(book: TestBook): Promise<void> {
    const desk = await book.json('POST', '/v2/capital_assets', {
      body: { capital_asset: { description: 'Office desk', asset_type: 'Fixtures and Fittings', purchased_on: '2025-06-15', cost: '1000.00', depreciation_profile: { method: 'straight_line', asset_life_years: 3, frequency: 'annually' } } },
    });
    if (desk.status !== 201) throw new Error(`the desk was refused: ${JSON.stringify(desk.body)}`);
  }

  /** A new book with the laptop (and the desk, when `withDesk`), the window on Reports › Fixed assets at 1280x800. */
  async function openFixedAssets(withDesk = false): Promise<void> {
    app = await opener.open({
      viewport: { width: 1280, height: 800 },
      prepare: async (book) => {
        await laptopBilled(book);
        if (withDesk) await deskAdded(book);
      },
    });
    const { page } = app;
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.keyboard.press('Alt+9');
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByRole('tab', { name: 'Fixed assets' }).click();
    await page.getByRole('grid', { name: 'Fixed assets' }).waitFor();
  }

  /** The cells of the register's row that starts with `name`. */
  async function row(name: string): Promise<string[]> {
    const grid = app.page.getByRole('grid', { name: 'Fixed assets' });
    const found = grid.getByRole('row', { name: new RegExp(`^${name}`) });
    await found.waitFor();
    return (await found.getByRole('gridcell').allTextContents()).map((text) => text.trim());
  }

  it('lists an asset a bill bought, at cost less the depreciation charged so far', async () => {
    await openFixedAssets();
    const { page } = app;
    // Eleven months charged (10 Jan .. 10 Nov): 11 x 33.33 = 366.63.
    expect(await row('Laptop')).toEqual(['Laptop', 'Computer Equipment', '10 Jan 2026', '£1,200.00', '£366.63', '£833.37']);
    await page.getByText('Net book value £833.37').waitFor();
    await checkScreen(app, 'reports-fixed-assets');
  });

  it('saves the register as a PDF and a CSV with the figures on screen and the totals of the assets held', async () => {
    await openFixedAssets();
    const { page } = app;
    await page.getByText('Net book value £833.37').waitFor();
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save PDF…' }).click()]);
    expect(pdf.suggestedFilename()).toBe('fixed-assets-2026-11-22.pdf');
    const printed = await pdfText((await pdf.path())!);
    expect(printed).toContain('Fixed asset register As at 2026-11-22');
    expect(printed).toContain('Laptop Computer Equipment 2026-01-10 £1,200.00 £366.63 £833.37');
    expect(printed).toContain('Assets held £1,200.00 £366.63 £833.37');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const rows = readFileSync((await csv.path())!, 'utf8').trim().split('\r\n');
    expect(rows.slice(1)).toEqual(['Laptop,Computer Equipment,2026-01-10,,1200.00,366.63,833.37', 'Assets held,,,,1200.00,366.63,833.37']);
  });

  it('asks before Esc closes the asset dialog over what was typed, which is kept as a draft until discarded', async () => {
    // The dialog closed on Esc, ✕ or a click outside, and its fields went with it; now they are a draft too (drafts-assets).
    await openFixedAssets();
    const { page } = app;
    const before = (await app.book.json('GET', '/v2/capital_assets')).body.capital_assets.length;
    await page.getByRole('button', { name: 'Add asset…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a fixed asset' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Filing cabinet');
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByText('The new fixed asset Filing cabinet has changes that are not saved yet. They are kept as a draft until you save or discard them.').waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Description' }).inputValue()).toBe('Filing cabinet');
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await app.book.json('GET', '/v2/capital_assets')).body.capital_assets.length).toBe(before);
    await expect.poll(async () => (await app.book.json('GET', '/v2/drafts')).body.drafts).toEqual([]);
    // Opened and closed untouched, it asks nothing.
    await page.getByRole('button', { name: 'Add asset…' }).click();
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Type' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('adds an asset by hand, showing a refusal at its field, and opens its schedule', async () => {
    await openFixedAssets();
    const { page } = app;
    await page.getByRole('button', { name: 'Add asset…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a fixed asset' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Office desk');
    await dialog.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Fixtures and Fittings' });
    await dialog.getByRole('textbox', { name: 'Purchased on' }).fill('15/06/2025');
    await dialog.getByRole('textbox', { name: 'Cost (GBP)' }).fill('1000');
    await dialog.getByRole('textbox', { name: 'Residual value (GBP)' }).fill('1500');
    await dialog.getByRole('textbox', { name: 'Life in years' }).fill('3');
    await dialog.getByRole('combobox', { name: 'Charged' }).selectOption({ label: 'Yearly' });
    await page.keyboard.press('Control+s');
    await dialog.getByText('Residual value cannot be more than the cost.').waitFor();
    await checkScreen(app, 'reports-fixed-asset-add');
    await dialog.getByRole('textbox', { name: 'Residual value (GBP)' }).fill('');
    await page.keyboard.press('Control+s');
    await dialog.waitFor({ state: 'detached' });

    // Charged 15 Jun 2025 and 15 Jun 2026: 333.33 twice; the last third (333.34) is still to come.
    expect(await row('Office desk')).toEqual(['Office desk', 'Fixtures and Fittings', '15 Jun 2025', '£1,000.00', '£666.66', '£333.34']);
    await page.getByText('Net book value £1,166.71').waitFor();
    // By keys: the register's first row (bought first) is the desk; Enter opens it.
    await page.getByRole('grid', { name: 'Fixed assets' }).focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    const schedule = page.getByRole('region', { name: 'Office desk: depreciation schedule' });
    await schedule.waitFor();
    const periods = [];
    for (const line of (await schedule.getByRole('row').all()).slice(1)) periods.push((await line.getByRole('cell').allTextContents()).map((text) => text.trim()).filter(Boolean).join(' '));
    expect(periods).toEqual(['15 Jun 2025 £333.33 £333.33 £666.67', '15 Jun 2026 £333.33 £666.66 £333.34', '15 Jun 2027 £333.34 £1,000.00 £0.00 to come']);
    await checkScreen(app, 'reports-fixed-asset-schedule');
  });

  it('disposes of the desk at a gain, then Ctrl+Z takes the disposal back', async () => {
    await openFixedAssets(true);
    const { page } = app;
    // By keys, as the adding test opens it: the first row (bought first) is the desk.
    await page.getByText('Net book value £1,166.71').waitFor();
    await page.getByRole('grid', { name: 'Fixed assets' }).focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    const schedule = page.getByRole('region', { name: 'Office desk: depreciation schedule' });
    await schedule.waitFor();
    await schedule.getByRole('button', { name: 'Dispose…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dispose of Office desk' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Date it left the business' }).fill('20/11/2026');
    await dialog.getByRole('textbox', { name: 'Proceeds (GBP)' }).fill('400');
    // 400.00 against a net book value of 333.34.
    await dialog.getByText(/^A gain of £66\.66 on disposal/).waitFor();
    await checkScreen(app, 'reports-fixed-asset-dispose');
    // Esc over the date and proceeds typed asks first (it closed the dialog with them).
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByText('The disposal of Office desk has changes that are not saved yet. They are kept as a draft until you save or discard them.').waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Proceeds (GBP)' }).inputValue()).toBe('400');
    await page.keyboard.press('Control+s');
    await dialog.waitFor({ state: 'detached' });
    expect(await row('Office desk \\(disposed of\\)')).toEqual(['Office desk (disposed of)', 'Fixtures and Fittings', '15 Jun 2025', '£1,000.00', '£666.66', '£0.00']);
    await schedule.getByText(/disposed of 20 Nov 2026 for £400\.00, a gain of £66\.66/).waitFor();
    await page.getByText('Net book value £833.37').waitFor();

    await page.getByRole('grid', { name: 'Fixed assets' }).focus();
    await page.keyboard.press('Control+z');
    await page.getByText('Net book value £1,166.71').waitFor();
    expect(await row('Office desk')).toEqual(['Office desk', 'Fixtures and Fittings', '15 Jun 2025', '£1,000.00', '£666.66', '£333.34']);
  });
});
