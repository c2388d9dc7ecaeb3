import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 21 items 6 and 7 by keys and clicks: Settings offers cash accounting and the flat rate scheme
 * (the first run shows the same company form). The book is Example Ltd, VAT registered from
 * 1 May 2025 (its VAT number still to be typed); the engine's clock says 22 Nov 2026.
 */
describe('choosing the VAT schemes in Settings', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp({ book: { vatRegistered: true } });
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
    await app.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Settings/ }).click();
    await app.page.getByRole('heading', { name: 'Settings' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  const company = async () => (await app.book.json('GET', '/v2/company')).body.company;

  it('shows the invoice basis and no flat rate for a new registration', async () => {
    const { page } = app;
    expect(await page.getByRole('combobox', { name: 'VAT accounting' }).inputValue()).toBe('Invoice');
    expect(await page.getByRole('checkbox', { name: 'On the flat rate scheme' }).isChecked()).toBe(false);
    expect(await page.getByRole('combobox', { name: 'Flat rate sector' }).count()).toBe(0);
  });

  it('refuses the flat rate scheme without a sector at the sector field, and changes nothing', async () => {
    const { page } = app;
    await page.getByRole('textbox', { name: 'VAT number' }).click();
    await page.keyboard.type('GB123456782');
    await page.getByRole('checkbox', { name: 'On the flat rate scheme' }).check();
    await page.getByRole('combobox', { name: 'Flat rate sector' }).waitFor();
    await page.getByRole('textbox', { name: 'VAT number' }).press('Enter');
    await page.locator('#company-frs-sector-error').getByText('Flat rate sector is required on the flat rate scheme: choose the sector HMRC agreed (VAT Notice 733).').waitFor();
    expect(await company()).toMatchObject({ initially_on_frs: false, initial_vat_basis: 'Invoice' });
  });

  it('chooses cash accounting and a flat rate sector, shows the rate, and saves both', async () => {
    const { page } = app;
    await page.getByRole('combobox', { name: 'VAT accounting' }).selectOption({ label: 'Cash accounting (VAT by payment date)' });
    await page.getByRole('combobox', { name: 'Flat rate sector' }).selectOption({ label: 'Computer and IT consultancy or data processing' });
    await page.locator('#company-frs-rate').getByText(/^14\.5% of your VAT-inclusive turnover/).waitFor();
    await page.getByRole('textbox', { name: 'VAT number' }).press('Enter');
    await page.getByText('Saved the company details.').waitFor();
    expect(await company()).toMatchObject({ initial_vat_basis: 'Cash', initially_on_frs: true, initial_vat_frs_type: 'Computer and IT consultancy or data processing' });
  });

  // Four photographs and two axe runs of a long form: slow on a loaded machine, so given room of its own.
  it('shows the schemes in light and dark at both window sizes', async () => {
    await app.page.locator('#company-frs-rate').scrollIntoViewIfNeeded();
    await checkScreen(app, 'settings-vat-schemes');
  }, 180_000);

  it('leaves the flat rate scheme: the sector goes with it', async () => {
    const { page } = app;
    await page.getByRole('checkbox', { name: 'On the flat rate scheme' }).uncheck();
    await page.getByRole('textbox', { name: 'VAT number' }).press('Enter');
    await expect.poll(async () => (await company()).initially_on_frs).toBe(false);
    expect(await company()).toMatchObject({ initial_vat_basis: 'Cash' });
    expect((await company()).initial_vat_frs_type).toBeUndefined();
  });
});
