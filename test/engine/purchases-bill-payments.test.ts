import { describe, expect, it } from 'vitest';
import { bankAccount, explain, idOf, ledgerTotal, oneTransaction, postingsOf } from './banking-helpers';
import { createTestBook, ORIGIN } from './harness';
import { insertContact, lockBooks, postBill, postingRows, putBill } from './purchases-helpers';

type Book = ReturnType<typeof createTestBook>;

async function setUp(fields: Record<string, unknown> = {}) {
  const t = createTestBook({ vatRegistered: true });
  const account = await bankAccount(t);
  const created = await postBill(t, insertContact(t), fields);
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return { t, account, bill: created.body.bill };
}

let lines = 0;
/** A statement line of its own (a distinct description, so the upload never takes it for a duplicate). */
async function line(t: Book, account: string, amount: string, dated_on = '2026-09-01') {
  lines += 1;
  return oneTransaction(t, account, { dated_on, amount, description: `payment ${lines}` });
}

async function pay(t: Book, account: string, billUrl: string, amount: string, extra: Record<string, unknown> = {}) {
  const transaction = await line(t, account, amount);
  return explain(t, { bank_transaction: transaction.url, paid_bill: billUrl, gross_value: amount, ...extra });
}

const readBill = async (t: Book, url: string) => (await t.json('GET', `/v2/bills/${idOf(url)}`)).body.bill;

describe('paying a bill with a bank explanation (paid_bill)', () => {
  it('posts the bank 750-N against Trade Creditors, is a Bill Payment, and leaves the bill Part paid', async () => {
    const { t, account, bill } = await setUp();
    const response = await pay(t, account, bill.url, '-20');
    expect(response.status).toBe(201);
    const explanation = response.body.bank_transaction_explanation;
    expect(explanation).toMatchObject({ paid_bill: bill.url, gross_value: '-20.0', type: 'Bill Payment', entry_type: 'Bill Payment', detail: 'Bill Payment ' });
    expect(explanation.category).toBeUndefined();
    expect(explanation.sales_tax_value).toBeUndefined();
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(explanation.url))).toEqual([
      { code: '750-1', debit: -2000 },
      { code: '796', debit: 2000 },
    ]);
    expect(await readBill(t, bill.url)).toMatchObject({ status: 'Overdue', paid_value: '20.0', due_value: '40.0' });
    t.clock.set('2026-09-01T09:00:00Z');
    expect(await readBill(t, bill.url)).toMatchObject({ status: 'Part paid', long_status: 'Part paid - due in 15 days' });
    expect(ledgerTotal(t)).toBe(0);
  });

  it('moves the bill to Paid with paid_on when the rest is paid, and back when a payment goes', async () => {
    const { t, account, bill } = await setUp();
    await pay(t, account, bill.url, '-20');
    const last = await pay(t, account, bill.url, '-40', { dated_on: '2026-09-05' });
    expect(last.status).toBe(201);
    expect(await readBill(t, bill.url)).toMatchObject({ status: 'Paid', long_status: 'Paid', paid_value: '60.0', due_value: '0.0', paid_on: '2026-09-05' });
    expect((await t.json('GET', '/v2/bills?view=paid')).body.bills).toHaveLength(1);
    expect((await t.json('GET', '/v2/bills?view=open_or_overdue')).body.bills).toHaveLength(0);
    await t.json('DELETE', `/v2/bank_transaction_explanations/${idOf(last.body.bank_transaction_explanation.url)}`);
    const after = await readBill(t, bill.url);
    expect(after).toMatchObject({ paid_value: '20.0', due_value: '40.0' });
    expect(after.paid_on).toBeUndefined();
    expect(ledgerTotal(t)).toBe(0);
  });

  it('cannot pay more than is due (422), and a rejected payment changes nothing', async () => {
    const { t, account, bill } = await setUp();
    await pay(t, account, bill.url, '-50');
    const before = t.changeCount();
    const over = await pay(t, account, bill.url, '-10.01');
    expect(over.status).toBe(422);
    expect(over.body.errors[0].message).toBe('gross_value is more than the 10.0 GBP left to pay on the bill');
    // The upload itself was recorded; the refused explanation added nothing more.
    expect(t.changeCount()).toBe(before + 1);
    expect(t.book.sqlite.prepare('SELECT count(*) FROM bank_transaction_explanations').pluck().get()).toBe(1);
    await pay(t, account, bill.url, '-10');
    const nothing = await pay(t, account, bill.url, '-1');
    expect(nothing.status).toBe(422);
    expect(nothing.body.errors[0].message).toBe('paid_bill has nothing left to pay');
  });

  it('checks an update against what is due, counting the other payments but not itself', async () => {
    const { t, account, bill } = await setUp();
    const transaction = await line(t, account, '-60');
    const first = await explain(t, { bank_transaction: transaction.url, paid_bill: bill.url, gross_value: '-30' });
    const second = await explain(t, { bank_transaction: transaction.url, paid_bill: bill.url, gross_value: '-20' });
    const url = second.body.bank_transaction_explanation.url;
    expect((await t.json('PUT', `/v2/bank_transaction_explanations/${idOf(url)}`, { body: { bank_transaction_explanation: { gross_value: '-30' } } })).status).toBe(200);
    expect(await readBill(t, bill.url)).toMatchObject({ status: 'Paid' });
    const over = await t.json('PUT', `/v2/bank_transaction_explanations/${idOf(url)}`, { body: { bank_transaction_explanation: { gross_value: '-30.01' } } });
    expect(over.status).toBe(422);
    expect(first.status).toBe(201);
  });

  it('stops paying the bill when the explanation is given a category instead, and can pay another bill', async () => {
    const { t, account, bill } = await setUp();
    const paid = await pay(t, account, bill.url, '-60');
    const url = paid.body.bank_transaction_explanation.url;
    const recategorised = await t.json('PUT', `/v2/bank_transaction_explanations/${idOf(url)}`, { body: { bank_transaction_explanation: { category: '285' } } });
    expect(recategorised.status).toBe(200);
    expect(recategorised.body.bank_transaction_explanation.paid_bill).toBeUndefined();
    expect(recategorised.body.bank_transaction_explanation.type).toBe('Payment');
    expect(await readBill(t, bill.url)).toMatchObject({ paid_value: '0.0', due_value: '60.0' });
    const other = (await postBill(t, insertContact(t), { reference: '002' })).body.bill;
    const moved = await t.json('PUT', `/v2/bank_transaction_explanations/${idOf(url)}`, { body: { bank_transaction_explanation: { paid_bill: idOf(other.url) } } });
    expect(moved.status).toBe(200);
    expect(moved.body.bank_transaction_explanation).toMatchObject({ paid_bill: other.url, type: 'Bill Payment' });
    expect(moved.body.bank_transaction_explanation.category).toBeUndefined();
    expect(moved.body.bank_transaction_explanation.sales_tax_value).toBeUndefined();
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(url))).toEqual([
      { code: '750-1', debit: -6000 },
      { code: '796', debit: 6000 },
    ]);
    expect(await readBill(t, other.url)).toMatchObject({ status: 'Paid' });
    const cleared = await t.json('PUT', `/v2/bank_transaction_explanations/${idOf(url)}`, { body: { bank_transaction_explanation: { paid_bill: null } } });
    expect(cleared.status).toBe(422);
    expect(cleared.body.errors[0].message).toMatch(/^category is required/);
  });

  it('marks the bill updated when its payments change, for sync', async () => {
    const { t, account, bill } = await setUp();
    t.clock.set('2026-11-23T08:00:00.000Z');
    await pay(t, account, bill.url, '-5');
    expect((await readBill(t, bill.url)).updated_at).toBe('2026-11-23T08:00:00.000Z');
    expect((await t.json('GET', '/v2/bills?updated_since=2026-11-23T00:00:00Z')).body.bills).toHaveLength(1);
    const log = t.book.sqlite.prepare("SELECT operation FROM changes WHERE resource = 'bills' ORDER BY id").pluck().all();
    expect(log).toEqual(['create', 'update']);
  });

  it('refuses a payment of the wrong sign, of an unknown bill, or with a category as well', async () => {
    const { t, account, bill } = await setUp();
    const moneyIn = await pay(t, account, bill.url, '5');
    expect(moneyIn.status).toBe(422);
    expect(moneyIn.body.errors[0].message).toMatch(/gross_value must be negative/);
    expect((await pay(t, account, `${ORIGIN}/v2/bills/99`, '-5')).body.errors[0].message).toBe('paid_bill is not a bill of this company');
    expect((await pay(t, account, 'a bill', '-5')).body.errors[0].message).toMatch(/^paid_bill must be the url of a bill/);
    const both = await pay(t, account, bill.url, '-5', { category: '285' });
    expect(both.status).toBe(422);
    expect(both.body.errors[0].message).toMatch(/only one of them/);
  });

  it('a supplier refund (a negative bill) is settled by money in, as a Bill Refund, and ends Refunded', async () => {
    const { t, account, bill } = await setUp({ bill_items: [{ category: '285', total_value: '-24' }] });
    expect(bill).toMatchObject({ total_value: '-24.0', due_value: '-24.0', sales_tax_value: '4.0', net_value: '20.0' });
    const refund = await pay(t, account, bill.url, '24');
    expect(refund.status).toBe(201);
    expect(refund.body.bank_transaction_explanation.type).toBe('Bill Refund');
    expect(await readBill(t, bill.url)).toMatchObject({ status: 'Refunded', paid_value: '-24.0', due_value: '0.0' });
    expect(ledgerTotal(t)).toBe(0);
  });

  it('keeps a bill with payments: it cannot be deleted, lose its currency, or fall below what is paid', async () => {
    const { t, account, bill } = await setUp();
    await pay(t, account, bill.url, '-50');
    const deletion = await t.json('DELETE', `/v2/bills/${idOf(bill.url)}`);
    expect(deletion.status).toBe(422);
    expect(deletion.body.errors[0].message).toMatch(/has payments/);
    expect((await putBill(t, bill.url, { currency: 'EUR', exchange_rate: '0.9' })).body.errors[0].message).toMatch(/^currency cannot change/);
    const lower = await putBill(t, bill.url, { bill_items: [{ url: bill.bill_items[0].url, total_value: '49.99' }] });
    expect(lower.status).toBe(422);
    expect(lower.body.errors[0].message).toMatch(/cannot be less than the 50.0 GBP already paid/);
    const exact = await putBill(t, bill.url, { bill_items: [{ url: bill.bill_items[0].url, total_value: '50' }] });
    expect(exact.body.bill).toMatchObject({ status: 'Paid', total_value: '50.0' });
  });

  it('a native bill may be paid from an account in another currency, by its native value', async () => {
    const { t, bill } = await setUp();
    const dollars = await bankAccount(t, { name: 'Dollars', currency: 'USD' });
    const transaction = await line(t, dollars, '-80');
    const response = await explain(t, { bank_transaction: transaction.url, paid_bill: bill.url, gross_value: '-60', foreign_currency_value: '-80' });
    expect(response.status).toBe(201);
    expect(await readBill(t, bill.url)).toMatchObject({ status: 'Paid' });
    expect(postingRows(t, 'bank_transaction_explanations', idOf(response.body.bank_transaction_explanation.url)).map(({ code, debit, currency, foreign }) => ({ code, debit, currency, foreign }))).toEqual([
      { code: '750-2', debit: -6000, currency: 'USD', foreign: -8000 },
      { code: '796', debit: 6000, currency: null, foreign: null },
    ]);
  });
});

describe('paying a foreign-currency bill', () => {
  async function euroBill() {
    const t = createTestBook({ vatRegistered: true });
    const euros = await bankAccount(t, { name: 'Euros', currency: 'EUR' });
    const pounds = await bankAccount(t, { name: 'Pounds' });
    const created = await postBill(t, insertContact(t), { currency: 'EUR', exchange_rate: '0.85', bill_items: [{ category: '285', total_value: '100', sales_tax_status: 'OUT_OF_SCOPE' }] });
    return { t, euros, pounds, bill: created.body.bill };
  }

  it('needs an account in the bill currency', async () => {
    const { t, pounds, bill } = await euroBill();
    const response = await pay(t, pounds, bill.url, '-86');
    expect(response.status).toBe(422);
    expect(response.body.errors[0].message).toBe('A bill in EUR is paid from a bank account in EUR; this account is in GBP');
  });

  it('clears Trade Creditors at the bill rate and books the difference as a realised exchange gain or loss (390)', async () => {
    const { t, euros, bill } = await euroBill();
    const first = await oneTransaction(t, euros, { dated_on: '2026-09-01', amount: '-30' });
    const part = await explain(t, { bank_transaction: first.url, paid_bill: bill.url, gross_value: '-26', foreign_currency_value: '-30' });
    expect(part.status).toBe(201);
    // 30 EUR at 0.85 is 25.50 of the bill; the bank paid 26.00, so 0.50 is lost on the exchange.
    expect(postingRows(t, 'bank_transaction_explanations', idOf(part.body.bank_transaction_explanation.url)).map(({ code, debit, currency, foreign }) => ({ code, debit, currency, foreign }))).toEqual([
      { code: '390', debit: 50, currency: null, foreign: null },
      { code: '750-1', debit: -2600, currency: 'EUR', foreign: -3000 },
      { code: '796', debit: 2550, currency: 'EUR', foreign: 3000 },
    ]);
    expect(await readBill(t, bill.url)).toMatchObject({ paid_value: '30.0', due_value: '70.0', native_due_value: '59.5', status: 'Overdue' });
    const rest = await oneTransaction(t, euros, { dated_on: '2026-09-10', amount: '-70' });
    const settled = await explain(t, { bank_transaction: rest.url, paid_bill: bill.url, gross_value: '-58', foreign_currency_value: '-70' });
    expect(settled.status).toBe(201);
    expect(await readBill(t, bill.url)).toMatchObject({ status: 'Paid' });
    // Trade Creditors is back to nothing for this bill; the exchange went to 390 (a gain of 1.50 here).
    const creditors = t.book.sqlite.prepare("SELECT sum(debit_minor) FROM postings p JOIN categories c ON c.id = p.category_id WHERE c.nominal_code = '796'").pluck().get();
    expect(creditors).toBe(0);
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(settled.body.bank_transaction_explanation.url)).find((row) => row.code === '390')!.debit).toBe(-150);
    expect(ledgerTotal(t)).toBe(0);
    // A payment going re-posts those left, in order, so 796 still clears exactly what was paid.
    await t.json('DELETE', `/v2/bank_transaction_explanations/${idOf(part.body.bank_transaction_explanation.url)}`);
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(settled.body.bank_transaction_explanation.url)).find((row) => row.code === '796')!.debit).toBe(5950);
    expect(ledgerTotal(t)).toBe(0);
  });

  it('re-posts its payments when the bill rate changes', async () => {
    const { t, euros, bill } = await euroBill();
    const transaction = await oneTransaction(t, euros, { dated_on: '2026-09-01', amount: '-100' });
    const paid = await explain(t, { bank_transaction: transaction.url, paid_bill: bill.url, gross_value: '-86', foreign_currency_value: '-100' });
    await putBill(t, bill.url, { exchange_rate: '0.9' });
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(paid.body.bank_transaction_explanation.url))).toEqual([
      { code: '390', debit: -400 },
      { code: '750-1', debit: -8600 },
      { code: '796', debit: 9000 },
    ]);
    expect(ledgerTotal(t)).toBe(0);
  });

  it('will not re-post a payment inside a locked period: the rate of a paid bill is then fixed', async () => {
    const { t, euros } = await euroBill();
    // Paid in advance: the payment is dated before the bill, and only the payment falls in the lock.
    const created = await postBill(t, insertContact(t), { currency: 'EUR', exchange_rate: '0.85', dated_on: '2026-09-05', due_on: '2026-10-05' });
    const bill = created.body.bill;
    const transaction = await oneTransaction(t, euros, { dated_on: '2026-09-01', amount: '-40' });
    await explain(t, { bank_transaction: transaction.url, paid_bill: bill.url, gross_value: '-34', foreign_currency_value: '-40' });
    lockBooks(t, '2026-09-01');
    const response = await putBill(t, bill.url, { exchange_rate: '0.9' });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].message).toMatch(/locked up to 2026-09-01/);
    expect((await putBill(t, bill.url, { reference: 'renamed' })).status).toBe(200);
  });
});
