import { describe, expect, it } from 'vitest';
import { bankAccount, explain, oneTransaction, upload } from './banking-helpers';
import { createTestBook, ORIGIN, type TestBook } from './harness';
import { entry } from './journal-helpers';
import { postBill, postExpense } from './purchases-helpers';
import { contact, invoice, item } from './sales-helpers';
import { expectUndoable, recordTables, redoLatest, undoLatest } from './undo-helpers';

// Each family: a create, an update and a delete, each undone (every record table back as it was,
// postings and attachments included) and redone (every table as the write left it).

const path = (url: string) => new URL(url).pathname;
type Reply = { status: number; body: any };

/** Creates through `create`, then proves undo/redo of that create, an update and the delete. */
async function lifecycle(t: TestBook, family: string, create: () => Promise<Reply>, update: (url: string) => Promise<Reply>, remove?: (url: string) => Promise<Reply>, afterCreate?: () => void): Promise<string> {
  let url = '';
  await expectUndoable(t, async () => {
    const reply = await create();
    // A category answers under its group's key (income_categories ...), every other record under its own.
    url = (reply.body[family] ?? Object.values(reply.body)[0])?.url;
    expect(url, `${family}: ${JSON.stringify(reply.body)}`).toBeDefined();
    return reply;
  });
  afterCreate?.();
  await expectUndoable(t, () => update(url));
  if (remove) await expectUndoable(t, () => remove(url));
  return url;
}

const del = (t: TestBook) => (url: string) => t.json('DELETE', path(url));

describe('undo and redo restore the book exactly, family by family', () => {
  it('contacts, with labels naming what was done', async () => {
    const t = createTestBook();
    let url = '';
    await expectUndoable(t, async () => {
      const reply = await t.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Acme' } } });
      url = reply.body.contact.url;
      return reply;
    }, 'created contact Acme');
    await expectUndoable(t, () => t.json('PUT', path(url), { body: { contact: { organisation_name: 'Acme 2' } } }), 'changed contact Acme 2');
    await expectUndoable(t, () => t.json('DELETE', path(url)), 'deleted contact Acme 2');
    const list = await t.json('GET', '/v2/change_sets');
    expect(list.body.undo.map((set: any) => set.label)).toEqual(['deleted contact Acme 2', 'changed contact Acme 2', 'created contact Acme']);
    expect(list.body.redo).toEqual([]);
  });

  it('projects, categories, users, properties and notes', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    await lifecycle(t, 'project', () => t.json('POST', '/v2/projects', { body: { project: { contact: owner, name: 'Site' } } }), (url) => t.json('PUT', path(url), { body: { project: { name: 'Site 2' } } }), del(t));
    await lifecycle(t, 'category', () => t.json('POST', '/v2/categories', { body: { category: { category_group: 'income', description: 'Consulting', nominal_code: '047' } } }), (url) => t.json('PUT', path(url), { body: { category: { description: 'Advice' } } }));
    await lifecycle(
      t,
      'user',
      () => t.json('POST', '/v2/users', { body: { user: { email: 'a@example.com', first_name: 'Ann', last_name: 'Lee', role: 'Employee', permission_level: 0 } } }),
      (url) => t.json('PUT', path(url), { body: { user: { first_name: 'Anne' } } }),
      del(t),
    );
    const landlord = createTestBook({ type: 'UkUnincorporatedLandlord' });
    await lifecycle(landlord, 'property', () => landlord.json('POST', '/v2/properties', { body: { property: { address1: '1 Rental Row' } } }), (url) => landlord.json('PUT', path(url), { body: { property: { address1: '2 Rental Row' } } }), del(landlord));
    await lifecycle(t, 'note', () => t.json('POST', `/v2/notes?contact=${encodeURIComponent(owner)}`, { body: { note: { note: 'Prefers email' } } }), (url) => t.json('PUT', path(url), { body: { note: { note: 'Prefers post' } } }), del(t));
  });

  it('company settings, lock dates and opening balances', async () => {
    const t = createTestBook();
    await expectUndoable(t, () => t.json('PUT', '/v2/company', { body: { company: { name: 'Renamed Ltd' } } }), 'changed company settings');
    await expectUndoable(t, () => t.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: '2025-12-31' } } }));
    await t.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: '2025-12-31' } } });
    await expectUndoable(t, () => t.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: '2026-01-31' } } }));
    await expectUndoable(t, () => t.json('DELETE', '/v2/account_locks'));
    await t.json('DELETE', '/v2/account_locks');
    const opening = (entries: unknown[]) => t.json('PUT', '/v2/journal_sets/opening_balances', { body: { journal_set: { journal_entries: entries } } });
    await expectUndoable(t, () => opening([entry('681', '100'), entry('796', '-100')]));
    await opening([entry('681', '100'), entry('796', '-100')]);
    await expectUndoable(t, () => opening([entry('681', '250'), entry('796', '-250')]));
  });

  it('bank accounts, statement imports, explanations with their postings and attachments', async () => {
    const t = createTestBook({ vatRegistered: true });
    await lifecycle(t, 'bank_account', () => t.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Spare', opening_balance: '10' } } }), (url) => t.json('PUT', path(url), { body: { bank_account: { name: 'Spare 2', opening_balance: '20' } } }), del(t));
    const account = await bankAccount(t);
    await expectUndoable(t, () => upload(t, account, [{ dated_on: '2026-10-01', amount: '-42.50', description: 'Stationery' }, { dated_on: '2026-10-02', amount: '100', description: 'Sale' }]));
    const line = await oneTransaction(t, account, { dated_on: '2026-10-03', amount: '-60', description: 'Train' });
    const pdf = { data: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'), file_name: 'receipt.pdf', content_type: 'application/pdf' };
    await lifecycle(
      t,
      'bank_transaction_explanation',
      () => explain(t, { bank_transaction: line.url, category: '285', gross_value: '-60', sales_tax_rate: '20', attachment: pdf }),
      (url) => t.json('PUT', path(url), { body: { bank_transaction_explanation: { category: '250', gross_value: '-60' } } }),
      del(t),
      // The receipt's bytes are in the book after the create is redone: the blob came back whole.
      () => expect(recordTables(t).attachment_blobs).toHaveLength(1),
    );
  });

  it('invoices with items and transitions, estimates, credit notes and recurring invoices', async () => {
    const t = createTestBook({ vatRegistered: true });
    const owner = await contact(t);
    const invoiceUrl = await lifecycle(
      t,
      'invoice',
      () => t.json('POST', '/v2/invoices', { body: { invoice: { contact: owner, dated_on: '2026-11-01', invoice_items: [item(), item({ description: 'More', price: '50' })] } } }),
      (url) => t.json('PUT', path(url), { body: { invoice: { comments: 'Thanks', invoice_items: [item({ price: '120' })] } } }),
    );
    await expectUndoable(t, () => t.json('PUT', `${path(invoiceUrl)}/transitions/mark_as_sent`), /^changed invoice /);
    await expectUndoable(t, () => t.json('PUT', `${path(invoiceUrl)}/transitions/mark_as_draft`));
    await expectUndoable(t, () => t.json('DELETE', path(invoiceUrl)), /^deleted invoice /);
    await lifecycle(t, 'estimate', () => t.json('POST', '/v2/estimates', { body: { estimate: { status: 'Draft', contact: owner, dated_on: '2026-11-01', estimate_items: [item()] } } }), (url) => t.json('PUT', path(url), { body: { estimate: { notes: 'Valid 30 days' } } }), del(t));
    await lifecycle(t, 'credit_note', () => t.json('POST', '/v2/credit_notes', { body: { credit_note: { contact: owner, dated_on: '2026-11-02', credit_note_items: [item({ price: '-25' })] } } }), (url) => t.json('PUT', path(url), { body: { credit_note: { comments: 'Refund' } } }), del(t));
    const source = await invoice(t, { contact: owner, dated_on: '2026-11-20', invoice_items: [item({ price: '500' })] });
    await lifecycle(t, 'recurring_invoice', () => t.json('POST', '/v2/recurring_invoices', { body: { recurring_invoice: { invoice: source.url, frequency: 'Monthly' } } }), (url) => t.json('PUT', path(url), { body: { recurring_invoice: { frequency: 'Quarterly' } } }), del(t));
  });

  it('bills, expenses and journals', async () => {
    const t = createTestBook({ vatRegistered: true });
    const supplier = await contact(t, { organisation_name: 'Supplies Ltd' });
    await lifecycle(t, 'bill', () => postBill(t, supplier), (url) => t.json('PUT', path(url), { body: { bill: { reference: '002', bill_items: [{ category: `${ORIGIN}/v2/categories/285`, description: 'Changed', total_value: '80' }] } } }), del(t));
    await lifecycle(t, 'expense', () => postExpense(t, { user: `${ORIGIN}/v2/users/${t.ownerId}`, gross_value: '-12.34' }), (url) => t.json('PUT', path(url), { body: { expense: { description: 'Hotel' } } }), del(t));
    await lifecycle(
      t,
      'journal_set',
      () => t.json('POST', '/v2/journal_sets', { body: { journal_set: { dated_on: '2026-04-10', description: 'Accrual', journal_entries: [entry('285', '5'), entry('001', '-5')] } } }),
      (url) => t.json('PUT', path(url), { body: { journal_set: { description: 'Accrual 2', journal_entries: [entry('285', '7'), entry('001', '-7')] } } }),
      del(t),
    );
  });

  it('walks several actions back and forward in order, and a new edit ends the redo list', async () => {
    const t = createTestBook();
    const start = recordTables(t);
    await t.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'One' } } });
    await t.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Two' } } });
    const end = recordTables(t);
    expect(await undoLatest(t)).toBe('created contact Two');
    expect(await undoLatest(t)).toBe('created contact One');
    expect(recordTables(t)).toEqual(start);
    expect((await t.json('POST', '/v2/undo')).body.errors[0].message).toBe('There is nothing to undo');
    expect(await redoLatest(t)).toBe('created contact One');
    expect(await redoLatest(t)).toBe('created contact Two');
    expect(recordTables(t)).toEqual(end);
    await undoLatest(t);
    await t.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Three' } } });
    const redo = await t.json('POST', '/v2/redo');
    expect(redo.status).toBe(422);
    expect(redo.body.errors[0].message).toBe('There is nothing to redo');
  });
});
