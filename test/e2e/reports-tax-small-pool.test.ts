import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postDocument } from '../engine/report-fixtures';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * The small pools allowance (CAA 2001 s56A) in Reports › Profit and loss, by keys and clicks: a car of
 * 900.00 bought on 1 June 2025, alone in the special rate pool, is written off whole in the year to
 * 30 April 2026 (not 6%, 54.00). Sales 5,000.00, depreciation added back: taxable 4,100.00.
 */
describe('the small pools allowance in the corporation tax estimate', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    const { book } = app;
    const profile = { method: 'straight_line', asset_life_years: 4, frequency: 'annually' };
    const made = await book.json('POST', '/v2/capital_assets', { body: { capital_asset: { description: 'Old car', asset_type: 'Motor Vehicles', cost: '900.00', purchased_on: '2025-06-01', depreciation_profile: profile } } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    postDocument(book, '2025-09-01', [{ code: '681', debit: 5_000_00 }, { code: '001', debit: -5_000_00 }]);
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await app.page.reload();
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  it('shows the pool written off whole on its own line, with a note saying why', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+9');
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByRole('tab', { name: 'Profit and loss' }).click();
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Accounting year 2025/26' });
    const estimate = page.getByRole('region', { name: 'Corporation tax estimate' });
    await estimate.getByText(/On a taxable profit of £4,100\.00: £779\.00/).waitFor();
    const pools = estimate.getByRole('table', { name: 'Capital allowance pools' });
    expect(await pools.getByRole('columnheader').allTextContents()).toEqual(['Line', 'Special rate pool (6%)']);
    const row = async (name: string) => (await pools.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell').allTextContents()).map((text) => text.trim());
    expect(await row('Additions')).toEqual(['£900.00']);
    expect(await row('Less writing down allowance')).toEqual(['£0.00']);
    expect(await row('Less small pools allowance')).toEqual(['£900.00']);
    expect(await row('Carried forward')).toEqual(['£0.00']);
    await estimate.getByText(/A pool of £1,000 or less .* is written off whole: the small pools allowance\./).waitFor();
    await pools.scrollIntoViewIfNeeded();
    await checkScreen(app, 'reports-tax-small-pool');
  });
});
