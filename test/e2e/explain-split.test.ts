import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chooseCategoryByCode } from './accounts';
import { eachTestStartsOnOverview } from './fresh-window';
import { accountOfItsOwn, explainNewestLineOf, linesOf, openRegisterOf, registerOf, splitThroughTheApi, type OwnAccount } from './own-account';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';
import { statusCell } from './register-status';

/**
 * Issue 14 item 2, a split: one bank line explained in several parts from the keyboard, the amount
 * left to allocate shown as it is typed and Save held back until the parts make the line to the penny;
 * the parts go to the engine as one request, so a part it refuses leaves the line as it was (nothing
 * saved, nothing changed), with its sentence at its field; one Ctrl+Z takes every part off and a redo puts them back; a split line opens split.
 */
// Each test makes its own account with the lines it needs (a split saved before it, through the API),
// and starts on Overview, so they run in any order.
describe.shuffle('splitting a bank line into several explanations', () => {
  let app: AppSession;
  let account: OwnAccount;

  const STAPLES = { dated_on: '2026-09-03', description: 'STAPLES OFFICE', amount: '-100.00' };
  const CAFE = { dated_on: '2026-09-02', description: 'CAFE NERO', amount: '-12.50' };
  /** The split the first test makes from the keyboard, as saved before a later test. */
  const STAPLES_SPLIT = [
    { gross_value: '-60.00', category: '250', description: 'STAPLES OFFICE' },
    { gross_value: '-40.00', category: '285', description: 'Team lunch' },
  ];

  beforeAll(async () => {
    app = await openApp();
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

  /** An account of the test's own with `lines`; `splits` are saved on the lines named, in order, each as one request. */
  async function accountWith(lines: (typeof STAPLES)[], splits: [string, Parameters<typeof splitThroughTheApi>[2]][] = []): Promise<void> {
    account = await accountOfItsOwn(app, 'Split', lines, { opening_balance: '500.00' });
    for (const [description, parts] of splits) {
      const line = (await linesOf(app, account)).find((each) => each.description.startsWith(description))!;
      await splitThroughTheApi(app, line, parts);
    }
  }

  const grid = () => registerOf(app, account);
  const status = async (row: number) => statusCell(grid(), grid().locator(`[role=row][aria-rowindex="${row + 2}"]`));
  const part = (n: number) => app.page.getByRole('group', { name: `Part ${n}` });
  const amount = (n: number) => part(n).locator('input[id^="split-amount-"]');
  const left = () => app.page.getByRole('status').filter({ hasText: /allocate|more than the line/ });
  const save = () => app.page.getByRole('button', { name: /Save and next/ });
  /** The explanations on a line, as the engine holds them: [gross, description] newest last. */
  const explanations = async (description: string) => {
    const line = (await linesOf(app, account)).find((each) => each.description.startsWith(description))!;
    return (line.bank_transaction_explanations as { gross_value: string; description: string }[]).map((each) => [each.gross_value, each.description]).sort();
  };
  const focusedId = () => app.page.evaluate(() => document.activeElement?.id ?? '');
  /** Tab, as a person does, until the field wanted has the focus (a picker's ▾ button is a stop too). */
  const tabTo = async (prefix: string) => {
    for (let presses = 0; presses < 4 && !(await focusedId()).startsWith(prefix); presses += 1) await app.page.keyboard.press('Tab');
    expect(await focusedId()).toMatch(new RegExp(`^${prefix}`));
  };
  const chooseCategory = (code: string) => chooseCategoryByCode(app, code);

  /** CAFE NERO's split as the refused-part test leaves it saved. */
  const CAFE_SPLIT = [
    { gross_value: '-10.00', category: '285', description: 'CAFE NERO' },
    { gross_value: '-2.50', category: '250' },
  ];

  it('splits from the keyboard, shows what is left and holds Save until the parts make the line', async () => {
    const { page } = app;
    await accountWith([STAPLES]);
    await explainNewestLineOf(app, account);

    // The category chosen first becomes part 1; Alt+S splits and puts the focus on its amount.
    await page.getByRole('combobox', { name: 'Category' }).focus();
    await chooseCategory('250');
    await page.keyboard.press('Alt+s');
    await part(2).waitFor();
    // The part's picker shows the category's name once it has read the chart.
    await expect.poll(() => part(1).getByRole('combobox', { name: 'Category' }).inputValue()).toBe('Office Costs');
    await expect.poll(focusedId).toMatch(/^split-amount-/);
    expect(await left().textContent()).toBe('£100.00 left to allocate');
    expect(await save().isDisabled()).toBe(true);

    await page.keyboard.type('60');
    await expect.poll(() => left().textContent()).toBe('£40.00 left to allocate');
    // Tab goes on to part 2: its category, description, VAT, amount.
    await page.keyboard.press('Tab');
    expect(await focusedId()).toMatch(/^split-category-/);
    await chooseCategory('285');
    await tabTo('split-description-');
    await page.keyboard.type('Team lunch');
    await tabTo('split-vat-');
    await tabTo('split-amount-');
    await page.keyboard.type('45');
    await expect.poll(() => left().textContent()).toBe('£5.00 more than the line');
    expect(await save().isDisabled()).toBe(true);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('40.00');
    await expect.poll(() => left().textContent()).toBe('Nothing left to allocate');
    expect(await save().isDisabled()).toBe(false);

    // A third part takes what is left (nothing here) and can be removed again.
    await page.keyboard.press('Alt+n');
    await part(3).waitFor();
    expect(await focusedId()).toMatch(/^split-category-/);
    await page.getByRole('button', { name: 'Remove part 3' }).click();
    await expect.poll(() => part(3).count()).toBe(0);
    await checkScreen(app, 'register-explain-split');
  });

  it('saves every part with Enter and moves to the next unexplained line', async () => {
    const { page } = app;
    await accountWith([STAPLES, CAFE]);
    await explainNewestLineOf(app, account);
    // The first test's split, typed the same way: 60 to office costs, 40 to a team lunch.
    await page.getByRole('combobox', { name: 'Category' }).focus();
    await chooseCategory('250');
    await page.keyboard.press('Alt+s');
    await part(2).waitFor();
    await expect.poll(() => part(1).getByRole('combobox', { name: 'Category' }).inputValue()).toBe('Office Costs');
    await expect.poll(focusedId).toMatch(/^split-amount-/);
    await page.keyboard.type('60');
    await page.keyboard.press('Tab');
    await chooseCategory('285');
    await tabTo('split-description-');
    await page.keyboard.type('Team lunch');
    await tabTo('split-vat-');
    await tabTo('split-amount-');
    await page.keyboard.type('40.00');
    await expect.poll(() => left().textContent()).toBe('Nothing left to allocate');

    await amount(2).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => status(0)).toBe('Explained');
    expect(await explanations('STAPLES')).toEqual([
      ['-40.0', 'Team lunch'],
      ['-60.0', 'STAPLES OFFICE'],
    ]);
    // The panel has moved on to the café line.
    await expect.poll(() => page.locator('.explain .line .money').textContent()).toBe('-£12.50');
    // ...and shows it as one line to explain, not the split just saved.
    await expect.poll(() => page.getByRole('combobox', { name: 'Category' }).count()).toBe(1);
  });

  it('keeps nothing when the engine refuses a part, and says why at that part', async () => {
    const { page } = app;
    await accountWith([CAFE]);
    await explainNewestLineOf(app, account);
    await page.getByRole('combobox', { name: 'Category' }).focus();
    await chooseCategory('285');
    await page.keyboard.press('Alt+s');
    await part(2).waitFor();
    await page.keyboard.type('10');
    // Part 2 gets an amount but no category: the engine refuses it after part 1 was saved.
    await amount(2).fill('2.50');
    await expect.poll(() => left().textContent()).toBe('Nothing left to allocate');
    await page.keyboard.press('Enter');
    await expect.poll(() => part(2).getByText(/^Category is required/).count()).toBe(1);
    expect(await explanations('CAFE')).toEqual([]);
    // The register reads its lines again after the parts saved first are taken off.
    await expect.poll(() => status(0)).toBe('Unexplained');
    expect(await part(2).getByRole('combobox', { name: 'Category' }).getAttribute('aria-invalid')).toBe('true');
    expect(await focusedId()).toMatch(/^split-category-/);
    expect(await part(1).getByText(/required/).count()).toBe(0);
    await checkScreen(app, 'register-explain-split-refused');

    // Given its category, it saves.
    await chooseCategory('250');
    await tabTo('split-description-');
    await page.keyboard.press('Enter');
    await expect.poll(() => status(0)).toBe('Explained');
    expect(await explanations('CAFE')).toEqual([
      ['-10.0', 'CAFE NERO'],
      ['-2.5', ''],
    ]);
  });

  it('undoes the whole split with one Ctrl+Z, redoes it, and opens a split line split', async () => {
    const { page } = app;
    // Staples split and then the café split, each saved as one request: the café's is the latest edit.
    await accountWith([STAPLES, CAFE], [['STAPLES', STAPLES_SPLIT], ['CAFE', CAFE_SPLIT]]);
    await openRegisterOf(app, account);
    await expect.poll(() => status(1)).toBe('Explained');
    expect(await status(0)).toBe('Explained');
    await grid().focus();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => status(1)).toBe('Unexplained');
    expect(await explanations('CAFE')).toEqual([]);
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => status(0)).toBe('Unexplained');
    expect(await explanations('STAPLES')).toEqual([]);

    await page.keyboard.press('ControlOrMeta+Shift+z');
    await expect.poll(() => status(0)).toBe('Explained');
    expect(await explanations('STAPLES')).toEqual([
      ['-40.0', 'Team lunch'],
      ['-60.0', 'STAPLES OFFICE'],
    ]);

    await grid().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await part(2).waitFor();
    expect(await amount(1).inputValue()).toBe('60.00');
    expect(await amount(2).inputValue()).toBe('40.00');
    expect(await part(2).getByLabel('Description').inputValue()).toBe('Team lunch');
    expect(await left().textContent()).toBe('Nothing left to allocate');
    expect(app.problems).toEqual([]);
  });

  it('sends a changed split as one request: refused at its last part, the parts before it stay as they were', async () => {
    const { page } = app;
    await accountWith([STAPLES, CAFE], [['STAPLES', STAPLES_SPLIT]]);
    await openRegisterOf(app, account);
    await expect.poll(() => status(0)).toBe('Explained');
    await grid().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await part(2).waitFor();
    // Part 1 shrinks (a step the engine runs first), and a new part 3 takes the £10 left but no category.
    await amount(1).fill('50');
    await page.keyboard.press('Alt+n');
    await part(3).waitFor();
    await expect.poll(() => left().textContent()).toBe('Nothing left to allocate');
    await amount(2).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => part(3).getByText(/^Category is required/).count()).toBe(1);
    // Nothing of the batch was kept: part 1 is still £60 in the book, and there is no third part.
    expect(await explanations('STAPLES')).toEqual([
      ['-40.0', 'Team lunch'],
      ['-60.0', 'STAPLES OFFICE'],
    ]);
    expect(await part(1).getByText(/required/).count()).toBe(0);
    expect(app.problems).toEqual([]);
  });
});
