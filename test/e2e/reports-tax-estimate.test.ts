import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postDocument } from '../engine/report-fixtures';
import { eachTestStartsOnOverview } from './fresh-window';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * The corporation tax estimate under Reports › Profit and loss, by keys and clicks: the tax
 * computation (capital allowances, a balancing charge, losses brought forward), the day the tax is
 * due and the capital allowance pools. Years to 30 April. Year 1: sales 10,000.00, costs 15,000.00,
 * a car (20,000.00) and a laptop (1,200.00) bought on 1 June 2025: allowances 1,200.00 (AIA, laptop)
 * and 1,200.00 (6% of the car), a loss of 7,400.00. Year 2: sales 30,000.00, the laptop sold for
 * 500.00 (a balancing charge: its pool was nil), the car's 6% of 18,800.00 = 1,128.00: 29,372.00 less
 * the 7,400.00 loss = 21,972.00 taxable, 19% = 4,174.68, due on 1 February 2028.
 */
// The book is read, never changed: the tests share it and each opens Reports from Overview.
describe.shuffle('the corporation tax estimate in browser mode', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    const { book } = app;
    const profile = { method: 'straight_line', asset_life_years: 4, frequency: 'annually' };
    for (const asset of [
      { description: 'Company car', asset_type: 'Motor Vehicles', cost: '20000.00' },
      { description: 'Laptop', asset_type: 'Computer Equipment', cost: '1200.00' },
    ]) {
      const made = await book.json('POST', '/v2/capital_assets', { body: { capital_asset: { ...asset, purchased_on: '2025-06-01', depreciation_profile: profile } } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    const laptop = (await book.json('GET', '/v2/capital_assets')).body.capital_assets.find((asset: { description: string }) => asset.description === 'Laptop');
    const sold = await book.json('PUT', new URL(laptop.url).pathname, { body: { capital_asset: { disposed_on: '2026-08-01', disposal_proceeds: '500.00' } } });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    postDocument(book, '2025-09-01', [{ code: '681', debit: 10_000_00 }, { code: '001', debit: -10_000_00 }]);
    postDocument(book, '2025-10-01', [{ code: '285', debit: 15_000_00 }, { code: '796', debit: -15_000_00 }]);
    postDocument(book, '2026-06-01', [{ code: '681', debit: 30_000_00 }, { code: '001', debit: -30_000_00 }]);
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await app.page.reload();
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  eachTestStartsOnOverview(() => app, { width: 1280, height: 800 });

  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  /** Reports › Profit and loss for an accounting year, by keys (Alt+9) and the period list. */
  async function profitAndLossFor(year: string) {
    const { page } = app;
    await page.keyboard.press('Alt+9');
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByRole('tab', { name: 'Profit and loss' }).click();
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: `Accounting year ${year}` });
    const estimate = page.getByRole('region', { name: 'Corporation tax estimate' });
    await estimate.waitFor();
    return estimate;
  }

  const row = async (table: ReturnType<AppSession['page']['getByRole']>, name: string) =>
    (await table.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell').allTextContents()).map((text) => text.trim());

  it('shows the computation with the loss brought forward and the balancing charge, the pools and the day the tax is due', async () => {
    const estimate = await profitAndLossFor('2026/27');
    await estimate.getByText(/On a taxable profit of £21,972\.00: £4,174\.68, due by 1 Feb 2028/).waitFor();
    const computation = estimate.getByRole('table', { name: 'Tax computation' });
    expect(await row(computation, 'Profit before taxation with')).toEqual(['£30,000.00']);
    expect(await row(computation, 'Less capital allowances')).toEqual(['£1,128.00']);
    expect(await row(computation, 'Add balancing charges')).toEqual(['£500.00']);
    expect(await row(computation, 'Less losses brought forward')).toEqual(['£7,400.00']);
    expect(await row(computation, 'Taxable profit')).toEqual(['£21,972.00']);
    expect(await row(computation, 'Corporation tax')).toEqual(['£4,174.68']);
    const pools = estimate.getByRole('table', { name: 'Capital allowance pools' });
    // One column per pool: the main pool (18%), then the special rate pool (6%).
    expect(await pools.getByRole('columnheader').allTextContents()).toEqual(['Line', 'Main pool (18%)', 'Special rate pool (6%)']);
    expect(await row(pools, 'Brought forward')).toEqual(['£0.00', '£18,800.00']);
    expect(await row(pools, 'Less disposal values')).toEqual(['£500.00', '£0.00']);
    expect(await row(pools, 'Less writing down allowance')).toEqual(['£0.00', '£1,128.00']);
    expect(await row(pools, 'Balancing charge')).toEqual(['£500.00', '£0.00']);
    expect(await row(pools, 'Carried forward')).toEqual(['£0.00', '£17,672.00']);
    await estimate.getByText(/Motor vehicles are taken to be cars over 50g\/km/).waitFor();
    await pools.scrollIntoViewIfNeeded();
    await checkScreen(app, 'reports-tax-estimate');
  });

  it('shows a year with a loss as a loss carried forward, with no tax', async () => {
    const estimate = await profitAndLossFor('2025/26');
    // The estimate of the year shown before (the current one) stays until this year's is read: its
    // own sentences say this year's figures are in before any row is read.
    await estimate.getByText('Losses carried forward to later years: £7,400.00.').waitFor();
    await estimate.getByText(/due by 1 Feb 2027/).waitFor();
    const computation = estimate.getByRole('table', { name: 'Tax computation' });
    expect(await row(computation, 'Profit before taxation with')).toEqual(['-£5,000.00']);
    expect(await row(computation, 'Less capital allowances')).toEqual(['£2,400.00']);
    expect(await row(computation, 'Taxable profit \\(a loss\\)')).toEqual(['-£7,400.00']);
    expect(await row(computation, 'Corporation tax')).toEqual(['£0.00']);
  });
});
