import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountWithLines, explainNewestLine } from './accounts';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 19 item 2 in the explain panel: a bank line is open in the panel with something typed while
 * the line is explained, or its explanation changed, from outside (an API write through the serve
 * door, as the CLI, a sync or another window would make). The banner names what changed, untouched
 * fields take the new values, the field typed in keeps what was typed, and Save then changes the
 * explanation made elsewhere instead of adding a second one beside it. Each test opens its own
 * book, so they run in any order.
 */
describe.shuffle('the book changing underneath the explain panel', () => {
  let app: AppSession;

  // A book of its own for each test: Banking's T opens the first account listed, which must be the test's.
  beforeEach(async () => {
    app = await openApp();
  });

  afterEach(async () => {
    await app?.close();
  });

  const banner = () => app.page.getByRole('status', { name: 'Changed elsewhere' });
  const description = () => app.page.getByRole('textbox', { name: 'Description', exact: true });
  const category = () => app.page.getByRole('combobox', { name: 'Category' });
  const lineOf = async (accountUrl: string) => (await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(accountUrl)}`)).body.bank_transactions[0];

  it('a line explained elsewhere while its panel is open: the category comes in, the description typed stays, Save changes that explanation', async () => {
    const { page } = app;
    const accountUrl = await accountWithLines(app, [{ dated_on: '2026-09-04', description: 'TRAINLINE 123', amount: '-48.00' }], { name: 'Panel One' });
    await explainNewestLine(app, 'Panel One');
    await description().fill('Train to Leeds for the audit');

    const line = await lineOf(accountUrl);
    const made = await app.book.json('POST', '/v2/bank_transaction_explanations', {
      body: { bank_transaction_explanation: { bank_transaction: line.url, category: '285', gross_value: '-48.00', description: 'Rail fare' } },
    });
    expect(made.status).toBe(201);

    await banner().waitFor();
    await expect.poll(() => category().inputValue()).toBe('Accommodation and Meals');
    expect(await description().inputValue()).toBe('Train to Leeds for the audit');
    const words = await banner().textContent();
    // en-GB writes September short as "Sept".
    expect(words).toMatch(/The line of 4 Sept? 2026 was changed elsewhere/);
    expect(words).toContain('Category now shows the new value.');
    expect(words).toContain('What you typed in Description is kept.');
    await checkScreen(app, 'changed-underneath-panel');

    await description().focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await lineOf(accountUrl)).bank_transaction_explanations.map((each: { description: string }) => each.description)).toEqual(['Train to Leeds for the audit']);
    expect((await lineOf(accountUrl)).bank_transaction_explanations[0].category).toMatch(/\/285$/);
    expect(app.problems).toEqual([]);
  });

  it('an explained line changed elsewhere: the new description comes in, the review mark ticked here stays', async () => {
    const { page } = app;
    const accountUrl = await accountWithLines(app, [{ dated_on: '2026-09-05', description: 'STAPLES 77', amount: '-30.00' }], { name: 'Panel Two' });
    const line = await lineOf(accountUrl);
    const made = await app.book.json('POST', '/v2/bank_transaction_explanations', {
      body: { bank_transaction_explanation: { bank_transaction: line.url, category: '285', gross_value: '-30.00', description: 'Paper' } },
    });
    expect(made.status).toBe(201);
    await explainNewestLine(app, 'Panel Two');
    await expect.poll(() => description().inputValue()).toBe('Paper');
    await page.getByRole('checkbox', { name: /review/i }).check();

    expect((await app.book.json('PUT', new URL(made.body.bank_transaction_explanation.url).pathname, { body: { bank_transaction_explanation: { description: 'Printer paper', marked_for_review: false } } })).status).toBe(200);
    await banner().waitFor();
    await expect.poll(() => description().inputValue()).toBe('Printer paper');
    expect(await page.getByRole('checkbox', { name: /review/i }).isChecked()).toBe(true);
    await expect.poll(() => banner().textContent()).toContain('Description now shows the new value.');
    await banner().getByRole('button', { name: 'Dismiss' }).click();
    await banner().waitFor({ state: 'detached' });
    expect(app.problems).toEqual([]);
  });
});
