import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { draftKept, leaveDialog } from './drafts';
import { eachTestStartsOnOverview } from './fresh-window';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 19 item 1 for a recurring invoice's schedule (a dialog): a change is kept as a draft; Escape
 * or another section's key asks Keep editing / Save / Discard in a question on top of the schedule's
 * dialog, with the focus, the pointer and Escape its own (Escape closes the question only); each
 * answer does what it says; after a reload the draft is offered and opens the dialog as typed.
 */
// Each test makes its own customer's schedule and types its own draft, starting on Overview with no
// draft kept (fresh-window.ts), so they run in any order.
describe.shuffle('drafts of a recurring schedule', () => {
  let app: AppSession;
  /** The customer of the test's own schedule. */
  let customer: string;
  let made = 0;

  beforeAll(async () => {
    app = await openApp();
    await app.page.setViewportSize({ width: 1280, height: 800 });
  });

  afterAll(async () => {
    await app?.close();
  });

  eachTestStartsOnOverview(() => app, { width: 1280, height: 800 });

  // Every test ran without Content-Security-Policy violations or page errors.
  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  /** A customer of the test's own with a monthly schedule made from an invoice of theirs. */
  async function scheduleOfItsOwn(): Promise<void> {
    made += 1;
    customer = `Acme ${made} Ltd`;
    const acme = await app.book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: customer } } });
    const invoice = await app.book.json('POST', '/v2/invoices', {
      body: { invoice: { contact: acme.body.contact.url, dated_on: '2026-11-01', invoice_items: [{ description: 'Consulting', item_type: 'Hours', quantity: '1', price: '100' }] } },
    });
    const schedule = await app.book.json('POST', '/v2/recurring_invoices', { body: { recurring_invoice: { invoice: invoice.body.invoice.url, frequency: 'Monthly', recurring_status: 'Active' } } });
    expect(schedule.status).toBe(201);
  }

  const dialog = () => app.page.getByRole('dialog', { name: `Schedule of ${customer}` });
  const often = () => dialog().getByRole('combobox', { name: 'How often' });
  const endDate = () => dialog().getByRole('textbox', { name: 'End date' });
  // The date field shows 01/06/2027 while focused and "1 Jun 2027" otherwise.
  const JUNE_2027 = /^(01\/06\/2027|1 Jun 2027)$/;
  const drafts = async () => (await app.book.json('GET', '/v2/drafts')).body.drafts.map((draft: { label: string }) => draft.label);
  const frequency = async () => (await app.book.json('GET', '/v2/recurring_invoices')).body.recurring_invoices.find((each: { contact_name: string }) => each.contact_name === customer).frequency;
  /** The question is the top-most thing where it shows, and the focus is in it. */
  const questionOnTop = () =>
    app.page.evaluate(() => {
      const question = document.querySelector('[role="alertdialog"]');
      if (!question) return 'no question';
      const box = question.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || !question.contains(hit)) return 'covered';
      return question.contains(document.activeElement) ? 'on top with focus' : 'no focus';
    });

  /** The test's own schedule opened from Invoices › Recurring (its row chosen with a click, Enter), changed to quarterly until June 2027. */
  async function openAndChange() {
    const { page } = app;
    await scheduleOfItsOwn();
    await page.keyboard.press('Alt+3');
    await page.getByRole('heading', { name: 'Invoices' }).waitFor();
    await page.keyboard.press('r');
    const grid = page.getByRole('grid', { name: 'Recurring invoices' });
    const row = grid.locator('[role=row]', { hasText: customer });
    await row.click();
    // The clicked row is the grid's active one (the one Enter opens).
    await expect.poll(async () => (await row.getAttribute('id')) !== null && (await grid.getAttribute('aria-activedescendant')) === (await row.getAttribute('id'))).toBe(true);
    await grid.focus();
    await page.keyboard.press('Enter');
    await dialog().waitFor();
    await often().selectOption('Quarterly');
    await endDate().fill('01/06/2027');
    await draftKept(app);
    await expect.poll(drafts).toEqual([`schedule of ${customer}`]);
  }

  it('Escape and Alt+1 ask on top of the dialog with the focus; Escape closes only the question; Keep editing keeps it', async () => {
    const { page } = app;
    await openAndChange();
    await endDate().focus();
    await page.keyboard.press('Escape');
    await leaveDialog(app).waitFor();
    await expect.poll(questionOnTop).toBe('on top with focus');
    await checkScreen(app, 'schedule-leave-question');
    await page.keyboard.press('Escape');
    await leaveDialog(app).waitFor({ state: 'detached' });
    expect(await dialog().isVisible()).toBe(true);
    expect(await often().inputValue()).toBe('Quarterly');

    await page.keyboard.press('Alt+1');
    await leaveDialog(app).waitFor();
    await expect.poll(questionOnTop).toBe('on top with focus');
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    await leaveDialog(app).waitFor({ state: 'detached' });
    expect(await dialog().isVisible()).toBe(true);
    expect(await endDate().inputValue()).toMatch(JUNE_2027);
    expect(await page.getByRole('heading', { name: 'Overview' }).count()).toBe(0);
  });

  it('after a reload the draft is offered and opens the dialog as typed; Discard closes it and changes nothing', async () => {
    const { page } = app;
    // A change kept as a draft, as the first test leaves it.
    await openAndChange();
    page.once('dialog', (question) => void question.accept());
    await page.reload();
    await page.getByRole('dialog', { name: `1 unsaved draft: schedule of ${customer}` }).getByRole('button', { name: `Open the draft of schedule of ${customer}` }).click();
    await dialog().waitFor();
    await expect.poll(() => often().inputValue()).toBe('Quarterly');
    expect(await endDate().inputValue()).toMatch(JUNE_2027);
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(drafts).toEqual([]);
    expect(await frequency()).toBe('Monthly');
  });

  it('Save from the question saves the schedule and closes the dialog; the draft is gone', async () => {
    const { page } = app;
    await openAndChange();
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Save' }).click();
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(frequency).toBe('Quarterly');
    await expect.poll(drafts).toEqual([]);
    expect(app.problems).toEqual([]);
  });
});
