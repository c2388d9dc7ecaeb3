import { afterEach, describe, expect, it } from 'vitest';
import { draftKept, leaveDialog, reloadAndOpenDraft } from './drafts';
import { useBookOpener } from './fresh-book';
import { manualSyncDoor, type ManualSyncDoor } from './loopback-remote';
import { openRegisterOf, ownAccountWithLines } from './named-account';
import { checkScreen } from './screens';
import type { AppSession } from './session';
import { consoleErrorsPerTest } from './console-errors';

/**
 * Banking › an account › Reconcile keeps what was typed and ticked as a draft: the statement date,
 * its closing balance and a line unticked were lost to a reload or a crash (the view only asked before
 * it was left). A reload offers the draft, which opens the reconciliation on its own account (not the
 * first listed) as typed; marking it reconciled removes the draft; Discard in the leave question
 * removes it and its Undo brings it back; a draft whose account was deleted since says so. Each test
 * opens its own book (clock 22 Nov 2026), so they run in any order.
 */
describe.shuffle('drafts of a bank reconciliation', () => {
  const opener = useBookOpener();
  let app: AppSession;
  const { errors: consoleErrors, watch: watchConsole } = consoleErrorsPerTest();
  let door: ManualSyncDoor | undefined;

  afterEach(async () => {
    await door?.close();
    door = undefined;
  });

  const ACCOUNT = 'Current account';
  const label = `reconciliation of ${ACCOUNT}`;
  const question = `The ${label} has changes that are not saved yet. They are kept as a draft until you save or discard them.`;

  /** A new book with another account listed first (Banking's T would open it) and Current account's October statement, on Overview. */
  async function openBook(): Promise<void> {
    // Served with its sync door (not connected): without one the status bar's /v2/sync reads are 404s.
    door = manualSyncDoor();
    app = await opener.open({
      viewport: { width: 1280, height: 800 },
      door: door.open,
      prepare: async (book) => {
        await ownAccountWithLines({ book }, 'Another account', [{ dated_on: '2026-10-03', description: 'OTHER LINE', amount: '5.00' }]);
        await ownAccountWithLines(
          { book },
          ACCOUNT,
          [
            { dated_on: '2026-10-02', description: 'ACME LTD INVOICE 1001', amount: '1500.00' },
            { dated_on: '2026-10-05', description: 'CARD PAYMENT TESCO', amount: '-12.34' },
            { dated_on: '2026-10-15', description: 'DD BRITISH GAS', amount: '-80.00' },
            { dated_on: '2026-10-30', description: 'CHQ 000123', amount: '-250.00' },
            { dated_on: '2026-11-02', description: 'CARD PAYMENT SHELL', amount: '-40.00' },
          ],
          { opening_balance: '1000.00' },
        );
      },
    });
    watchConsole(app);
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  }

  const heading = () => app.page.getByRole('heading', { name: `Reconcile ${ACCOUNT}` });
  const statementDate = () => app.page.getByRole('textbox', { name: 'Statement date' });
  const closing = () => app.page.getByRole('textbox', { name: 'Closing balance on the statement' });
  const cheque = () => app.page.getByRole('checkbox', { name: /CHQ 000123/ });
  const difference = () => app.page.getByTestId('reconcile-difference').textContent();
  const drafts = async () => (await app.book.json('GET', '/v2/drafts')).body.drafts as { key: string; label: string }[];
  const labels = async () => (await drafts()).map((draft) => draft.label);
  /** The fields the one kept draft holds, as stored in the book. */
  const keptFields = async () => {
    const [draft] = await drafts();
    if (!draft) return null;
    return (await app.book.json('GET', `/v2/drafts/${encodeURIComponent(draft.key)}`)).body.draft.state.fields as { statementDate: string; closingText: string; unticked: string[] };
  };
  const accountUrl = async (name: string) => ((await app.book.json('GET', '/v2/bank_accounts')).body.bank_accounts as { name: string; url: string }[]).find((each) => each.name === name)!.url;
  const reconciliations = async () => (await app.book.json('GET', `/v2/bank_reconciliations?bank_account=${encodeURIComponent(await accountUrl(ACCOUNT))}`)).body.bank_reconciliations as { statement_date: string; transaction_count: number }[];

  /** R on Current account's register, 31 Oct 2026 at 2,407.66 typed by keys; the difference is the cheque's. */
  async function statementTyped(): Promise<void> {
    const { page } = app;
    await openRegisterOf(app, ACCOUNT);
    await page.keyboard.press('r');
    await heading().waitFor();
    await statementDate().focus();
    await page.keyboard.type('31/10/2026');
    await page.keyboard.press('Tab');
    await page.keyboard.type('2,407.66');
    await page.keyboard.press('Tab');
    await expect.poll(difference).toBe('£250.00');
  }

  /** The reconciliation as typed by statementTyped (and the cheque unticked when `unticked`). */
  async function asTyped(unticked: boolean): Promise<void> {
    await heading().waitFor();
    await expect.poll(() => statementDate().inputValue()).toBe('31 Oct 2026');
    expect(await closing().inputValue()).toBe('2,407.66');
    await expect.poll(difference).toBe(unticked ? '£0.00' : '£250.00');
    expect(await cheque().isChecked()).toBe(!unticked);
  }

  it('typed and ticked, a reload offers the draft; it opens on its account as typed, and marking it reconciled removes it', async () => {
    await openBook();
    const { page } = app;
    await statementTyped();
    await cheque().focus();
    await page.keyboard.press('Space');
    await expect.poll(difference).toBe('£0.00');
    await draftKept(app);
    await expect.poll(labels).toEqual([label]);
    // The last key (the cheque unticked) is in the book before the window goes.
    await expect.poll(async () => (await keptFields())?.unticked.length).toBe(1);
    expect(await keptFields()).toMatchObject({ statementDate: '2026-10-31', closingText: '2,407.66' });

    await reloadAndOpenDraft(app, label);
    await asTyped(true);
    await page.getByText('The statement and the book agree').waitFor();
    expect(await page.getByRole('button', { name: /Mark 3 lines reconciled/ }).isDisabled()).toBe(false);
    // Opened from the draft it is still a draft: kept again, and said so beside the title.
    await draftKept(app);
    await checkScreen(app, 'reconcile-draft-reopened');

    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByText(`Reconciled ${ACCOUNT} to the statement of 31 Oct 2026.`).waitFor();
    await expect.poll(labels).toEqual([]);
    expect((await reconciliations()).map((made) => [made.statement_date, made.transaction_count])).toEqual([['2026-10-31', 3]]);
    // Reconciled, the view is empty again and goes back to the register with nothing asked.
    expect(await statementDate().inputValue()).toBe('');
    await page.getByRole('button', { name: /← Transactions/ }).click();
    await heading().waitFor({ state: 'detached' });
    expect(await leaveDialog(app).count()).toBe(0);
    expect(await labels()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('the leave question says the draft is kept; Discard removes it, and its Undo brings it back over the reconciliation opened again', async () => {
    await openBook();
    const { page } = app;
    await statementTyped();
    await draftKept(app);
    await page.getByRole('button', { name: /← Transactions/ }).click();
    await leaveDialog(app).getByText(question).waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await heading().waitFor({ state: 'detached' });
    await expect.poll(labels).toEqual([]);

    // Opened again it starts empty; the discard's Undo puts the draft back into it.
    await page.getByRole('button', { name: /^Reconcile/ }).click();
    await heading().waitFor();
    expect(await statementDate().inputValue()).toBe('');
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await asTyped(false);
    await expect.poll(labels).toEqual([label]);

    // Save in the question while the statement and the book differ: refused, the view stays as typed.
    await page.keyboard.press('Alt+1');
    await leaveDialog(app).getByText(question).waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Save' }).click();
    await leaveDialog(app).waitFor({ state: 'detached' });
    await asTyped(false);
    expect(await reconciliations()).toEqual([]);

    // Another section, Discard: gone for good once the toast's Undo is not used.
    await page.keyboard.press('Alt+1');
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await expect.poll(labels).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('a draft whose account was deleted since says so and stays among Banking\'s drafts', async () => {
    await openBook();
    const { page } = app;
    // An account with no lines yet may be deleted (one with lines is refused).
    const spare = (await app.book.json('POST', '/v2/bank_accounts', { body: { bank_account: { type: 'StandardBankAccount', name: 'Spare account', opening_balance: '0' } } })).body.bank_account.url as string;
    await page.keyboard.press('Alt+2');
    await page.getByRole('button', { name: 'Transactions of Spare account', exact: true }).click();
    await page.getByRole('button', { name: /^Reconcile/ }).click();
    await page.getByRole('heading', { name: 'Reconcile Spare account' }).waitFor();
    await statementDate().focus();
    await page.keyboard.type('20/11/2026');
    await page.keyboard.press('Tab');
    await page.keyboard.type('100.00');
    await page.keyboard.press('Tab');
    await draftKept(app);
    const spareLabel = 'reconciliation of Spare account';
    await expect.poll(async () => (await keptFields())?.closingText).toBe('100.00');

    // The window reloads (its question answered Leave); the account goes before the draft is opened.
    page.once('dialog', (asked) => void asked.accept());
    await page.reload();
    const offer = page.getByRole('dialog', { name: `1 unsaved draft: ${spareLabel}` });
    await offer.waitFor();
    // Overview behind the offer counts each account's unexplained lines: once it has, the account
    // can go without that count meeting a 404 (a race of the test's own delete, not of the draft).
    await page.getByText(/waiting for a category|Every bank line is explained\./).waitFor();
    expect((await app.book.json('DELETE', new URL(spare).pathname)).status).toBeLessThan(300);
    await offer.getByRole('button', { name: `Open the draft of ${spareLabel}` }).click();
    await page
      .getByText('This reconciliation draft cannot open: its bank account is no longer in the book. The draft (statement of 20 Nov 2026, closing balance 100.00) stays under Unsaved drafts until you discard it.')
      .waitFor();
    await page.getByRole('heading', { name: 'Banking' }).waitFor();
    await page.getByRole('region', { name: 'Unsaved drafts' }).getByText(spareLabel).waitFor();
    expect(await labels()).toEqual([spareLabel]);
    expect(consoleErrors).toEqual([]);
  });
});
