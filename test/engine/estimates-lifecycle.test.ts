import { gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changes } from '../../main/db/schema';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, type TestBook } from './harness';
import { estimate, moved } from './estimate-helpers';
import { contact, creditNote, get, item, pay, sentInvoice, transition } from './sales-helpers';

const vatBook = () => createTestBook({ vatRegistered: true });
const path = (url: string) => new URL(url).pathname;
const lock = (t: TestBook, date: string) => t.book.sqlite.prepare("INSERT INTO account_locks (id, locked_to_date, created_at, updated_at) VALUES (1, ?, 'x', 'x')").run(date);

/** The change rows a request appended, as "resource/id operation". */
async function changesOf(t: TestBook, run: () => Promise<{ status: number }>): Promise<string[]> {
  const last = t.book.sqlite.prepare('SELECT coalesce(max(id), 0) FROM changes').pluck().get() as number;
  const response = await run();
  expect(response.status).toBeLessThan(300);
  return t.book.db.select().from(changes).where(gt(changes.id, last)).all().map((row) => `${row.resource}/${row.recordId} ${row.operation}`);
}

/** Everything the books say: every posting, and the reports a user reads. */
async function books(t: TestBook) {
  const report = async (target: string) => {
    const response = await t.json('GET', target);
    expect(response.status, target).toBe(200);
    return response.body;
  };
  return {
    postings: t.book.sqlite.prepare('SELECT * FROM postings ORDER BY id').all(),
    profitAndLoss: await report('/v2/accounting/profit_and_loss/summary?from_date=2026-05-01&to_date=2027-04-30'),
    trialBalance: await report('/v2/accounting/trial_balance/summary?from_date=2026-05-01&to_date=2027-04-30'),
    balanceSheet: await report('/v2/accounting/balance_sheet?as_at_date=2026-11-30'),
    agedDebtors: await report('/v2/accounting/aged_debtors?as_at_date=2026-11-30'),
    vatReturns: await report('/v2/vat_returns'),
  };
}

describe('estimates: transitions', () => {
  it('goes Draft → Sent → Approved or Rejected and back, each move a change; others are refused with a sentence', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const draft = await estimate(t, { contact: owner });
    const id = draft.url.split('/').pop();
    const step = async (name: string, status: string) => {
      const entries = await changesOf(t, () => transition(t, draft.url, name));
      expect(entries).toEqual([`estimates/${id} update`]);
      expect((await get(t, draft.url)).estimate.status).toBe(status);
    };
    const refuse = async (name: string, message: string) => {
      const before = bookSnapshot(t);
      const response = await transition(t, draft.url, name);
      expect(response.status).toBe(422);
      expect(response.body.errors[0].message).toBe(message);
      expect(bookSnapshot(t)).toEqual(before);
    };
    await refuse('mark_as_approved', 'An estimate that is draft cannot be marked as approved');
    await refuse('convert_to_invoice', 'An estimate that is draft cannot be converted to an invoice; mark it as sent (or approved) first');
    await refuse('mark_as_draft', 'An estimate that is draft cannot be taken back to draft');
    await refuse('mark_as_cancelled', 'mark_as_cancelled is not a transition of an estimate; the transitions are mark_as_sent, mark_as_draft, mark_as_approved, mark_as_rejected, convert_to_invoice');
    await step('mark_as_sent', 'Sent');
    await refuse('mark_as_sent', 'An estimate that is sent cannot be marked as sent');
    await step('mark_as_rejected', 'Rejected');
    await refuse('convert_to_invoice', 'An estimate that is rejected cannot be converted to an invoice; mark it as approved first');
    await step('mark_as_approved', 'Approved');
    await step('mark_as_rejected', 'Rejected');
    await step('mark_as_draft', 'Draft');
    await step('mark_as_sent', 'Sent');
    await step('mark_as_approved', 'Approved');
    await step('mark_as_draft', 'Draft');
    await refuse('publish', 'publish is not a transition of an estimate; the transitions are mark_as_sent, mark_as_draft, mark_as_approved, mark_as_rejected, convert_to_invoice');
    expect((await transition(t, 'http://x/v2/estimates/999', 'mark_as_sent')).status).toBe(404);
  });

  it('converts to a draft invoice with the same lines, VAT and EC fields, linked both ways; the estimate is Invoiced', async () => {
    const t = vatBook();
    const owner = await contact(t, { default_payment_terms_in_days: 14 });
    const approved = await estimate(t, {
      contact: owner,
      dated_on: '2026-10-20',
      discount_percent: '5',
      notes: 'Valid for 30 days',
      estimate_items: [
        item({ description: 'Design', item_type: 'Days', price: '450', quantity: '2', sales_tax_rate: '20', category: '001' }),
        item({ description: 'Car seats', item_type: 'Products', price: '100', sales_tax_rate: '5' }),
        item({ description: 'Books', item_type: 'Products', price: '30', sales_tax_rate: '0' }),
        item({ description: 'Course', item_type: 'Training', price: '50', sales_tax_status: 'EXEMPT' }),
      ],
    });
    await moved(t, approved.url, 'mark_as_sent', 'mark_as_approved');
    const id = approved.url.split('/').pop();
    const before = t.book.sqlite.prepare('SELECT max(id) FROM changes').pluck().get() as number;
    const converted = await transition(t, approved.url, 'convert_to_invoice');
    expect(converted.status).toBe(200);
    // The answer is the estimate, as the live service's is.
    const record = converted.body.estimate;
    expect(record.status).toBe('Invoiced');
    expect(record.invoice).toMatch(/\/v2\/invoices\/\d+$/);
    const raised = (await get(t, record.invoice)).invoice;
    expect(raised).toMatchObject({
      contact: owner,
      estimate: approved.url,
      status: 'Draft',
      reference: '001',
      dated_on: '2026-11-22',
      due_on: '2026-12-06',
      discount_percent: '5.0',
      net_value: approved.net_value,
      sales_tax_value: approved.sales_tax_value,
      total_value: approved.total_value,
    });
    const lines = (rows: any[]) => rows.map((row) => [row.description, row.item_type, row.price, row.quantity, row.sales_tax_rate, row.sales_tax_status, row.category]);
    expect(lines(raised.invoice_items)).toEqual(lines(approved.estimate_items));
    const entries = t.book.db.select().from(changes).where(gt(changes.id, before)).all().map((row) => `${row.resource}/${row.recordId} ${row.operation}`);
    expect(entries).toEqual([`invoices/${raised.url.split('/').pop()} create`, `estimates/${id} update`]);
    // Invoiced is final while the invoice exists: no edit, no move, no second invoice, no deletion.
    const snapshot = bookSnapshot(t);
    expect((await t.json('PUT', path(approved.url), { body: { estimate: { notes: 'x' } } })).body.errors[0].message).toBe('An invoiced estimate cannot be changed; its invoice carries the sale on');
    expect((await transition(t, approved.url, 'convert_to_invoice')).body.errors[0].message).toBe('An estimate that is invoiced cannot be converted to an invoice while its invoice exists; delete the invoice first');
    expect((await transition(t, approved.url, 'mark_as_draft')).status).toBe(422);
    const removal = await t.json('DELETE', path(approved.url));
    expect(removal.status).toBe(409);
    expect(removal.body.errors[0].message).toBe('An invoiced estimate cannot be deleted while its invoice exists; delete the invoice first');
    expect(bookSnapshot(t)).toEqual(snapshot);
    // Deleting the invoice leaves the estimate approved, ready to convert again.
    const released = await changesOf(t, () => t.json('DELETE', path(raised.url)));
    expect(released).toContain(`estimates/${id} update`);
    expect((await get(t, approved.url)).estimate).toMatchObject({ status: 'Approved' });
    expect((await get(t, approved.url)).estimate.invoice).toBeUndefined();
    const again = await moved(t, approved.url, 'convert_to_invoice');
    expect(again.invoice).not.toBe(raised.url);
  });

  it('a sent estimate converts too, in its currency at its rate, with its MOSS place of supply', async () => {
    const t = vatBook();
    const owner = await contact(t, { country: 'Germany' });
    const moss = await estimate(t, { contact: owner, currency: 'EUR', exchange_rate: '0.85', ec_status: 'EC VAT MOSS', place_of_supply: 'Germany', estimate_items: [item({ sales_tax_rate: '19' })] });
    const invoiced = await moved(t, moss.url, 'mark_as_sent', 'convert_to_invoice');
    const raised = (await get(t, invoiced.invoice)).invoice;
    expect(raised).toMatchObject({ currency: 'EUR', exchange_rate: '0.85', ec_status: 'EC VAT MOSS', place_of_supply: 'Germany', total_value: '119.0' });
    // Sent, the invoice posts as any invoice: VAT to 824 (MOSS).
    expect((await transition(t, raised.url, 'mark_as_sent')).status).toBe(200);
    const codes = t.book.sqlite.prepare("SELECT c.nominal_code FROM postings p JOIN categories c ON c.id = p.category_id WHERE p.source_resource = 'invoices' ORDER BY 1").pluck().all();
    expect(codes).toEqual(['001', '681', '824']);
  });
});

describe('estimates: the ledger', () => {
  it('post nothing at any status: postings and every report stay as they were', async () => {
    const t = vatBook();
    const owner = await contact(t);
    await sentInvoice(t, { contact: owner, invoice_items: [item({ price: '200', sales_tax_rate: '20' })] });
    const before = await books(t);
    expect(before.postings.length).toBeGreaterThan(0);
    const one = await estimate(t, { contact: owner, estimate_items: [item({ price: '1000', sales_tax_rate: '20' }), item({ price: '50', sales_tax_rate: '5' })] });
    await moved(t, one.url, 'mark_as_sent');
    expect(await books(t)).toEqual(before);
    await moved(t, one.url, 'mark_as_approved');
    await t.json('PUT', path(one.url), { body: { estimate: { estimate_items: [item({ price: '7' })] } } });
    expect(await books(t)).toEqual(before);
    const two = await estimate(t, { contact: owner, dated_on: '2026-09-01' });
    await moved(t, two.url, 'mark_as_sent', 'mark_as_rejected', 'mark_as_draft');
    expect((await t.json('DELETE', path(two.url))).status).toBe(200);
    // Converting raises a draft invoice, which posts nothing either until it is sent.
    await moved(t, one.url, 'convert_to_invoice');
    expect(await books(t)).toEqual(before);
    const posted = t.book.sqlite.prepare("SELECT count(*) FROM postings WHERE source_resource = 'estimates'").pluck().get();
    expect(posted).toBe(0);
  });

  it('leaves what a contact owes alone: balances count invoices and credit notes only', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const one = await estimate(t, { contact: owner, estimate_items: [item({ price: '900' })] });
    await moved(t, one.url, 'mark_as_sent', 'mark_as_approved');
    expect((await get(t, owner)).contact.account_balance).toBe('0.0');
    expect((await t.json('GET', '/v2/invoices?view=open_or_overdue')).body.invoices).toEqual([]);
  });

  it('cannot be paid from a bank line or reconciled as if it were an invoice', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const sent = await estimate(t, { contact: owner });
    await moved(t, sent.url, 'mark_as_sent');
    const asInvoice = sent.url.replace('/estimates/', '/invoices/');
    const paid = await pay(t, asInvoice, '100');
    expect(paid.status).toBe(422);
    expect(paid.body.errors[0].message).toBe('paid_invoice must be the url of a sent invoice or credit note of this company');
    const note = await creditNote(t, { contact: owner });
    const reconciled = await t.json('POST', '/v2/credit_note_reconciliations', { body: { credit_note_reconciliation: { invoice: asInvoice, credit_note: note.url, gross_value: '10', dated_on: '2026-11-03' } } });
    expect(reconciled.status).toBe(422);
  });
});

describe('estimates: deletion and locks', () => {
  it('deletes a draft, sent or rejected estimate; an approved one is a 409 until taken back to draft, as the live service', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    for (const moves of [[], ['mark_as_sent'], ['mark_as_sent', 'mark_as_rejected']]) {
      const one = await estimate(t, { contact: owner });
      await moved(t, one.url, ...moves);
      const id = one.url.split('/').pop();
      expect(await changesOf(t, () => t.json('DELETE', path(one.url)))).toEqual([`estimates/${id} delete`]);
      expect((await t.json('GET', path(one.url))).status).toBe(404);
    }
    const approved = await estimate(t, { contact: owner });
    await moved(t, approved.url, 'mark_as_sent', 'mark_as_approved');
    const before = bookSnapshot(t);
    const refused = await t.json('DELETE', path(approved.url));
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].message).toBe('An approved estimate cannot be deleted; take it back to draft first (mark_as_draft)');
    expect(bookSnapshot(t)).toEqual(before);
    await moved(t, approved.url, 'mark_as_draft');
    expect((await t.json('DELETE', path(approved.url))).status).toBe(200);
    expect(t.book.sqlite.prepare('SELECT count(*) FROM invoice_items').pluck().get()).toBe(0);
  });

  it('a contact with an estimate cannot be deleted (403, as the live service); without one it can', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const one = await estimate(t, { contact: owner });
    const before = bookSnapshot(t);
    const refused = await t.json('DELETE', path(owner));
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].message).toMatch(/^This contact has estimates and cannot be deleted/);
    expect(bookSnapshot(t)).toEqual(before);
    await t.json('DELETE', path(one.url));
    expect((await t.json('DELETE', path(owner))).status).toBe(200);
  });

  it('a lock on the books does not hold estimates (they post nothing); the invoice raised from one is dated today', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    lock(t, '2026-09-30');
    const old = await estimate(t, { contact: owner, dated_on: '2026-08-01' });
    expect((await t.json('PUT', path(old.url), { body: { estimate: { dated_on: '2026-07-01' } } })).status).toBe(200);
    const invoiced = await moved(t, old.url, 'mark_as_sent', 'mark_as_approved', 'convert_to_invoice');
    expect((await get(t, invoiced.invoice)).invoice.dated_on).toBe('2026-11-22');
    // The invoice itself is held by the lock as any invoice is.
    expect((await t.json('PUT', path(invoiced.invoice), { body: { invoice: { dated_on: '2026-09-01' } } })).status).toBe(422);
  });
});
