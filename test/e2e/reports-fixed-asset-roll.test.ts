import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bankAccount, explainedLine } from '../engine/report-fixtures';
import { eachTestStartsOnOverview } from './fresh-window';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * The year-end audit's finding on the desk: Reports › Balance sheet reads each fixed asset type's cost
 * and depreciation as brought forward, the year's own and on disposals, so last year's purchases are
 * no longer "additions" this year. The book (years to 30 April) bought a laptop (1,200.00, 10 June 2025)
 * and a printer (600.00, 1 September 2025) in its first year, charging 400.00 and 200.00 a year on
 * Computer Equipment; in the second year it sold the printer (15 October 2026, 250.00 explained to
 * 604-1 on 20 October).
 */
// The book is read, never changed; each test starts on Overview, so they run in any order.
describe.shuffle('the balance sheet’s fixed assets in browser mode', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    const { book } = app;
    const bank = await bankAccount(book, { name: 'Business Current', opening_balance: '5000' });
    const yearly3 = { method: 'straight_line', asset_life_years: 3, frequency: 'annually' };
    await explainedLine(book, bank, { dated_on: '2025-06-10', amount: '-1200' }, { category: '602-1', description: 'Laptop', capital_asset: { depreciation_profile: yearly3 } });
    await explainedLine(book, bank, { dated_on: '2025-09-01', amount: '-600' }, { category: '602-1', description: 'Printer', capital_asset: { depreciation_profile: yearly3 } });
    const printer = (await book.json('GET', '/v2/capital_assets')).body.capital_assets.find((asset: { description: string }) => asset.description === 'Printer');
    const sold = await book.json('PUT', new URL(printer.url).pathname, { body: { capital_asset: { disposed_on: '2026-10-15', disposal_proceeds: '250' } } });
    expect(sold.status).toBe(200);
    await explainedLine(book, bank, { dated_on: '2026-10-20', amount: '250' }, { category: '604-1', description: 'Printer sold' });
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await app.page.reload();
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  eachTestStartsOnOverview(() => app, { width: 1280, height: 800 });

  // The report's as-at date is remembered by the window (report-memory.ts): each test starts with none.
  beforeEach(async () => {
    await app.page.evaluate(() => localStorage.removeItem('ledgerdesk.reports.periods'));
  });

  // No Content-Security-Policy violation or page error in any test.
  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  async function openBalanceSheet(): Promise<void> {
    const { page } = app;
    await page.keyboard.press('Alt+9');
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByRole('tab', { name: 'Balance sheet' }).click();
  }

  /** The code and amount cells of the row whose name starts with `label`. */
  const cells = async (table: ReturnType<AppSession['page']['getByRole']>, label: string) =>
    (await table.getByRole('row', { name: new RegExp(`^\\S* ?${label}`) }).getByRole('cell').allTextContents()).map((text) => text.trim());

  it('brings the first year’s purchases and charge forward in the second year, with the disposal in it', async () => {
    const { page } = app;
    await openBalanceSheet();
    const table = page.getByRole('table', { name: /Balance sheet as at 22 Nov 2026/ });
    await table.waitFor();
    expect(await cells(table, 'Capital Asset Brought Forward: Computer Equipment')).toEqual(['601-1', '£1,800.00']);
    expect(await cells(table, 'Disposal of Capital Asset: Computer Equipment')).toEqual(['604-1', '-£600.00']);
    expect(await cells(table, 'Capital Asset Depreciation Brought Forward: Computer Equipment')).toEqual(['605-1', '-£600.00']);
    expect(await cells(table, 'Capital Asset Depreciation in Year: Computer Equipment')).toEqual(['606-1', '-£600.00']);
    expect(await cells(table, 'Depreciation on Disposal of Capital Asset: Computer Equipment')).toEqual(['607-1', '£400.00']);
    expect(await table.getByRole('row', { name: /Capital Asset Purchase/ }).count()).toBe(0);
    // The laptop's 1,200.00 less its two charges of 400.00.
    expect(await cells(table, 'Net book value')).toEqual(['', '£400.00']);
    await checkScreen(app, 'reports-balance-sheet-fixed-assets');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text).toContain('601-1,Capital Asset Brought Forward: Computer Equipment,1800.00\r\n');
    expect(text).toContain('605-1,Capital Asset Depreciation Brought Forward: Computer Equipment,-600.00\r\n');
    expect(text).toContain(',Net book value,400.00\r\n');
  });

  it('shows the purchases and the charge as the year’s own at the end of the first year', async () => {
    const { page } = app;
    await openBalanceSheet();
    await page.getByRole('table', { name: /Balance sheet as at 22 Nov 2026/ }).waitFor();
    await page.getByRole('textbox', { name: 'As at' }).fill('30/04/2026');
    const table = page.getByRole('table', { name: /Balance sheet as at 30 Apr 2026/ });
    await table.waitFor();
    expect(await cells(table, 'Capital Asset Purchase: Computer Equipment')).toEqual(['602-1', '£1,800.00']);
    expect(await cells(table, 'Capital Asset Depreciation in Year: Computer Equipment')).toEqual(['606-1', '-£600.00']);
    expect(await table.getByRole('row', { name: /Brought Forward/ }).count()).toBe(0);
    expect(await cells(table, 'Net book value')).toEqual(['', '£1,200.00']);
  });
});
