import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eachTestStartsOnOverview, freshWindow } from './fresh-window';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 10 item 7 by keys and clicks: the company's details and VAT, and the account locks. The book
 * is Example Ltd, a limited company from 1 May 2025, not VAT registered; the engine's clock says
 * 22 Nov 2026.
 */
// Each test puts the company as it needs it (companyAsNew, then what it adds through the API) and starts
// on Overview, so the tests run in any order (scripts/e2e.mjs prints the seed to replay one).
describe.shuffle('Settings in browser mode', () => {
  let app: AppSession;
  /** The company as openApp made it, before any test changed it. */
  let asOpened: Record<string, unknown>;
  const viewport = { width: 1280, height: 800 };

  beforeAll(async () => {
    app = await openApp();
    asOpened = (await app.book.json('GET', '/v2/company')).body.company;
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

  /**
   * The company as the book began: Example Ltd from 1 May 2025, not VAT registered, no
   * VAT return filed and no lock; the window reloaded, so the sidebar and the title say its name.
   */
  async function companyAsNew(): Promise<void> {
    const filed = await app.book.json('GET', '/v2/vat_returns/2025-07-31');
    if (filed.status === 200 && filed.body.vat_return.filing_status !== 'unfiled') {
      expect((await app.book.json('PUT', '/v2/vat_returns/2025-07-31/mark_as_unfiled')).status).toBe(200);
    }
    expect([204, 404]).toContain((await app.book.json('DELETE', '/v2/account_locks')).status);
    const { name, company_start_date, first_accounting_year_end } = asOpened;
    const body = { company: { name, company_start_date, first_accounting_year_start: null, first_accounting_year_end, sales_tax_registration_status: 'Not Registered', sales_tax_registration_number: null } };
    const reset = await app.book.json('PUT', '/v2/company', { body });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    await freshWindow(app, viewport);
  }

  /** Registered for VAT from the start, returns each quarter ending Jan, Apr, Jul, Oct (the first on 31 Jul 2025). */
  async function registeredForVat(): Promise<void> {
    const body = { company: { sales_tax_registration_status: 'Registered', sales_tax_registration_number: 'GB123456782', sales_tax_effective_date: '2025-05-01', vat_period_months: 3, first_vat_period_ends_on: '2025-07-31' } };
    const registered = await app.book.json('PUT', '/v2/company', { body });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  }

  /** The books locked by the user up to 31 Mar 2026. */
  async function lockedToMarch(): Promise<void> {
    expect((await app.book.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: '2026-03-31' } } })).status).toBe(204);
  }
  const openSettings = async () => {
    await app.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Settings/ }).click();
    await app.page.getByRole('heading', { name: 'Settings' }).waitFor();
  };
  const field = (name: string) => app.page.getByRole('textbox', { name, exact: true });
  const openTab = (name: string) => app.page.getByRole('tab', { name }).click();

  /** Replaces a field's text by keys and saves with Enter, expecting the sentence under the field and the company unchanged. */
  async function refusedAt(label: string, id: string, typed: string, sentence: string): Promise<void> {
    const before = await company();
    const input = field(label);
    const original = await input.inputValue();
    await input.click();
    await app.page.keyboard.press('ControlOrMeta+A');
    await app.page.keyboard.type(typed);
    await app.page.keyboard.press('Enter');
    await app.page.locator(`#${id}-error`).getByText(sentence).waitFor();
    expect(await company()).toEqual(before);
    // Back as it was, so the next refusal is about its own field alone.
    await input.click();
    await app.page.keyboard.press('ControlOrMeta+A');
    if (original === '') await app.page.keyboard.press('Backspace');
    else await app.page.keyboard.type(original);
  }

  it('is built: the sidebar opens it, and it shows the company as the engine has it', async () => {
    await companyAsNew();
    await openSettings();
    expect(await field('Company name').inputValue()).toBe('Example Ltd');
    expect(await field('Books start').inputValue()).toBe('1 May 2025');
    expect(await app.page.getByRole('checkbox', { name: 'Registered for VAT' }).isChecked()).toBe(false);
    await checkScreen(app, 'settings');
  });

  it('renames the company: the sidebar, the title and the overview show the new name', async () => {
    await companyAsNew();
    await openSettings();
    const { page } = app;
    await field('Company name').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Example Trading Ltd');
    await page.keyboard.press('Enter');
    await page.getByText('Saved the company details.').waitFor();
    await expect.poll(() => page.locator('nav .company').textContent()).toBe('Example Trading Ltd');
    expect(await page.title()).toBe('Example Trading Ltd — Ledgerdesk');
    expect((await company()).name).toBe('Example Trading Ltd');
    await page.keyboard.press('Alt+1');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(await page.getByRole('definition').first().textContent()).toBe('Example Trading Ltd');
  });

  it('shows the engine’s sentence at each field it refuses, and changes nothing', async () => {
    await companyAsNew();
    await openSettings();
    await refusedAt('Company name', 'company-name', ' ', "Company name can't be blank.");
    await refusedAt('Company number', 'company-number', '1234', 'Company number must be 8 digits, or 2 letters and 6 digits (as Companies House writes it).');
    await refusedAt('First year end', 'company-year-end', '30/04/2025', 'First year end must be on or after the company start date (2025-05-01).');
    // A start after the year end is refused at the year end, the field the engine names.
    await refusedAt('Books start', 'company-year-end', '01/06/2026', 'First year end must be on or after the company start date (2026-06-01).');
  });

  it('registers for VAT, refusing a wrong number and a date before the start at their fields', async () => {
    await companyAsNew();
    await openSettings();
    const { page } = app;
    await page.getByRole('checkbox', { name: 'Registered for VAT' }).check();
    await field('VAT number').click();
    await page.keyboard.type('GB123456782');
    await refusedAt('Registered from', 'company-vat-from', '01/01/2025', 'Registered from must be on or after the company start date (2025-05-01).');
    await refusedAt('VAT number', 'company-vat-number', 'FR123456789', 'VAT number must be a UK VAT number: GB and 9 digits (12 for a branch of a VAT group).');
    // A number with a wrong check digit (issue 24 item 5): HMRC's modulus 97 / 9755 check refuses it.
    await refusedAt('VAT number', 'company-vat-number', 'GB123456789', 'VAT number is not a valid UK VAT number: its check digits are wrong (compare it with the VAT registration certificate).');
    await field('Registered from').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('01/05/2025');
    await page.getByRole('combobox', { name: 'Returns' }).selectOption('3');
    await page.getByRole('combobox', { name: 'Periods end' }).selectOption({ label: 'Quarters end Jan, Apr, Jul, Oct' });
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await company()).sales_tax_registration_status).toBe('Registered');
    expect(await company()).toMatchObject({ sales_tax_registration_status: 'Registered', sales_tax_registration_number: 'GB123456782', sales_tax_effective_date: '2025-05-01' });
    expect((await app.book.json('GET', '/v2/company/setup')).body.company_setup.first_vat_period_ends_on).toBe('2025-07-31');
    await checkScreen(app, 'settings-vat');
  });

  it('sets a lock by keys, refusing a date outside the books at the field', async () => {
    await companyAsNew();
    await openSettings();
    const { page } = app;
    await openTab('Account locks');
    await page.getByText('No lock set by a user.').waitFor();
    await field('Lock the books up to').click();
    await page.keyboard.type('01/01/2027');
    await page.keyboard.press('Enter');
    await page.locator('#lock-date-error').getByText('The lock date must be from 2025-05-01 to 2026-11-21.').waitFor();
    expect((await app.book.json('GET', '/v2/account_locks')).body.account_locks).toEqual([]);

    await field('Lock the books up to').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('31/03/2026');
    await page.keyboard.press('Enter');
    await page.getByText('Locked up to 31 Mar 2026 by Olive Owner.').waitFor();
    expect((await app.book.json('GET', '/v2/account_locks')).body.account_locks).toMatchObject([{ locked_to_date: '2026-03-31', user_lock: true }]);
    await checkScreen(app, 'settings-locked');
  });

  it('refuses an edit in the locked period with the reason at the field', async () => {
    await companyAsNew();
    await registeredForVat();
    await lockedToMarch();
    await openSettings();
    const before = await company();
    await openTab('Company and VAT');
    await field('Registered from').click();
    await app.page.keyboard.press('ControlOrMeta+A');
    await app.page.keyboard.type('01/02/2026');
    await app.page.keyboard.press('Enter');
    await app.page
      .locator('#company-vat-from-error')
      .getByText('Registered from cannot change: the books are locked up to 2026-03-31, and the VAT registration from 2025-05-01 falls in the locked period.')
      .waitFor();
    expect(await company()).toEqual(before);
  });

  it('enforces the lock on the books: an expense dated before it is refused at its date, one after it is saved', async () => {
    await companyAsNew();
    await lockedToMarch();
    const { page } = app;
    const trains = async () => (await app.book.json('GET', '/v2/expenses')).body.expenses.filter((expense: any) => expense.description === 'Train to a client');
    await page.keyboard.press('Alt+5');
    await page.getByRole('heading', { name: 'Expenses' }).waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New expense' }).waitFor();
    await page.getByRole('textbox', { name: 'Date' }).fill('15/03/2026');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.keyboard.type('285');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Description' }).fill('Train to a client');
    await page.getByRole('textbox', { name: 'Amount paid' }).fill('42.00');
    await page.keyboard.press('ControlOrMeta+s');
    await page.locator('#expense-date-error').getByText(/The books are locked up to 2026-03-31/).waitFor();
    expect(await trains()).toEqual([]);

    await page.getByRole('textbox', { name: 'Date' }).fill('01/04/2026');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('Added expense Train to a client of 1 Apr 2026.').waitFor();
    expect(await trains()).toMatchObject([{ dated_on: '2026-04-01', description: 'Train to a client' }]);
    await page.keyboard.press('Escape');
  });

  it('shows a filed VAT return’s lock read-only, and removes the user lock', async () => {
    await companyAsNew();
    await registeredForVat();
    await lockedToMarch();
    const { page } = app;
    const filed = await app.book.json('PUT', '/v2/vat_returns/2025-07-31/mark_as_filed');
    expect(filed.status).toBe(200);
    await page.keyboard.press('Alt+1');
    await openSettings();
    await openTab('Account locks');
    await page.getByRole('list', { name: 'Locks from filed VAT returns' }).getByText('Locked up to 31 Jul 2025: Filed VAT return for the period ending 2025-07-31.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Remove the lock' }).click();
    await page.getByText('No lock set by a user.').waitFor();
    expect((await app.book.json('GET', '/v2/account_locks')).body.account_locks).toMatchObject([{ locked_to_date: '2025-07-31' }]);
    await checkScreen(app, 'settings-filed-lock');

    // The filed return fixes the registration: the form says so and offers only the number.
    await openTab('Company and VAT');
    await page.locator('#company-vat-fixed').getByText('Fixed: the VAT return for the period ending 31 Jul 2025 has been filed', { exact: false }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Registered for VAT' }).isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Periods end' }).isDisabled()).toBe(true);
    await field('Company name').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Example Holdings Ltd');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await company()).name).toBe('Example Holdings Ltd');
    await checkScreen(app, 'settings-vat-fixed');
  });

  it('adds a user with a permission level, refusing a wrong email at its field, and changes their level', async () => {
    const { page } = app;
    const before = (await app.book.json('GET', '/v2/users')).body.users.length;
    await openSettings();
    await openTab('Users');
    await page.getByRole('table', { name: 'Users' }).getByText('Olive Owner').waitFor();
    await page.getByRole('button', { name: 'Add a user' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('user-first-name');
    await page.keyboard.type('Priya');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Shah');
    await page.keyboard.press('Tab');
    await page.keyboard.type('priya-at-example');
    await page.getByRole('combobox', { name: 'Access' }).selectOption('6');
    await field('Email').press('Enter');
    await page.locator('#user-email-error').getByText('Email is not a valid email address.').waitFor();
    expect((await app.book.json('GET', '/v2/users')).body.users).toHaveLength(before);

    await field('Email').fill('priya@example.com');
    await field('Email').press('Enter');
    await page.getByRole('table', { name: 'Users' }).getByText('Priya Shah').waitFor();
    const added = (await app.book.json('GET', '/v2/users')).body.users.find((user: any) => user.email === 'priya@example.com');
    expect(added).toMatchObject({ first_name: 'Priya', last_name: 'Shah', role: 'Employee', permission_level: 6 });
    await checkScreen(app, 'settings-users');

    await page.getByRole('button', { name: 'Change Priya Shah' }).click();
    await page.getByRole('combobox', { name: 'Access' }).selectOption('2');
    await field('Email').press('Enter');
    await expect.poll(async () => (await app.book.json('GET', '/v2/users')).body.users.find((user: any) => user.email === 'priya@example.com').permission_level).toBe(2);
  });
});
