import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { draftKept, leaveDialog, leaveEachWayAndKeep } from './drafts';
import { eachTestStartsOnOverview } from './fresh-window';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 19 item 1 for the bill editor: what is typed is kept as a draft; leaving by any way asks Keep
 * editing / Save / Discard and keeping loses nothing; a discard is undone from its toast; Save from
 * the question saves; a reload offers the draft and restores it exactly.
 */
// Each test types or saves a bill of its own reference (ACME-77 to ACME-80) from Overview with the
// book's drafts forgotten (fresh-window.ts), so the tests run in any order.
describe.shuffle('bill drafts in browser mode', () => {
  let app: AppSession;
  let acme: string;

  beforeAll(async () => {
    app = await openApp();
    const made = await app.book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'ACME Supplies' } } });
    expect(made.status).toBe(201);
    acme = made.body.contact.url;
  });

  afterAll(async () => {
    await app?.close();
  });

  eachTestStartsOnOverview(() => app);

  // No Content-Security-Policy violation or page error in any test.
  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  const reference = () => app.page.getByRole('textbox', { name: 'Reference' });
  const description = () => app.page.getByRole('textbox', { name: 'Line 1 description' });
  const amount = () => app.page.getByRole('textbox', { name: 'Line 1 amount' });
  const drafts = async () => (await app.book.json('GET', '/v2/drafts')).body.drafts.map((draft: { label: string }) => draft.label);

  /** What typeNewBill typed, all still there. */
  async function intact(ref: string) {
    expect(await reference().inputValue()).toBe(ref);
    expect(await description().inputValue()).toBe('Toner');
    expect(await amount().inputValue()).toBe('84.00');
  }

  /** From Overview: a new bill from ACME Supplies, reference `ref`, one line of Toner at 84.00 (285), typed and kept as a draft. */
  async function typeNewBill(ref: string) {
    const { page } = app;
    await page.keyboard.press('Alt+4');
    await page.getByRole('heading', { name: 'Bills' }).waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New bill' }).waitFor();
    await page.getByRole('combobox', { name: 'Supplier' }).click();
    await page.keyboard.type('ACME');
    await page.getByRole('listbox').getByRole('option', { name: /ACME Supplies/ }).waitFor();
    await page.keyboard.press('Enter');
    await reference().fill(ref);
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill('03/11/2026');
    await page.getByRole('combobox', { name: 'Line 1 category' }).click();
    await page.keyboard.type('285');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await description().fill('Toner');
    await amount().fill('84.00');
    await draftKept(app);
    await expect.poll(drafts).toEqual(['bill from ACME Supplies']);
  }

  it('keeps a new bill as a draft within a second, and every way out asks first and loses nothing', async () => {
    const { page } = app;
    await typeNewBill('ACME-77');

    const asked = await leaveEachWayAndKeep(app, { close: page.getByRole('button', { name: /← Bills/ }) }, () => intact('ACME-77'));
    expect(asked).toEqual(['Escape', 'Close', 'Alt+1', 'sidebar', 'menu', 'dropped file']);
    await page.keyboard.press('Escape');
    await leaveDialog(app).waitFor();
    await checkScreen(app, 'drafts-leave-dialog');
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    await intact('ACME-77');
  });

  it('Discard leaves, and the toast\'s Undo brings the draft back into its editor', async () => {
    const { page } = app;
    await typeNewBill('ACME-78');
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('grid', { name: 'Bills' }).waitFor();
    await expect.poll(drafts).toEqual([]);
    await page.getByRole('status').getByText('Discarded the draft of bill from ACME Supplies.').waitFor();
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('heading', { name: 'New bill' }).waitFor();
    await expect.poll(() => reference().inputValue()).toBe('ACME-78');
    await intact('ACME-78');
    expect(await page.getByRole('combobox', { name: 'Supplier' }).inputValue()).toBe('ACME Supplies');
    await expect.poll(drafts).toEqual(['bill from ACME Supplies']);
  });

  it('Save from the question saves the bill and goes where the person was going; the draft is gone', async () => {
    const { page } = app;
    await typeNewBill('ACME-79');
    await page.keyboard.press('Alt+1');
    await leaveDialog(app).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    const bills = (await app.book.json('GET', '/v2/bills?nested_bill_items=true')).body.bills as { reference: string; total_value: string }[];
    expect(bills.filter((bill) => bill.reference === 'ACME-79').map((bill) => [bill.reference, bill.total_value])).toEqual([['ACME-79', '84.0']]);
    await expect.poll(drafts).toEqual([]);
  });

  it('after a reload the draft is offered and restored exactly', async () => {
    const { page } = app;
    const saved = await app.book.json('POST', '/v2/bills', {
      body: { bill: { contact: acme, reference: 'ACME-80', dated_on: '2026-11-03', due_on: '2026-12-03', bill_items: [{ category: '285', description: 'Toner', total_value: '84' }] } },
    });
    expect(saved.status).toBe(201);
    await page.keyboard.press('Alt+4');
    await page.getByRole('grid', { name: 'Bills' }).getByText('ACME-80').click();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Bill ACME-80' }).waitFor();
    await description().fill('Toner, black');
    await draftKept(app);
    // Closing or reloading the window with changes asks the browser's own question.
    const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.accept().then(() => resolve(dialog.type()))));
    await page.reload();
    expect(await asked).toBe('beforeunload');
    const offer = page.getByRole('dialog', { name: '1 unsaved draft: bill from ACME Supplies' });
    await offer.waitFor();
    await checkScreen(app, 'drafts-offer');
    await offer.getByRole('button', { name: 'Open the draft of bill from ACME Supplies' }).click();
    await page.getByRole('heading', { name: 'Bill ACME-80' }).waitFor();
    await expect.poll(() => description().inputValue()).toBe('Toner, black');
    expect(await amount().inputValue()).toBe('84');
    expect(await reference().inputValue()).toBe('ACME-80');
  });
});
