import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chooseCategoryByCode } from './accounts';
import { eachTestStartsOnOverview } from './fresh-window';
import { accountOfItsOwn, explainNewestLineOf, registerOf, type OwnAccount } from './own-account';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';
import { statusCell } from './register-status';

/**
 * Issue 14 item 2, a split with an EC VAT MOSS part: a VAT-registered UK company's 240.00 taking of
 * September 2020 is half an e-book sold to a consumer in France (MOSS, French standard rate) and half a
 * UK sale at 20%. Each part keeps its own treatment: 20.00 goes to 824 for the MOSS return, 20.00 on the
 * UK return; opened again, the line shows the MOSS part with France and its rate.
 */
// Each test makes its own account with the line and fills the panel itself, starting on Overview, so
// they run in any order. Only the saving test writes to the book, so the MOSS account (824) and the
// return hold its figures alone.
describe.shuffle('a split bank line with an EC VAT MOSS part', () => {
  let app: AppSession;
  let account: OwnAccount;

  beforeAll(async () => {
    app = await openApp({ book: { vatRegistered: true, startDate: '2020-04-01', firstAccountingYearEnd: '2021-03-31' } });
    await app.page.setViewportSize({ width: 1280, height: 800 });
  });

  afterAll(async () => {
    await app?.close();
  });

  // The register's usual window size (accountWithLines's).
  eachTestStartsOnOverview(() => app, { width: 1280, height: 800 });

  // Every test ran without Content-Security-Policy violations or page errors.
  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  /** The test's own account with the 240.00 taking, its line open in the explain panel. */
  async function explainTheTaking(): Promise<void> {
    account = await accountOfItsOwn(app, 'Takings', [{ dated_on: '2020-09-14', description: 'EBOOKS AND PRINT', amount: '240.00' }], { opening_balance: '5000.00' });
    await explainNewestLineOf(app, account);
  }

  const grid = () => registerOf(app, account);
  const status = async () => statusCell(grid(), grid().locator('[role=row][aria-rowindex="2"]'));
  const part = (n: number) => app.page.getByRole('group', { name: `Part ${n}` });
  const left = () => app.page.getByRole('status').filter({ hasText: /allocate|more than the line/ });
  const focusedId = () => app.page.evaluate(() => document.activeElement?.id ?? '');
  const chooseCategory = (code: string) => chooseCategoryByCode(app, code);
  const explanations = async () => {
    const { body } = await app.book.json('GET', `/v2/bank_transaction_explanations?bank_account=${encodeURIComponent(account.url)}`);
    return (body.bank_transaction_explanations as Record<string, unknown>[]).toSorted((a, b) => String(a.url).localeCompare(String(b.url), 'en', { numeric: true }));
  };
  const balanceOf = async (code: string) => {
    const { body } = await app.book.json('GET', '/v2/accounting/trial_balance/summary?from_date=2020-04-01&to_date=2021-03-31');
    return (body.trial_balance_summary as { nominal_code: string; total: string }[]).find((line) => line.nominal_code === code)?.total;
  };
  const boxes = async () => {
    const { body } = await app.book.json('GET', '/v2/vat_returns/2020-09-30');
    return Object.fromEntries(body.vat_return.breakdown.rows.map((each: { box_number: number; value: string }) => [each.box_number, each.value]));
  };

  it('gives part 1 a place of supply and its rate, and part 2 the UK rate', async () => {
    const { page } = app;
    await explainTheTaking();

    // Chosen as a MOSS sale to France first, then split: part 1 keeps the country and its rate.
    await page.getByRole('combobox', { name: 'Category' }).focus();
    await chooseCategory('001');
    await page.getByLabel('Bought or sold').selectOption({ label: 'Digital services to EU consumers (VAT MOSS)' });
    await page.getByLabel('Place of supply').selectOption('France');
    await expect.poll(() => page.getByLabel('VAT rate there').locator('option:checked').textContent()).toBe('Standard 20%');
    const split = page.getByRole('button', { name: /^Split/ });
    await split.waitFor();
    await split.focus();
    await page.keyboard.press('Alt+s');
    await part(2).waitFor();
    await expect.poll(focusedId).toMatch(/^split-amount-/);
    expect(await part(1).getByLabel('Bought or sold').inputValue()).toBe('EC VAT MOSS');
    expect(await part(1).getByLabel('Place of supply').inputValue()).toBe('France');
    await expect.poll(() => part(1).getByLabel('VAT rate there').locator('option:checked').textContent()).toBe('Standard 20%');
    // A MOSS part's VAT is its country's: it has no UK VAT choice.
    expect(await part(1).getByLabel('VAT', { exact: true }).count()).toBe(0);
    await page.keyboard.type('120');
    await expect.poll(() => left().textContent()).toBe('£120.00 left to allocate');

    // Part 2: a UK sale at 20%; it offers MOSS too, as the line allows it.
    await part(2).getByRole('combobox', { name: 'Category' }).focus();
    await chooseCategory('001');
    const where2 = part(2).getByLabel('Bought or sold');
    expect(await where2.inputValue()).toBe('UK/Non-EC');
    expect(await where2.locator('option').allTextContents()).toContain('Digital services to EU consumers (VAT MOSS)');
    await part(2).getByLabel('VAT', { exact: true }).selectOption('20');
    const amount2 = part(2).getByLabel('Amount');
    await amount2.focus();
    await page.keyboard.type('120.00');
    await expect.poll(() => left().textContent()).toBe('Nothing left to allocate');
    expect(await part(2).getByLabel('Place of supply').count()).toBe(0);
    await checkScreen(app, 'register-explain-split-moss');
  });

  it('saves both parts with their own treatment, and shows them as saved when the line opens again', async () => {
    const { page } = app;
    // The split the first test fills in, by the same keys: 120.00 a MOSS sale to France, 120.00 a UK sale at 20%.
    await explainTheTaking();
    await page.getByRole('combobox', { name: 'Category' }).focus();
    await chooseCategory('001');
    await page.getByLabel('Bought or sold').selectOption({ label: 'Digital services to EU consumers (VAT MOSS)' });
    await page.getByLabel('Place of supply').selectOption('France');
    await expect.poll(() => page.getByLabel('VAT rate there').locator('option:checked').textContent()).toBe('Standard 20%');
    await page.getByRole('button', { name: /^Split/ }).focus();
    await page.keyboard.press('Alt+s');
    await part(2).waitFor();
    await expect.poll(focusedId).toMatch(/^split-amount-/);
    await page.keyboard.type('120');
    await part(2).getByRole('combobox', { name: 'Category' }).focus();
    await chooseCategory('001');
    await part(2).getByLabel('VAT', { exact: true }).selectOption('20');
    await part(2).getByLabel('Amount').focus();
    await page.keyboard.type('120.00');
    await expect.poll(() => left().textContent()).toBe('Nothing left to allocate');

    await part(2).getByLabel('Amount').focus();
    await page.keyboard.press('Enter');
    await expect.poll(status).toBe('Explained');

    const saved = await explanations();
    expect(saved).toHaveLength(2);
    expect(saved[0]).toMatchObject({ ec_status: 'EC VAT MOSS', place_of_supply: 'France', gross_value: '120.0', sales_tax_value: '20.0' });
    expect(Number(saved[0]!.sales_tax_rate)).toBe(20);
    expect(saved[1]).toMatchObject({ ec_status: 'UK/Non-EC', gross_value: '120.0', sales_tax_value: '20.0' });
    expect(saved[1]!.place_of_supply).toBeUndefined();
    // The MOSS VAT is owed on the MOSS return (824); only the UK part is on the UK return.
    await expect.poll(() => balanceOf('824')).toBe('-20.0');
    expect(await boxes()).toMatchObject({ 1: '20.0', 6: '100.0' });

    // No unexplained line is left, so the panel closes; opened again, the line opens split as saved.
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor({ state: 'hidden' });
    await grid().focus();
    await page.keyboard.press('Enter');
    await part(2).waitFor();
    expect(await part(1).getByLabel('Amount').inputValue()).toBe('120.00');
    expect(await part(1).getByLabel('Bought or sold').inputValue()).toBe('EC VAT MOSS');
    expect(await part(1).getByLabel('Place of supply').inputValue()).toBe('France');
    await expect.poll(() => part(1).getByLabel('VAT rate there').locator('option:checked').textContent()).toBe('Standard 20%');
    expect(await part(2).getByLabel('Bought or sold').inputValue()).toBe('UK/Non-EC');
    expect(await part(2).getByLabel('Place of supply').count()).toBe(0);
    expect(await left().textContent()).toBe('Nothing left to allocate');

    // Part 1 moved to Germany's reduced rate on the day (5%): saved, 120.00 x 5 / 105 = 5.71 to 824.
    await part(1).getByLabel('Place of supply').selectOption('Germany');
    await expect.poll(() => part(1).getByLabel('VAT rate there').locator('option:checked').textContent()).toBe('Standard 16%');
    await part(1).getByLabel('VAT rate there').selectOption({ label: 'Reduced 5%' });
    await part(1).getByLabel('Amount').focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await explanations())[0]?.place_of_supply).toBe('Germany');
    expect((await explanations())[0]).toMatchObject({ ec_status: 'EC VAT MOSS', sales_tax_value: '5.71' });
    await expect.poll(() => balanceOf('824')).toBe('-5.71');

    // Undone, France and its 20.00 are back.
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor({ state: 'hidden' });
    await grid().focus();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(async () => (await explanations())[0]?.place_of_supply).toBe('France');
    await expect.poll(() => balanceOf('824')).toBe('-20.0');
    expect(app.problems).toEqual([]);
  });
});
