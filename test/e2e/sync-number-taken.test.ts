import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestBook, OWNER_TOKEN, type TestBook } from '../engine/harness';
import { consoleErrorsPerTest } from './console-errors';
import { useBookOpener } from './fresh-book';
import { openBookWithRemote, remoteServers, type RemoteWorld } from './fresh-remote';
import { connectWithToken } from './loopback-remote';
import { checkScreen } from './screens';
import type { AppSession } from './session';

/**
 * An invoice made here with a number the service already holds (the accountant's invoice 001, made
 * online) is not sent: two VAT invoices must not share a number. The review said "Refused by the online
 * service", which the service never did, and had no way to give the invoice another number but to
 * leave the review for Invoices. Now it says it could not be sent, why, and Edit… takes the new number.
 */
describe('an invoice whose number is already used online', () => {
  const opener = useBookOpener();
  let app: AppSession;
  let remote: TestBook;
  let world: RemoteWorld | undefined;
  const { errors: consoleErrors, watch: watchConsole } = consoleErrorsPerTest();

  afterEach(async () => {
    await world?.close();
    world = undefined;
  });

  afterAll(async () => {
    await Promise.all(remoteServers.map((server) => server.close()));
  });

  const panel = () => app.page.getByRole('region', { name: 'Sync' });
  const review = () => app.page.getByRole('dialog', { name: 'Needs review' });
  const invoicesIn = async (book: TestBook) =>
    ((await book.json('GET', '/v2/invoices?view=all')).body.invoices as { reference: string; comments?: string }[]).map((invoice) => `${invoice.reference} ${invoice.comments ?? ''}`.trim()).sort();
  const item = (description: string) => [{ description, item_type: 'Hours', quantity: '1', price: '100.00' }];

  it('is put to review as not sent, with its number to edit; the new number goes online and nothing is doubled', async () => {
    remote = createTestBook({ name: 'Remote Books Ltd' });
    const acme = (await remote.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Acme Supplies Ltd' } } })).body.contact.url as string;
    await remote.json('POST', '/v2/invoices', { body: { invoice: { contact: new URL(acme).pathname, reference: '001', comments: 'Audit (made online)', dated_on: '2026-11-20', invoice_items: item('Audit') } } });
    world = await openBookWithRemote(opener, remote, remote.engine, { width: 1280, height: 800 });
    app = world.app;
    watchConsole(app);
    const { page } = app;
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await connectWithToken(app, world.remoteServer.url, OWNER_TOKEN, 'Remote Books Ltd');
    await page.keyboard.press('Control+Shift+S');
    await panel().getByText('Last: 2 pulled · 0 pushed').waitFor({ timeout: 30_000 });

    // Made here, numbered by hand as the book's own series would have it: 001 again.
    const contacts = (await app.book.json('GET', '/v2/contacts?view=all')).body.contacts as { url: string }[];
    const made = await app.book.json('POST', '/v2/invoices', { body: { invoice: { contact: new URL(contacts[0]!.url).pathname, reference: '001', comments: 'Design (made here)', dated_on: '2026-11-21', invoice_items: item('Design') } } });
    expect(made.status).toBe(201);
    await panel().getByRole('button', { name: 'Sync now' }).click();
    await panel().getByRole('button', { name: '1 item to review' }).click({ timeout: 30_000 });
    await review().getByRole('heading', { name: 'Invoice 001' }).waitFor();
    await review().getByText('Could not be sent', { exact: true }).waitFor();
    await review().getByText(/The number 001 is already used online by another invoice/).waitFor();
    expect(await invoicesIn(remote)).toEqual(['001 Audit (made online)']);
    await checkScreen(app, 'sync-number-taken-review');

    await review().getByRole('button', { name: 'Edit…' }).click();
    const number = review().getByRole('textbox', { name: 'Reference' });
    expect(await number.inputValue()).toBe('001');
    await number.fill('002');
    await checkScreen(app, 'sync-number-taken-edit');
    await number.press('Enter');
    await expect.poll(async () => (await app.book.json('GET', '/v2/invoices?view=all')).body.invoices.map((invoice: { reference: string }) => invoice.reference).sort()).toEqual(['001', '002']);

    // Settled, the review has nothing left; closed, the next round sends the invoice under its new number.
    await review().getByText('Nothing to review: both sides agree.').waitFor();
    await page.keyboard.press('Escape');
    await review().waitFor({ state: 'hidden' });
    await panel().getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => invoicesIn(remote), { timeout: 30_000 }).toEqual(['001 Audit (made online)', '002 Design (made here)']);
    expect(await invoicesIn(app.book)).toEqual(['001 Audit (made online)', '002 Design (made here)']);
    expect(consoleErrors).toEqual([]);
  });
});
