import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftKept, leaveDialog } from './drafts';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 19 item 1 for the bank account form: what is typed is kept as a draft; leaving by Escape or by
 * another section's key asks Keep editing / Save / Discard with the focus in the question; each answer
 * does what it says; after a reload the draft is offered and opens the form as typed, for a new
 * account and for one being changed.
 */
describe('drafts of the bank account form', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    const made = await app.book.json('POST', '/v2/bank_accounts', { body: { bank_account: { type: 'StandardBankAccount', name: 'Business Current', opening_balance: '0' } } });
    expect(made.status).toBe(201);
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await app.page.reload();
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  const form = () => app.page.locator('form[aria-labelledby="bank-account-form-title"]');
  const name = () => form().getByRole('textbox', { name: 'Name', exact: true });
  const drafts = async () => (await app.book.json('GET', '/v2/drafts')).body.drafts.map((draft: { label: string }) => draft.label);
  const accountNames = async () => (await app.book.json('GET', '/v2/bank_accounts')).body.bank_accounts.map((account: { name: string }) => account.name).sort();
  const focusInQuestion = () => app.page.evaluate(() => document.activeElement?.closest('[role="alertdialog"]') != null);
  const reloadAndOpen = async (label: string) => {
    app.page.once('dialog', (question) => void question.accept());
    await app.page.reload();
    await app.page.getByRole('dialog', { name: `1 unsaved draft: ${label}` }).getByRole('button', { name: `Open the draft of ${label}` }).click();
  };

  async function newAccountTyped(typed: string) {
    const { page } = app;
    await page.keyboard.press('Alt+2');
    await page.getByRole('heading', { name: 'Banking' }).waitFor();
    await page.keyboard.press('n');
    await form().waitFor();
    await name().fill(typed);
    await draftKept(app);
    await expect.poll(drafts).toEqual([`bank account ${typed}`]);
  }

  it('Escape and Alt+1 ask with the focus in the question; Keep editing keeps what was typed', async () => {
    const { page } = app;
    await newAccountTyped('Savings Pot');
    await page.keyboard.press('Escape');
    await leaveDialog(app).waitFor();
    await expect.poll(focusInQuestion).toBe(true);
    await checkScreen(app, 'bank-account-leave-question');
    await page.keyboard.press('Escape');
    await leaveDialog(app).waitFor({ state: 'detached' });
    expect(await name().inputValue()).toBe('Savings Pot');

    await page.keyboard.press('Alt+1');
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    await leaveDialog(app).waitFor({ state: 'detached' });
    expect(await name().inputValue()).toBe('Savings Pot');
    expect(await page.getByRole('heading', { name: 'Overview' }).count()).toBe(0);
  });

  it('after a reload the new account\'s draft is offered and restored; Discard leaves no draft and no account', async () => {
    const { page } = app;
    await reloadAndOpen('bank account Savings Pot');
    await form().waitFor();
    await expect.poll(() => name().inputValue()).toBe('Savings Pot');
    await page.keyboard.press('Alt+1');
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await expect.poll(drafts).toEqual([]);
    expect(await accountNames()).toEqual(['Business Current']);
  });

  it('Save from the question adds the account; the draft is gone', async () => {
    const { page } = app;
    await newAccountTyped('Tax Reserve');
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Save' }).click();
    await form().waitFor({ state: 'detached' });
    await expect.poll(accountNames).toEqual(['Business Current', 'Tax Reserve']);
    await expect.poll(drafts).toEqual([]);
  });

  it('a change to an existing account comes back after a reload in that account\'s form', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Edit Business Current' }).click();
    await page.getByRole('heading', { name: /^Edit Business Current/ }).waitFor();
    await name().fill('Main Current');
    await draftKept(app);
    await reloadAndOpen('bank account Main Current');
    await page.getByRole('heading', { name: /^Edit Business Current/ }).waitFor();
    await expect.poll(() => name().inputValue()).toBe('Main Current');
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Save' }).click();
    await form().waitFor({ state: 'detached' });
    await expect.poll(accountNames).toEqual(['Main Current', 'Tax Reserve']);
    expect(app.problems).toEqual([]);
  });
});
