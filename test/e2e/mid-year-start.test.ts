import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { putOpening } from '../engine/journal-helpers';
import { bankAccount, explainedLine } from '../engine/report-fixtures';
import { freshWindow } from './fresh-window';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * A company whose accounting year runs 1 April 2025 to 31 March 2026 starts its books here on
 * 1 October 2025, its opening balances holding the year to date (sales 40,000.00, 4,000.00 of costs on 285) and
 * 2,500.00 of profit kept from earlier years; 10,000.00 of sales and 1,000.00 more on 285 follow. The person
 * says in Settings that the books start part-way through the year, by keys, and the desk then shows the
 * whole year: its profit and loss holds the year to date. The engine's clock says 22 Nov 2026.
 */
// Each test says through the API where the year starts and opens a fresh window, so they run in any order.
describe.shuffle('a company that moves its books here part-way through its accounting year', () => {
  let app: AppSession;
  const consoleErrors: string[] = [];
  const viewport = { width: 1280, height: 800 };

  beforeAll(async () => {
    app = await openApp({ book: { startDate: '2025-10-01', firstAccountingYearEnd: '2026-03-31' } });
    const { book } = app;
    const bank = await bankAccount(book, { opening_balance: '38600.00' });
    const opening = await putOpening(book, [
      { category: '001', debit_value: '-40000.00' },
      { category: '285', debit_value: '4000.00' },
      { category: '901-1', debit_value: '-100.00' },
      { category: '968', debit_value: '-2500.00' },
    ]);
    expect(opening.status).toBe(200);
    await explainedLine(book, bank, { dated_on: '2025-11-10', amount: '10000.00' }, { category: 'http://127.0.0.1:9999/v2/categories/001', description: 'Consulting' });
    await explainedLine(book, bank, { dated_on: '2025-12-01', amount: '-1000.00' }, { category: 'http://127.0.0.1:9999/v2/categories/285', description: 'Rent' });
    // A refused request is logged as "Failed to load resource": those are counted by their answers
    // instead, less the sync status, which a book served without the sync door answers with 404.
    app.page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
    });
    app.page.on('response', (response) => {
      if (response.status() >= 400 && !(response.status() === 404 && new URL(response.url()).pathname === '/v2/sync')) consoleErrors.push(`${response.status()} ${response.url()}`);
    });
  });

  afterAll(async () => {
    await app?.close();
  });

  // No Content-Security-Policy violation, uncaught error or console error (the one refusal asked for is
  // taken off where it is made).
  afterEach(() => {
    expect(app.problems).toEqual([]);
    expect(consoleErrors.splice(0)).toEqual([]);
  });

  const field = (name: string) => app.page.getByRole('textbox', { name, exact: true });
  /** The first accounting year starts on `yearStart` (null: with the books), and the window is opened afresh on it. */
  async function yearStarting(yearStart: string | null): Promise<void> {
    const put = await app.book.json('PUT', '/v2/company', { body: { company: { first_accounting_year_start: yearStart } } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await freshWindow(app, viewport);
    consoleErrors.splice(0);
  }
  const cells = async (table: string, row: string) =>
    (await app.page.getByRole('table', { name: table }).getByRole('row', { name: new RegExp(`^${row}`) }).getByRole('cell').allTextContents()).map((text) => text.trim());

  it('says so in Settings, and the opening balances and the profit and loss then cover the whole year', async () => {
    await yearStarting(null);
    const { page } = app;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Settings/ }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await field('Books start').inputValue()).toBe('1 Oct 2025');
    expect(await field('First year end').inputValue()).toBe('31 Mar 2026');
    expect(await field('That year began').count()).toBe(0);

    // Tick the box by keys: the year the first year end closes is offered.
    await page.getByRole('checkbox', { name: 'The books start part-way through an accounting year' }).focus();
    await page.keyboard.press('Space');
    expect(await field('That year began').inputValue()).toBe('1 Apr 2025');
    await page.locator('#company-mid-year-note').getByText(/enter its income and expenses so far/).waitFor();
    await checkScreen(app, 'settings-mid-year');

    // A year that would begin after the books start is refused at its field, and nothing changes.
    const yearStart = field('That year began');
    await yearStart.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('02/10/2025');
    await page.keyboard.press('Enter');
    await page.locator('#company-year-start-error').getByText('That year began must be on or before the company start date (2025-10-01): the books start in their first accounting year.').waitFor();
    expect((await app.book.json('GET', '/v2/company/setup')).body.company_setup).not.toHaveProperty('first_accounting_year_start');
    expect(consoleErrors.splice(0)).toEqual([expect.stringMatching(/^422 .*\/v2\/company$/)]);

    await yearStart.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('01/04/2025');
    await page.keyboard.press('Enter');
    await page.getByText('Saved the company details.').waitFor();
    expect((await app.book.json('GET', '/v2/company/setup')).body.company_setup.first_accounting_year_start).toBe('2025-04-01');
    expect((await app.book.json('GET', '/v2/company')).body.company.company_start_date).toBe('2025-10-01');

    // The opening balances screen says what they hold for a start part-way through the year.
    await page.keyboard.press('Alt+7');
    await page.getByRole('heading', { name: 'Journals' }).waitFor();
    await page.keyboard.press('o');
    await page.getByRole('heading', { name: 'Opening balances' }).waitFor();
    await page.locator('#opening-year-to-date').getByText(/part-way through the accounting year that began on 1 Apr 2025/).waitFor();
    await checkScreen(app, 'opening-balances-mid-year');

    // The profit and loss of the whole year: the year to date in the opening balances and what followed.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Alt+9');
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Accounting year 2025/26' });
    const title = 'Profit and loss, 1 Apr 2025 to 31 Mar 2026';
    await page.getByRole('table', { name: title }).waitFor();
    expect(await cells(title, 'Total turnover')).toEqual(['£50,000.00']);
    expect(await cells(title, 'Total administrative expenses')).toEqual(['£5,000.00']);
    expect(await cells(title, 'Retained profit brought forward')).toEqual(['£2,500.00']);
    expect(await cells(title, 'Retained profit carried forward')).toEqual(['£47,500.00']);
    await checkScreen(app, 'reports-mid-year');
  });

  it('unticked, the year starts with the books again', async () => {
    await yearStarting('2025-04-01');
    const { page } = app;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Settings/ }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    const box = page.getByRole('checkbox', { name: 'The books start part-way through an accounting year' });
    expect(await box.isChecked()).toBe(true);
    expect(await field('That year began').inputValue()).toBe('1 Apr 2025');
    await box.focus();
    await page.keyboard.press('Space');
    await field('Company name').click();
    await page.keyboard.press('Enter');
    await page.getByText('Saved the company details.').waitFor();
    expect((await app.book.json('GET', '/v2/company/setup')).body.company_setup).not.toHaveProperty('first_accounting_year_start');
    expect((await app.book.json('GET', '/v2/company')).body.company.annual_accounting_periods[0]).toEqual({ starts_on: '2025-10-01', ends_on: '2026-03-31' });
  });
});
