import { describe, expect, it } from 'vitest';
import { checkScreen } from './screens';
import type { TestBook } from '../engine/harness';
import { useBookOpener } from './fresh-book';
import type { AppSession } from './session';
import { must } from './setup-request';

/**
 * Issue 10 item 7 (categories, bank feeds) by keys and clicks: a category of your own added in its
 * group's code range after the engine's sentences at the fields, changed, a standard one hidden from
 * the pickers and shown again; Settings opens the chart and shows the bank feeds read-only.
 */
// Each test opens a book of its own (one Chromium for the file), with the categories it starts from
// made through the API: the chart, its free codes and its hidden count are the whole book's.
describe.shuffle('categories and bank feeds in browser mode', () => {
  const opener = useBookOpener();
  let app: AppSession;


  /** 255, an admin expenses category of the book's own, named `name` (as the adding test saves it). */
  const ownCategory = (book: TestBook, name: string) =>
    must(book, 'POST', '/v2/categories', { category: { category_group: 'admin_expenses', nominal_code: '255', description: name, tax_reporting_name: 'computer_software_costs' } });

  /** A new book with what `prepare` adds, the window on Categories (Alt+8) at 1280x800. */
  async function openCategories(prepare: (book: TestBook) => Promise<void> = async () => undefined): Promise<void> {
    app = await opener.open({ viewport: { width: 1280, height: 800 }, prepare });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
    await app.page.keyboard.press('Alt+8');
    await app.page.getByRole('heading', { name: 'Categories' }).waitFor();
  }

  /** N on Categories: the new category's form, the focus in its Group. */
  async function newCategoryForm(): Promise<void> {
    const { page } = app;
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'Add a category' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('category-group');
  }

  const category = async (code: string) => {
    const response = await app.book.json('GET', `/v2/categories/${code}`);
    return response.status === 200 ? Object.values(response.body)[0] as Record<string, unknown> : null;
  };
  const field = (name: string) => app.page.getByRole('textbox', { name, exact: true });

  it('N opens the form for a category of your own, at its group, with the codes the group may take', async () => {
    await openCategories();
    const { page } = app;
    await newCategoryForm();
    expect(await page.getByRole('combobox', { name: 'Group' }).inputValue()).toBe('admin_expenses');
    await page.getByText('A free code from 200 to 399.').waitFor();
  });

  it('shows the engine’s sentences at the name and the code, and adds nothing', async () => {
    await openCategories();
    const { page } = app;
    await newCategoryForm();
    await page.keyboard.press('Tab');
    await page.keyboard.type('150');
    await page.keyboard.press('Enter');
    await page.locator('#category-name-error').getByText("Name can't be blank.").waitFor();
    await page.keyboard.type('Software subscriptions');
    await page.keyboard.press('Enter');
    await page.locator('#category-code-error').getByText('Code for admin expenses categories must be from 200 to 399.').waitFor();
    expect(JSON.stringify((await app.book.json('GET', '/v2/categories')).body)).not.toContain('Software subscriptions');
    await checkScreen(app, 'category-form-errors');
  });

  it('saves it once the code is free and in range and a tax reporting name is chosen', async () => {
    await openCategories();
    const { page } = app;
    await newCategoryForm();
    await field('Name').fill('Software subscriptions');
    await field('Code').fill('255');
    await field('Code').press('Enter');
    await page.locator('#category-reporting-error').getByText(/^Tax reporting name is required for admin expenses categories/).waitFor();
    await page.getByRole('combobox', { name: 'Tax reporting name' }).selectOption({ label: 'Computer software costs' });
    await field('Name').press('Enter');
    await page.getByText('Added 255 Software subscriptions.').waitFor();
    expect(await category('255')).toMatchObject({ description: 'Software subscriptions', tax_reporting_name: 'Computer software costs', auto_sales_tax_rate: 'Standard rate', allowable_for_tax: true, custom: true });
    const row = page.getByRole('row', { name: /Software subscriptions/ });
    await row.getByText('yours').waitFor();
  });

  it('changes a category you added; a standard one offers no Change', async () => {
    await openCategories((book) => ownCategory(book, 'Software subscriptions'));
    const { page } = app;
    await page.getByRole('button', { name: 'Change 255 Software subscriptions' }).waitFor();
    expect(await page.getByRole('button', { name: 'Change 285 Accommodation and Meals' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Change 255 Software subscriptions' }).click();
    await page.getByRole('heading', { name: 'Change 255 Software subscriptions' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('category-name');
    expect(await field('Code').getAttribute('readonly')).not.toBeNull();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Software and cloud services');
    await page.getByRole('combobox', { name: 'Usual VAT rate' }).selectOption('Zero rate');
    await field('Name').press('Enter');
    await page.getByText('Saved 255 Software and cloud services.').waitFor();
    expect(await category('255')).toMatchObject({ description: 'Software and cloud services', auto_sales_tax_rate: 'Zero rate', group_description: 'Admin expenses (normally Zero-VAT)' });
  });

  it('hides a standard category from the pickers, lists it under the hidden ones, and shows it again', async () => {
    await openCategories();
    const { page } = app;
    await page.getByRole('button', { name: 'Hide 285 Accommodation and Meals' }).click();
    await page.getByText('Hid 285 Accommodation and Meals: it is no longer offered for new entries.').waitFor();
    await expect.poll(() => page.getByRole('row', { name: /Accommodation and Meals/ }).count()).toBe(0);
    expect(await category('285')).toMatchObject({ hidden: true });

    await page.getByRole('checkbox', { name: 'Show hidden categories (1)' }).check();
    await page.getByRole('row', { name: /Accommodation and Meals/ }).getByText('hidden').waitFor();
    await checkScreen(app, 'categories-hidden');
  });

  it('a hidden category is not offered by the expense editor’s picker, and is shown again', async () => {
    // As the tests before leave the chart: 255 of the book's own, renamed, and 285 hidden.
    await openCategories(async (book) => {
      await ownCategory(book, 'Software and cloud services');
      await must(book, 'PUT', '/v2/categories/285', { category: { hidden: true } });
    });
    const { page } = app;

    // The expense editor's picker does not offer it.
    await page.keyboard.press('Alt+5');
    await page.getByRole('heading', { name: 'Expenses' }).waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New expense' }).waitFor();
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.keyboard.type('Accommodation');
    await page.getByText('Nothing matches “Accommodation”.').waitFor();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Software and cloud');
    await page.getByRole('listbox').getByRole('option', { name: /Software and cloud services/ }).waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    await page.keyboard.press('Alt+8');
    await page.getByRole('heading', { name: 'Categories' }).waitFor();
    await page.getByRole('checkbox', { name: 'Show hidden categories (1)' }).check();
    await page.getByRole('button', { name: 'Show 285 Accommodation and Meals' }).click();
    await page.getByText('285 Accommodation and Meals is offered again.').waitFor();
    expect((await category('285'))?.hidden).toBeUndefined();
  });

  it('Settings opens the chart and shows the bank feeds read-only', async () => {
    await openCategories();
    const { page } = app;
    const account = await app.book.json('POST', '/v2/bank_accounts', { body: { bank_account: { type: 'StandardBankAccount', name: 'Business Current', opening_balance: '0' } } });
    const accountId = String(account.body.bank_account.url).split('/').pop();
    // Feeds are connected with the bank, never through the API: the row stands for one the bank made.
    app.book.book.sqlite
      .prepare("INSERT INTO bank_feeds (bank_account_id, state, feed_type, bank_service_name, sca_expires_at, created_at, updated_at) VALUES (?, 'active', 'api', 'Example Bank Connect', '2027-02-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z')")
      .run(Number(accountId));

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Settings/ }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByRole('tab', { name: 'Bank feeds' }).click();
    const feeds = page.getByRole('table', { name: 'Bank feeds' });
    await feeds.getByRole('row', { name: /Business Current/ }).waitFor();
    expect(await feeds.getByRole('row', { name: /Business Current/ }).locator('td').allTextContents()).toEqual(['Business Current', 'Example Bank Connect', 'Bank API', 'Active', '1 Feb 2027']);
    expect(await page.getByRole('tabpanel').getByRole('button').count()).toBe(0);
    await checkScreen(app, 'settings-bank-feeds');

    await page.getByRole('tab', { name: 'Categories' }).click();
    await page.getByText('income 001 to 049, cost of sales 096 to 199, admin expenses 200 to 399', { exact: false }).waitFor();
    await page.getByRole('button', { name: /^Open Categories/ }).click();
    await page.getByRole('heading', { name: 'Categories' }).waitFor();
  });
});
