import { describe, expect, it } from 'vitest';
import { bankAccount, explain, idOf, ledgerTotal, oneTransaction, postingsOf } from './banking-helpers';
import { createTestBook } from './harness';
import { contact, creditNote, get, item, pay, sentInvoice, transition } from './sales-helpers';

const path = (url: string) => new URL(url).pathname;

describe('paying an invoice with a bank explanation (paid_invoice)', () => {
  it('part pays, then pays in full; 750-N against trade debtors', async () => {
    const t = createTestBook({ vatRegistered: true });
    const owner = await contact(t);
    const sent = await sentInvoice(t, { contact: owner });
    const account = await bankAccount(t);
    t.clock.set('2026-11-23T08:00:00Z');
    const first = await pay(t, sent.url, '50', { account, dated_on: '2026-11-10' });
    expect(first.status).toBe(201);
    expect(first.body.bank_transaction_explanation).toMatchObject({ paid_invoice: sent.url, gross_value: '50.0', type: 'Invoice Receipt', entry_type: 'Invoice Receipt' });
    expect(first.body.bank_transaction_explanation.category).toBeUndefined();
    expect(first.body.bank_transaction_explanation.sales_tax_value).toBeUndefined();
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(first.body.bank_transaction_explanation.url))).toEqual([
      { code: '681', debit: -5000 },
      { code: '750-1', debit: 5000 },
    ]);
    let record = (await get(t, sent.url)).invoice;
    expect(record).toMatchObject({ status: 'Part paid', paid_value: '50.0', due_value: '70.0', updated_at: '2026-11-23T08:00:00.000Z' });
    await pay(t, sent.url, '70', { account, dated_on: '2026-11-12' });
    record = (await get(t, sent.url)).invoice;
    expect(record).toMatchObject({ status: 'Paid', long_status: 'Paid', paid_value: '120.0', due_value: '0.0', paid_on: '2026-11-12' });
    expect((await t.json('GET', '/v2/invoices?view=paid')).body.invoices.map((row: any) => row.url)).toEqual([sent.url]);
    expect((await get(t, owner)).contact.account_balance).toBe('0.0');
    const debtors = t.book.sqlite.prepare("SELECT sum(p.debit_minor) FROM postings p JOIN categories c ON c.id = p.category_id WHERE c.nominal_code = '681'").pluck().get();
    expect(debtors).toBe(0);
    expect(ledgerTotal(t)).toBe(0);
  });

  it('refuses more than is due, and changes nothing', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const sent = await sentInvoice(t, { contact: owner });
    const account = await bankAccount(t);
    await pay(t, sent.url, '60', { account });
    const tooMuch = await pay(t, sent.url, '40.01', { account });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors[0].message).toBe('gross_value is more than is due on the invoice');
    expect(t.book.sqlite.prepare('SELECT count(*) FROM bank_transaction_explanations').pluck().get()).toBe(1);
    expect((await get(t, sent.url)).invoice.due_value).toBe('40.0');
  });

  it('only pays a sent invoice, with money in, from an account in its currency', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const draft = (await t.json('POST', '/v2/invoices', { body: { invoice: { contact: owner, dated_on: '2026-11-01', invoice_items: [item()] } } })).body.invoice;
    expect((await pay(t, draft.url, '10')).body.errors[0].message).toMatch(/paid once it is sent, not while it is draft/);
    const sent = await sentInvoice(t, { contact: owner });
    const account = await bankAccount(t);
    const out = await oneTransaction(t, account, { dated_on: '2026-11-10', amount: '-10', description: 'refund' });
    expect((await explain(t, { bank_transaction: out.url, paid_invoice: sent.url, gross_value: '-10' })).body.errors[0].message).toMatch(/an invoice is paid with money in/);
    const dollars = await bankAccount(t, { name: 'USD', currency: 'USD' });
    const line = await oneTransaction(t, dollars, { dated_on: '2026-11-10', amount: '10', description: 'usd' });
    const wrong = await explain(t, { bank_transaction: line.url, paid_invoice: sent.url, gross_value: '8', foreign_currency_value: '10' });
    expect(wrong.body.errors[0].message).toMatch(/pay it from a GBP bank account/);
    expect((await pay(t, 'http://x/v2/invoices/999', '10')).status).toBe(422);
    const both = await pay(t, sent.url, '10', { extra: { category: '001' } });
    expect(both.body.errors[0].message).toMatch(/only one of them/);
    const andBill = await pay(t, sent.url, '10', { extra: { paid_bill: 'http://x/v2/bills/1' } });
    expect(andBill.body.errors[0].message).toMatch(/only one of them/);
  });

  it('follows the explanation: changed, moved to a category, deleted', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const sent = await sentInvoice(t, { contact: owner });
    const paid = (await pay(t, sent.url, '100')).body.bank_transaction_explanation;
    expect((await get(t, sent.url)).invoice.status).toBe('Paid');
    // Paid invoices cannot go back to draft, be cancelled, deleted, or shrink below what was paid.
    expect((await transition(t, sent.url, 'mark_as_draft')).status).toBe(422);
    expect((await transition(t, sent.url, 'mark_as_cancelled')).status).toBe(422);
    expect((await t.json('DELETE', path(sent.url))).status).toBe(422);
    const shrink = await t.json('PUT', path(sent.url), { body: { invoice: { invoice_items: [{ url: sent.invoice_items[0].url, price: '90' }] } } });
    expect(shrink.body.errors[0].message).toBe('The invoice would come to less than has already been paid or credited against it');
    expect((await t.json('PUT', path(sent.url), { body: { invoice: { currency: 'USD', exchange_rate: '0.8' } } })).status).toBe(422);

    await t.json('PUT', path(paid.url), { body: { bank_transaction_explanation: { gross_value: '30' } } });
    expect((await get(t, sent.url)).invoice).toMatchObject({ status: 'Part paid', due_value: '70.0' });
    const moved = await t.json('PUT', path(paid.url), { body: { bank_transaction_explanation: { category: '001' } } });
    expect(moved.body.bank_transaction_explanation.paid_invoice).toBeUndefined();
    expect((await get(t, sent.url)).invoice).toMatchObject({ status: 'Open', due_value: '100.0' });
    await t.json('PUT', path(paid.url), { body: { bank_transaction_explanation: { paid_invoice: sent.url } } });
    expect((await get(t, sent.url)).invoice.due_value).toBe('70.0');
    expect((await t.json('DELETE', path(paid.url))).status).toBe(200);
    expect((await get(t, sent.url)).invoice).toMatchObject({ status: 'Open', paid_value: '0.0' });
    expect(ledgerTotal(t)).toBe(0);
  });

  it('a foreign invoice paid at another rate: the difference is a realised exchange gain (390) and debtors clear exactly', async () => {
    const t = createTestBook();
    const owner = await contact(t, { country: 'United States' });
    const sent = await sentInvoice(t, { contact: owner, currency: 'USD', exchange_rate: '0.8', invoice_items: [item({ price: '100.01' })] });
    expect(sent.native_total_value).toBe('80.01');
    const dollars = await bankAccount(t, { name: 'USD', currency: 'USD' });
    const pay1 = await oneTransaction(t, dollars, { dated_on: '2026-11-10', amount: '33.33', description: 'one' });
    const pay2 = await oneTransaction(t, dollars, { dated_on: '2026-11-11', amount: '66.68', description: 'two' });
    const first = await explain(t, { bank_transaction: pay1.url, paid_invoice: sent.url, gross_value: '28.00', foreign_currency_value: '33.33' });
    expect(first.status).toBe(201);
    // 33.33 of 100.01 at 80.01/100.01 is 26.66 off debtors; the bank got 28.00: a 1.34 gain.
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(first.body.bank_transaction_explanation.url))).toEqual([
      { code: '390', debit: -134 },
      { code: '681', debit: -2666 },
      { code: '750-1', debit: 2800 },
    ]);
    await explain(t, { bank_transaction: pay2.url, paid_invoice: sent.url, gross_value: '50.00', foreign_currency_value: '66.68' });
    expect((await get(t, sent.url)).invoice).toMatchObject({ status: 'Paid', paid_value: '100.01', due_value: '0.0' });
    const debtors = t.book.sqlite.prepare("SELECT sum(p.debit_minor) FROM postings p JOIN categories c ON c.id = p.category_id WHERE c.nominal_code = '681'").pluck().get();
    expect(debtors).toBe(0);
    const foreignDebtors = t.book.sqlite.prepare("SELECT sum(p.foreign_debit_minor) FROM postings p JOIN categories c ON c.id = p.category_id WHERE c.nominal_code = '681'").pluck().get();
    expect(foreignDebtors).toBe(0);
    expect(ledgerTotal(t)).toBe(0);
  });

  it('refunds a credit note with money out', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const note = await creditNote(t, { contact: owner });
    const account = await bankAccount(t);
    const out = await oneTransaction(t, account, { dated_on: '2026-11-12', amount: '-40', description: 'refund' });
    const inMoney = await oneTransaction(t, account, { dated_on: '2026-11-12', amount: '40', description: 'wrong way' });
    expect((await explain(t, { bank_transaction: inMoney.url, paid_invoice: note.url, gross_value: '40' })).body.errors[0].message).toMatch(/refunded with money out/);
    const refund = await explain(t, { bank_transaction: out.url, paid_invoice: note.url, gross_value: '-40' });
    expect(refund.body.bank_transaction_explanation).toMatchObject({ paid_invoice: note.url, type: 'Credit Note Refund' });
    expect((await get(t, note.url)).credit_note).toMatchObject({ status: 'Refunded', refunded_value: '-40.0', due_value: '0.0', refunded_on: '2026-11-12' });
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(refund.body.bank_transaction_explanation.url))).toEqual([
      { code: '681', debit: 4000 },
      { code: '750-1', debit: -4000 },
    ]);
    expect(ledgerTotal(t)).toBe(0);
  });
});
