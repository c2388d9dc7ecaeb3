import { describe, expect, it } from 'vitest';
import { bankAccount, explain, oneTransaction } from './banking-helpers';
import { createTestBook, ORIGIN, type TestBook } from './harness';
import { postBill } from './purchases-helpers';
import { contact, creditNote, invoice, item, pay, sentInvoice, transition } from './sales-helpers';
import { readXml } from './xml-reader';

// Issue 10 item 2: aged debtors and creditors (Ledgerdesk extensions), as at a date. Today is 22 Nov 2026.

async function debtorsBook(): Promise<{ t: TestBook; north: string; south: string }> {
  const t = createTestBook();
  const bank = await bankAccount(t);
  const north = await contact(t, { organisation_name: 'Northwind' });
  const south = await contact(t, { organisation_name: 'Southwind' });
  // Northwind: 1,200.00 of 1 November, 600.00 paid on 10 November; 240.00 of 1 August, due 31 August.
  const recent = await sentInvoice(t, { contact: north, dated_on: '2026-11-01', payment_terms_in_days: 30, invoice_items: [item({ price: '1200' })] });
  expect((await pay(t, recent.url, '600', { account: bank, dated_on: '2026-11-10' })).status).toBe(201);
  await sentInvoice(t, { contact: north, dated_on: '2026-08-01', payment_terms_in_days: 30, invoice_items: [item({ price: '240' })] });
  // Southwind: 120.00 of 15 September less a 40.00 credit note of 10 October; a draft and a cancelled invoice count for nothing.
  await sentInvoice(t, { contact: south, dated_on: '2026-09-15', payment_terms_in_days: 30, invoice_items: [item({ price: '120' })] });
  await creditNote(t, { contact: south, dated_on: '2026-10-10', credit_note_items: [item({ price: '-40' })] });
  await invoice(t, { contact: south, dated_on: '2026-11-20', invoice_items: [item({ price: '999' })] });
  const cancelled = await sentInvoice(t, { contact: south, dated_on: '2026-11-21', invoice_items: [item({ price: '555' })] });
  expect((await transition(t, cancelled.url, 'mark_as_cancelled')).status).toBe(200);
  return { t, north, south };
}

describe('GET /v2/accounting/aged_debtors', () => {
  it('ages what each customer owes by the documents\' dates, less payments and credit notes, with what is overdue', async () => {
    const { t, north, south } = await debtorsBook();
    const { status, body } = await t.json('GET', '/v2/accounting/aged_debtors');
    expect(status).toBe(200);
    expect(body.aged_debtors.as_at_date).toBe('2026-11-22');
    expect(body.aged_debtors.contacts).toEqual([
      { contact: north, contact_name: 'Northwind', currency: 'GBP', days_0_to_30: '600.0', days_31_to_60: '0.0', days_61_to_90: '0.0', days_over_90: '240.0', overdue: '240.0', total: '840.0' },
      { contact: south, contact_name: 'Southwind', currency: 'GBP', days_0_to_30: '0.0', days_31_to_60: '-40.0', days_61_to_90: '120.0', days_over_90: '0.0', overdue: '80.0', total: '80.0' },
    ]);
    expect(body.aged_debtors.totals).toEqual([{ currency: 'GBP', days_0_to_30: '600.0', days_31_to_60: '-40.0', days_61_to_90: '120.0', days_over_90: '240.0', overdue: '320.0', total: '920.0' }]);
  });

  it('is as at a date: a payment after it still counts as owed, documents after it are not there yet', async () => {
    const { t, north } = await debtorsBook();
    const { body } = await t.json('GET', '/v2/accounting/aged_debtors?as_at_date=2026-11-05');
    const northwind = body.aged_debtors.contacts.find((line: { contact: string }) => line.contact === north);
    expect(northwind).toMatchObject({ days_0_to_30: '1200.0', days_61_to_90: '0.0', days_over_90: '240.0', total: '1440.0' });
    const early = (await t.json('GET', '/v2/accounting/aged_debtors?as_at_date=2026-07-31')).body.aged_debtors;
    expect(early).toEqual({ as_at_date: '2026-07-31', contacts: [], totals: [] });
    expect((await t.json('GET', '/v2/accounting/aged_debtors?as_at_date=2026-02-30')).status).toBe(400);
  });

  it('answers in XML as in JSON and needs Tax, Accounting and Users access', async () => {
    const { t } = await debtorsBook();
    const json = (await t.json('GET', '/v2/accounting/aged_debtors')).body;
    expect(await readXml(await t.request('GET', '/v2/accounting/aged_debtors', { headers: { Accept: 'application/xml' } }))).toEqual(json);
    const banking = await t.userWithLevel(6);
    expect((await t.json('GET', '/v2/accounting/aged_debtors', { token: banking })).status).toBe(403);
  });
});

describe('GET /v2/accounting/aged_creditors', () => {
  it('ages what the business owes each supplier, a bill paid in full gone, one in euros in euros', async () => {
    const t = createTestBook();
    const supplier = await contact(t, { organisation_name: 'Office Supplies' });
    const bill = async (fields: Record<string, unknown>) => {
      const response = await postBill(t, supplier, { bill_items: [{ category: `${ORIGIN}/v2/categories/285`, total_value: '600' }], ...fields });
      expect(response.status).toBe(201);
      return response.body.bill;
    };
    await bill({ dated_on: '2026-11-05', due_on: '2026-12-05' });
    const paid = await bill({ dated_on: '2026-07-01', due_on: '2026-07-31', bill_items: [{ category: `${ORIGIN}/v2/categories/285`, total_value: '120' }] });
    await bill({ dated_on: '2026-09-01', due_on: '2026-10-01', currency: 'EUR', exchange_rate: '0.85', bill_items: [{ category: `${ORIGIN}/v2/categories/285`, total_value: '100' }] });
    const bank = await bankAccount(t);
    const line = await oneTransaction(t, bank, { dated_on: '2026-07-20', amount: '-120', description: 'Office Supplies' });
    expect((await explain(t, { bank_transaction: line.url, paid_bill: paid.url, gross_value: '-120' })).status).toBe(201);

    const { body } = await t.json('GET', '/v2/accounting/aged_creditors');
    expect(body.aged_creditors.contacts).toEqual([
      { contact: supplier, contact_name: 'Office Supplies', currency: 'EUR', days_0_to_30: '0.0', days_31_to_60: '0.0', days_61_to_90: '100.0', days_over_90: '0.0', overdue: '100.0', total: '100.0' },
      { contact: supplier, contact_name: 'Office Supplies', currency: 'GBP', days_0_to_30: '600.0', days_31_to_60: '0.0', days_61_to_90: '0.0', days_over_90: '0.0', overdue: '0.0', total: '600.0' },
    ]);
    expect(body.aged_creditors.totals.map((total: { currency: string; total: string }) => [total.currency, total.total])).toEqual([['EUR', '100.0'], ['GBP', '600.0']]);
    // The day before it was paid, the July bill (18 days old, not yet due) was still owed.
    const july = (await t.json('GET', '/v2/accounting/aged_creditors?as_at_date=2026-07-19')).body.aged_creditors;
    expect(july.contacts).toEqual([{ contact: supplier, contact_name: 'Office Supplies', currency: 'GBP', days_0_to_30: '120.0', days_31_to_60: '0.0', days_61_to_90: '0.0', days_over_90: '0.0', overdue: '0.0', total: '120.0' }]);
  });
});
