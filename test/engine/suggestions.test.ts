import { describe, expect, it } from 'vitest';
import { bankAccount, explain } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { postBill } from './purchases-helpers';
import { contact, sentInvoice } from './sales-helpers';
import { allLines, categoryUrl, lineNamed, uploadLines } from './suggest-helpers';

const accept = (t: TestBook, body: Record<string, unknown>) => t.json('POST', '/v2/bank_transactions/suggestions/accept', { body: { suggestions: body } });
const preview = (t: TestBook, body: Record<string, unknown>) => t.json('POST', '/v2/bank_transactions/suggestions/preview', { body: { suggestions: body } });

/** Explains each named line with a category (and its rate when given). */
async function explainAs(t: TestBook, account: string, description: string, category: string, rate?: string): Promise<void> {
  const line = await lineNamed(t, account, description);
  const response = await explain(t, { bank_transaction: line.url, gross_value: line.amount, category, ...(rate ? { sales_tax_rate: rate } : {}) });
  if (response.status !== 201) throw new Error(JSON.stringify(response.body));
}

/** Three months of history (British Gas and Adobe), then November's lines and a payee never seen. */
async function bookWithHistory(): Promise<{ t: TestBook; current: string }> {
  const t = createTestBook({ vatRegistered: true });
  const current = await bankAccount(t);
  const months = ['08', '09', '10'];
  await uploadLines(t, current, months.flatMap((month) => [
    { dated_on: `2026-${month}-02`, amount: '-45.00', description: `DD BRITISH GAS 65022${month}` },
    { dated_on: `2026-${month}-03`, amount: '-19.97', description: `PAYPAL *ADOBE 3531436${month}` },
  ]));
  for (const month of months) {
    await explainAs(t, current, `DD BRITISH GAS 65022${month}`, '250', '5');
    await explainAs(t, current, `PAYPAL *ADOBE 3531436${month}`, '269', '20');
  }
  await uploadLines(t, current, [
    { dated_on: '2026-11-02', amount: '-45.00', description: 'DD BRITISH GAS 6502211' },
    { dated_on: '2026-11-03', amount: '-19.97', description: 'PAYPAL *ADOBE 3531436111' },
    { dated_on: '2026-11-04', amount: '-30.00', description: 'CARD PAYMENT TO NEVER SEEN BEFORE 1234 ON 04/11' },
  ]);
  return { t, current };
}

describe('suggested_explanation', () => {
  it('proposes what a repeat payee was explained as, with a confidence that grows with its lines, and nothing for a payee never seen', async () => {
    const { t, current } = await bookWithHistory();
    const gas = await lineNamed(t, current, 'DD BRITISH GAS 6502211');
    expect(gas.suggested_explanation).toEqual({ category: categoryUrl('250'), sales_tax_rate: '5.0', source: 'history', confidence: '0.75' });
    expect((await lineNamed(t, current, 'PAYPAL *ADOBE 3531436111')).suggested_explanation).toMatchObject({ category: categoryUrl('269'), sales_tax_rate: '20.0', source: 'history' });
    expect((await lineNamed(t, current, 'CARD PAYMENT TO NEVER SEEN BEFORE 1234 ON 04/11')).suggested_explanation).toBeNull();
    // The single read carries it too; an explained line has none; suggestions=false leaves it out.
    expect((await t.json('GET', new URL(gas.url).pathname)).body.bank_transaction.suggested_explanation).toMatchObject({ category: categoryUrl('250') });
    expect((await lineNamed(t, current, 'DD BRITISH GAS 6502208')).suggested_explanation).toBeUndefined();
    expect((await allLines(t, current, '&suggestions=false')).some((line) => 'suggested_explanation' in line)).toBe(false);
    expect((await t.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(current)}&suggestions=maybe`)).status).toBe(400);
  });

  it('proposes the open invoice a payment names or equals, and the bill money out pays', async () => {
    const t = createTestBook();
    const current = await bankAccount(t);
    const customer = await contact(t, { organisation_name: 'Acme Trading Ltd' });
    const invoice = await sentInvoice(t, { contact: customer, reference: 'INV-0042' });
    const other = await sentInvoice(t, { contact: await contact(t, { organisation_name: 'Zeta Ltd' }), reference: 'INV-0043' });
    const supplier = await contact(t, { organisation_name: 'Paper Supplies Ltd' });
    const bill = await postBill(t, supplier, { reference: 'PS-77', dated_on: '2026-10-01', due_on: '2026-10-31' });
    expect(bill.status).toBe(201);
    await uploadLines(t, current, [
      { dated_on: '2026-11-05', amount: '100.00', description: 'FPI ACME TRADING REF INV-0042' },
      { dated_on: '2026-11-06', amount: '100.00', description: 'BGC PAYMENT RECEIVED' },
      { dated_on: '2026-11-07', amount: '-60.00', description: 'DD PAPER SUPPLIES 88812' },
    ]);
    expect((await lineNamed(t, current, 'FPI ACME TRADING REF INV-0042')).suggested_explanation).toEqual({ paid_invoice: invoice.url, contact: customer, source: 'match', confidence: '0.97' });
    // Two invoices of 100.00 are open and the line names neither: a guess, not a confident one.
    const vague = (await lineNamed(t, current, 'BGC PAYMENT RECEIVED')).suggested_explanation;
    expect([invoice.url, other.url]).toContain(vague.paid_invoice);
    expect(Number(vague.confidence)).toBeLessThan(0.8);
    expect((await lineNamed(t, current, 'DD PAPER SUPPLIES 88812')).suggested_explanation).toEqual({ paid_bill: bill.body.bill.url, contact: supplier, source: 'match', confidence: '0.90' });
    const accepted = await accept(t, { bank_account: current });
    expect(accepted.status).toBe(200);
    expect(accepted.body.accepted_suggestions).toMatchObject({ count: 2, total: '40.0', money_in: '100.0', money_out: '-60.0' });
    expect((await lineNamed(t, current, 'FPI ACME TRADING REF INV-0042')).bank_transaction_explanations[0].paid_invoice).toBe(invoice.url);
    expect((await lineNamed(t, current, 'DD PAPER SUPPLIES 88812')).bank_transaction_explanations[0].paid_bill).toBe(bill.body.bill.url);
    // Paid, the invoice is no longer open: the other 100.00 now has only INV-0043 to match.
    expect((await lineNamed(t, current, 'BGC PAYMENT RECEIVED')).suggested_explanation.paid_invoice).toBe(other.url);
  });

  it('proposes a transfer when the opposite line waits in another account, without being confident', async () => {
    const t = createTestBook();
    const current = await bankAccount(t, { name: 'Current' });
    const savings = await bankAccount(t, { name: 'Savings' });
    await uploadLines(t, current, [{ dated_on: '2026-11-10', amount: '-500.00', description: 'TFR TO 40-11-22 12345678' }]);
    await uploadLines(t, savings, [{ dated_on: '2026-11-11', amount: '500.00', description: 'TFR FROM 40-11-21 87654321' }]);
    expect((await lineNamed(t, current, 'TFR TO 40-11-22 12345678')).suggested_explanation).toEqual({ transfer_bank_account: savings, source: 'match', confidence: '0.70' });
    expect((await lineNamed(t, savings, 'TFR FROM 40-11-21 87654321')).suggested_explanation).toEqual({ transfer_bank_account: current, source: 'match', confidence: '0.70' });
  });

  it("carries a description the person typed to the same payee's next line, never another line's own bank text", async () => {
    const t = createTestBook({ vatRegistered: true });
    const current = await bankAccount(t);
    await uploadLines(t, current, [
      { dated_on: '2026-10-14', amount: '-8.99', description: 'CARD PAYMENT TO ACME STORE 1417 ON 14/10' },
      { dated_on: '2026-10-20', amount: '-30.00', description: 'DD BRITISH GAS 6502210' },
    ]);
    // Saved as the explain panel saves a line left as it came: its own text as the description.
    const store = await lineNamed(t, current, 'CARD PAYMENT TO ACME STORE 1417 ON 14/10');
    expect((await explain(t, { bank_transaction: store.url, gross_value: store.amount, category: categoryUrl('277'), description: 'CARD PAYMENT TO ACME STORE 1417 ON 14/10' })).status).toBe(201);
    const gas = await lineNamed(t, current, 'DD BRITISH GAS 6502210');
    expect((await explain(t, { bank_transaction: gas.url, gross_value: gas.amount, category: categoryUrl('250'), description: 'Office gas' })).status).toBe(201);
    await uploadLines(t, current, [
      { dated_on: '2026-11-14', amount: '-8.99', description: 'CARD PAYMENT TO ACME STORE 1417 ON 14/11' },
      { dated_on: '2026-11-15', amount: '-45.00', description: 'ACME PENSIONS 112233A44556677889' },
      { dated_on: '2026-11-20', amount: '-30.00', description: 'DD BRITISH GAS 6502211' },
    ]);
    // The same payee: the category, and no description (the panel keeps the line's own).
    const nextStore = (await lineNamed(t, current, 'CARD PAYMENT TO ACME STORE 1417 ON 14/11')).suggested_explanation;
    expect(nextStore).toMatchObject({ category: categoryUrl('277'), source: 'history' });
    expect(nextStore.description).toBeUndefined();
    // Another payee of the same first word: a guess of the category at most, never ACME STORE's text.
    const pensions = (await lineNamed(t, current, 'ACME PENSIONS 112233A44556677889')).suggested_explanation;
    expect(pensions).toMatchObject({ category: categoryUrl('277') });
    expect(pensions.description).toBeUndefined();
    // A description the person typed goes on with the payee.
    expect((await lineNamed(t, current, 'DD BRITISH GAS 6502211')).suggested_explanation).toMatchObject({ category: categoryUrl('250'), description: 'Office gas' });
  });
});


describe('POST /v2/bank_transactions/suggestions/accept', () => {
  it('previews, then accepts every confident suggestion in one request that one undo takes back', async () => {
    const { t, current } = await bookWithHistory();
    // One more month of history makes the payees confident (4 lines: 0.80).
    await uploadLines(t, current, [
      { dated_on: '2026-07-02', amount: '-45.00', description: 'DD BRITISH GAS 6502207' },
      { dated_on: '2026-07-03', amount: '-19.97', description: 'PAYPAL *ADOBE 353143607' },
    ]);
    await explainAs(t, current, 'DD BRITISH GAS 6502207', '250', '5');
    await explainAs(t, current, 'PAYPAL *ADOBE 353143607', '269', '20');
    const summary = await preview(t, { bank_account: current, from_date: '2026-11-01' });
    expect(summary.status).toBe(200);
    expect(summary.body.suggestion_summary).toMatchObject({
      count: 2,
      total: '-64.97',
      groups: [
        { kind: 'category', url: categoryUrl('269'), name: 'Computer Software', count: 1, total: '-19.97' },
        { kind: 'category', url: categoryUrl('250'), name: 'Office Costs', count: 1, total: '-45.0' },
      ],
    });
    const unexplainedBefore = (await allLines(t, current, '&view=unexplained')).length;
    expect(unexplainedBefore).toBe(3);
    const setsBefore = (await t.json('GET', '/v2/change_sets')).body;
    const accepted = await accept(t, { bank_account: current, from_date: '2026-11-01' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.accepted_suggestions).toMatchObject({ count: 2, total: '-64.97', skipped: [] });
    expect(accepted.body.accepted_suggestions.bank_transaction_explanations).toHaveLength(2);
    const gas = await lineNamed(t, current, 'DD BRITISH GAS 6502211');
    expect(gas.bank_transaction_explanations[0]).toMatchObject({ category: categoryUrl('250'), sales_tax_rate: '5.0', gross_value: '-45.0' });
    const remaining = await allLines(t, current, '&view=unexplained');
    expect(remaining.map((line) => line.description)).toEqual(['CARD PAYMENT TO NEVER SEEN BEFORE 1234 ON 04/11//OTHER/']);
    const setsAfter = (await t.json('GET', '/v2/change_sets')).body;
    expect(JSON.stringify(setsAfter)).not.toBe(JSON.stringify(setsBefore));
    // One undo takes the whole acceptance back; one redo puts it back.
    expect((await t.json('POST', '/v2/undo')).status).toBe(200);
    expect((await allLines(t, current, '&view=unexplained')).length).toBe(3);
    expect((await lineNamed(t, current, 'DD BRITISH GAS 6502211')).suggested_explanation).toMatchObject({ category: categoryUrl('250') });
    expect((await t.json('POST', '/v2/redo')).status).toBe(200);
    expect((await allLines(t, current, '&view=unexplained')).length).toBe(1);
  });

  it('accepts only the lines named, and refuses a request that names no lines or bad ones', async () => {
    const { t, current } = await bookWithHistory();
    await uploadLines(t, current, [{ dated_on: '2026-07-02', amount: '-45.00', description: 'DD BRITISH GAS 6502207' }]);
    await explainAs(t, current, 'DD BRITISH GAS 6502207', '250', '5');
    const gas = await lineNamed(t, current, 'DD BRITISH GAS 6502211');
    const adobe = await lineNamed(t, current, 'PAYPAL *ADOBE 3531436111');
    const stranger = await lineNamed(t, current, 'CARD PAYMENT TO NEVER SEEN BEFORE 1234 ON 04/11');
    // Adobe (three lines: 0.75) and the stranger are not confident, so only the gas line is taken.
    const accepted = await accept(t, { bank_transactions: [gas.url, adobe.url, stranger.url] });
    expect(accepted.body.accepted_suggestions).toMatchObject({ count: 1, bank_transactions: [gas.url] });
    const changes = t.changeCount();
    for (const body of [{}, { bank_account: current, bank_transactions: [gas.url] }, { bank_transactions: ['/v2/bank_transactions/9999'] }, { bank_transactions: ['nonsense'] }, { bank_account: '/v2/bank_accounts/77' }]) {
      const response = await accept(t, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.errors[0].message).toMatch(/bank_transactions|bank_account/);
    }
    expect(t.changeCount()).toBe(changes);
  });
});
