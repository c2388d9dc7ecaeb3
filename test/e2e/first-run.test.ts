import { describe, expect, it } from 'vitest';
import { checkScreen } from './screens';
import { useBookOpener } from './fresh-book';
import type { AppSession } from './session';

/** A book as the desktop app makes it: named by default, starting today, not set up. */
const NEW_BOOK = { setupCompleted: false, name: 'My Company', startDate: '2026-11-01', firstAccountingYearEnd: '2027-10-31' };

/**
 * Issue 10 item 3 by keys and clicks: a new book opens on its setup, a VAT-registered limited company is
 * set up, then the first bank account. A first run happens once in a book, so each test opens a new
 * book (fresh-book.ts, one Chromium for the file) and types what it needs itself.
 */
// Each test makes what it needs: a new book of its own, set up by keys as far as the test needs.
describe.shuffle('the first run of a new book', () => {
  const opener = useBookOpener();
  let app: AppSession;

  /** A new book (NEW_BOOK) opened on its setup, the focus in the name field. */
  async function openNewBook(viewport = { width: 1280, height: 800 }) {
    app = await opener.open({ book: NEW_BOOK, viewport });
    await app.page.getByRole('heading', { name: 'Set up your books' }).waitFor();
    await expect.poll(() => app.page.evaluate(() => document.activeElement?.id)).toBe('company-name');
  }

  /** Types the whole setup of Bright Ideas Ltd from the name field, VAT number `vatNumber`, without saving. */
  async function typeSetup(vatNumber: string) {
    const { page } = app;
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Bright Ideas Ltd');
    await page.keyboard.press('Tab'); // type: limited company, already chosen
    await page.keyboard.press('Tab');
    await page.keyboard.type('12345678');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('01/04/2026');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('31/03/2027');
    await page.getByRole('checkbox', { name: 'Registered for VAT' }).check();
    await page.getByRole('textbox', { name: 'VAT number' }).click();
    await page.keyboard.type(vatNumber);
    await page.getByRole('textbox', { name: 'Registered from' }).click();
    await page.keyboard.type('01/06/2026');
    await page.getByRole('combobox', { name: 'Periods end' }).selectOption({ label: 'Quarters end Mar, Jun, Sep, Dec' });
  }

  /** Sets the new book up by keys (typeSetup with a good number, Enter) and waits for the next step. */
  async function setUpByKeys() {
    await typeSetup('GB 123 4567 82');
    await app.page.getByRole('textbox', { name: 'VAT number' }).press('Enter');
    await app.page.getByRole('heading', { name: 'Add your first bank account' }).waitFor();
  }

  const company = async () => (await app.book.json('GET', '/v2/company')).body.company;

  it('opens on the setup instead of the overview, with the name field ready to type in', async () => {
    await openNewBook();
    const { page } = app;
    expect(await page.getByRole('navigation', { name: 'Sections' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Company name' }).inputValue()).toBe('My Company');
    await checkScreen(app, 'first-run');
  });

  it('shows a wrong VAT number at its field and changes nothing', async () => {
    await openNewBook();
    const { page } = app;
    await typeSetup('GB 123 4567');
    await page.getByRole('textbox', { name: 'VAT number' }).press('Enter');

    await page.locator('#company-vat-number-error').getByText('VAT number must be a UK VAT number: GB and 9 digits (12 for a branch of a VAT group).').waitFor();
    expect(await company()).toMatchObject({ name: 'My Company', sales_tax_registration_status: 'Not Registered' });
    expect((await app.book.json('GET', '/v2/company/setup')).body.company_setup.setup_completed).toBe(false);
    await checkScreen(app, 'first-run-error');
  });

  it('saves a VAT-registered limited company with its stagger, and lands on adding the first bank account', async () => {
    await openNewBook();
    const { page } = app;
    // A wrong number first, as a person mistypes it: the corrected one is what is saved.
    await typeSetup('GB 123 4567');
    await page.getByRole('textbox', { name: 'VAT number' }).press('Enter');
    await page.locator('#company-vat-number-error').waitFor();
    await page.getByRole('textbox', { name: 'VAT number' }).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('GB 123 4567 82');
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Add your first bank account' }).waitFor();
    await page.getByText('Bright Ideas Ltd is set up.').waitFor();
    expect(await company()).toMatchObject({
      name: 'Bright Ideas Ltd',
      type: 'UkLimitedCompany',
      company_registration_number: '12345678',
      company_start_date: '2026-04-01',
      first_accounting_year_end: '2027-03-31',
      sales_tax_registration_status: 'Registered',
      sales_tax_registration_number: 'GB123456782',
      sales_tax_effective_date: '2026-06-01',
    });
    expect((await app.book.json('GET', '/v2/company/setup')).body.company_setup).toEqual({ setup_completed: true, vat_period_months: 3, first_vat_period_ends_on: '2026-06-30' });
    // The VAT returns follow the stagger chosen: the first runs to June, then whole quarters.
    const returns = (await app.book.json('GET', '/v2/vat_returns')).body.vat_returns.map((entry: any) => [entry.period_starts_on, entry.period_ends_on]);
    expect(returns).toEqual([
      ['2026-10-01', '2026-12-31'],
      ['2026-07-01', '2026-09-30'],
      ['2026-06-01', '2026-06-30'],
    ]);
    await checkScreen(app, 'first-run-next');
  });

  it('Enter takes the first step: Banking with the new account form open, the company in the sidebar', async () => {
    await openNewBook();
    await setUpByKeys();
    const { page } = app;
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Banking' }).waitFor();
    await page.locator('form[aria-labelledby="bank-account-form-title"]').waitFor();
    await expect.poll(() => page.locator('nav .company').textContent()).toBe('Bright Ideas Ltd');
    expect(await page.title()).toBe('Bright Ideas Ltd — Ledgerdesk');
  });

  it('does not open the new account form again by itself after an import is done (issue 19 item 7)', async () => {
    await openNewBook();
    await setUpByKeys();
    const { page } = app;
    const form = page.locator('form[aria-labelledby="bank-account-form-title"]');
    await page.keyboard.press('Enter');
    await form.waitFor();
    await page.keyboard.type('Business Current');
    await page.keyboard.press('Enter');
    await form.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Bank accounts' }).getByText('Business Current').waitFor();

    // A statement dropped on the window, imported into the new account, and Done.
    await page.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['Date,Description,Amount\n03/11/2026,Coffee shop,-2.50\n04/11/2026,Client payment,120.00\n'], 'november.csv', { type: 'text/csv' }));
      const target = document.querySelector('main') ?? document.body;
      for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
    });
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Review november.csv' }).waitFor();
    const into = dialog.getByLabel('Import into');
    await into.selectOption((await into.locator('option', { hasText: 'Business Current' }).getAttribute('value'))!);
    await dialog.getByRole('button', { name: 'These columns are right' }).click();
    await dialog.getByRole('button', { name: /^Import 2 rows/ }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The account's balance follows the import in place, and the form stays closed.
    await page.getByRole('table', { name: 'Bank accounts' }).locator('tr', { hasText: 'Business Current' }).getByText('£117.50').waitFor();
    expect(await form.count()).toBe(0);
  });

  it('does not come back once done', async () => {
    await openNewBook();
    await setUpByKeys();
    await app.page.reload();
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(await app.page.getByRole('heading', { name: 'Set up your books' }).count()).toBe(0);
    expect(app.problems).toEqual([]);
  });

  it('opens the overview when skipped, stays skipped, and the same form is in Settings', async () => {
    await openNewBook({ width: 1200, height: 720 });
    const { page } = app;
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect((await app.book.json('GET', '/v2/company')).body.company.name).toBe('My Company');

    await page.reload();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Settings/ }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Company name' }).inputValue()).toBe('My Company');
    expect(app.problems).toEqual([]);
  });

  it('imports a statement as the first step: opens the file dialog, and the chosen statement goes to its review', async () => {
    await openNewBook({ width: 1200, height: 720 });
    const { page } = app;
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Corner Shop Ltd');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Add your first bank account' }).waitFor();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Import a statement' }).click();
    const csv = 'Date,Description,Amount\n02/11/2026,Opening float,250.00\n03/11/2026,Card payment at the cash and carry,-48.20\n';
    await (await chooser).setFiles({ name: 'first.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('dialog').getByRole('heading', { name: 'Review first.csv' }).waitFor();
    // Escape reaches the review once the focus is in it (on a loaded machine it came a moment later).
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('dialog') != null)).toBe(true);
    // Behind the review, the books are open on Banking with the company named.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Banking' }).waitFor();
    await expect.poll(() => page.locator('nav .company').textContent()).toBe('Corner Shop Ltd');
    expect((await app.book.json('GET', '/v2/company')).body.company.name).toBe('Corner Shop Ltd');
    expect(app.problems).toEqual([]);
  });
});
