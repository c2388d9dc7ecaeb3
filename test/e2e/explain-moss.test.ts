import Decimal from 'decimal.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eachTestStartsOnOverview } from './fresh-window';
import { dismissToasts } from './no-toasts';
import { ownAccountWithLines, openRegisterOf } from './named-account';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';
import { statusCell } from './register-status';

/**
 * Issue 14 item 2, EC VAT MOSS: a VAT-registered UK company's takings for an e-book sold to a consumer
 * in France in September 2020, explained in the register by keys and clicks as a MOSS sale at the
 * French standard rate. The 20.00 VAT is owed on the MOSS return (824), so the UK VAT return leaves it
 * out (boxes 1 and 6 stay as they were). Money out, and money in from July 2021, are never offered MOSS.
 */
// Each test makes its own account with its own line (a save closes the panel only when no unexplained
// line is below, so two tests' lines cannot share one), starts from Overview, and measures 824 and the
// return against what they held before it: the tests run in any order.
describe.shuffle('explaining money in as an EC VAT MOSS sale', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp({ book: { vatRegistered: true, startDate: '2020-04-01', firstAccountingYearEnd: '2021-03-31' } });
  });

  afterAll(async () => {
    await app?.close();
  });

  // The window size the file's tests were written at (accountWithLines's).
  eachTestStartsOnOverview(() => app, { width: 1280, height: 800 });
  // A save's "No more unexplained lines" toast must be the test's own, not one left showing by the test before.
  beforeEach(() => dismissToasts(app));

  // Every test ran without Content-Security-Policy violations or page errors.
  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  /** A test's own account of `lines`, its register open: the grid and rows below are that account's. */
  let accountName = '';
  const registerOf = async (name: string, lines: { dated_on: string; description: string; amount: string }[]) => {
    accountName = name;
    const url = await ownAccountWithLines(app, name, lines, { opening_balance: '5000.00' });
    await openRegisterOf(app, name);
    return url;
  };

  const grid = () => app.page.getByRole('grid', { name: `Transactions of ${accountName}` });
  const row = (description: string) => grid().getByRole('row').filter({ hasText: description });
  const statusOf = async (description: string) => statusCell(grid(), row(description));

  const openLine = async (description: string, amount: string) => {
    const { page } = app;
    await row(description).getByRole('gridcell').first().click();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor();
    await expect.poll(() => page.locator('.explain .line').textContent()).toContain(amount);
  };

  const chooseCategory = async (code: string) => {
    const { page } = app;
    await page.getByRole('combobox', { name: 'Category' }).click();
    // The panel may open filled from a suggestion (the book's history): what is typed replaces it.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(code);
    await page.getByRole('option', { name: new RegExp(code) }).first().waitFor();
    await page.keyboard.press('Enter');
  };

  const boxes = async (): Promise<Record<number, string>> => {
    const { body } = await app.book.json('GET', '/v2/vat_returns/2020-09-30');
    return Object.fromEntries(body.vat_return.breakdown.rows.map((each: { box_number: number; value: string }) => [each.box_number, each.value]));
  };

  const balanceOf = async (code: string) => {
    const { body } = await app.book.json('GET', '/v2/accounting/trial_balance/summary?from_date=2020-04-01&to_date=2021-03-31');
    return (body.trial_balance_summary as { nominal_code: string; total: string }[]).find((line) => line.nominal_code === code)?.total;
  };

  /** How far a figure moved from `before` (another test's sales may be in it), to the penny. */
  const moved = (now: string | undefined, before: string | undefined) => new Decimal(now ?? '0').minus(before ?? '0').toFixed(2);
  const balanceMoved = async (code: string, before: string | undefined) => moved(await balanceOf(code), before);
  const boxMoved = async (box: number, before: Record<number, string>) => moved((await boxes())[box], before[box]);

  /** The explanations saved on the test's own line, dated `datedOn`. */
  const explanationOn = async (accountUrl: string, datedOn: string) => {
    const { body } = await app.book.json('GET', `/v2/bank_transaction_explanations?bank_account=${encodeURIComponent(accountUrl)}`);
    return (body.bank_transaction_explanations as Record<string, unknown>[]).find((each) => each.dated_on === datedOn);
  };

  it('offers MOSS on money in before July 2021, asks for the place of supply at its field, and proposes its standard rate', async () => {
    const { page } = app;
    await registerOf('MOSS Offered', [{ dated_on: '2020-09-14', description: 'EBOOK SALE PARIS', amount: '120.00' }]);
    await openLine('EBOOK SALE PARIS', '120.00');
    await chooseCategory('001');
    const where = page.getByLabel('Bought or sold');
    expect(await where.locator('option').allTextContents()).toEqual(['UK or outside the EU', 'Goods sold to the EU', 'Services sold to the EU', 'Digital services to EU consumers (VAT MOSS)']);
    await where.focus();
    await where.selectOption({ label: 'Digital services to EU consumers (VAT MOSS)' });
    // The UK VAT choice gives way to the country's own rates.
    await expect.poll(() => page.getByLabel('VAT', { exact: true }).count()).toBe(0);
    const country = page.getByLabel('Place of supply');
    const rate = page.getByLabel('VAT rate there');
    expect(await rate.isDisabled()).toBe(true);

    // Saved without a country: the engine's sentence shows at Place of supply and nothing is saved.
    await page.getByRole('button', { name: /Save and next/ }).click();
    await expect.poll(() => country.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.locator('#explain-place-of-supply-error').textContent()).toContain('Place of supply is required for an EC VAT MOSS sale');
    expect(await statusOf('EBOOK SALE PARIS')).toBe('Unexplained');

    await country.focus();
    await country.selectOption('France');
    await expect.poll(() => rate.isDisabled()).toBe(false);
    // The sentence goes once a country is chosen.
    expect(await country.getAttribute('aria-invalid')).toBe('false');
    expect(await rate.locator('option:checked').textContent()).toBe('Standard 20%');
    expect(await rate.locator('option').allTextContents()).toContain('Reduced 5.5%');
    await checkScreen(app, 'register-explain-moss');
  });

  it('saves it: 20.00 of VAT to 824 and none on the UK return; the panel keeps France; undo takes it off', async () => {
    const { page } = app;
    const accountUrl = await registerOf('MOSS Saved', [{ dated_on: '2020-09-14', description: 'APP STORE PAYOUT NICE', amount: '120.00' }]);
    const [before824, before001, boxesBefore] = [await balanceOf('824'), await balanceOf('001'), await boxes()];
    await openLine('APP STORE PAYOUT NICE', '120.00');
    await chooseCategory('001');
    await page.getByLabel('Bought or sold').selectOption({ label: 'Digital services to EU consumers (VAT MOSS)' });
    await page.getByLabel('Place of supply').selectOption('France');
    await expect.poll(() => page.getByLabel('VAT rate there').locator('option:checked').textContent()).toBe('Standard 20%');
    await page.getByRole('button', { name: /Save and next/ }).click();
    await expect.poll(() => statusOf('APP STORE PAYOUT NICE')).toBe('Explained');

    const saved = (await explanationOn(accountUrl, '2020-09-14'))!;
    expect(saved).toMatchObject({ ec_status: 'EC VAT MOSS', place_of_supply: 'France', gross_value: '120.0', sales_tax_value: '20.0' });
    expect(Number(saved.sales_tax_rate)).toBe(20);
    await expect.poll(() => balanceMoved('824', before824)).toBe('-20.00');
    expect(await balanceMoved('001', before001)).toBe('-100.00');
    expect(await boxes()).toMatchObject({ 1: boxesBefore[1], 6: boxesBefore[6] });

    // No unexplained line is below it, so the panel closes saying so; opened again, it shows the sale as saved.
    await page.getByText('No more unexplained lines below this one.').waitFor();
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor({ state: 'hidden' });
    await openLine('APP STORE PAYOUT NICE', '120.00');
    expect(await page.getByLabel('Bought or sold').inputValue()).toBe('EC VAT MOSS');
    expect(await page.getByLabel('Place of supply').inputValue()).toBe('France');
    await expect.poll(() => page.getByLabel('VAT rate there').locator('option:checked').textContent()).toBe('Standard 20%');
    // A MOSS sale may be split (explain-moss-split: each part keeps its own place of supply).
    expect(await page.getByRole('button', { name: /^Split/ }).count()).toBe(1);
    await page.keyboard.press('Escape');

    // Undone, 824 is empty again.
    await grid().focus();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => statusOf('APP STORE PAYOUT NICE')).toBe('Unexplained');
    await expect.poll(() => balanceMoved('824', before824)).toBe('0.00');
  });

  it('takes the rates of the country on the day (the German cut of 2020), and a sale moved back to the UK loses its place of supply', async () => {
    const { page } = app;
    const accountUrl = await registerOf('MOSS Rates', [{ dated_on: '2020-09-14', description: 'DOWNLOAD SHOP MARSEILLE', amount: '120.00' }]);
    const explanation = () => explanationOn(accountUrl, '2020-09-14');
    const [before824, boxesBefore] = [await balanceOf('824'), await boxes()];
    await openLine('DOWNLOAD SHOP MARSEILLE', '120.00');
    await chooseCategory('001');
    await page.getByLabel('Bought or sold').selectOption({ label: 'Digital services to EU consumers (VAT MOSS)' });
    const country = page.getByLabel('Place of supply');
    const rate = page.getByLabel('VAT rate there');
    await country.selectOption('France');
    await expect.poll(() => rate.locator('option:checked').textContent()).toBe('Standard 20%');
    await rate.selectOption({ label: 'Reduced 5.5%' });
    // Germany has no 5.5% rate: its standard rate on the day (16%, cut from July to December 2020) is proposed.
    await country.selectOption('Germany');
    await expect.poll(() => rate.locator('option:checked').textContent()).toBe('Standard 16%');
    expect(await rate.locator('option').allTextContents()).toEqual(['Standard 16%', 'Reduced 5%']);
    await rate.selectOption({ label: 'Reduced 5%' });
    await page.keyboard.press('Enter');
    await expect.poll(() => statusOf('DOWNLOAD SHOP MARSEILLE')).toBe('Explained');
    // 120.00 x 5 / 105 = 5.714..., to the penny.
    expect(await explanation()).toMatchObject({ ec_status: 'EC VAT MOSS', place_of_supply: 'Germany', sales_tax_value: '5.71' });
    await expect.poll(() => balanceMoved('824', before824)).toBe('-5.71');

    // Moved back to a UK sale at 20%: no place of supply, the VAT is on the UK return.
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor({ state: 'hidden' });
    await openLine('DOWNLOAD SHOP MARSEILLE', '120.00');
    await page.getByLabel('Bought or sold').selectOption({ label: 'UK or outside the EU' });
    expect(await page.getByLabel('Place of supply').count()).toBe(0);
    await page.getByLabel('VAT', { exact: true }).selectOption('20');
    await page.getByRole('button', { name: /Save and next/ }).click();
    await expect.poll(async () => (await explanation())?.ec_status).toBe('UK/Non-EC');
    expect((await explanation())?.place_of_supply).toBeUndefined();
    await expect.poll(() => balanceMoved('824', before824)).toBe('0.00');
    expect([await boxMoved(1, boxesBefore), await boxMoved(6, boxesBefore)]).toEqual(['20.00', '100.00']);

    // Undo puts the MOSS sale back whole: Germany, 5%, and 824.
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor({ state: 'hidden' });
    await grid().focus();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(async () => (await explanation())?.place_of_supply).toBe('Germany');
    expect(await explanation()).toMatchObject({ ec_status: 'EC VAT MOSS', sales_tax_value: '5.71' });
    await expect.poll(() => balanceMoved('824', before824)).toBe('-5.71');
    expect(await boxes()).toMatchObject({ 1: boxesBefore[1], 6: boxesBefore[6] });
  });

  it('does not offer MOSS on money out, nor on money in from July 2021', async () => {
    const { page } = app;
    await registerOf('MOSS Not Offered', [
      { dated_on: '2020-09-20', description: 'PRINTER SUPPLIES', amount: '-60.00' },
      { dated_on: '2021-08-02', description: 'EBOOK SALE LYON', amount: '90.00' },
    ]);
    await openLine('PRINTER SUPPLIES', '60.00');
    expect(await page.getByLabel('Bought or sold').locator('option').allTextContents()).not.toContain('Digital services to EU consumers (VAT MOSS)');
    await page.keyboard.press('Escape');
    await openLine('EBOOK SALE LYON', '90.00');
    await chooseCategory('001');
    expect(await page.getByLabel('Bought or sold').count()).toBe(0);
    expect(await page.getByLabel('Place of supply').count()).toBe(0);
    await page.keyboard.press('Escape');
  });
});
