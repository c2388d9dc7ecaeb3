import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * A record taken back by Ctrl+Z while its editor is open shows "taken back by your undo"; its steps
 * (Mark as sent, Cancel, Repeat…, Delete, the PDF) stayed offered, and each would have been refused by
 * the engine (the record is gone). While it is gone none is offered, by button or by key, and all come
 * back when Shift+Ctrl+Z brings it back. Invoices, credit notes, estimates and bills, by keys.
 */
describe.shuffle('the steps of a record taken back by an undo', () => {
  let app: AppSession;
  let client = '';

  beforeEach(async () => {
    app = await openApp();
    const made = await app.book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Client Co' } } });
    expect(made.status).toBe(201);
    client = made.body.contact.url;
  });

  afterEach(async () => {
    expect(app.problems).toEqual([]);
    await app?.close();
  });

  const banner = () => app.page.getByRole('status', { name: 'Changed elsewhere' });
  const button = (name: RegExp) => app.page.getByRole('button', { name });

  /** Opens the record `reference` from the list `grid` with Enter, and waits for its editor's title. */
  async function openFromList(grid: string, reference: string, title: string): Promise<void> {
    const { page } = app;
    await page.getByRole('grid', { name: grid }).getByText(reference, { exact: true }).click();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: title }).waitFor();
  }

  /** Ctrl+Z from the editor's title (a field's Ctrl+Z is its text's): the record is taken back. */
  async function undoOnTitle(title: string, what: string): Promise<void> {
    const { page } = app;
    await page.getByRole('heading', { name: title }).focus();
    await page.keyboard.press('ControlOrMeta+z');
    await banner().getByText(`${what} was taken back by your undo`).waitFor();
  }

  /** Shift+Ctrl+Z brings it back: the banner goes. */
  async function redo(): Promise<void> {
    await app.page.keyboard.press('ControlOrMeta+Shift+z');
    await banner().waitFor({ state: 'detached' });
  }

  /** The buttons among `names` the editor offers now. */
  async function offered(names: readonly RegExp[]): Promise<string[]> {
    const shown: string[] = [];
    for (const name of names) if ((await button(name).count()) > 0) shown.push(String(name));
    return shown;
  }

  it('an invoice: Mark as sent, Cancel, Repeat… and the PDF go with it, Alt+M does nothing, and all come back with the redo', async () => {
    const { page } = app;
    const made = await app.book.json('POST', '/v2/invoices', {
      body: { invoice: { contact: client, dated_on: '2026-11-20', invoice_items: [{ description: 'Design work', item_type: 'Hours', quantity: '1', price: '250' }] } },
    });
    expect(made.status).toBe(201);
    const reference = made.body.invoice.reference as string;
    await page.keyboard.press('Alt+3');
    await page.getByRole('heading', { name: 'Invoices', exact: true }).waitFor();
    await openFromList('Invoices', reference, `Invoice ${reference}`);
    const steps = [/^Mark as sent/, /^Cancel invoice/, /^Repeat…/, /^Preview PDF/, /^Save PDF…/];
    expect(await offered(steps)).toEqual(steps.map(String));

    await undoOnTitle(`Invoice ${reference}`, `Invoice ${reference}`);
    await expect.poll(() => offered(steps)).toEqual([]);
    await banner().getByText('none of its steps is offered', { exact: false }).waitFor();
    // The keys of the steps are not taken either: nothing is sent to the engine, nothing refused.
    await page.keyboard.press('Alt+m');
    await page.keyboard.press('Alt+r');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByText(/not found/i).count()).toBe(0);
    await checkScreen(app, 'undo-steps-hidden-invoice');

    await redo();
    await expect.poll(() => offered(steps)).toEqual(steps.map(String));
    // And they work again: Alt+M sends it.
    await page.keyboard.press('Alt+m');
    await expect.poll(async () => (await app.book.json('GET', new URL(made.body.invoice.url).pathname)).body.invoice.status).toBe('Open');
  });

  it('a credit note: Mark as sent, Cancel and the PDF go with it and come back with the redo', async () => {
    const { page } = app;
    const made = await app.book.json('POST', '/v2/credit_notes', {
      body: { credit_note: { contact: client, dated_on: '2026-11-20', credit_note_items: [{ description: 'Overcharge', item_type: 'Hours', quantity: '1', price: '-40' }] } },
    });
    expect(made.status).toBe(201);
    const reference = made.body.credit_note.reference as string;
    await page.keyboard.press('Alt+3');
    await page.getByRole('heading', { name: 'Invoices', exact: true }).waitFor();
    await page.keyboard.press('c');
    await page.getByRole('heading', { name: 'Credit notes' }).waitFor();
    await openFromList('Credit notes', reference, `Credit note ${reference}`);
    const steps = [/^Mark as sent/, /^Cancel credit note/, /^Preview PDF/];
    expect(await offered(steps)).toEqual(steps.map(String));
    await undoOnTitle(`Credit note ${reference}`, `Credit note ${reference}`);
    await expect.poll(() => offered(steps)).toEqual([]);
    await redo();
    await expect.poll(() => offered(steps)).toEqual(steps.map(String));
  });

  it('an estimate: Mark as sent, Delete and the PDF go with it and come back with the redo', async () => {
    const { page } = app;
    const made = await app.book.json('POST', '/v2/estimates', {
      body: { estimate: { status: 'Draft', contact: client, dated_on: '2026-11-20', estimate_type: 'Quote', estimate_items: [{ description: 'Bookkeeping', item_type: 'Hours', quantity: '1', price: '45' }] } },
    });
    expect(made.status).toBe(201);
    const reference = made.body.estimate.reference as string;
    await page.keyboard.press('Alt+3');
    await page.getByRole('heading', { name: 'Invoices', exact: true }).waitFor();
    await page.getByRole('tablist', { name: 'Documents' }).getByRole('tab', { name: 'Estimates' }).click();
    await page.getByRole('heading', { name: 'Estimates' }).waitFor();
    await openFromList('Estimates', reference, `Quote ${reference}`);
    const steps = [/^Mark as sent/, /^Delete/, /^Preview PDF/];
    expect(await offered(steps)).toEqual(steps.map(String));
    await undoOnTitle(`Quote ${reference}`, `Quote ${reference}`);
    await expect.poll(() => offered(steps)).toEqual([]);
    await checkScreen(app, 'undo-steps-hidden-estimate');
    await redo();
    await expect.poll(() => offered(steps)).toEqual(steps.map(String));
  });

  it('a bill: Delete bill goes with it and comes back with the redo', async () => {
    const { page } = app;
    const made = await app.book.json('POST', '/v2/bills', {
      body: { bill: { contact: client, reference: 'CC-11', dated_on: '2026-11-01', due_on: '2026-12-01', bill_items: [{ category: '285', description: 'Paper', total_value: '120' }] } },
    });
    expect(made.status).toBe(201);
    await page.keyboard.press('Alt+4');
    await page.getByRole('heading', { name: 'Bills' }).waitFor();
    await openFromList('Bills', 'CC-11', 'Bill CC-11');
    const steps = [/^Delete bill/];
    expect(await offered(steps)).toEqual(steps.map(String));
    await undoOnTitle('Bill CC-11', 'Bill CC-11');
    await expect.poll(() => offered(steps)).toEqual([]);
    await checkScreen(app, 'undo-steps-hidden-bill');
    await redo();
    await expect.poll(() => offered(steps)).toEqual(steps.map(String));
  });
});
