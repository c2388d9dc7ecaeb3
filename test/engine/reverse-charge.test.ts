import { describe, expect, it } from 'vitest';
import { bankAccount, explainedLine } from './report-fixtures';
import { idOf, ledgerTotal } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { insertContact, postBill, postExpense, postingRows } from './purchases-helpers';

// The audit's case (issue 13, item 9): a purchase of 1,500.00 at 20% on which the supplier charged no
// VAT. HMRC VAT Notice 741A s.17 and 700/12 s.6 (services, and every reverse charge from 2021), 725
// s.2 and 700/12 (EC goods acquired before 2021): the buyer accounts for VAT on the net both ways.

/** box number -> value of the return ending on `endsOn`. */
async function boxes(t: TestBook, endsOn: string): Promise<Record<number, string>> {
  const response = await t.json('GET', `/v2/vat_returns/${endsOn}`);
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return Object.fromEntries(response.body.vat_return.breakdown.rows.map((row: any) => [row.box_number, row.value]));
}

const codes = (rows: { code: string; debit: number }[]) => rows.map(({ code, debit }) => [code, debit]);

describe('reverse charge: the buyer accounts for the VAT (issue 13, item 9)', () => {
  it('a bill of 1,500.00 at 20% costs 1,500.00, owes the supplier 1,500.00, and puts 300.00 in boxes 1 and 4', async () => {
    const t = createTestBook({ vatRegistered: true });
    const response = await postBill(t, insertContact(t), { dated_on: '2025-06-10', due_on: '2025-07-10', ec_status: 'Reverse Charge', bill_items: [{ category: '285', total_value: '1500', sales_tax_rate: '20' }] });
    expect(response.status).toBe(201);
    const created = response.body.bill;
    expect(created).toMatchObject({ total_value: '1500.0', net_value: '-1500.0', due_value: '1500.0' });
    expect(codes(postingRows(t, 'bills', idOf(created.url)))).toEqual([
      ['285', 150000],
      ['796', -150000],
      ['818', 30000],
      ['819', -30000],
    ]);
    expect(ledgerTotal(t)).toBe(0);
    expect(await boxes(t, '2025-07-31')).toMatchObject({ 1: '300.0', 2: '0.0', 3: '300.0', 4: '300.0', 5: '0.0', 6: '0.0', 7: '1500.0', 8: '0.0', 9: '0.0' });
  });

  it('an expense under the reverse charge and a bank payment for EC services post the same way', async () => {
    const t = createTestBook({ vatRegistered: true });
    const expense = await postExpense(t, { category: '285', dated_on: '2025-06-11', gross_value: '-1500', ec_status: 'Reverse Charge', description: 'Consulting' });
    expect(expense.status).toBe(201);
    expect(codes(postingRows(t, 'expenses', idOf(expense.body.expense.url)))).toEqual([
      ['285', 150000],
      ['818', 30000],
      ['819', -30000],
      [`900-${t.ownerId}`, -150000],
    ]);
    const account = await bankAccount(t);
    const explanation = await explainedLine(t, account, { dated_on: '2025-06-12', amount: '-1500' }, { category: `http://127.0.0.1:9999/v2/categories/285`, ec_status: 'EC Services' });
    expect(explanation.sales_tax_value ?? '0.0').toMatch(/^-?0(\.0+)?$/);
    expect(codes(postingRows(t, 'bank_transaction_explanations', idOf(explanation.url)))).toEqual([
      ['285', 150000],
      ['750-1', -150000],
      ['818', 30000],
      ['819', -30000],
    ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
    expect(ledgerTotal(t)).toBe(0);
    // Neither names a UK supplier, so both are services bought from abroad: the deemed supply is also an
    // output, box 6 as well as box 7 (VAT Notice 700/12 section 4.6, 741A section 17).
    expect(await boxes(t, '2025-07-31')).toMatchObject({ 1: '600.0', 3: '600.0', 4: '600.0', 5: '0.0', 6: '3000.0', 7: '3000.0', 9: '0.0' });
  });

  it('a 2020 book acquiring EC goods files nil: 300.00 in box 2 and box 4, 1,500 in boxes 7 and 9', async () => {
    const t = createTestBook({ vatRegistered: true, startDate: '2020-01-01' });
    const response = await postBill(t, insertContact(t), { dated_on: '2020-02-10', due_on: '2020-03-10', ec_status: 'EC Goods', bill_items: [{ category: '285', total_value: '1500', sales_tax_rate: '20' }] });
    expect(response.status).toBe(201);
    expect(await boxes(t, '2020-03-31')).toMatchObject({ 1: '0.0', 2: '300.0', 3: '300.0', 4: '300.0', 5: '0.0', 6: '0.0', 7: '1500.0', 8: '0.0', 9: '1500.0' });
  });

  it('a refund of EC goods acquired in 2020 takes its VAT off box 2, not box 1', async () => {
    const t = createTestBook({ vatRegistered: true, startDate: '2020-01-01' });
    const supplier = insertContact(t);
    const bought = await postBill(t, supplier, { dated_on: '2020-02-10', due_on: '2020-03-10', ec_status: 'EC Goods', bill_items: [{ category: '285', total_value: '1500', sales_tax_rate: '20' }] });
    expect(bought.status).toBe(201);
    // The supplier's credit note for goods sent back: a bill of minus 500.00, the acquisition reduced.
    const refunded = await postBill(t, supplier, { reference: 'CN-1', dated_on: '2020-03-05', due_on: '2020-04-05', ec_status: 'EC Goods', bill_items: [{ category: '285', total_value: '-500', sales_tax_rate: '20' }] });
    expect(refunded.status).toBe(201);
    expect(await boxes(t, '2020-03-31')).toMatchObject({ 1: '0.0', 2: '200.0', 3: '200.0', 4: '200.0', 5: '0.0', 7: '1000.0', 9: '1000.0' });
  });

  it('services bought from a supplier abroad are a deemed supply too: the net in box 6 as well as box 7', async () => {
    const t = createTestBook({ vatRegistered: true });
    const abroad = insertContact(t, 'Cloud Tools Inc');
    t.book.sqlite.prepare("UPDATE contacts SET country = 'United States' WHERE id = ?").run(idOf(abroad));
    const response = await postBill(t, abroad, { dated_on: '2025-06-10', due_on: '2025-07-10', ec_status: 'Reverse Charge', bill_items: [{ category: '285', total_value: '1500', sales_tax_rate: '20' }] });
    expect(response.status).toBe(201);
    expect(await boxes(t, '2025-07-31')).toMatchObject({ 1: '300.0', 2: '0.0', 4: '300.0', 5: '0.0', 6: '1500.0', 7: '1500.0', 8: '0.0', 9: '0.0' });
    // What is behind box 6 is that bill's cost line, adding up to the box.
    const behind = await t.json('GET', '/v2/vat_returns/2025-07-31/boxes/6/transactions');
    expect(behind.status).toBe(200);
    expect(behind.body.vat_return_box.transactions.map((entry: any) => [entry.amount, entry.nominal_code])).toEqual([['1500.0', '285']]);
  });

  it('a 2020 book buying EC services: 300.00 in boxes 1 and 4, 1,500 in boxes 6 and 7, nothing in box 9', async () => {
    const t = createTestBook({ vatRegistered: true, startDate: '2020-01-01' });
    const response = await postBill(t, insertContact(t), { dated_on: '2020-02-10', due_on: '2020-03-10', ec_status: 'EC Services', bill_items: [{ category: '285', total_value: '1500', sales_tax_rate: '20' }] });
    expect(response.status).toBe(201);
    expect(await boxes(t, '2020-03-31')).toMatchObject({ 1: '300.0', 2: '0.0', 3: '300.0', 4: '300.0', 5: '0.0', 6: '1500.0', 7: '1500.0', 8: '0.0', 9: '0.0' });
  });

  it('zero-rated, exempt and out-of-scope lines under the reverse charge account for no VAT', async () => {
    const t = createTestBook({ vatRegistered: true });
    const response = await postBill(t, insertContact(t), {
      dated_on: '2025-06-10',
      due_on: '2025-07-10',
      ec_status: 'Reverse Charge',
      bill_items: [
        { category: '285', total_value: '100', sales_tax_rate: '0' },
        { category: '285', total_value: '200', sales_tax_status: 'EXEMPT' },
        { category: '285', total_value: '300', sales_tax_status: 'OUT_OF_SCOPE' },
      ],
    });
    expect(response.status).toBe(201);
    const rows = postingRows(t, 'bills', idOf(response.body.bill.url));
    expect(rows.filter((row) => row.code === '818' || row.code === '819')).toEqual([]);
    expect(rows.filter((row) => row.code === '285').reduce((sum, row) => sum + row.debit, 0)).toBe(60000);
  });
});
