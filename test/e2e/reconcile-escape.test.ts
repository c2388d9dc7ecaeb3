import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { leaveDialog } from './drafts';
import { eachTestStartsOnOverview } from './fresh-window';
import { openRegisterOf, ownAccountWithLines } from './named-account';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * The Reconcile view says "Esc" beside ← Transactions, as the editors do, but Esc did nothing while a
 * field had the focus: the closing balance stayed selected, and the next key typed replaced it.
 * Esc from its fields goes back as from anywhere else in it: at once when nothing was typed, over
 * typed changes after the leave question (Keep editing keeps them).
 */
describe.shuffle('Esc from the Reconcile view fields, in browser mode', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
  });

  afterAll(async () => {
    await app?.close();
  });

  eachTestStartsOnOverview(() => app, { width: 1280, height: 800 });

  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  /** An account of its own with two October lines, its Reconcile view open (R from the register). */
  async function reconcileView(name: string): Promise<void> {
    const { page } = app;
    await ownAccountWithLines(
      app,
      name,
      [
        { dated_on: '2026-10-02', description: 'ACME LTD INVOICE 1001', amount: '1500.00' },
        { dated_on: '2026-10-05', description: 'CARD PAYMENT TESCO', amount: '-12.34' },
      ],
      { opening_balance: '1000.00' },
    );
    await openRegisterOf(app, name);
    await page.keyboard.press('r');
    await page.getByRole('heading', { name: `Reconcile ${name}` }).waitFor();
  }

  it('goes back to the transactions on Esc in the Statement date field when nothing was typed', async () => {
    const { page } = app;
    await reconcileView('Esc Untouched');
    await page.getByRole('textbox', { name: 'Statement date' }).focus();
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Reconcile Esc Untouched' }).waitFor({ state: 'detached' });
    await page.getByRole('grid', { name: 'Transactions of Esc Untouched' }).waitFor();
    expect(await leaveDialog(app).count()).toBe(0);
  });

  it('asks on Esc in the closing balance over typed figures, and keeps them on Keep editing', async () => {
    const { page } = app;
    await reconcileView('Esc Typed');
    await page.getByRole('textbox', { name: 'Statement date' }).fill('31/10/2026');
    const closing = page.getByRole('textbox', { name: 'Closing balance on the statement' });
    await closing.fill('2,487.66');
    await closing.focus();
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByText('The reconciliation of Esc Typed has changes that are not saved yet. They are kept as a draft until you save or discard them.').waitFor();
    await checkScreen(app, 'reconcile-escape-asks');
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    await leaveDialog(app).waitFor({ state: 'detached' });
    expect(await closing.inputValue()).toBe('2,487.66');
    // Esc again from the field, Discard: back on the transactions.
    await closing.focus();
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('heading', { name: 'Reconcile Esc Typed' }).waitFor({ state: 'detached' });
    await page.getByRole('grid', { name: 'Transactions of Esc Typed' }).waitFor();
  });
});
