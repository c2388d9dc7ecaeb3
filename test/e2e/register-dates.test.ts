import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshWindow } from './fresh-window';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 14 item 1, the register's date range: a person types a From and a To date and sees only the
 * lines dated inside it (both days included), with the count on the All tab following the range;
 * a day that does not exist is refused at its field and changes nothing; clearing the dates brings
 * every line back. Each line keeps the account's balance after it, whatever the range.
 */

interface Line {
  dated_on: string;
  description: string;
  amount: string;
}

// 60 lines, one every third day from 3 Jan 2025: card payments of 1.00, 2.00 ..., every fifth a receipt.
const LINES: Line[] = Array.from({ length: 60 }, (_, index) => {
  const dated_on = new Date(Date.UTC(2025, 0, 3 + 3 * index)).toISOString().slice(0, 10);
  return index % 5 === 4
    ? { dated_on, description: `Receipt ${index + 1}`, amount: `${index + 1}0.00` }
    : { dated_on, description: `Card payment ${index + 1}`, amount: `-${index + 1}.00` };
});
const inFebruary = LINES.filter((line) => line.dated_on >= '2025-02-01' && line.dated_on <= '2025-02-28').reverse();
const dateText = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const pounds = (amount: string) => `£${Number(amount.replace('-', '')).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
/** The account's balance after a line: the opening 500.00 and every line up to it (in pence, exactly). */
const balanceAfter = (line: Line) => {
  const pence = 50_000 + LINES.slice(0, LINES.indexOf(line) + 1).reduce((sum, each) => sum + Math.round(Number(each.amount) * 100), 0);
  return `${pence < 0 ? '-' : ''}${pounds(String(Math.abs(pence) / 100))}`;
};
/** The cells a line shows: date, description, in, out, the balance after it, status. */
const cellsOf = (line: Line) => [
  dateText(line.dated_on),
  line.description,
  line.amount.startsWith('-') ? '' : pounds(line.amount),
  line.amount.startsWith('-') ? pounds(line.amount) : '',
  balanceAfter(line),
  'Unexplained',
];

// The lines are read, never changed, so the tests share the book; each starts on a freshly loaded
// window (no range typed before it) and types the range it needs, so they run in any order.
describe.shuffle('the register filtered by a date range, in browser mode', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    const created = await app.book.json('POST', '/v2/bank_accounts', {
      body: { bank_account: { type: 'StandardBankAccount', name: 'Dated Current', opening_balance: '500.00' } },
    });
    const accountUrl: string = created.body.bank_account.url;
    const upload = await app.book.json('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(accountUrl)}`, { body: { statement: LINES } });
    expect(upload.status).toBe(200);
  });

  afterAll(async () => {
    await app?.close();
  });

  beforeEach(async () => {
    await freshWindow(app, { width: 1280, height: 800 });
  });

  // No Content-Security-Policy violation or page error in any test.
  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  const grid = () => app.page.getByRole('grid', { name: 'Transactions of Dated Current' });
  // The first six cells (the register adds an Explained as column after Status when it is wide).
  const rowCells = async (index: number) =>
    (await grid().locator(`[role=row][aria-rowindex="${index + 2}"] [role=gridcell]`).allTextContents()).map((text) => text.trim()).slice(0, 6);
  /** The count the All tab shows: the lines of the list as it stands. */
  const allCount = () => app.page.getByRole('tab', { name: /^All/ }).locator('.count').textContent();
  const fact = (name: string) => app.page.getByText(name, { exact: true }).locator('..').locator('dd');

  /** Banking (Alt+2), then the register of Dated Current, its first line shown. */
  async function openRegister(): Promise<void> {
    const { page } = app;
    await page.keyboard.press('Alt+2');
    await page.getByRole('button', { name: 'Transactions of Dated Current', exact: true }).click();
    await grid().locator('[role=row][aria-rowindex="2"] [role=gridcell]').first().waitFor();
  }

  /** Types `from` in From and `to` in To as a person does (click, type, Tab), and waits for the grid to show `rows` lines. */
  async function range(from: string, to: string, rows: number): Promise<void> {
    const { page } = app;
    await page.getByRole('textbox', { name: 'From' }).click();
    await page.keyboard.type(from);
    await page.keyboard.press('Tab');
    await page.keyboard.type(to);
    await page.keyboard.press('Tab');
    await expect.poll(() => grid().getAttribute('aria-rowcount')).toBe(String(rows + 1));
  }

  it('opens the register of every line, with running balances', async () => {
    const { page } = app;
    await openRegister();
    expect(await grid().getAttribute('aria-rowcount')).toBe('61');
    expect(await allCount()).toBe('60');
    expect(await page.getByRole('columnheader', { name: 'Balance' }).count()).toBe(1);
  });

  it('shows only the lines from the From date to the To date, both included, typed as a person types them', async () => {
    const { page } = app;
    await openRegister();
    // February holds 9 of the 60 lines: 2 Feb is the first, 26 Feb the last (1 Feb is no line's day).
    expect(inFebruary.map((line) => line.dated_on.slice(8))).toEqual(['26', '23', '20', '17', '14', '11', '08', '05', '02']);
    await range('1/2/2025', '28 Feb 2025', inFebruary.length);
    await expect.poll(allCount).toBe(String(inFebruary.length));
    expect(await rowCells(0)).toEqual(cellsOf(inFebruary[0]!));
    expect(await rowCells(inFebruary.length - 1)).toEqual(cellsOf(inFebruary.at(-1)!));
    const shown = await grid().locator('[role=row][aria-rowindex] [role=gridcell]:first-child').allTextContents();
    expect(shown.map((text) => text.trim())).toEqual(inFebruary.map((line) => dateText(line.dated_on)));
    // The fields show the days they understood; each line still shows the account's balance after it.
    expect(await page.getByRole('textbox', { name: 'From' }).inputValue()).toBe('1 Feb 2025');
    expect(await page.getByRole('columnheader', { name: 'Balance' }).count()).toBe(1);
    // The account's own figures do not change with what is shown.
    expect(await fact('Balance').textContent()).toBe(pounds(String(500 + LINES.reduce((sum, line) => sum + Number(line.amount), 0))));
    expect(await fact('Unexplained').textContent()).toBe('60');
    await checkScreen(app, 'register-dates');
  });

  it('refuses a day that does not exist at its field and keeps the range it had', async () => {
    const { page } = app;
    await openRegister();
    await range('1/2/2025', '28 Feb 2025', inFebruary.length);
    const to = page.getByRole('textbox', { name: 'To' });
    await to.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('30/02/2025');
    await page.keyboard.press('Tab');
    await expect.poll(() => to.getAttribute('aria-invalid')).toBe('true');
    expect((await page.locator('#register-to-error').textContent())?.trim()).toBe('To 30/02/2025 is not a day of the calendar.');
    expect(await grid().getAttribute('aria-rowcount')).toBe(String(inFebruary.length + 1));
    await checkScreen(app, 'register-dates-error');
  });

  it('says so when no line falls in the range (1 Feb alone), and shows every line again when the dates are cleared', async () => {
    const { page } = app;
    await openRegister();
    await range('1/2/2025', '28 Feb 2025', inFebruary.length);
    const from = page.getByRole('textbox', { name: 'From' });
    const to = page.getByRole('textbox', { name: 'To' });
    await to.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('01/02/2025');
    await page.keyboard.press('Tab');
    await page.getByText('No lines match. Choose “All” or clear the dates.').waitFor();
    await expect.poll(allCount).toBe('0');

    await from.fill('');
    await to.fill('');
    await page.keyboard.press('Tab');
    await expect.poll(() => grid().getAttribute('aria-rowcount')).toBe('61');
    await expect.poll(async () => (await rowCells(0)).join(' | ')).toBe(cellsOf(LINES.at(-1)!).join(' | '));
  });
});
