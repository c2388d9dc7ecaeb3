import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { leaveDialog } from './drafts';
import { eachTestStartsOnOverview } from './fresh-window';
import { contrastOf, layoutProblems, pageLuminance } from './layout';
import { openApp, type AppSession } from './session';

/** The accounts as the engine holds them, to check that what the screen says was really saved. */
async function storedAccounts(app: AppSession): Promise<{ url: string; name: string; opening_balance: string; sort_code?: string; is_primary: boolean }[]> {
  const { status, body } = await app.book.json('GET', '/v2/bank_accounts');
  expect(status).toBe(200);
  return body.bank_accounts;
}

// Each test makes the accounts it needs (or clears them all, for the first account's story) and opens
// Banking afresh, so the tests run in any order (scripts/e2e.mjs prints the seed to replay one).
describe.shuffle('banking in browser mode', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  eachTestStartsOnOverview(() => app);

  // Every test ran without Content-Security-Policy violations or page errors.
  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  const form = () => app.page.locator('form[aria-labelledby="bank-account-form-title"]');
  const rows = () => app.page.getByRole('table', { name: 'Bank accounts' }).locator('tbody tr');
  const rowNamed = (name: string) => rows().filter({ has: app.page.locator('.name', { hasText: new RegExp(`^${name}$`) }) });

  /** An account entered through the API (a pound current account unless `fields` say otherwise); answers its url. */
  async function addAccount(name: string, fields: Record<string, unknown> = {}): Promise<string> {
    const created = await app.book.json('POST', '/v2/bank_accounts', { body: { bank_account: { type: 'StandardBankAccount', name, opening_balance: '0', ...fields } } });
    expect(created.status).toBe(201);
    return created.body.bank_account.url;
  }

  /** The book without bank accounts, as a new company has it (no test here gives an account transactions). */
  async function clearAccounts(): Promise<void> {
    for (const account of await storedAccounts(app)) {
      expect((await app.book.json('DELETE', new URL(account.url).pathname)).status).toBe(200);
    }
  }

  /** The names the engine now holds for these accounts, in the order given. */
  async function namesOf(urls: string[]): Promise<string[]> {
    const byUrl = new Map((await storedAccounts(app)).map((account) => [account.url, account.name]));
    return urls.map((url) => byUrl.get(url) ?? '(gone)');
  }

  /** Banking opened with Alt+2 from Overview, its list read (`waitFor`: an account it must show). */
  async function openBanking(waitFor?: string): Promise<void> {
    await app.page.keyboard.press('Alt+2');
    await app.page.getByRole('heading', { name: 'Banking' }).waitFor();
    if (waitFor) await rowNamed(waitFor).waitFor();
  }

  it('opens Banking with Alt+2 and says there are no accounts yet', async () => {
    await clearAccounts();
    await openBanking();
    await app.page.getByText('No bank accounts yet.').waitFor();
    expect(await storedAccounts(app)).toEqual([]);
  });

  it('adds an account from the keyboard: N, type, Tab between fields, Enter to save', async () => {
    // The first account of a book: it becomes the primary one.
    await clearAccounts();
    await openBanking();
    const { page } = app;
    await page.getByText('No bank accounts yet.').waitFor();
    await page.keyboard.press('n');
    await form().waitFor();
    // The name field has the focus as soon as the form opens.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('bank-account-name');
    expect(await page.getByLabel('Currency').inputValue()).toBe('GBP');

    await page.keyboard.type('Business Current Account');
    await page.keyboard.press('Tab'); // type stays "Bank account"
    await page.keyboard.press('Tab'); // currency stays the company's
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('1250.50');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Example Bank');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12 34 56');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12345678');
    await app.screenshot('banking-new-form');
    await page.keyboard.press('Enter');

    await form().waitFor({ state: 'detached' });
    const row = rowNamed('Business Current Account');
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    // The only row is the selected one, so its Edit button shows the E shortcut.
    expect(cells.map((text) => text.trim())).toEqual(['Business Current Account Primary', 'Bank account', '12-34-56  12345678', 'Example Bank', '£1,250.50', 'Transactions T Edit E']);
    await page.getByRole('status').getByText('Added Business Current Account.').waitFor();
    await app.screenshot('banking-created');

    expect(await storedAccounts(app)).toMatchObject([{ name: 'Business Current Account', opening_balance: '1250.5', sort_code: '12-34-56', is_primary: true }]);
  });

  it('right-aligns balances in tabular figures', async () => {
    await addAccount('Aligned Figures Account', { opening_balance: '1250.50' });
    await openBanking('Aligned Figures Account');
    const cell = rowNamed('Aligned Figures Account').locator('td.numeric');
    const style = await cell.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { align: computed.textAlign, figures: computed.fontVariantNumeric };
    });
    expect(style).toEqual({ align: 'right', figures: 'tabular-nums' });
  });

  it('shows the engine\'s sort code error under the sort code field, with the mouse', async () => {
    await addAccount('Neighbouring Account');
    await openBanking('Neighbouring Account');
    const before = (await storedAccounts(app)).length;
    const { page } = app;
    await page.getByRole('button', { name: /New bank account/ }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Savings Account');
    await page.getByLabel('Sort code').click();
    await page.getByLabel('Sort code').fill('12345');
    await form().getByRole('button', { name: /Save/ }).click();

    const sortCode = page.getByLabel('Sort code');
    const error = page.locator('#bank-account-sort_code-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Sort code must be a 6-digit sort code or 9-digit routing number.');
    // Next to the field: in the same field block, named by the input's aria-describedby, and focused.
    expect(await sortCode.getAttribute('aria-invalid')).toBe('true');
    expect(await sortCode.getAttribute('aria-describedby')).toContain('bank-account-sort_code-error');
    expect(await error.evaluate((element) => element.parentElement?.querySelector('input')?.id)).toBe('bank-account-sort_code');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('bank-account-sort_code');
    await app.screenshot('banking-sort-code-error');
    expect(await storedAccounts(app)).toHaveLength(before);

    // Correcting the field withdraws the complaint; saving with the mouse adds the account.
    await sortCode.fill('40-11-62');
    await error.waitFor({ state: 'detached' });
    await form().getByRole('button', { name: /Save/ }).click();
    await rowNamed('Savings Account').waitFor();
    expect(await rows().count()).toBe(before + 1);
    expect(await rowNamed('Savings Account').locator('td.numeric').textContent()).toBe('£0.00');
  });

  it('says a blank name can\'t be saved, next to the name', async () => {
    await openBanking();
    const { page } = app;
    await page.keyboard.press('n');
    await form().waitFor();
    await page.keyboard.press('Enter');
    const error = page.locator('#bank-account-name-error');
    await error.waitFor();
    expect(await error.textContent()).toBe("Name can't be blank.");
    await page.keyboard.press('Escape');
    await form().waitFor({ state: 'detached' });
  });

  it('cancels a new account with Escape (asked first, then discarded), saving nothing', async () => {
    await addAccount('Cancel Neighbour');
    await openBanking('Cancel Neighbour');
    const before = (await storedAccounts(app)).length;
    expect(await rows().count()).toBe(before);
    const { page } = app;
    await page.keyboard.press('n');
    await form().waitFor();
    await page.keyboard.type('Never saved');
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await form().waitFor({ state: 'detached' });
    expect(await rows().count()).toBe(before);
    expect(await storedAccounts(app)).toHaveLength(before);
  });

  it('asks before a new form replaces a half-filled one, and refuses a second account of the same name at the field', async () => {
    await addAccount('Holiday Savings');
    await openBanking('Holiday Savings');
    const before = (await storedAccounts(app)).length;
    const { page } = app;
    const name = () => page.getByRole('textbox', { name: 'Name', exact: true });
    await page.keyboard.press('n');
    await form().waitFor();
    await page.keyboard.type('Half typed');
    await page.getByRole('button', { name: /New bank account/ }).click();
    const ask = leaveDialog(app);
    await ask.waitFor();
    await app.screenshot('banking-discard-ask');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(await name().inputValue()).toBe('Half typed');
    await page.getByRole('button', { name: /New bank account/ }).click();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => name().inputValue()).toBe('');

    // The name of an existing account, in other case and with spaces: refused at the name field.
    await name().fill('  holiday SAVINGS ');
    await form().getByRole('button', { name: /Save/ }).click();
    const error = page.locator('#bank-account-name-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Name is already the name of another bank account (Holiday Savings); give this one a name of its own, so the two can be told apart.');
    expect(await storedAccounts(app)).toHaveLength(before);
    await page.keyboard.press('Escape');
    await ask.getByRole('button', { name: 'Discard' }).click();
    await form().waitFor({ state: 'detached' });
  });

  it('edits an account name with the mouse and the keyboard', async () => {
    // The primary account, and the one entered just after it (the next row down).
    const everyday = await addAccount('Everyday Account', { opening_balance: '1250.5', sort_code: '12-34-56', account_number: '12345678', is_primary: true });
    const rainyDay = await addAccount('Rainy Day Account');
    await openBanking('Rainy Day Account');
    const { page } = app;
    await page.getByRole('button', { name: 'Edit Everyday Account' }).click();
    await page.getByRole('heading', { name: 'Edit Everyday Account' }).waitFor();
    expect(await page.getByLabel('Sort code').inputValue()).toBe('12-34-56');
    // The stored "1250.5" is shown with the currency's two decimal places.
    expect(await page.getByLabel('Opening balance').inputValue()).toBe('1250.50');
    // The primary account stays primary until another one takes over.
    expect(await page.getByLabel('Primary account').isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Main Current Account');
    await app.screenshot('banking-edit-form');
    await page.keyboard.press('Enter');
    await form().waitFor({ state: 'detached' });
    await rowNamed('Main Current Account').waitFor();
    await page.getByRole('status').getByText('Saved Main Current Account.').waitFor();
    expect(await namesOf([everyday, rainyDay])).toEqual(['Main Current Account', 'Rainy Day Account']);

    // Keyboard: ↓ selects the next row, E opens it, Enter saves.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('e');
    await page.getByRole('heading', { name: 'Edit Rainy Day Account' }).waitFor();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Reserve Account');
    await page.keyboard.press('Enter');
    await rowNamed('Reserve Account').waitFor();
    expect(await namesOf([everyday, rainyDay])).toEqual(['Main Current Account', 'Reserve Account']);
    await app.screenshot('banking-edited');
  });

  it('opens an account\'s transactions with Enter or a double-click, while E still edits (issue 19 item 5)', async () => {
    await addAccount('Teller Current Account');
    await addAccount('Teller Reserve Account');
    await openBanking('Teller Reserve Account');
    const { page } = app;
    // Reserve is chosen with ↓ from the first row (the selected one until another is chosen).
    const target = (await rows().locator('.name').allTextContents()).map((text) => text.trim()).indexOf('Teller Reserve Account');
    for (let step = 0; step < target; step += 1) await page.keyboard.press('ArrowDown');
    await expect.poll(() => rowNamed('Teller Reserve Account').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Teller Reserve Account', level: 1 }).waitFor();
    await page.getByRole('grid', { name: 'Transactions of Teller Reserve Account' }).waitFor();
    await page.keyboard.press('Escape');
    await rowNamed('Teller Current Account').dblclick();
    await page.getByRole('grid', { name: 'Transactions of Teller Current Account' }).waitFor();
    await page.keyboard.press('Escape');
    await rowNamed('Teller Current Account').waitFor();
    expect(await form().count()).toBe(0);
  });

  it('looks right in the dark colour scheme too: readable, nothing cut off', async () => {
    const { page } = app;
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.keyboard.press('Alt+2');
    await page.getByRole('button', { name: /New bank account/ }).click();
    await form().waitFor();
    // The scheme took: the page is dark, so what follows is measured in dark, not in light.
    expect(await pageLuminance(page)).toBeLessThan(0.05);
    // WCAG AA (4.5:1) for the text a person reads and acts on in the form and the table behind it.
    const named = {
      title: page.getByRole('heading', { name: 'New bank account' }),
      nameLabel: form().locator('label[for="bank-account-name"]'),
      nameField: page.locator('#bank-account-name'),
      save: form().getByRole('button', { name: /Save/ }),
      cancel: form().getByRole('button', { name: /Cancel/ }),
      pageHeading: page.getByRole('heading', { name: 'Banking' }),
    };
    const contrasts = Object.fromEntries(await Promise.all(Object.entries(named).map(async ([key, locator]) => [key, await contrastOf(locator)] as const)));
    for (const [key, ratio] of Object.entries(contrasts)) expect(ratio, key).toBeGreaterThanOrEqual(4.5);
    expect(await layoutProblems(page)).toEqual([]);
    // A picture for a person to look at; the assertions above are the test.
    await app.screenshot('banking-dark');
    await page.keyboard.press('Escape');
    await form().waitFor({ state: 'detached' });
    await page.emulateMedia({ colorScheme: 'light' });
  });
});
