import { describe, expect, it } from 'vitest';
import { toMinor } from '../../shared/money';
import { bankAccount, explain, oneTransaction } from './banking-helpers';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, ORIGIN, type TestBook } from './harness';
import { explainedLine } from './report-fixtures';
import { contact, item, sentInvoice } from './sales-helpers';
import { allLines, createRule, lineNamed, uploadLines } from './suggest-helpers';
import { recordTables, redo, undo } from './undo-helpers';

// The year-end audit's book: accounting years end on 31 March; VAT quarters end in January, April, July
// and October (registered 2025-04-01, first quarter to 2025-04-30). The quarter 2026-02-01..2026-04-30
// holds the year end and is filed on 30 April's return; the clock says 2026-11-22. A filed return's
// figures must not move (VAT Notice 700/45 corrects errors on a later return); anything that leaves
// all nine boxes as filed may still be written in its period.
const QUARTER = '2026-04-30';
const sales = `${ORIGIN}/v2/categories/001`;
const rent = `${ORIGIN}/v2/categories/285`;

async function auditBook(fields: Record<string, unknown> = {}) {
  const t = createTestBook({ startDate: '2025-04-01', firstAccountingYearEnd: '2026-03-31', vatRegistered: true, vatRegistrationNumber: 'GB123456789' });
  const company = await t.json('PUT', '/v2/company', { body: { company: { first_vat_period_ends_on: '2025-04-30', ...fields } } });
  if (company.status !== 200) throw new Error(JSON.stringify(company.body));
  const bank = await bankAccount(t);
  const customer = await contact(t);
  // Box 1 1,000.00 and box 6 5,000 from the sale; box 4 240.00 and box 7 1,200 from the laptop.
  const sale = await sentInvoice(t, { contact: customer, dated_on: '2026-03-20', invoice_items: [item({ price: '5000', sales_tax_rate: '20.0', category: sales })] });
  await explainedLine(t, bank, { dated_on: '2026-02-15', amount: '-1440.00' }, { category: '602-1', description: 'Laptop', sales_tax_rate: '20.0' });
  return { t, bank, customer, sale };
}

async function fileQuarter(t: TestBook, endsOn = QUARTER): Promise<void> {
  const filed = await t.json('PUT', `/v2/vat_returns/${endsOn}/mark_as_filed`);
  if (filed.status !== 200) throw new Error(JSON.stringify(filed.body));
}

/** box number -> minor units, as the return shows them. */
async function boxes(t: TestBook, endsOn = QUARTER): Promise<Record<number, number>> {
  const { body } = await t.json('GET', `/v2/vat_returns/${endsOn}`);
  return Object.fromEntries(body.vat_return.breakdown.rows.map((row: any) => [row.box_number, toMinor(row.value, 'GBP')]));
}

/** What the ledger makes of the quarter now (the return's page shows the frozen figures once filed). */
async function ledgerBoxes(t: TestBook, endsOn = QUARTER): Promise<Record<number, number>> {
  const rows = (await t.json('GET', `/v2/vat_returns/${endsOn}/hmrc_figures`)).body.hmrc_figures;
  return { 1: toMinor(rows.vatDueSales), 4: toMinor(rows.vatReclaimedCurrPeriod), 5: toMinor(rows.netVatDue), 6: toMinor(rows.totalValueSalesExVAT), 7: toMinor(rows.totalValuePurchasesExVAT) };
}

const journal = (t: TestBook, description: string, entries: [string, string][], datedOn = '2026-03-31') =>
  t.json('POST', '/v2/journal_sets', { body: { journal_set: { dated_on: datedOn, description, journal_entries: entries.map(([category, debit]) => ({ category, debit_value: debit })) } } });

/** Expects a 422 naming the return and the box that would move, and a book exactly as it was. */
async function refused(t: TestBook, send: () => Promise<{ status: number; body: any }>, message: RegExp): Promise<void> {
  const before = bookSnapshot(t);
  const response = await send();
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  expect(response.body.errors[0].message).toMatch(message);
  expect(bookSnapshot(t)).toEqual(before);
}

const escaped = (text: string) => text.replace(/[.()]/g, '\\$&');
const moves = (box: number, from: string, to: string, endsOn = QUARTER) =>
  new RegExp(`^The VAT return for the period ending ${endsOn} is filed, and this change would move its box ${box} from ${escaped(from)} \\(as filed\\) to ${escaped(to)}; a filed return's figures cannot change, so nothing was saved`);

describe('a filed VAT return keeps its figures; what does not move them may be written in its period', () => {
  it('takes the year-end journals dated in the filed quarter (corporation tax, an accrual), and the return stands', async () => {
    const { t } = await auditBook();
    await fileQuarter(t);
    const filed = await boxes(t);
    expect(filed).toMatchObject({ 1: 1000_00, 4: 240_00, 5: 760_00, 6: 5000_00, 7: 1200_00 });
    expect((await journal(t, 'Corporation tax for the year', [['502', '900'], ['820', '-900']])).status).toBe(201);
    expect((await journal(t, 'Accrual', [['285', '250'], ['660', '-250']])).status).toBe(201);
    expect(await boxes(t)).toEqual(filed);
    expect(await ledgerBoxes(t)).toEqual({ 1: 1000_00, 4: 240_00, 5: 760_00, 6: 5000_00, 7: 1200_00 });
    // The list of locks still shows the filed return as it did.
    expect((await t.json('GET', '/v2/account_locks')).body.account_locks).toEqual([
      { locked_to_date: QUARTER, locked_by_description: `Filed VAT return for the period ending ${QUARTER}`, locked_by_url: `${ORIGIN}/v2/vat_returns/${QUARTER}` },
    ]);
  });

  it("explains a customer's payment in the filed quarter on the invoice basis (no VAT moves)", async () => {
    const { t, bank, sale } = await auditBook();
    const line = await oneTransaction(t, bank, { dated_on: '2026-04-10', amount: '6000.00', description: 'Acme pays' });
    await fileQuarter(t);
    const paid = await explain(t, { bank_transaction: line.url, paid_invoice: sale.url, gross_value: '6000.00' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    // Taking the explanation away again moves nothing either.
    expect((await t.json('DELETE', new URL(paid.body.bank_transaction_explanation.url).pathname)).status).toBe(200);
  });

  it('takes back an import of unexplained lines in the filed quarter (no VAT box holds them)', async () => {
    const { t, bank } = await auditBook();
    await uploadLines(t, bank, [{ dated_on: '2026-04-14', amount: '-30.00', description: 'CARD 1' }, { dated_on: '2026-05-02', amount: '-20.00', description: 'CARD 2' }]);
    await fileQuarter(t);
    const latest = (await t.json('GET', `/v2/statement_uploads?bank_account=${encodeURIComponent(bank)}`)).body.statement_uploads[0];
    expect(latest).toMatchObject({ added_count: 2, can_undo: true });
    const undone = await t.json('DELETE', new URL(latest.url).pathname);
    expect(undone.status, JSON.stringify(undone.body)).toBeLessThan(300);
    expect((await t.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(bank)}&per_page=100`)).body.bank_transactions.map((line: any) => line.dated_on)).toEqual(['2026-02-15']);
  });

  it('refuses an explanation with VAT in the filed quarter, naming the box; out of scope it goes', async () => {
    const { t, bank } = await auditBook();
    const line = await oneTransaction(t, bank, { dated_on: '2026-04-12', amount: '-120.00', description: 'Office rent' });
    await fileQuarter(t);
    await refused(t, () => explain(t, { bank_transaction: line.url, gross_value: '-120.00', category: rent, sales_tax_rate: '20.0' }), moves(4, '£240.00', '£260.00'));
    // Zero rated it has no VAT, but its net is a purchase on the return: box 7 would move (all nine boxes count).
    await refused(t, () => explain(t, { bank_transaction: line.url, gross_value: '-120.00', category: rent, sales_tax_rate: '0.0' }), moves(7, '£1,200.00', '£1,320.00'));
    const outside = await explain(t, { bank_transaction: line.url, gross_value: '-120.00', category: rent, sales_tax_status: 'OUT_OF_SCOPE' });
    expect(outside.status, JSON.stringify(outside.body)).toBe(201);
    // Changing it to carry VAT afterwards is refused the same way.
    const url = new URL(outside.body.bank_transaction_explanation.url).pathname;
    await refused(t, () => t.json('PUT', url, { body: { bank_transaction_explanation: { sales_tax_status: 'TAXABLE', sales_tax_rate: '20.0' } } }), moves(4, '£240.00', '£260.00'));
  });

  it('refuses an invoice edit that changes box 1; an edit that changes no VAT figure goes', async () => {
    const { t, sale } = await auditBook();
    await fileQuarter(t);
    const path = new URL(sale.url).pathname;
    const itemUrl = sale.invoice_items[0].url;
    await refused(t, () => t.json('PUT', path, { body: { invoice: { invoice_items: [{ url: itemUrl, price: '6000' }] } } }), moves(1, '£1,000.00', '£1,200.00'));
    // Moved out of the quarter it would leave it too.
    await refused(t, () => t.json('PUT', path, { body: { invoice: { dated_on: '2026-05-02' } } }), moves(1, '£1,000.00', '£0.00'));
    const words = await t.json('PUT', path, { body: { invoice: { comments: 'Thank you for your custom', invoice_items: [{ url: itemUrl, description: 'Consulting' }] } } });
    expect(words.status, JSON.stringify(words.body)).toBe(200);
    expect(words.body.invoice.comments).toBe('Thank you for your custom');
  });

  it('undoes and redoes an allowed change; an undo that would move the figures is refused and changes nothing', async () => {
    const { t, bank } = await auditBook();
    // Made before the return was filed: its VAT (box 4) is in the filed figures.
    await explainedLine(t, bank, { dated_on: '2026-04-20', amount: '-60.00' }, { category: rent, sales_tax_rate: '20.0' });
    await fileQuarter(t);
    const before = recordTables(t);
    const created = await journal(t, 'Corporation tax for the year', [['502', '900'], ['820', '-900']]);
    expect(created.status).toBe(201);
    const after = recordTables(t);
    expect((await undo(t)).status).toBe(200);
    expect(recordTables(t)).toEqual(before);
    expect((await redo(t)).status).toBe(200);
    expect(recordTables(t)).toEqual(after);

    // The explanation's change set is further down the stack: taking it back would take box 4 down by 10.00.
    const sets = (await t.json('GET', '/v2/change_sets?per_page=50')).body.undo as { url: string; label: string }[];
    const explanation = sets.find((set) => /explanation/.test(set.label))!;
    const id = explanation.url.split('/').pop();
    const kept = bookSnapshot(t);
    const refusal = await undo(t, id);
    expect(refusal.status, JSON.stringify(refusal.body)).toBe(422);
    expect(refusal.body.errors[0].message).toMatch(/^“Created explanation[^”]*” cannot be undone: the VAT return for the period ending 2026-04-30 is filed, and this change would move its box 4 from £250\.00 \(as filed\) to £240\.00/);
    expect(bookSnapshot(t)).toEqual(kept);
  });

  it('the user lock still refuses anything dated on or before it, in its own words, filed returns or not', async () => {
    const { t } = await auditBook();
    await fileQuarter(t);
    expect((await t.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: '2026-03-31' } } })).status).toBe(204);
    const before = bookSnapshot(t);
    const locked = await journal(t, 'Late accrual', [['285', '10'], ['660', '-10']]);
    expect(locked.status).toBe(422);
    expect(locked.body.errors[0].message).toBe('The books are locked up to 2026-03-31 by the lock date set on the books; nothing dated on or before then (here 2026-03-31) can be created, changed or deleted');
    expect(bookSnapshot(t)).toEqual(before);
    // After the user lock, inside the filed quarter, a journal with no VAT goes.
    expect((await journal(t, 'April accrual', [['285', '10'], ['660', '-10']], '2026-04-15')).status).toBe(201);
  });
});

describe('under cash accounting a filed return moves with the payments it counts', () => {
  it('refuses a payment dated in the filed quarter; an unpaid invoice there may change (its VAT counts when paid)', async () => {
    const { t, bank, sale } = await auditBook({ initial_vat_basis: 'Cash' });
    const line = await oneTransaction(t, bank, { dated_on: '2026-04-10', amount: '6000.00', description: 'Acme pays' });
    // Cash basis: the sale is unpaid, so the filed quarter holds only the laptop bought for cash.
    await fileQuarter(t);
    expect(await boxes(t)).toMatchObject({ 1: 0, 4: 240_00, 6: 0 });
    await refused(t, () => explain(t, { bank_transaction: line.url, paid_invoice: sale.url, gross_value: '6000.00' }), moves(1, '£0.00', '£1,000.00'));
    const repriced = await t.json('PUT', new URL(sale.url).pathname, { body: { invoice: { invoice_items: [{ url: sale.invoice_items[0].url, price: '6000' }] } } });
    expect(repriced.status, JSON.stringify(repriced.body)).toBe(200);
  });

  it('refuses changing an invoice of an earlier quarter when a later filed return counted its payment', async () => {
    const { t, bank, sale } = await auditBook({ initial_vat_basis: 'Cash' });
    // Paid in full in May: the May-July return holds its VAT of 1,000.00.
    await explainedLine(t, bank, { dated_on: '2026-05-10', amount: '6000.00' }, { paid_invoice: sale.url });
    await fileQuarter(t);
    await fileQuarter(t, '2026-07-31');
    expect(await boxes(t, '2026-07-31')).toMatchObject({ 1: 1000_00, 6: 5000_00 });
    // The invoice is dated in February-April, where on the cash basis it moves nothing; at 6,000.00 + 5% it
    // would be 6,300.00, and the 6,000.00 paid in May would hold VAT of 300.00 x 6000/6300 = 285.71.
    const item = { url: sale.invoice_items[0].url, price: '6000', sales_tax_rate: '5.0' };
    await refused(t, () => t.json('PUT', new URL(sale.url).pathname, { body: { invoice: { invoice_items: [item] } } }), moves(1, '£1,000.00', '£285.71', '2026-07-31'));
  });
});

describe('bulk writes refuse only their parts that would move a filed return', () => {
  it('bulk accept leaves a line whose VAT would move the filed return, with the reason, and explains the others', async () => {
    const { t, bank } = await auditBook();
    await uploadLines(t, bank, [
      { dated_on: '2026-04-05', amount: '-45.00', description: 'DD BRITISH GAS 1001' },
      { dated_on: '2026-04-06', amount: '-100.00', description: 'COUNCIL RATES 7' },
      { dated_on: '2026-05-05', amount: '-50.00', description: 'DD BRITISH GAS 1102' },
    ]);
    expect((await createRule(t, { name: 'Gas', conditions: [{ field: 'description', operator: 'contains', value: 'BRITISH GAS' }], actions: { category: '250' } })).status).toBe(201);
    expect((await createRule(t, { name: 'Rates', conditions: [{ field: 'description', operator: 'contains', value: 'COUNCIL RATES' }], actions: { category: '250', sales_tax_status: 'OUT_OF_SCOPE' } })).status).toBe(201);
    await fileQuarter(t);
    const filed = await boxes(t);
    const accepted = await t.json('POST', '/v2/bank_transactions/suggestions/accept', { body: { suggestions: { bank_account: bank } } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const april = await lineNamed(t, bank, 'DD BRITISH GAS 1001');
    expect(accepted.body.accepted_suggestions).toMatchObject({ count: 2, total: '-150.0', skipped: [{ bank_transaction: april.url, message: expect.stringMatching(/^The VAT return for the period ending 2026-04-30 is filed, and this change would move its box 4 from £240\.00 \(as filed\) to £247\.50/) }] });
    expect(april.bank_transaction_explanations).toEqual([]);
    expect((await lineNamed(t, bank, 'COUNCIL RATES 7')).bank_transaction_explanations).toHaveLength(1);
    expect((await lineNamed(t, bank, 'DD BRITISH GAS 1102')).bank_transaction_explanations).toHaveLength(1);
    expect(await ledgerBoxes(t)).toMatchObject({ 1: filed[1], 4: filed[4], 5: filed[5], 6: filed[6], 7: filed[7] });
  });

  it('a statement upload lands its lines in the filed quarter (an unexplained line moves no box); auto-explain leaves one whose VAT would', async () => {
    const { t, bank } = await auditBook();
    expect((await createRule(t, { name: 'Gas', conditions: [{ field: 'description', operator: 'contains', value: 'BRITISH GAS' }], actions: { category: '250' }, auto_explain: true })).status).toBe(201);
    expect((await createRule(t, { name: 'Rates', conditions: [{ field: 'description', operator: 'contains', value: 'COUNCIL RATES' }], actions: { category: '250', sales_tax_status: 'OUT_OF_SCOPE' }, auto_explain: true })).status).toBe(201);
    await fileQuarter(t);
    const filed = await boxes(t);
    const lines = [
      { dated_on: '2026-04-20', amount: '-12.50', description: 'CARD COFFEE' },
      { dated_on: '2026-04-21', amount: '-45.00', description: 'DD BRITISH GAS 1001' },
      { dated_on: '2026-04-22', amount: '-100.00', description: 'COUNCIL RATES 7' },
      { dated_on: '2026-05-05', amount: '-50.00', description: 'DD BRITISH GAS 1102' },
    ];
    const uploaded = await t.json('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(bank)}`, { body: { statement: lines } });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect((await allLines(t, bank)).map((line) => line.dated_on).sort()).toEqual(['2026-02-15', '2026-04-20', '2026-04-21', '2026-04-22', '2026-05-05']);
    expect((await lineNamed(t, bank, 'CARD COFFEE')).bank_transaction_explanations).toEqual([]);
    // Gas at 20% in April would take box 4 from 240.00 to 247.50: the line is left for the person.
    expect((await lineNamed(t, bank, 'DD BRITISH GAS 1001')).bank_transaction_explanations).toEqual([]);
    expect((await lineNamed(t, bank, 'COUNCIL RATES 7')).bank_transaction_explanations).toHaveLength(1);
    expect((await lineNamed(t, bank, 'DD BRITISH GAS 1102')).bank_transaction_explanations).toHaveLength(1);
    expect(await ledgerBoxes(t)).toMatchObject({ 1: filed[1], 4: filed[4], 5: filed[5], 6: filed[6], 7: filed[7] });
    // The user lock still refuses the upload whole.
    expect((await t.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: '2026-04-30' } } })).status).toBe(204);
    const before = bookSnapshot(t);
    const locked = await t.json('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(bank)}`, { body: { statement: [{ dated_on: '2026-04-25', amount: '-5.00', description: 'CARD LATE' }] } });
    expect(locked.status).toBe(422);
    expect(locked.body.errors[0].message).toBe('Statement line 1 is dated 2026-04-25, and the books are locked up to 2026-04-30; nothing from this upload was imported');
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('a recurring invoice whose occurrence would move a filed return stops, as in a locked period', async () => {
    const { t, customer } = await auditBook();
    const source = await t.json('POST', '/v2/invoices', { body: { invoice: { contact: customer, dated_on: '2026-04-01', invoice_items: [item({ price: '100', sales_tax_rate: '20.0', category: sales })] } } });
    expect(source.status).toBe(201);
    await fileQuarter(t);
    const profile = await t.json('POST', '/v2/recurring_invoices', { body: { recurring_invoice: { invoice: source.body.invoice.url, frequency: 'Weekly' } } });
    expect(profile.status, JSON.stringify(profile.body)).toBe(201);
    expect(profile.body.recurring_invoice.recurring_status).toBe('Inactive');
    // The sale of the book and the draft the profile was made from; no occurrence was issued.
    expect((await t.json('GET', '/v2/invoices?per_page=100')).body.invoices).toHaveLength(2);
  });
});
