import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { leaveDialog } from './drafts';
import { eachTestStartsOnOverview } from './fresh-window';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * A new invoice's Date started empty, as did a new bill's, expense's, estimate's, credit note's and
 * journal's: a bookkeeper expects today. Each new record (N on its list) starts on the engine's
 * today, 22 Nov 2026 by the test book's fixed clock (not the window's clock, which says another day),
 * and an editor opened and left untouched asks nothing on Esc: the date it starts on is no change.
 */
describe.shuffle('new records start on today, in browser mode', () => {
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

  const ENGINE_TODAY = '22 Nov 2026';

  /** N on the list, the editor's Date field read, then Esc back to the list with no question. */
  async function startsOnToday(list: () => Promise<void>, heading: string, listHeading: string, screen?: string): Promise<void> {
    const { page } = app;
    await list();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: heading }).waitFor();
    const date = page.getByRole('textbox', { name: 'Date', exact: true });
    await expect.poll(() => date.inputValue()).toBe(ENGINE_TODAY);
    if (screen) await checkScreen(app, screen);
    await page.getByRole('heading', { name: heading }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: listHeading }).waitFor();
    expect(await leaveDialog(app).count()).toBe(0);
    // Nothing kept as a draft of the untouched record.
    expect((await app.book.json('GET', '/v2/drafts')).body.drafts).toEqual([]);
  }

  const section = (keys: string, name: string) => async () => {
    await app.page.keyboard.press(keys);
    await app.page.getByRole('heading', { name }).waitFor();
  };

  it('starts a new invoice on today', async () => {
    await startsOnToday(section('Alt+3', 'Invoices'), 'New invoice', 'Invoices', 'new-invoice-today');
  });

  it('starts a new credit note on today', async () => {
    await startsOnToday(
      async () => {
        await section('Alt+3', 'Invoices')();
        await app.page.keyboard.press('c');
        await app.page.getByRole('heading', { name: 'Credit notes' }).waitFor();
      },
      'New credit note',
      'Credit notes',
    );
  });

  it('starts a new estimate on today', async () => {
    await startsOnToday(
      async () => {
        await section('Alt+3', 'Invoices')();
        await app.page.getByRole('tablist', { name: 'Documents' }).getByRole('tab', { name: 'Estimates' }).click();
        await app.page.getByRole('heading', { name: 'Estimates' }).click();
      },
      'New estimate',
      'Estimates',
    );
  });

  it('starts a new bill on today', async () => {
    await startsOnToday(section('Alt+4', 'Bills'), 'New bill', 'Bills', 'new-bill-today');
  });

  it('starts a new expense on today', async () => {
    await startsOnToday(section('Alt+5', 'Expenses'), 'New expense', 'Expenses');
  });

  it('starts a new journal on today', async () => {
    await startsOnToday(section('Alt+7', 'Journals'), 'New journal', 'Journals');
  });
});
