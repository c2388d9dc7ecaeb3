import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ofx, reviewedUpload } from '../engine/statement-review-helpers';
import { chooseCategoryByCode } from './accounts';
import { eachTestStartsOnOverview } from './fresh-window';
import { openRegisterOf, ownAccountWithLines } from './named-account';
import { checkScreen } from './screens';
import { leaveDialog } from './drafts';
import { openApp, type AppSession } from './session';

/**
 * Reconcile to the statement (issue 22 item 4) as a person does it: from the register (R), the
 * statement's date and closing balance typed, the difference shown with the lines that make it, a
 * cheque not yet on the statement unticked (Space), Ctrl+Enter marks the lines reconciled, Ctrl+Z
 * takes it back; a reconciled line asks before its explanation changes; the next statement's
 * balance is offered from the imported file.
 */
// Reconciling is an account's: each test makes an account of its own (a name of its own, so the
// screen's words and the report's file name are its own too), with October reconciled through the API
// where it needs that done, and starts from Overview; the tests run in any order.
describe.shuffle('reconciling a bank account to its statement', () => {
  let app: AppSession;
  let accountUrl: string;
  let name: string;

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

  /** The test's own account `accountName` with October's statement lines, its register open. */
  async function ownAccount(accountName: string): Promise<void> {
    name = accountName;
    accountUrl = await ownAccountWithLines(
      app,
      name,
      [
        { dated_on: '2026-10-02', description: 'ACME LTD INVOICE 1001', amount: '1500.00' },
        { dated_on: '2026-10-05', description: 'CARD PAYMENT TESCO', amount: '-12.34' },
        { dated_on: '2026-10-15', description: 'DD BRITISH GAS', amount: '-80.00' },
        { dated_on: '2026-10-30', description: 'CHQ 000123', amount: '-250.00' },
        { dated_on: '2026-11-02', description: 'CARD PAYMENT SHELL', amount: '-40.00' },
      ],
      { opening_balance: '1000.00' },
    );
  }

  /** The statement to 31 Oct 2026 reconciled through the API, as done on an earlier day: the cheque is not on it. */
  async function octoberReconciled(): Promise<void> {
    const ticked = (await lines()).filter((each) => each.dated_on <= '2026-10-31' && !each.description.startsWith('CHQ 000123/')).map((each) => each.url);
    const made = await app.book.json('POST', '/v2/bank_reconciliations', {
      body: { bank_reconciliation: { bank_account: accountUrl, statement_date: '2026-10-31', closing_balance: '2407.66', bank_transactions: ticked } },
    });
    if (made.status !== 201) throw new Error(`October not reconciled: ${JSON.stringify(made.body)}`);
  }

  /** R on the open register, the statement of 31 Oct 2026 at 2,407.66 typed, the cheque unticked (Space), Ctrl+Enter. */
  async function reconcileOctoberByKeys(): Promise<void> {
    const { page } = app;
    await page.keyboard.press('r');
    await page.getByRole('heading', { name: `Reconcile ${name}` }).waitFor();
    await page.getByRole('textbox', { name: 'Statement date' }).focus();
    await page.keyboard.type('31/10/2026');
    await page.keyboard.press('Tab');
    await page.keyboard.type('2,407.66');
    await page.keyboard.press('Tab');
    await expect.poll(difference).toBe('£250.00');
    await page.getByRole('checkbox', { name: /CHQ 000123/ }).focus();
    await page.keyboard.press('Space');
    await expect.poll(difference).toBe('£0.00');
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByText(`Reconciled ${name} to the statement of 31 Oct 2026.`).waitFor();
    await page.getByRole('table', { name: 'Reconciled statements' }).getByRole('cell', { name: '31 Oct 2026', exact: true }).waitFor();
  }

  const difference = () => app.page.getByTestId('reconcile-difference').textContent();
  const reconciliations = async () => (await app.book.json('GET', `/v2/bank_reconciliations?bank_account=${encodeURIComponent(accountUrl)}`)).body.bank_reconciliations as any[];
  const lines = async () => (await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(accountUrl)}`)).body.bank_transactions as any[];
  const line = async (text: string) => (await lines()).find((each) => each.description.startsWith(`${text}/`));

  it('shows the difference and the lines that make it, and marks them reconciled when it is nil', async () => {
    const { page } = app;
    await ownAccount('Reconcile Shows');
    await openRegisterOf(app, name);
    await page.keyboard.press('r');
    await page.getByRole('heading', { name: `Reconcile ${name}` }).waitFor();

    await page.getByRole('textbox', { name: 'Statement date' }).focus();
    await page.keyboard.type('31/10/2026');
    await page.keyboard.press('Tab');
    await page.keyboard.type('2,407.66');
    await page.keyboard.press('Tab');
    // The book holds the cheque of 30 Oct, which the bank has not paid yet: £250.00 apart.
    await expect.poll(difference).toBe('£250.00');
    await page.getByText('The statement shows £250.00 more than the lines ticked').waitFor();
    expect(await page.getByRole('button', { name: /Mark 4 lines reconciled/ }).isDisabled()).toBe(true);
    const listed = await page.getByRole('table', { name: 'Lines up to the statement date' }).getByRole('row').allTextContents();
    expect(listed).toHaveLength(5);
    await checkScreen(app, 'reconcile-difference');

    let previews = 0;
    page.on('request', (request) => {
      if (request.url().includes('/v2/bank_reconciliations/preview')) previews += 1;
    });
    await page.getByRole('checkbox', { name: /CHQ 000123/ }).focus();
    await page.keyboard.press('Space');
    await expect.poll(difference).toBe('£0.00');
    await page.getByText('The statement and the book agree').waitFor();
    const asked = previews;
    await checkScreen(app, 'reconcile-agree');
    // Each answer is not a reason to ask again: nothing changed while the screens were taken.
    expect(previews).toBe(asked);

    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByText(`Reconciled ${name} to the statement of 31 Oct 2026.`).waitFor();
    await page.getByRole('table', { name: 'Reconciled statements' }).getByRole('cell', { name: '31 Oct 2026', exact: true }).waitFor();
    const [made] = await reconciliations();
    expect(made).toMatchObject({ statement_date: '2026-10-31', closing_balance: '2407.66', transaction_count: 3 });
    expect((await line('CHQ 000123')).reconciled_on).toBeUndefined();
    expect((await line('DD BRITISH GAS')).reconciled_on).toBe('2026-10-31');
    await checkScreen(app, 'reconcile-history');
  });

  it('asks before leaving a statement date and balance typed, and keeps them on Keep editing', async () => {
    // They were lost to Esc or ← Transactions without a question.
    const { page } = app;
    await ownAccount('Reconcile Leaves');
    await openRegisterOf(app, name);
    await page.keyboard.press('r');
    await page.getByRole('heading', { name: `Reconcile ${name}` }).waitFor();
    await page.getByRole('textbox', { name: 'Statement date' }).fill('31/10/2026');
    await page.getByRole('textbox', { name: 'Closing balance on the statement' }).fill('2,407.66');
    await page.getByRole('button', { name: /← Transactions/ }).click();
    // What is typed is kept as a draft of the account's reconciliation (drafts-reconcile), and the question says so.
    await leaveDialog(app).getByText(`The reconciliation of ${name} has changes that are not saved yet. They are kept as a draft until you save or discard them.`).waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    expect(await page.getByRole('textbox', { name: 'Closing balance on the statement' }).inputValue()).toBe('2,407.66');
    await page.getByRole('button', { name: /← Transactions/ }).focus();
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('heading', { name: `Reconcile ${name}` }).waitFor({ state: 'detached' });
    // Discarded, the draft goes with it (the toast's Undo would bring it back).
    await page.getByText(`Discarded the draft of reconciliation of ${name}.`).waitFor();
    await expect.poll(async () => (await app.book.json('GET', '/v2/drafts')).body.drafts.map((draft: { label: string }) => draft.label)).not.toContain(`reconciliation of ${name}`);
    expect(await reconciliations()).toEqual([]);
    // Opened and left untouched, it asks nothing.
    await page.keyboard.press('r');
    await page.getByRole('heading', { name: `Reconcile ${name}` }).waitFor();
    await page.getByRole('button', { name: /← Transactions/ }).click();
    await page.getByRole('heading', { name: `Reconcile ${name}` }).waitFor({ state: 'detached' });
  });

  it('takes the reconciliation back with Ctrl+Z and does it again with Shift+Ctrl+Z', async () => {
    const { page } = app;
    await ownAccount('Reconcile Undone');
    await openRegisterOf(app, name);
    await reconcileOctoberByKeys();
    expect(await reconciliations()).toHaveLength(1);
    await page.locator('body').press('ControlOrMeta+z');
    await page.getByText(new RegExp(`^Undone: Reconciled ${name}`)).waitFor();
    await expect.poll(async () => (await reconciliations()).length).toBe(0);
    await page.getByText('No statement reconciled yet.').waitFor();
    await page.locator('body').press('Shift+ControlOrMeta+z');
    await expect.poll(async () => (await reconciliations()).length).toBe(1);
    await page.getByRole('table', { name: 'Reconciled statements' }).getByRole('cell', { name: '31 Oct 2026', exact: true }).waitFor();
  });

  it('asks before the explanation of a reconciled line changes', async () => {
    const { page } = app;
    await ownAccount('Reconcile Asks');
    await octoberReconciled();
    await openRegisterOf(app, name);
    const grid = page.getByRole('grid', { name: `Transactions of ${name}` });
    await grid.locator('[role=row][aria-rowindex="2"]').waitFor();
    await grid.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor();
    await expect.poll(async () => page.locator('.explain .description').textContent()).toBe('DD BRITISH GAS');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await chooseCategoryByCode(app, '285');
    await page.getByRole('textbox', { name: 'Description', exact: true }).focus();
    await page.keyboard.press('Enter');

    const question = page.getByRole('alertdialog', { name: 'Change a reconciled line?' });
    await question.waitFor();
    await page.getByText('The line of 15 Oct 2026 is reconciled with the statement to 31 Oct 2026.', { exact: false }).waitFor();
    await checkScreen(app, 'reconcile-ask');
    // Cancel keeps the line as it is.
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    await page.getByText('Not saved: the line is reconciled with a statement').waitFor();
    expect((await line('DD BRITISH GAS')).bank_transaction_explanations).toEqual([]);

    await page.getByRole('textbox', { name: 'Description', exact: true }).focus();
    await page.keyboard.press('Enter');
    await question.waitFor();
    await page.getByRole('button', { name: 'Change it' }).click();
    await expect.poll(async () => (await line('DD BRITISH GAS')).bank_transaction_explanations.length).toBe(1);
    expect((await line('DD BRITISH GAS')).reconciled_on).toBe('2026-10-31');
    await page.keyboard.press('Escape');
    await page.locator('form[aria-labelledby="explain-title"]').waitFor({ state: 'detached' });
  });

  it('offers the next statement\'s closing balance from the imported file and reconciles it', async () => {
    const { page } = app;
    await ownAccount('Reconcile Next');
    await octoberReconciled();
    await openRegisterOf(app, name);
    // November's file: interest, and the bank's balance after the cheque and the card payment.
    const file = ofx([{ date: '2026-11-10', amount: '1.23', name: 'INTEREST', fitid: 'nov-1' }], { amount: '2118.89', date: '2026-11-20' });
    expect((await reviewedUpload(app.book, 'november.ofx', file, { bank_account: accountUrl })).status).toBe(200);

    await page.getByRole('grid', { name: `Transactions of ${name}` }).focus();
    await page.keyboard.press('r');
    await page.getByRole('heading', { name: `Reconcile ${name}` }).waitFor();
    await page.getByText('From the import of november.ofx').waitFor();
    expect(await page.getByRole('textbox', { name: 'Statement date' }).inputValue()).toBe('20 Nov 2026');
    expect(await page.getByRole('textbox', { name: 'Closing balance on the statement' }).inputValue()).toBe('2,118.89');
    await expect.poll(difference).toBe('£0.00');
    expect(await page.getByRole('table', { name: 'Lines up to the statement date' }).getByRole('row').count()).toBe(4);
    await page.getByRole('button', { name: /Mark 3 lines reconciled/ }).click();
    await page.getByText(`Reconciled ${name} to the statement of 20 Nov 2026.`).waitFor();
    const history = await reconciliations();
    expect(history.map((row) => [row.statement_date, row.transaction_count, row.file_name])).toEqual([
      ['2026-11-20', 3, 'november.ofx'],
      ['2026-10-31', 3, undefined],
    ]);

    // The printed report of the statement, statement against book.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save the report of the statement to 20 Nov 2026 as a PDF' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(`Reconciliation ${name} 2026-11-20.pdf`);
    expect(readFileSync((await saved.path())!).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
