import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestBook, OWNER_TOKEN, type TestBook } from '../engine/harness';
import { eachTestStartsOnOverview } from './fresh-window';
import { checkScreen } from './screens';
import { openAppWithRemote, type AppWithRemote } from './loopback-remote';
import type { AppSession } from './session';

/**
 * Issue 19 item 2 by keys and clicks: the book changes underneath the desk (a sync round against a
 * loopback remote, a write over HTTP as another window or the CLI would make) and nothing is
 * remounted: a list keeps the record it had selected, and an invoice being typed keeps what was
 * typed, takes the new values of the fields not touched, and says in a banner what changed.
 */
// Each test opens the screen it needs from Overview and reads the references it acts on (the editing
// story is one sitting at invoice 001, which no other test changes): the tests run in any order.
describe.shuffle('the book changing underneath the desk', () => {
  let app: AppSession;
  let remote: TestBook;
  let world: AppWithRemote;
  let invoicePath = '';

  const panel = () => app.page.getByRole('region', { name: 'Sync' });
  const field = (name: string) => app.page.getByRole('textbox', { name, exact: true });
  const grid = () => app.page.getByRole('grid', { name: 'Invoices' });
  /** The reference of the row the list has selected. */
  const selectedReference = async () => {
    const id = await grid().getAttribute('aria-activedescendant');
    return id ? (await app.page.locator(`[id="${id}"] [role="gridcell"]`).first().textContent())?.trim() : null;
  };

  async function syncRound(expected: RegExp) {
    await app.page.keyboard.press('Control+Shift+S');
    await panel().getByText(expected).waitFor({ timeout: 30_000 });
    await panel().getByRole('status').getByText('Synced just now').waitFor({ timeout: 30_000 });
  }

  beforeAll(async () => {
    remote = createTestBook({ name: 'Remote Books Ltd' });
    await remote.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Client Co', town: 'Leeds' } } });
    world = await openAppWithRemote(remote);
    app = world.app;
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
    await world.sync().connectWithToken(world.remoteServer.url, OWNER_TOKEN);
    await panel().getByRole('status').getByText('Not synced yet').waitFor();
    // The first round brings Client Co here; two invoices to it are then raised here.
    await syncRound(/Last: \d+ pulled/);
    const contacts = (await app.book.json('GET', '/v2/contacts?view=all')).body.contacts as { url: string; organisation_name: string }[];
    const client = contacts.find((contact) => contact.organisation_name === 'Client Co')!.url;
    for (const [dated_on, description] of [
      ['2026-11-01', 'Design work'],
      ['2026-11-05', 'Hosting'],
    ]) {
      const made = await app.book.json('POST', '/v2/invoices', {
        body: { invoice: { contact: client, dated_on, payment_terms_in_days: 30, invoice_items: [{ description, item_type: 'Hours', quantity: '2', price: '50.00' }] } },
      });
      expect(made.status).toBe(201);
    }
  }, 240_000);

  afterAll(async () => {
    await world?.close();
  });

  // The window size the beforeAll set.
  eachTestStartsOnOverview(() => app, { width: 1280, height: 800 });

  // Every test ran without Content-Security-Policy violations or page errors.
  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  /** From Overview to the invoices list (Alt+3) and the invoice `reference` opened from it. */
  async function openInvoice(reference: string): Promise<void> {
    const { page } = app;
    await page.keyboard.press('Alt+3');
    await page.getByRole('heading', { name: 'Invoices' }).waitFor();
    await grid().getByRole('gridcell', { name: reference, exact: true }).dblclick();
    await page.getByRole('heading', { name: `Invoice ${reference}` }).waitFor();
  }

  it('keeps the selected invoice selected when an invoice is added above it from outside', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+3');
    await page.getByRole('heading', { name: 'Invoices' }).waitFor();
    await grid().getByText('002').waitFor();
    // The second row as listed (001 in a book where nothing else was raised yet): the one ArrowDown selects.
    const second = (await grid().locator('[role=row][aria-rowindex="3"] [role=gridcell]').first().textContent())?.trim();
    await grid().focus();
    await page.keyboard.press('ArrowDown');
    expect(await selectedReference()).toBe(second);

    // Another window raises a newer invoice: it lists first, above the one selected.
    const contact = (await app.book.json('GET', '/v2/invoices?view=all')).body.invoices[0].contact;
    const added = await app.book.json('POST', '/v2/invoices', { body: { invoice: { contact, dated_on: '2026-11-09', invoice_items: [{ description: 'Support', item_type: 'Hours', quantity: '1', price: '10' }] } } });
    expect(added.status).toBe(201);
    await grid().getByText(added.body.invoice.reference, { exact: true }).waitFor();
    expect(await selectedReference()).toBe(second);
    // The list was not read afresh from nothing: the focus is still on it.
    expect(await grid().evaluate((element) => element === document.activeElement)).toBe(true);
  }, 60_000);

  // One sitting at invoice 001: typed into, pushed by a sync round, changed online and pulled, then
  // written to from outside and saved. Each step is what the one before left in the editor.
  it('keeps an invoice being typed through a sync round that pushes it, takes a change pulled or written from outside in the fields not touched, and says so', async () => {
    const { page } = app;
    await openInvoice('001');
    invoicePath = new URL((await app.book.json('GET', '/v2/invoices?view=all')).body.invoices.find((row: { reference: string }) => row.reference === '001').url).pathname;
    await field('Notes for the customer').click();
    await page.keyboard.type('Thanks for your custom');
    await field('Reference').fill('INV-A');

    // This round pushes the three invoices; the one open is not touched by it.
    await syncRound(/Last: \d+ pulled · [1-9]\d* pushed/);
    await page.getByRole('heading', { name: 'Invoice 001' }).waitFor();
    expect(await field('Notes for the customer').inputValue()).toBe('Thanks for your custom');
    expect(await field('Reference').inputValue()).toBe('INV-A');
    // Ctrl+Shift+S is Sync now, not Save: the typing was not sent anywhere (it once saved the form too).
    expect((await app.book.json('GET', invoicePath)).body.invoice).toMatchObject({ reference: '001' });
    expect(await page.getByRole('status', { name: 'Changed elsewhere' }).count()).toBe(0);

    // A change pulled by the sync comes into the fields not touched; the typed ones stay, and it says so.
    const online = (await remote.json('GET', '/v2/invoices?view=all')).body.invoices.find((row: { reference: string }) => row.reference === '001');
    // Online, the accountant shortens the terms and writes a note of their own.
    expect((await remote.json('PUT', new URL(online.url).pathname, { body: { invoice: { payment_terms_in_days: 14, comments: 'Paid by card' } } })).status).toBe(200);
    await syncRound(/Last: [1-9]\d* pulled/);

    const banner = page.getByRole('status', { name: 'Changed elsewhere' });
    await banner.waitFor();
    await expect.poll(() => field('Payment terms (days)').inputValue()).toBe('14');
    expect(await field('Notes for the customer').inputValue()).toBe('Thanks for your custom');
    expect(await field('Reference').inputValue()).toBe('INV-A');
    const words = await banner.textContent();
    expect(words).toContain('Invoice 001 was changed elsewhere');
    expect(words).toContain('Payment terms now shows the new value.');
    expect(words).toContain('What you typed in Notes is kept.');
    await checkScreen(app, 'changed-underneath-banner');

    // A write from outside (another window, the CLI) is taken the same way; the other value is used only when asked.
    expect((await app.book.json('PUT', invoicePath, { body: { invoice: { discount_percent: '10' } } })).status).toBe(200);
    await expect.poll(() => field('Discount (%)').inputValue()).toBe('10');
    await expect.poll(() => banner.textContent()).toContain('Discount');
    expect(await field('Notes for the customer').inputValue()).toBe('Thanks for your custom');

    await banner.getByRole('button', { name: 'Use the new Notes' }).click();
    expect(await field('Notes for the customer').inputValue()).toBe('Paid by card');
    expect(await banner.count()).toBe(0);
    expect(await field('Reference').inputValue()).toBe('INV-A');

    // Saving then sends what the form holds, and its own write raises no banner.
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('Saved invoice INV-A.').waitFor();
    const saved = (await app.book.json('GET', invoicePath)).body.invoice;
    expect(saved).toMatchObject({ reference: 'INV-A', comments: 'Paid by card', payment_terms_in_days: 14 });
    // A later change from outside names only itself: the save before it was not taken for news.
    expect((await app.book.json('PUT', invoicePath, { body: { invoice: { discount_percent: '5' } } })).status).toBe(200);
    await expect.poll(() => field('Discount (%)').inputValue()).toBe('5');
    expect(await banner.textContent()).toContain('was changed elsewhere (a sync, another window or the command line). Discount now shows the new value.');
    expect(await banner.textContent()).not.toContain('Notes');
  }, 300_000);

  it("leaves the pickers' ▾ buttons out of the Tab order (issue 19 item 5)", async () => {
    const { page } = app;
    // Invoice 002, to Client Co like every invoice here: the editing story changes 001's reference.
    await openInvoice('002');
    await page.getByRole('combobox', { name: 'Contact' }).focus();
    await page.keyboard.press('Tab');
    // The project has no choices for Client Co (disabled), so the date is next: not the contact's ▾.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('invoice-date');
  });
});
