import { describe, expect, it } from 'vitest';
import { hmrcReturnFigures } from '../../shared/api/hmrc-return';
import { toMinor } from '../../shared/money';
import { createTestBook, type TestBook } from './harness';
import { createSet, entry } from './journal-helpers';
import { insertContact, postBill } from './purchases-helpers';
import { bankAccount, explainedLine } from './report-fixtures';
import { contact, creditNote, item, sentInvoice } from './sales-helpers';

// The cases a small UK company meets that an audit of ordinary trading may not reach, each worked out
// by hand from the HMRC notice that governs it. The test book registers for VAT on 2025-05-01,
// quarterly (returns ending July, October, January, April unless a test picks another stagger); the
// clock says 2026-11-22.
const A = '2026-07-31';
const B = '2026-10-31';
const IT = 'Computer and IT consultancy or data processing';

const setCompany = (t: TestBook, fields: Record<string, unknown>) => t.json('PUT', '/v2/company', { body: { company: { sales_tax_registration_number: 'GB123456782', ...fields } } });

async function book(fields: Record<string, unknown> = {}): Promise<TestBook> {
  const t = createTestBook({ vatRegistered: true });
  if (Object.keys(fields).length > 0) {
    const response = await setCompany(t, fields);
    if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  }
  return t;
}

/** box number -> minor units, from the return's breakdown. */
async function boxes(t: TestBook, endsOn: string): Promise<Record<number, number>> {
  const { status, body } = await t.json('GET', `/v2/vat_returns/${endsOn}`);
  if (status !== 200) throw new Error(JSON.stringify(body));
  return Object.fromEntries(body.vat_return.breakdown.rows.map((row: any) => [row.box_number, toMinor(row.value, 'GBP')]));
}

const sale = (t: TestBook, account: string, datedOn: string, gross: string) => explainedLine(t, account, { dated_on: datedOn, amount: gross }, { category: '001' });
const materials = (t: TestBook, account: string, datedOn: string, gross: string) => explainedLine(t, account, { dated_on: datedOn, amount: `-${gross}` }, { category: '103' });

describe('VAT on one invoice with lines at 20%, 5% and 0% (VAT Notice 700 section 16)', () => {
  it('rounds each line to the nearest penny and adds the lines; never more than a penny a line above the exact VAT', async () => {
    const t = await book();
    // Lines: 20% on 10.03 (2.006 -> 2.01), 20% on 3 x 1.99 = 5.97 (1.194 -> 1.19), 5% on 10.09 (0.5045 -> 0.50),
    // 0% on 7.77 (0.00). VAT 3.70; worked on the invoice's totals per rate it is 16.00 x 20% = 3.20 plus
    // 10.09 x 5% = 0.5045, 3.7045, rounded down to the penny (section 16: a total may be rounded down) 3.70: the same.
    const invoice = await sentInvoice(t, {
      contact: await contact(t),
      dated_on: '2026-08-10',
      invoice_items: [
        item({ price: '10.03', sales_tax_rate: '20' }),
        item({ price: '1.99', quantity: '3', sales_tax_rate: '20' }),
        item({ price: '10.09', sales_tax_rate: '5' }),
        item({ price: '7.77', sales_tax_rate: '0' }),
      ],
    });
    expect(invoice).toMatchObject({ net_value: '33.86', sales_tax_value: '3.7', total_value: '37.56' });
    // Box 1 3.70; box 6 the net of every line, the zero-rated one too: 33.86 -> 33 (whole pounds).
    expect(await boxes(t, B)).toEqual({ 1: 3_70, 2: 0, 3: 3_70, 4: 0, 5: 3_70, 6: 33_00, 7: 0, 8: 0, 9: 0 });
  });
});

describe('a line whose VAT is exactly half a penny (VAT Notice 700 section 16; HMRC VATREC12010: "rounding to the nearer 1p")', () => {
  it('rounds the half penny up, to the nearer penny, and never rounds a smaller fraction up', async () => {
    const t = await book();
    // 5% on 10.10 = 0.505 -> 0.51; 20% on 0.02 = 0.004 -> 0.00; 20% on 0.03 = 0.006 -> 0.01. VAT 0.52.
    const invoice = await sentInvoice(t, { contact: await contact(t), dated_on: '2026-08-10', invoice_items: [item({ price: '10.10', sales_tax_rate: '5' }), item({ price: '0.02', sales_tax_rate: '20' }), item({ price: '0.03', sales_tax_rate: '20' })] });
    expect(invoice.sales_tax_value).toBe('0.52');
    expect(await boxes(t, B)).toMatchObject({ 1: 52, 5: 52, 6: 10_00 });
  });
});

describe('a credit note in a later quarter than its invoice (VAT Notice 700 section 19, changes in consideration)', () => {
  it('reduces boxes 1 and 6 in the credit note’s quarter and leaves the invoice’s quarter as filed', async () => {
    const t = await book();
    const customer = await contact(t);
    // July: 1,000.00 at 20% and 200.00 at 5%: VAT 200.00 + 10.00 = 210.00, net 1,200.00.
    await sentInvoice(t, { contact: customer, dated_on: '2026-07-10', invoice_items: [item({ price: '1000', sales_tax_rate: '20' }), item({ price: '200', sales_tax_rate: '5' })] });
    expect(await boxes(t, A)).toMatchObject({ 1: 210_00, 5: 210_00, 6: 1200_00 });
    expect((await t.json('PUT', `/v2/vat_returns/${A}/mark_as_filed`)).status).toBe(200);
    // September: credit of 250.00 at 20% (VAT 50.00) and 40.00 at 5% (VAT 2.00): box 1 -52.00, box 6 -290.
    await creditNote(t, { contact: customer, dated_on: '2026-09-05', credit_note_items: [item({ price: '-250', sales_tax_rate: '20' }), item({ price: '-40', sales_tax_rate: '5' })] });
    expect(await boxes(t, A)).toMatchObject({ 1: 210_00, 6: 1200_00 });
    // Box 5 is negative: a repayment (the API's sign; HMRC's netVatDue is the unsigned difference).
    expect(await boxes(t, B)).toEqual({ 1: -52_00, 2: 0, 3: -52_00, 4: 0, 5: -52_00, 6: -290_00, 7: 0, 8: 0, 9: 0 });
    const list = (await t.json('GET', '/v2/vat_returns')).body.vat_returns.find((row: any) => row.period_ends_on === B);
    expect(list.payments[0]).toMatchObject({ label: 'VAT Refund', amount_due: '-52.0' });
    expect(list.payments[0].status).toBeUndefined();
    // What HMRC is sent: netVatDue unsigned (HMRC works out that it is a repayment), boxes 6-9 in whole pounds.
    expect(hmrcReturnFigures(await boxes(t, B) as never)).toMatchObject({ vatDueSales: '-52.00', totalVatDue: '-52.00', netVatDue: '52.00', totalValueSalesExVAT: '-290' });
  });
});

describe('the domestic reverse charge for construction services (VAT Notice 735; HMRC "VAT domestic reverse charge for building and construction services")', () => {
  it('the buyer: VAT in boxes 1 and 4, the net in box 7, nothing in box 6', async () => {
    const t = await book();
    // A UK subcontractor's bill of 4,000.00 for building work at 20% under the reverse charge: 800.00 both ways.
    const response = await postBill(t, insertContact(t, 'Bricks and Mortar Ltd'), { dated_on: '2026-08-20', due_on: '2026-09-20', ec_status: 'Reverse Charge', bill_items: [{ category: '150', total_value: '4000', sales_tax_rate: '20' }] });
    expect(response.status).toBe(201);
    expect(response.body.bill).toMatchObject({ total_value: '4000.0' });
    expect(await boxes(t, B)).toEqual({ 1: 800_00, 2: 0, 3: 800_00, 4: 800_00, 5: 0, 6: 0, 7: 4000_00, 8: 0, 9: 0 });
  });

  it('the seller (sales carry no reverse-charge status in the API): a line charged no VAT puts its net in box 6 alone', async () => {
    const t = await book();
    await sentInvoice(t, { contact: await contact(t), dated_on: '2026-08-20', invoice_items: [item({ price: '4000', sales_tax_rate: '0' })] });
    expect(await boxes(t, B)).toEqual({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 4000_00, 7: 0, 8: 0, 9: 0 });
  });
});

describe('services bought from abroad under the reverse charge (VAT Notice 741A section 17; VAT Notice 700/12)', () => {
  it('puts the VAT in boxes 1 and 4 and the net in box 7, and in box 6 as the supply the buyer makes to itself', async () => {
    const t = await book();
    // Consulting from a supplier abroad, 1,000.00 with no VAT charged, accounted for at 20%: 200.00 both ways.
    const expense = await t.json('POST', '/v2/expenses', { body: { expense: { dated_on: '2026-09-11', description: 'Consulting from abroad', category: '285', gross_value: '-1000', ec_status: 'Reverse Charge' } } });
    expect(expense.status).toBe(201);
    expect(await boxes(t, B)).toEqual({ 1: 200_00, 2: 0, 3: 200_00, 4: 200_00, 5: 0, 6: 1000_00, 7: 1000_00, 8: 0, 9: 0 });
  });
});

describe('the flat rate scheme (VAT Notice 733)', () => {
  it('the first-year 1% ends the day before the anniversary of registration, in the middle of a quarter', async () => {
    // Registered 2025-05-01, returns ending June, September, December, March: the quarter 2026-04-01..2026-06-30
    // holds the first anniversary, 2026-05-01.
    const t = await book({ first_vat_period_ends_on: '2025-06-30', initially_on_frs: true, initial_vat_frs_type: IT });
    const account = await bankAccount(t);
    // 1,200.00 received on 30 April at 14.5% - 1% = 13.5%: 162.00; 2,400.00 on 1 May at 14.5%: 348.00. Box 1 510.00.
    await sale(t, account, '2026-04-30', '1200');
    await sale(t, account, '2026-05-01', '2400');
    // Goods of 300.00: at least the higher of 2% of 3,600.00 (72.00) and £250: not a limited cost business.
    await materials(t, account, '2026-05-05', '300');
    expect(await boxes(t, '2026-06-30')).toEqual({ 1: 510_00, 2: 0, 3: 510_00, 4: 0, 5: 510_00, 6: 3600_00, 7: 0, 8: 0, 9: 0 });
  });

  it('a limited cost business in the first year pays 15.5%, then 16.5% from the anniversary', async () => {
    const t = await book({ first_vat_period_ends_on: '2025-06-30', initially_on_frs: true, initial_vat_frs_type: IT });
    const account = await bankAccount(t);
    await sale(t, account, '2026-04-30', '1200');
    await sale(t, account, '2026-05-01', '2400');
    // Goods of 60.00: under £250 for the quarter, so a limited cost business.
    await materials(t, account, '2026-05-05', '60');
    // 1,200.00 x 15.5% = 186.00; 2,400.00 x 16.5% = 396.00: 582.00.
    expect(await boxes(t, '2026-06-30')).toMatchObject({ 1: 582_00, 4: 0, 5: 582_00, 6: 3600_00 });
  });

  it('capital goods of exactly £2,000.00 with VAT are reclaimed; £1,999.99 is not (section 15: "£2,000 or more including VAT")', async () => {
    const t = await book({ initially_on_frs: true, initial_vat_frs_type: IT });
    const account = await bankAccount(t);
    await sale(t, account, '2026-09-01', '6000');
    await materials(t, account, '2026-09-05', '300');
    // A server of 2,000.00 with VAT: VAT 2,000 x 20/120 = 333.33, net 1,666.67; a laptop of 1,999.99: not claimed.
    // Capital Asset Purchase has no automatic rate (as in the live chart), so the rate is given.
    await explainedLine(t, account, { dated_on: '2026-09-10', amount: '-2000' }, { category: '602-1', sales_tax_rate: '20' });
    await explainedLine(t, account, { dated_on: '2026-09-11', amount: '-1999.99' }, { category: '602-1', sales_tax_rate: '20' });
    // Box 1 6,000.00 x 14.5% = 870.00; box 4 333.33; box 5 536.67; box 6 6,000; box 7 1,666 (pence dropped).
    expect(await boxes(t, B)).toEqual({ 1: 870_00, 2: 0, 3: 870_00, 4: 333_33, 5: 536_67, 6: 6000_00, 7: 1666_00, 8: 0, 9: 0 });
  });

  it('joining the scheme later in the first year of registration: the 1% runs from joining to the day before the anniversary', async () => {
    // Registered 2025-05-01 on the normal method; on the flat rate scheme from 2025-08-01 (VAT Notice 733
    // section 4, the example of a business joining after registering; regulation 55JB(1); HMRC FRS7100).
    const t = await book({ vat_scheme_changes: [{ starts_on: '2025-08-01', vat_basis: 'Invoice', on_frs: true, frs_type: IT }] });
    const account = await bankAccount(t);
    await sale(t, account, '2025-09-01', '6000');
    await materials(t, account, '2025-09-05', '300');
    // Quarter 2025-08-01..2025-10-31, all before 2026-04-30: 6,000.00 x 13.5% = 810.00.
    expect(await boxes(t, '2025-10-31')).toMatchObject({ 1: 810_00, 4: 0, 5: 810_00, 6: 6000_00 });
    // Quarter 2026-05-01..2026-07-31, after the anniversary: 6,000.00 x 14.5% = 870.00.
    await sale(t, account, '2026-06-01', '6000');
    await materials(t, account, '2026-06-05', '300');
    expect(await boxes(t, A)).toMatchObject({ 1: 870_00, 5: 870_00, 6: 6000_00 });
  });

  it('a credit note in a later quarter takes its gross off the flat rate turnover of that quarter', async () => {
    const t = await book({ initially_on_frs: true, initial_vat_frs_type: IT });
    const customer = await contact(t);
    const account = await bankAccount(t);
    // July: invoice 5,000.00 + 1,000.00 VAT: turnover 6,000.00 x 14.5% = 870.00 (goods 300.00 in July too).
    await sentInvoice(t, { contact: customer, dated_on: '2026-07-10', invoice_items: [item({ price: '5000', sales_tax_rate: '20' })] });
    await materials(t, account, '2026-07-12', '300');
    expect(await boxes(t, A)).toMatchObject({ 1: 870_00, 6: 6000_00 });
    // September: credit note -500.00 - 100.00 = -600.00, and sales of 2,400.00; goods 300.00.
    await creditNote(t, { contact: customer, dated_on: '2026-09-05', credit_note_items: [item({ price: '-500', sales_tax_rate: '20' })] });
    await sale(t, account, '2026-09-10', '2400');
    await materials(t, account, '2026-09-12', '300');
    // Turnover 2,400.00 - 600.00 = 1,800.00 x 14.5% = 261.00; box 6 1,800.
    expect(await boxes(t, B)).toMatchObject({ 1: 261_00, 4: 0, 5: 261_00, 6: 1800_00 });
  });
});

/** What the balance sheet says the company owes HMRC for VAT at a date: 817, 818 and 819 together, credit positive. */
async function vatOwedAt(t: TestBook, asAt: string): Promise<number> {
  const sheet = (await t.json('GET', `/v2/accounting/balance_sheet?as_at_date=${asAt}`)).body.balance_sheet;
  const accounts = [...sheet.current_assets.accounts, ...sheet.current_liabilities.accounts].filter((account: any) => ['817', '818', '819'].includes(account.nominal_code));
  return accounts.reduce((owed: number, account: any) => owed - toMinor(account.total_debit_value, 'GBP'), 0);
}

// The reverse charge is outside the flat rate scheme: the business accounts for it as under normal
// accounting, VAT in box 1 and reclaimed in box 4 on the same return, the supply kept out of the flat
// rate turnover. Services from abroad: VAT Notice 733 section 6.4 ("If your business purchases services
// from outside the UK to which the reverse charge applies: these supplies should be dealt with outside
// of the FRS. Exclude them from your flat rate turnover but record them in boxes 1 and 4 of your VAT
// return, as you would under normal accounting"), box 6 "the value, excluding VAT, of any supplies
// accounted for outside the Flat Rate Scheme, such as ... reverse charge transactions", and box 7 as
// under normal accounting (VAT Notice 700/12 section 4.6). The domestic reverse charge: VAT Regulations
// 1995 regulation 55C(6) (neither a relevant purchase nor a relevant supply of a flat rate trader);
// HMRC VATREVCON35100 ("carry out the reverse charge VAT liability calculations separately from their
// Flat Rate Scheme calculation, and then combine the figures"); the buyer's boxes 1, 4 and 7 as above.
describe('the flat rate scheme and the reverse charge (VAT Notice 733 section 6.4; HMRC VATREVCON35100)', () => {
  it('a service bought from abroad under the reverse charge: its VAT in boxes 1 and 4, its value in boxes 6 and 7, not in the flat rate turnover', async () => {
    const t = await book({ initially_on_frs: true, initial_vat_frs_type: IT });
    const account = await bankAccount(t);
    await sale(t, account, '2026-09-01', '6000');
    await materials(t, account, '2026-09-05', '300');
    // Consulting from a supplier abroad, 1,000.00 with no VAT charged, accounted for at 20%: 200.00.
    const expense = await t.json('POST', '/v2/expenses', { body: { expense: { dated_on: '2026-09-11', description: 'Consulting from abroad', category: '285', gross_value: '-1000', ec_status: 'Reverse Charge' } } });
    expect(expense.status).toBe(201);
    // Flat rate: 6,000.00 x 14.5% = 870.00 (goods 300.00 >= max(2% of 6,000.00 = 120.00, £250): not limited cost).
    // Box 1 870.00 + 200.00 = 1,070.00; box 4 200.00 (the reverse charge only: the goods' VAT is not reclaimed);
    // box 5 870.00; box 6 6,000 turnover + 1,000 the service = 7,000; box 7 1,000.
    expect(await boxes(t, B)).toEqual({ 1: 1070_00, 2: 0, 3: 1070_00, 4: 200_00, 5: 870_00, 6: 7000_00, 7: 1000_00, 8: 0, 9: 0 });
    // The ledger's flat rate journal follows: the VAT accounts hold box 5, the reverse charge's 200.00 both ways.
    expect(await vatOwedAt(t, B)).toBe(870_00);
  });

  it('a construction service under the domestic reverse charge: its VAT in boxes 1 and 4, its net in box 7, nothing in box 6', async () => {
    const t = await book({ initially_on_frs: true, initial_vat_frs_type: IT });
    const account = await bankAccount(t);
    await sale(t, account, '2026-09-01', '6000');
    await materials(t, account, '2026-09-05', '300');
    // A UK subcontractor's bill of 1,000.00 for building work at 20% under the reverse charge: 200.00.
    const response = await postBill(t, insertContact(t, 'Bricks and Mortar Ltd'), { dated_on: '2026-08-20', due_on: '2026-09-20', ec_status: 'Reverse Charge', bill_items: [{ category: '150', total_value: '1000', sales_tax_rate: '20' }] });
    expect(response.status).toBe(201);
    // Box 1 870.00 + 200.00 = 1,070.00; box 4 200.00; box 5 870.00; box 6 the flat rate turnover 6,000 alone
    // (the buyer makes no supply under the domestic reverse charge); box 7 1,000.
    expect(await boxes(t, B)).toEqual({ 1: 1070_00, 2: 0, 3: 1070_00, 4: 200_00, 5: 870_00, 6: 6000_00, 7: 1000_00, 8: 0, 9: 0 });
    expect(await vatOwedAt(t, B)).toBe(870_00);
  });
});

describe('cash accounting (VAT Notice 731)', () => {
  it('a part-paid invoice with lines at 20%, 5% and 0% counts the VAT in the proportion paid', async () => {
    const t = await book({ initial_vat_basis: 'Cash' });
    const account = await bankAccount(t);
    // 600.00 at 20% (120.00), 300.00 at 5% (15.00), 100.00 at 0%: net 1,000.00, VAT 135.00, total 1,135.00.
    const invoice = await sentInvoice(t, { contact: await contact(t), dated_on: '2026-09-01', invoice_items: [item({ price: '600', sales_tax_rate: '20' }), item({ price: '300', sales_tax_rate: '5' }), item({ price: '100', sales_tax_rate: '0' })] });
    await explainedLine(t, account, { dated_on: '2026-09-20', amount: '454' }, { paid_invoice: invoice.url });
    await explainedLine(t, account, { dated_on: '2026-11-03', amount: '681' }, { paid_invoice: invoice.url });
    // B: 454.00 of 1,135.00 is 40%: VAT 54.00, net 400.00. C: the rest, 81.00 and 600.00.
    expect(await boxes(t, B)).toMatchObject({ 1: 54_00, 5: 54_00, 6: 400_00 });
    expect(await boxes(t, '2027-01-31')).toMatchObject({ 1: 81_00, 5: 81_00, 6: 600_00 });
  });
});

describe('cash accounting and the reverse charge (VAT Regulations 1995 regulation 58(2)(g); HMRC VATREVCON35200)', () => {
  it('a reverse-charge bill is outside the scheme: its VAT counts on the bill’s date, whatever is paid when', async () => {
    const t = await book({ initial_vat_basis: 'Cash' });
    const account = await bankAccount(t);
    const builder = insertContact(t, 'Bricks and Mortar Ltd');
    // Building work of 4,000.00 at 20% under the domestic reverse charge, dated 20 July (quarter A): 800.00 both ways.
    const reverse = await postBill(t, builder, { dated_on: '2026-07-20', due_on: '2026-08-20', ec_status: 'Reverse Charge', bill_items: [{ category: '150', total_value: '4000', sales_tax_rate: '20' }] });
    // An ordinary bill of 1,200.00 with 200.00 VAT, dated 21 July, stays in the scheme.
    const ordinary = await postBill(t, builder, { reference: '002', dated_on: '2026-07-21', due_on: '2026-08-20', bill_items: [{ category: '285', total_value: '1200', sales_tax_rate: '20' }] });
    expect([reverse.status, ordinary.status]).toEqual([201, 201]);
    // 1,000.00 of the reverse-charge bill and 600.00 of the ordinary one are paid on 5 August (quarter B).
    await explainedLine(t, account, { dated_on: '2026-08-05', amount: '-1000' }, { paid_bill: reverse.body.bill.url });
    await explainedLine(t, account, { dated_on: '2026-08-05', amount: '-600' }, { paid_bill: ordinary.body.bill.url });
    // A: the reverse charge at its tax point: box 1 800.00, box 4 800.00, box 5 0, box 7 4,000 (no box 6: a UK supplier).
    expect(await boxes(t, A)).toEqual({ 1: 800_00, 2: 0, 3: 800_00, 4: 800_00, 5: 0, 6: 0, 7: 4000_00, 8: 0, 9: 0 });
    // B: only the ordinary bill's half: VAT 200.00 x 600/1,200 = 100.00 on 500.00. The reverse-charge payment adds nothing.
    expect(await boxes(t, B)).toEqual({ 1: 0, 2: 0, 3: 0, 4: 100_00, 5: -100_00, 6: 0, 7: 500_00, 8: 0, 9: 0 });
  });

  it('leaving cash accounting does not count an unpaid reverse-charge bill again', async () => {
    const t = await book({ initial_vat_basis: 'Cash', vat_scheme_changes: [{ starts_on: '2026-11-01', vat_basis: 'Invoice', on_frs: false }] });
    const response = await postBill(t, insertContact(t, 'Bricks and Mortar Ltd'), { dated_on: '2026-09-20', due_on: '2026-12-20', ec_status: 'Reverse Charge', bill_items: [{ category: '150', total_value: '1000', sales_tax_rate: '20' }] });
    expect(response.status).toBe(201);
    // B: 200.00 both ways on 1,000 at the bill's date; C: nothing (the bill was never in the scheme).
    expect(await boxes(t, B)).toMatchObject({ 1: 200_00, 4: 200_00, 5: 0, 7: 1000_00 });
    expect(await boxes(t, '2027-01-31')).toMatchObject({ 1: 0, 4: 0, 5: 0, 7: 0 });
  });
});

describe('a sale in a foreign currency (VAT Notice 700 section 7: sterling at the rate of the tax point)', () => {
  it('counts the sterling value of the VAT and the net on the invoice date, whatever the rate when paid', async () => {
    const t = await book();
    // EUR 1,000.00 at 20% (EUR 200.00 VAT) and EUR 500.00 at 5% (EUR 25.00), at 0.85 on the invoice date:
    // VAT EUR 225.00 x 0.85 = 191.25; net EUR 1,500.00 x 0.85 = 1,275.00.
    await sentInvoice(t, { contact: await contact(t), dated_on: '2026-08-12', currency: 'EUR', exchange_rate: '0.85', invoice_items: [item({ price: '1000', sales_tax_rate: '20' }), item({ price: '500', sales_tax_rate: '5' })] });
    expect(await boxes(t, B)).toEqual({ 1: 191_25, 2: 0, 3: 191_25, 4: 0, 5: 191_25, 6: 1275_00, 7: 0, 8: 0, 9: 0 });
  });
});

describe('journals touching the VAT accounts', () => {
  it('a journal to VAT Reclaimed (818) is in box 4; its other side, not a taxed line, is in neither box 6 nor 7', async () => {
    const t = await book();
    // An input VAT correction of 45.00 found on a supplier's invoice (Notice 700/45, corrected on the current return).
    await createSet(t, { dated_on: '2026-09-30', description: 'VAT correction', journal_entries: [entry('818', '45'), entry('280', '-45')] });
    expect(await boxes(t, B)).toEqual({ 1: 0, 2: 0, 3: 0, 4: 45_00, 5: -45_00, 6: 0, 7: 0, 8: 0, 9: 0 });
  });
});

describe('journals touching the VAT accounts (2)', () => {
  it('a journal crediting VAT Charged (819) adds to box 1; paying HMRC from the VAT account (817) is in no box', async () => {
    const t = await book();
    // Output VAT of 30.00 left off a sale, put right by journal; the earlier quarter's VAT of 500.00 paid from the bank.
    await createSet(t, { dated_on: '2026-09-30', description: 'Output VAT correction', journal_entries: [entry('280', '30'), entry('819', '-30')] });
    await createSet(t, { dated_on: '2026-09-07', description: 'VAT paid to HMRC', journal_entries: [entry('817', '500'), entry('280', '-500')] });
    expect(await boxes(t, B)).toEqual({ 1: 30_00, 2: 0, 3: 30_00, 4: 0, 5: 30_00, 6: 0, 7: 0, 8: 0, 9: 0 });
  });
});

describe('an edit in a filed period', () => {
  it('is refused when it would move a filed box, and changes nothing', async () => {
    const t = await book();
    const account = await bankAccount(t);
    await sale(t, account, '2026-08-10', '1200');
    expect((await t.json('PUT', `/v2/vat_returns/${B}/mark_as_filed`)).status).toBe(200);
    const before = await boxes(t, B);
    const refused = await createSet(t, { dated_on: '2026-09-30', description: 'late', journal_entries: [entry('818', '10'), entry('280', '-10')] }).catch((error: Error) => error.message);
    expect(String(refused)).toMatch(/is filed, and this change would move its box 4/);
    expect(await boxes(t, B)).toEqual(before);
  });
});

describe('a change of accounting basis starts a VAT period (VAT Regulations 1995 regulation 58(1); VAT Notice 731)', () => {
  const changesOf = async (t: TestBook) => (await t.json('GET', '/v2/company/setup')).body.company_setup.vat_scheme_changes;

  it('refuses joining cash accounting part-way through a quarter, and stores nothing', async () => {
    const t = await book();
    // 1 December 2026 is inside the quarter 2026-11-01..2027-01-31.
    const refused = await setCompany(t, { vat_scheme_changes: [{ starts_on: '2026-12-01', vat_basis: 'Cash', on_frs: false }] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toBe(
      'vat_scheme_changes[0].starts_on must be the first day of a VAT period when the accounting basis changes: cash accounting can begin only at the start of a VAT period (VAT Regulations 1995 regulation 58; VAT Notice 731)',
    );
    expect(await changesOf(t)).toBeUndefined();
    // From the quarter's first day it is accepted.
    expect((await setCompany(t, { vat_scheme_changes: [{ starts_on: '2026-11-01', vat_basis: 'Cash', on_frs: false }] })).status).toBe(200);
    expect(await changesOf(t)).toEqual([{ starts_on: '2026-11-01', vat_basis: 'Cash', on_frs: false }]);
  });

  it('refuses leaving cash accounting part-way through a quarter; the flat rate alone may change on any day', async () => {
    const t = await book({ initial_vat_basis: 'Cash' });
    const refused = await setCompany(t, { vat_scheme_changes: [{ starts_on: '2026-09-15', vat_basis: 'Invoice', on_frs: false }] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toMatch(/^vat_scheme_changes\[0\]\.starts_on must be the first day of a VAT period when the accounting basis changes: a business leaves cash accounting at the end of a VAT period/);
    expect(await changesOf(t)).toBeUndefined();
    // Joining the flat rate scheme on 15 September, still on cash accounting, is not a change of basis.
    expect((await setCompany(t, { vat_scheme_changes: [{ starts_on: '2026-09-15', vat_basis: 'Cash', on_frs: true, frs_type: IT }] })).status).toBe(200);
    // The company's other fields still save with that change stored.
    expect((await setCompany(t, { name: 'Example Trading Ltd' })).status).toBe(200);
  });

  it('leaving cash accounting at a quarter end: the VAT still unpaid is due on the first return after (VAT Notice 731 section 6)', async () => {
    const t = await book({ initial_vat_basis: 'Cash', vat_scheme_changes: [{ starts_on: '2026-11-01', vat_basis: 'Invoice', on_frs: false }] });
    const account = await bankAccount(t);
    // 300.00 + 60.00 = 360.00 dated in B; 120.00 received in B, the other 240.00 on 2026-11-05, after leaving.
    const invoice = await sentInvoice(t, { contact: await contact(t), dated_on: '2026-08-10', invoice_items: [item({ price: '300', sales_tax_rate: '20' })] });
    await explainedLine(t, account, { dated_on: '2026-09-01', amount: '120' }, { paid_invoice: invoice.url });
    await explainedLine(t, account, { dated_on: '2026-11-05', amount: '240' }, { paid_invoice: invoice.url });
    // An invoice of 100.00 + 20.00 after leaving, on the invoice basis.
    await sentInvoice(t, { contact: await contact(t), dated_on: '2026-11-20', invoice_items: [item({ price: '100', sales_tax_rate: '20' })] });
    // B: 60.00 x 120/360 = 20.00 on 100.00. C: the unpaid 40.00 on 200.00, and the new invoice's 20.00 on 100.00; the
    // payment of 5 November adds nothing (it was counted when the scheme was left).
    expect(await boxes(t, B)).toMatchObject({ 1: 20_00, 5: 20_00, 6: 100_00 });
    expect(await boxes(t, '2027-01-31')).toMatchObject({ 1: 60_00, 5: 60_00, 6: 300_00 });
  });
});
