import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eachTestStartsOnOverview } from './fresh-window';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 21 items 6 and 7 by keys and clicks: Settings offers cash accounting and the flat rate scheme
 * (the first run shows the same company form). The book is Example Ltd, VAT registered from
 * 1 May 2025 (its VAT number still to be typed); the engine's clock says 22 Nov 2026.
 */
// Each test puts the schemes as it needs them through the API and opens Settings from Overview, so the
// tests run in any order (scripts/e2e.mjs prints the seed to replay one).
describe.shuffle('choosing the VAT schemes in Settings', () => {
  let app: AppSession;
  const viewport = { width: 1280, height: 800 };

  beforeAll(async () => {
    app = await openApp({ book: { vatRegistered: true } });
    await app.page.setViewportSize(viewport);
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  eachTestStartsOnOverview(() => app, viewport);

  // Every test ran without Content-Security-Policy violations or page errors.
  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  const company = async () => (await app.book.json('GET', '/v2/company')).body.company;

  /** The registration as the book began (invoice basis, no flat rate, no VAT number) with `fields` over it; then Settings from the sidebar. */
  async function settingsWithSchemes(fields: Record<string, unknown> = {}): Promise<void> {
    const body = { company: { sales_tax_registration_number: 'GB123456782', initial_vat_basis: 'Invoice', initially_on_frs: false, initial_vat_frs_type: null, ...fields } };
    const put = await app.book.json('PUT', '/v2/company', { body });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // The engine keeps a registered company's number once given; the book began without one (as bills.test.ts sets VAT up).
    if (!('sales_tax_registration_number' in fields)) app.book.book.sqlite.prepare('UPDATE company SET vat_registration_number = NULL').run();
    await app.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Settings/ }).click();
    await app.page.getByRole('heading', { name: 'Settings' }).waitFor();
  }

  /** Cash accounting on the flat rate scheme as a computer consultancy, the VAT number typed: what the chooser saves. */
  const CASH_ON_FLAT_RATE = { sales_tax_registration_number: 'GB123456782', initial_vat_basis: 'Cash', initially_on_frs: true, initial_vat_frs_type: 'Computer and IT consultancy or data processing' };

  it('shows the invoice basis and no flat rate for a new registration', async () => {
    await settingsWithSchemes();
    const { page } = app;
    expect(await page.getByRole('combobox', { name: 'VAT accounting' }).inputValue()).toBe('Invoice');
    expect(await page.getByRole('checkbox', { name: 'On the flat rate scheme' }).isChecked()).toBe(false);
    expect(await page.getByRole('combobox', { name: 'Flat rate sector' }).count()).toBe(0);
  });

  it('refuses the flat rate scheme without a sector at the sector field, and changes nothing', async () => {
    await settingsWithSchemes();
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
    await settingsWithSchemes();
    const { page } = app;
    await page.getByRole('textbox', { name: 'VAT number' }).click();
    await page.keyboard.type('GB123456782');
    await page.getByRole('checkbox', { name: 'On the flat rate scheme' }).check();
    await page.getByRole('combobox', { name: 'VAT accounting' }).selectOption({ label: 'Cash accounting (VAT by payment date)' });
    await page.getByRole('combobox', { name: 'Flat rate sector' }).selectOption({ label: 'Computer and IT consultancy or data processing' });
    await page.locator('#company-frs-rate').getByText(/^14\.5% of your VAT-inclusive turnover/).waitFor();
    await page.getByRole('textbox', { name: 'VAT number' }).press('Enter');
    await page.getByText('Saved the company details.').waitFor();
    expect(await company()).toMatchObject({ initial_vat_basis: 'Cash', initially_on_frs: true, initial_vat_frs_type: 'Computer and IT consultancy or data processing' });
  });

  // Four photographs and two axe runs of a long form: slow on a loaded machine, so given room of its own.
  it('shows the schemes in light and dark at both window sizes', async () => {
    await settingsWithSchemes(CASH_ON_FLAT_RATE);
    await app.page.locator('#company-frs-rate').getByText(/^14\.5% of your VAT-inclusive turnover/).waitFor();
    await app.page.locator('#company-frs-rate').scrollIntoViewIfNeeded();
    await checkScreen(app, 'settings-vat-schemes');
  }, 180_000);

  it('leaves the flat rate scheme: the sector goes with it', async () => {
    await settingsWithSchemes(CASH_ON_FLAT_RATE);
    const { page } = app;
    expect(await page.getByRole('checkbox', { name: 'On the flat rate scheme' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'On the flat rate scheme' }).uncheck();
    await page.getByRole('textbox', { name: 'VAT number' }).press('Enter');
    await expect.poll(async () => (await company()).initially_on_frs).toBe(false);
    expect(await company()).toMatchObject({ initial_vat_basis: 'Cash' });
    expect((await company()).initial_vat_frs_type).toBeUndefined();
  });
});
