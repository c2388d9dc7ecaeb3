import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chooseCategoryByCode } from './accounts';
import { eachTestStartsOnOverview } from './fresh-window';
import { openRegisterOf, ownAccountWithLines } from './named-account';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';
import { statusCell } from './register-status';

/**
 * Issue 14 item 2, a split in a foreign-currency account: a US dollar account's 100.00 line split into
 * 60.25 and 39.75. The line, the register and what is left to allocate are shown in dollars to the
 * cent (never pounds). The books are kept in pounds, so each part (and a line explained whole) also
 * asks what it is worth in GBP: the engine stores the dollars as foreign_currency_value and posts the
 * pounds. The line opens split again with the same dollar and pound amounts.
 */
// Each test makes a dollar account of its own (its split and payout saved through the API where it
// needs them saved, one change set each as the panel saves them) and starts from Overview: the tests
// run in any order.
describe.shuffle('splitting a line of a US dollar account', () => {
  let app: AppSession;
  let accountUrl: string;
  let accountName: string;

  beforeAll(async () => {
    app = await openApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  // The window size the file's tests were written at (accountWithLines's).
  eachTestStartsOnOverview(() => app, { width: 1280, height: 800 });

  // Every test ran without Content-Security-Policy violations or page errors.
  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  /** The test's own US dollar account `name` with AWS EMEA (-100.00) and STRIPE PAYOUT (250.00), its register open. */
  async function dollarAccount(name: string, explained: 'none' | 'both' = 'none'): Promise<void> {
    accountName = name;
    accountUrl = await ownAccountWithLines(app, name, [
      { dated_on: '2026-09-03', description: 'AWS EMEA', amount: '-100.00' },
      { dated_on: '2026-09-01', description: 'STRIPE PAYOUT', amount: '250.00' },
    ], { currency: 'USD', opening_balance: '1000.00' });
    if (explained === 'both') await splitAndPayoutSaved();
    await openRegisterOf(app, name);
  }

  /** A setup request that must succeed (thrown, so it is not counted as the test's assertion). */
  async function must(path: string, body: unknown, status: number): Promise<void> {
    const answer = await app.book.json('POST', path, { body });
    if (answer.status !== status) throw new Error(`POST ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }

  /**
   * What the saving test does by keys, through the API: AWS EMEA split into 60.25 (47.80 GBP) and 39.75
   * (31.54 GBP) in one batch, then the payout explained whole at 198.40 GBP; two change sets, in that order.
   */
  async function splitAndPayoutSaved(): Promise<void> {
    const { body } = await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(accountUrl)}`);
    const lineOf = (text: string) => (body.bank_transactions as { url: string; description: string }[]).find((each) => each.description.startsWith(text))!.url;
    const part = (gross: string, dollars: string) => ({ op: 'create', bank_transaction_explanation: { bank_transaction: lineOf('AWS EMEA'), category: '285', gross_value: gross, foreign_currency_value: dollars } });
    await must('/v2/bank_transaction_explanations/batch', { batch: { steps: [part('-47.80', '-60.25'), part('-31.54', '-39.75')] } }, 200);
    await must('/v2/bank_transaction_explanations', { bank_transaction_explanation: { bank_transaction: lineOf('STRIPE PAYOUT'), category: '001', gross_value: '198.40', foreign_currency_value: '250.00' } }, 201);
  }

  /** The newest line (AWS EMEA) opened and split by keys into 60.25 and 39.75, both parts in 285, as the first test does it. */
  async function splitTyped(): Promise<void> {
    const { page } = app;
    await grid().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor();
    await page.getByRole('combobox', { name: 'Category' }).focus();
    await chooseCategory('285');
    await page.keyboard.press('Alt+s');
    await part(2).waitFor();
    await expect.poll(focusedId).toMatch(/^split-amount-/);
    await page.keyboard.type('60.25');
    await part(2).getByRole('combobox', { name: 'Category' }).focus();
    await chooseCategory('285');
    await amount(2).focus();
    await page.keyboard.type('39.75');
    await expect.poll(() => left().textContent()).toBe('Nothing left to allocate');
  }

  const grid = () => app.page.getByRole('grid', { name: `Transactions of ${accountName}` });
  const cells = async () => (await grid().locator('[role=row][aria-rowindex="2"] [role=gridcell]').allTextContents()).map((text) => text.trim());
  const part = (n: number) => app.page.getByRole('group', { name: `Part ${n}` });
  const amount = (n: number) => part(n).locator('input[id^="split-amount-"]');
  const left = () => app.page.getByRole('status').filter({ hasText: /allocate|more than the line/ });
  const focusedId = () => app.page.evaluate(() => document.activeElement?.id ?? '');
  const chooseCategory = (code: string) => chooseCategoryByCode(app, code);
  /** [foreign_currency_value, gross_value] of each explanation, as the engine holds them. */
  const explanations = async () => {
    const { body } = await app.book.json('GET', `/v2/bank_transaction_explanations?bank_account=${encodeURIComponent(accountUrl)}`);
    return (body.bank_transaction_explanations as { gross_value: string; foreign_currency_value: string }[]).map((each) => [each.foreign_currency_value, each.gross_value]).sort();
  };
  const native = (n: number) => part(n).locator('input[id^="split-native-"]');

  it('shows the line, each part and what is left in dollars to the cent', async () => {
    const { page } = app;
    await dollarAccount('Dollar Shows');
    expect((await cells()).slice(0, 6)).toEqual(['3 Sept 2026', 'AWS EMEA', '', 'US$100.00', 'US$1,150.00', 'Unexplained']);
    await grid().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor();
    expect(await page.locator('.explain .line .money').textContent()).toBe('-US$100.00');

    await page.getByRole('combobox', { name: 'Category' }).focus();
    await chooseCategory('285');
    await page.keyboard.press('Alt+s');
    await part(2).waitFor();
    await expect.poll(focusedId).toMatch(/^split-amount-/);
    expect(await left().textContent()).toBe('US$100.00 left to allocate');
    await page.keyboard.type('60.25');
    await expect.poll(() => left().textContent()).toBe('US$39.75 left to allocate');

    await part(2).getByRole('combobox', { name: 'Category' }).focus();
    await chooseCategory('285');
    await amount(2).focus();
    await page.keyboard.type('39.76');
    await expect.poll(() => left().textContent()).toBe('US$0.01 more than the line');
    expect(await page.getByRole('button', { name: /Save and next/ }).isDisabled()).toBe(true);
    await page.keyboard.press('Backspace');
    await page.keyboard.type('5');
    await expect.poll(() => left().textContent()).toBe('Nothing left to allocate');
    await checkScreen(app, 'register-explain-split-usd');
  });

  it('asks each part its value in GBP, saves the dollars and the pounds, then explains a line whole with its GBP value', async () => {
    const { page } = app;
    await dollarAccount('Dollar Saves');
    await splitTyped();
    // Part 1's value in pounds is given, part 2's is not: nothing is saved and the sentence is at the field.
    await native(1).focus();
    await page.keyboard.type('47.80');
    await amount(2).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => native(2).getAttribute('aria-invalid')).toBe('true');
    expect(await part(2).getByText('Value in GBP is needed for every part: what it is worth in GBP.').count()).toBe(1);
    expect(await explanations()).toEqual([]);

    await native(2).focus();
    await page.keyboard.type('31.54');
    await page.keyboard.press('Enter');
    await expect.poll(async () => await statusCell(grid(), grid().locator('[role=row][aria-rowindex="2"]'))).toBe('Explained');
    expect(await explanations()).toEqual([
      ['-39.75', '-31.54'],
      ['-60.25', '-47.8'],
    ]);

    // The panel moves on to the payout, explained whole: its dollars from the line, its pounds as typed.
    await expect.poll(() => page.locator('.explain .line .money').textContent()).toBe('US$250.00');
    await page.getByRole('combobox', { name: 'Category' }).focus();
    await chooseCategory('001');
    const value = page.getByLabel('Value in GBP');
    await value.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => value.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#explain-native-value-error').textContent()).toContain('Value in GBP is needed');
    await page.keyboard.type('198.40');
    await page.keyboard.press('Enter');
    await page.getByText('No more unexplained lines below this one.').waitFor();
    expect(await explanations()).toContainEqual(['250.0', '198.4']);
  });

  it('opens the split line with the same dollar and pound amounts', async () => {
    const { page } = app;
    await dollarAccount('Dollar Reopens', 'both');
    await grid().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await part(2).waitFor();
    expect(await page.locator('.explain .line .money').textContent()).toBe('-US$100.00');
    expect([await amount(1).inputValue(), await amount(2).inputValue()]).toEqual(['60.25', '39.75']);
    expect([await native(1).inputValue(), await native(2).inputValue()]).toEqual(['47.80', '31.54']);
    expect(await left().textContent()).toBe('Nothing left to allocate');
  });

  it('explains the lines of a dollar account one at a time, saying why', async () => {
    const { page } = app;
    await dollarAccount('Dollar Several', 'both');
    await grid().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Space');
    await expect.poll(() => grid().locator('[role=row][aria-selected="true"]').count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect.poll(() => grid().locator('[role=row][aria-selected="true"]').count()).toBe(2);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Explain 2 lines' }).waitFor();
    expect(await page.getByRole('note').filter({ hasText: 'explained one at a time' }).textContent()).toContain('each needs its own value in GBP');
    expect(await page.getByRole('button', { name: /Save and next/ }).isDisabled()).toBe(true);
    await checkScreen(app, 'register-explain-usd-several');
  });

  it('undoes the payout and the split, and redoes the split with its dollars and pounds', async () => {
    const { page } = app;
    await dollarAccount('Dollar Undone', 'both');
    await grid().focus();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(explanations).toEqual([
      ['-39.75', '-31.54'],
      ['-60.25', '-47.8'],
    ]);
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(explanations).toEqual([]);
    await expect.poll(async () => await statusCell(grid(), grid().locator('[role=row][aria-rowindex="2"]'))).toBe('Unexplained');
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await expect.poll(explanations).toEqual([
      ['-39.75', '-31.54'],
      ['-60.25', '-47.8'],
    ]);
    await expect.poll(async () => await statusCell(grid(), grid().locator('[role=row][aria-rowindex="2"]'))).toBe('Explained');
  });
});
