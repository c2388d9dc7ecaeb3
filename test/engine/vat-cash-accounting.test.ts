import { describe, expect, it } from 'vitest';
import { toMinor } from '../../shared/money';
import { createTestBook, type TestBook } from './harness';
import { insertContact } from './purchases-helpers';
import { bankAccount, explainedLine } from './report-fixtures';
import { contact, creditNote, item, sentInvoice } from './sales-helpers';

// Cash accounting (VAT Notice 731; VAT Regulations 1995 regulation 57): VAT counts on the day money
// moves. The test book registers for VAT on 2025-05-01, quarterly, so the quarters used here are
// A = 2026-05-01..2026-07-31, B = 2026-08-01..2026-10-31, C = 2026-11-01..2027-01-31 (the clock says
// 2026-11-22, so C is listed while it runs). Every expected figure is worked out by hand beside it.
const A = '2026-07-31';
const B = '2026-10-31';
const C = '2027-01-31';

/** Sets the company's VAT schemes (with the VAT number the test book lacks); returns the response. */
export const setScheme = (t: TestBook, fields: Record<string, unknown>) => t.json('PUT', '/v2/company', { body: { company: { sales_tax_registration_number: 'GB123456782', ...fields } } });

async function cashBook(): Promise<TestBook> {
  const t = createTestBook({ vatRegistered: true });
  const response = await setScheme(t, { initial_vat_basis: 'Cash' });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return t;
}

/** box number -> minor units, from the return's breakdown. */
async function boxes(t: TestBook, endsOn: string): Promise<Record<number, number>> {
  const { status, body } = await t.json('GET', `/v2/vat_returns/${endsOn}`);
  if (status !== 200) throw new Error(JSON.stringify(body));
  return Object.fromEntries(body.vat_return.breakdown.rows.map((row: any) => [row.box_number, toMinor(row.value, 'GBP')]));
}

const receive = async (t: TestBook, account: string, documentUrl: string, datedOn: string, amount: string) => explainedLine(t, account, { dated_on: datedOn, amount }, { paid_invoice: documentUrl });

describe('cash accounting: VAT is due by the date money moves (VAT Notice 731)', () => {
  it('the company record says Cash, as the live service spells it', async () => {
    const t = await cashBook();
    expect((await t.json('GET', '/v2/company')).body.company.initial_vat_basis).toBe('Cash');
    const wrong = await setScheme(t, { initial_vat_basis: 'Payments' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].message).toMatch(/initial_vat_basis must be Invoice or Cash/);
  });

  it('an invoice paid a quarter later is in the quarter of the payment, not of the invoice', async () => {
    const t = await cashBook();
    const account = await bankAccount(t);
    // Invoice of 1,000.00 + VAT 20% = 1,200.00, dated in quarter A, paid in full in quarter B.
    const sale = await sentInvoice(t, { contact: await contact(t), dated_on: '2026-07-10', invoice_items: [item({ price: '1000', sales_tax_rate: '20' })] });
    await receive(t, account, sale.url, '2026-08-20', '1200');
    // Quarter A: nothing received, so nothing due (on the invoice basis box 1 would be 200.00).
    expect(await boxes(t, A)).toMatchObject({ 1: 0, 3: 0, 5: 0, 6: 0 });
    // Quarter B: 1,200.00 received holds VAT 200.00 on sales of 1,000.00.
    expect(await boxes(t, B)).toMatchObject({ 1: 200_00, 3: 200_00, 4: 0, 5: 200_00, 6: 1000_00 });

    // The same book on the invoice basis puts it in quarter A: the basis is what moves it.
    expect((await setScheme(t, { initial_vat_basis: 'Invoice' })).status).toBe(200);
    expect(await boxes(t, A)).toMatchObject({ 1: 200_00, 6: 1000_00 });
    expect(await boxes(t, B)).toMatchObject({ 1: 0, 6: 0 });
  });

  it('a part payment counts pro rata, and the rest when it is paid', async () => {
    const t = await cashBook();
    const account = await bankAccount(t);
    // 500.00 + VAT 100.00 = 600.00, dated in B; 250.00 received in B, 350.00 in C.
    const sale = await sentInvoice(t, { contact: await contact(t), dated_on: '2026-08-05', invoice_items: [item({ price: '500', sales_tax_rate: '20' })] });
    await receive(t, account, sale.url, '2026-09-01', '250');
    await receive(t, account, sale.url, '2026-11-05', '350');
    // B: VAT 100.00 x 250/600 = 41.666...: 41.67; sales 500.00 x 250/600 = 208.33: box 6 208 (pence dropped).
    expect(await boxes(t, B)).toMatchObject({ 1: 41_67, 5: 41_67, 6: 208_00 });
    // C: what is left, so the two add up to the invoice exactly: 100.00 - 41.67 = 58.33; 500.00 - 208.33 = 291.67: 291.
    expect(await boxes(t, C)).toMatchObject({ 1: 58_33, 5: 58_33, 6: 291_00 });
  });

  it('a credit note set off against its invoice takes its VAT off in the quarter of the set-off', async () => {
    const t = await cashBook();
    const account = await bankAccount(t);
    const customer = await contact(t);
    // Invoice 100.00 + 20.00 = 120.00; credit note -50.00 - 10.00 = -60.00, set off against it on 2026-08-10;
    // the customer pays the other 60.00 on 2026-09-15.
    const sale = await sentInvoice(t, { contact: customer, dated_on: '2026-08-05', invoice_items: [item({ price: '100', sales_tax_rate: '20' })] });
    const note = await creditNote(t, { contact: customer, dated_on: '2026-08-10', credit_note_items: [item({ price: '-50', sales_tax_rate: '20' })] });
    const setOff = await t.json('POST', '/v2/credit_note_reconciliations', { body: { credit_note_reconciliation: { invoice: sale.url, credit_note: note.url, gross_value: '60', dated_on: '2026-08-10' } } });
    expect(setOff.status).toBe(201);
    await receive(t, account, sale.url, '2026-09-15', '60');
    // B: the invoice is settled in full (VAT 20.00, sales 100.00), the credit note too (VAT -10.00, sales -50.00):
    // box 1 = 20.00 - 10.00 = 10.00, box 6 = 100 - 50 = 50. Only 60.00 moved, and 60.00 holds 10.00 of VAT.
    expect(await boxes(t, B)).toMatchObject({ 1: 10_00, 5: 10_00, 6: 50_00 });
  });

  it('a refund of a credit note takes its VAT off in the quarter the money goes back', async () => {
    const t = await cashBook();
    const account = await bankAccount(t);
    // Credit note -40.00 - 8.00 = -48.00 dated in B, refunded (money out) on 2026-11-03 in C.
    const note = await creditNote(t, { contact: await contact(t), dated_on: '2026-08-12', credit_note_items: [item({ price: '-40', sales_tax_rate: '20' })] });
    await receive(t, account, note.url, '2026-11-03', '-48');
    // B: nothing refunded yet, nothing counted.
    expect(await boxes(t, B)).toMatchObject({ 1: 0, 6: 0 });
    // C: 48.00 refunded holds 8.00 of VAT on 40.00: box 1 -8.00, box 5 -8.00 (a repayment), box 6 -40.
    expect(await boxes(t, C)).toMatchObject({ 1: -8_00, 5: -8_00, 6: -40_00 });
  });

  it('VAT on a bill is reclaimed when the bill is paid', async () => {
    const t = await cashBook();
    const account = await bankAccount(t);
    // Bill 240.00 including VAT 40.00 dated in A, paid on 2026-08-02 in B.
    const supplier = insertContact(t, 'Paper Supplies Ltd');
    const created = await t.json('POST', '/v2/bills', { body: { bill: { contact: supplier, reference: 'PS-1', dated_on: '2026-07-20', due_on: '2026-08-19', bill_items: [{ category: '285', total_value: '240', sales_tax_rate: '20' }] } } });
    expect(created.status).toBe(201);
    await explainedLine(t, account, { dated_on: '2026-08-02', amount: '-240' }, { paid_bill: created.body.bill.url });
    expect(await boxes(t, A)).toMatchObject({ 4: 0, 7: 0 });
    // B: 240.00 paid holds 40.00 of VAT (240 x 20/120) on 200.00: box 4 40.00, box 5 -40.00, box 7 200.
    expect(await boxes(t, B)).toMatchObject({ 1: 0, 4: 40_00, 5: -40_00, 7: 200_00 });
  });

  it('a bank line explained straight to a category counts on its date, as on the invoice basis', async () => {
    const t = await cashBook();
    const account = await bankAccount(t);
    // 1,200.00 of sales at 20% received on 2026-09-03: VAT 200.00 (1,200 x 20/120) on 1,000.00.
    await explainedLine(t, account, { dated_on: '2026-09-03', amount: '1200' }, { category: '001' });
    expect(await boxes(t, B)).toMatchObject({ 1: 200_00, 6: 1000_00 });
  });

  it('switching to cash accounting does not count again an invoice already accounted for by invoice date', async () => {
    const t = createTestBook({ vatRegistered: true });
    const account = await bankAccount(t);
    // On the invoice basis until 2026-08-01, cash accounting from then on.
    const changed = await setScheme(t, { vat_scheme_changes: [{ starts_on: '2026-08-01', vat_basis: 'Cash', on_frs: false }] });
    expect(changed.status).toBe(200);
    expect((await t.json('GET', '/v2/company/setup')).body.company_setup.vat_scheme_changes).toEqual([{ starts_on: '2026-08-01', vat_basis: 'Cash', on_frs: false }]);
    // Invoice of 100.00 + 20.00 dated in A (invoice basis: in A), paid in B; invoice of 200.00 + 40.00 dated in B, paid in C.
    const customer = await contact(t);
    const early = await sentInvoice(t, { contact: customer, dated_on: '2026-07-15', invoice_items: [item({ price: '100', sales_tax_rate: '20' })] });
    const later = await sentInvoice(t, { contact: customer, dated_on: '2026-08-15', invoice_items: [item({ price: '200', sales_tax_rate: '20' })] });
    await receive(t, account, early.url, '2026-08-20', '120');
    await receive(t, account, later.url, '2026-11-02', '240');
    expect(await boxes(t, A)).toMatchObject({ 1: 20_00, 6: 100_00 });
    // B: the early invoice's payment is not counted again; the later invoice is not paid yet.
    expect(await boxes(t, B)).toMatchObject({ 1: 0, 6: 0 });
    expect(await boxes(t, C)).toMatchObject({ 1: 40_00, 6: 200_00 });
  });

  it('leaving cash accounting brings the unpaid VAT of the documents from the cash period into the next return', async () => {
    const t = await cashBook();
    // Cash accounting until 2026-10-31, the invoice basis from 2026-11-01.
    expect((await setScheme(t, { vat_scheme_changes: [{ starts_on: '2026-11-01', vat_basis: 'Invoice', on_frs: false }] })).status).toBe(200);
    const account = await bankAccount(t);
    // 300.00 + 60.00 = 360.00 dated in B, 120.00 received in B, the rest never by the time the scheme ends.
    const sale = await sentInvoice(t, { contact: await contact(t), dated_on: '2026-09-10', invoice_items: [item({ price: '300', sales_tax_rate: '20' })] });
    await receive(t, account, sale.url, '2026-10-01', '120');
    // B: 60.00 x 120/360 = 20.00 of VAT on 100.00.
    expect(await boxes(t, B)).toMatchObject({ 1: 20_00, 6: 100_00 });
    // C: the 40.00 of VAT (and 200.00 of sales) still unpaid when the company left the scheme.
    expect(await boxes(t, C)).toMatchObject({ 1: 40_00, 6: 200_00 });
  });
});
