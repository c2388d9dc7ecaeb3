import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eachTestStartsOnOverview } from './fresh-window';
import { openApp, type AppSession } from './session';

/**
 * Issue 19 item 3 on the desk: Undo and Redo are the engine's. A new contact (which the desk's own
 * undo could not take back) is undone with Ctrl+Z; the undo list lives in the book, so after a reload
 * Shift+Ctrl+Z brings the contact back; an undo the engine refuses (a later invoice depends on the
 * contact) shows its sentence and changes nothing.
 */
// Each test makes its own contact (and the undo it redoes) and opens Contacts from Overview; names are
// counted against what the book held before, so the tests run in any order.
describe.shuffle('undo and redo from the engine', () => {
  let app: AppSession;
  const viewport = { width: 1280, height: 800 };

  beforeAll(async () => {
    app = await openApp();
    await app.page.setViewportSize(viewport);
  });

  afterAll(async () => {
    await app?.close();
  });

  eachTestStartsOnOverview(() => app, viewport);

  // Every test ran without Content-Security-Policy violations or page errors.
  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  /** Contacts by its key, from wherever the window is. */
  async function openContacts(): Promise<void> {
    await app.page.keyboard.press('Alt+6');
    await app.page.getByRole('heading', { name: 'Contacts' }).waitFor();
  }

  const grid = () => app.page.getByRole('grid', { name: 'Contacts' });
  // Sorted, so a test compares with what was there before it whatever order the list comes in.
  const names = async () => ((await app.book.json('GET', '/v2/contacts')).body.contacts as { organisation_name?: string }[]).map((contact) => contact.organisation_name).sort();
  const plus = (before: (string | undefined)[], name: string) => [...before, name].sort();
  const toast = (text: RegExp) => app.page.locator('.toasts .toast', { hasText: text }).last();

  it('undoes a new contact with Ctrl+Z: it is gone from the book and the list', async () => {
    const { page } = app;
    const before = await names();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await openContacts();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New contact' }).waitFor();
    await page.keyboard.type('Undo Me Ltd');
    await page.keyboard.press('Enter');
    await toast(/^Added Undo Me Ltd\./).getByRole('button', { name: /^Undo/ }).waitFor();
    await expect.poll(() => grid().getByText('Undo Me Ltd').count()).toBe(1);
    expect(await names()).toEqual(plus(before, 'Undo Me Ltd'));

    await page.locator('body').press('ControlOrMeta+z');
    await toast(/^Undone: Added Undo Me Ltd\./).waitFor();
    expect(await names()).toEqual(before);
    // The list hears the change and reads again in place.
    await expect.poll(() => grid().getByText('Undo Me Ltd').count()).toBe(0);
  });

  it('keeps the undo list through a reload: Shift+Ctrl+Z brings the contact back', async () => {
    const { page } = app;
    const before = await names();
    // A contact added and undone in the engine (as the test above does by keys), the last thing undone.
    expect((await app.book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Redo Me Ltd' } } })).status).toBe(201);
    expect((await app.book.json('POST', '/v2/undo')).status).toBe(200);
    expect(await names()).toEqual(before);
    await page.reload();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await openContacts();
    await page.locator('body').press('ControlOrMeta+Shift+z');
    // After a reload the words are the engine's own.
    await toast(/^Redone: Created contact Redo Me Ltd\./).waitFor();
    expect(await names()).toEqual(plus(before, 'Redo Me Ltd'));
    await expect.poll(() => grid().getByText('Redo Me Ltd').count()).toBe(1);
  });

  it('shows the engine’s sentence when it refuses, and changes nothing', async () => {
    const { page } = app;
    const before = await names();
    await openContacts();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New contact' }).waitFor();
    await page.keyboard.type('Refuse Ltd');
    await page.keyboard.press('Enter');
    const undo = toast(/^Added Refuse Ltd\./).getByRole('button', { name: /^Undo/ });
    await undo.waitFor();
    // Meanwhile an invoice is raised for the new contact: undoing the contact would orphan it.
    const contact = ((await app.book.json('GET', '/v2/contacts')).body.contacts as { url: string; organisation_name?: string }[]).find((each) => each.organisation_name === 'Refuse Ltd')!;
    const invoice = await app.book.json('POST', '/v2/invoices', { body: { invoice: { contact: contact.url, dated_on: '2026-11-02', payment_terms_in_days: 30, invoice_items: [{ description: 'Work', quantity: '1', price: '10' }] } } });
    expect(invoice.status).toBe(201);
    await undo.click();
    await toast(/cannot be undone: .*depends on it; undo that first/).waitFor();
    expect(await names()).toEqual(plus(before, 'Refuse Ltd'));
  });
});
