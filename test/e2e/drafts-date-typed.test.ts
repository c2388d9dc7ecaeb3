import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { draftKept, reloadAndOpenDraft } from './drafts';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * "Nothing a person types is lost, whatever crashes": a date typed so that it cannot be read
 * ("31/13/2026", or "1 Dec 202301/12/2023" after a click at the end of a date) is kept by the draft as
 * typed. The draft kept the last date the field could read, and the text was gone after a reload.
 * Restored, the text is back in its field, unreadable, its sentence shown, and the save still held.
 */
describe.shuffle('a date typed that cannot be read, kept by the draft', () => {
  let app: AppSession;
  let avon = '';

  beforeEach(async () => {
    app = await openApp();
    expect((await app.book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Client Co' } } })).status).toBe(201);
    const supplier = await app.book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Avon Supplies' } } });
    expect(supplier.status).toBe(201);
    avon = supplier.body.contact.url;
  });

  afterEach(async () => {
    expect(app.problems).toEqual([]);
    await app?.close();
  });

  const textbox = (name: string) => app.page.getByRole('textbox', { name, exact: true });
  const count = async (path: string) => Number((await app.book.json('GET', `${path}?per_page=1`)).headers.get('x-total-count'));
  const hasFocus = (name: string) => textbox(name).evaluate((element) => element === document.activeElement);

  it('a new invoice: "31/13/2026" in its Date comes back as typed after a reload, and Ctrl+S is still held', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+3');
    await page.getByRole('heading', { name: 'Invoices', exact: true }).waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New invoice' }).waitFor();
    await page.keyboard.type('Client');
    await page.getByRole('listbox').getByRole('option', { name: /Client Co/ }).waitFor();
    await page.keyboard.press('Enter');
    await textbox('Line 1 description').fill('Design work');
    await textbox('Line 1 price').fill('250');
    // The Date starts on the engine's today (22 Nov 2026); clicked into, it is selected, and typing replaces it.
    await expect.poll(() => textbox('Date').inputValue()).toBe('22 Nov 2026');
    await textbox('Date').click();
    await page.keyboard.type('31/13/2026');
    await draftKept(app);

    await reloadAndOpenDraft(app, 'invoice for Client Co');
    await page.getByRole('heading', { name: 'New invoice' }).waitFor();
    await expect.poll(() => textbox('Line 1 description').inputValue()).toBe('Design work');
    await expect.poll(() => textbox('Date').inputValue()).toBe('31/13/2026');
    await page.getByText('Date 31/13/2026 is not a day of the calendar.').waitFor();
    expect(await textbox('Date').getAttribute('aria-invalid')).toBe('true');
    await checkScreen(app, 'drafts-date-typed-invoice');

    // Still unreadable, it still holds the save: the focus goes to it, nothing is stored.
    await textbox('Line 1 description').focus();
    await page.keyboard.press('ControlOrMeta+s');
    await expect.poll(() => hasFocus('Date')).toBe(true);
    expect(await count('/v2/invoices')).toBe(0);
    expect(await textbox('Date').inputValue()).toBe('31/13/2026');
  });

  it('a saved bill: only its Due date spoilt by typing at its end is a draft, and comes back as typed', async () => {
    const { page } = app;
    const saved = await app.book.json('POST', '/v2/bills', {
      body: { bill: { contact: avon, reference: 'AV-2023-11', dated_on: '2023-11-01', due_on: '2023-12-01', bill_items: [{ category: '285', description: 'Paper', total_value: '120' }] } },
    });
    expect(saved.status).toBe(201);
    await page.keyboard.press('Alt+4');
    await page.getByRole('grid', { name: 'Bills' }).getByText('AV-2023-11').click();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Bill AV-2023-11' }).waitFor();
    const due = textbox('Due date');
    await expect.poll(() => due.inputValue()).toBe('1 Dec 2023');
    // A click at the end of the date (the focusing click selects it; a second one puts the caret there).
    await due.click();
    await page.keyboard.press('End');
    await page.keyboard.type('01/12/2023');
    expect(await due.inputValue()).toBe('1 Dec 202301/12/2023');
    await draftKept(app);

    await reloadAndOpenDraft(app, 'bill from Avon Supplies');
    await page.getByRole('heading', { name: 'Bill AV-2023-11' }).waitFor();
    await expect.poll(() => due.inputValue()).toBe('1 Dec 202301/12/2023');
    await page.getByText('Due date must be a date such as 31/01/2025.').waitFor();
    await checkScreen(app, 'drafts-date-typed-bill');

    await page.getByRole('button', { name: /^Save/ }).click();
    await expect.poll(() => hasFocus('Due date')).toBe(true);
    const stored = await app.book.json('GET', new URL(saved.body.bill.url).pathname);
    expect(stored.body.bill.due_on).toBe('2023-12-01');
    expect(await page.getByText(/Saved bill/).count()).toBe(0);

    // Put right, it saves that day, and the draft is gone.
    await due.fill('15/12/2023');
    await page.keyboard.press('ControlOrMeta+s');
    await expect.poll(async () => (await app.book.json('GET', new URL(saved.body.bill.url).pathname)).body.bill.due_on).toBe('2023-12-15');
    await expect.poll(async () => (await app.book.json('GET', '/v2/drafts')).body.drafts.length).toBe(0);
  });
});
