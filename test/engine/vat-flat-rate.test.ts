import { describe, expect, it } from 'vitest';
import { toMinor } from '../../shared/money';
import { FRS_SECTORS, sectorRateOn } from '../../shared/vat-flat-rates';
import { createTestBook, type TestBook } from './harness';
import { bankAccount, explainedLine, postDocument } from './report-fixtures';
import { contact, item, sentInvoice } from './sales-helpers';

// The flat rate scheme (VAT Notice 733). The test book registers for VAT on 2025-05-01, quarterly, so
// its first year of registration ends on 2026-04-30; the quarter B = 2026-08-01..2026-10-31 is after
// it and the quarter 2025-08-01..2025-10-31 inside it. Each expected figure is worked out beside it.
const B = '2026-10-31';
const IT = 'Computer and IT consultancy or data processing';

const setScheme = (t: TestBook, fields: Record<string, unknown>) => t.json('PUT', '/v2/company', { body: { company: { sales_tax_registration_number: 'GB123456782', ...fields } } });

async function flatRateBook(sector = IT, book: Parameters<typeof createTestBook>[0] = {}): Promise<TestBook> {
  const t = createTestBook({ vatRegistered: true, ...book });
  const response = await setScheme(t, { initially_on_frs: true, initial_vat_frs_type: sector });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return t;
}

async function boxes(t: TestBook, endsOn: string): Promise<Record<number, number>> {
  const { status, body } = await t.json('GET', `/v2/vat_returns/${endsOn}`);
  if (status !== 200) throw new Error(JSON.stringify(body));
  return Object.fromEntries(body.vat_return.breakdown.rows.map((row: any) => [row.box_number, toMinor(row.value, 'GBP')]));
}

/** Sales received at the standard rate (VAT inside the amount) and goods bought (Materials, 103). */
const sale = (t: TestBook, account: string, datedOn: string, gross: string) => explainedLine(t, account, { dated_on: datedOn, amount: gross }, { category: '001' });
const materials = (t: TestBook, account: string, datedOn: string, gross: string) => explainedLine(t, account, { dated_on: datedOn, amount: `-${gross}` }, { category: '103' });

describe('the flat rate sector table (VAT Notice 733, regulation 55K)', () => {
  it("holds HMRC's sectors with their rates and the 2020-22 hospitality changes", () => {
    expect(FRS_SECTORS).toHaveLength(55);
    expect(sectorRateOn(IT, '2026-01-01')).toBe('14.5');
    expect(sectorRateOn('Catering services including restaurants and takeaways', '2020-07-14')).toBe('12.5');
    expect(sectorRateOn('Catering services including restaurants and takeaways', '2020-07-15')).toBe('4.5');
    expect(sectorRateOn('Hotel or accommodation', '2021-10-01')).toBe('5.5');
    expect(sectorRateOn('Pubs', '2022-04-01')).toBe('6.5');
  });

  it('the company names its sector; an unknown one, or none, is refused and changes nothing', async () => {
    const t = await flatRateBook();
    expect((await t.json('GET', '/v2/company')).body.company).toMatchObject({ initially_on_frs: true, initial_vat_frs_type: IT });
    const unknown = await setScheme(t, { initial_vat_frs_type: 'Rocket science' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].message).toMatch(/initial_vat_frs_type must be one of HMRC’s flat rate sectors/);
    const none = await setScheme(t, { initially_on_frs: true, initial_vat_frs_type: null });
    expect(none.status).toBe(422);
    expect(none.body.errors[0].message).toMatch(/initial_vat_frs_type is required on the flat rate scheme/);
    expect((await t.json('GET', '/v2/company')).body.company.initial_vat_frs_type).toBe(IT);
    // Leaving the scheme from registration clears the sector.
    expect((await setScheme(t, { initially_on_frs: false })).status).toBe(200);
    expect((await t.json('GET', '/v2/company')).body.company).toMatchObject({ initially_on_frs: false });
    expect((await t.json('GET', '/v2/company')).body.company.initial_vat_frs_type).toBeUndefined();
  });
});

describe('flat rate returns, worked by hand', () => {
  it('a plain quarter: box 1 is the VAT-inclusive turnover at the sector rate, box 6 that turnover, no VAT reclaimed', async () => {
    const t = await flatRateBook();
    const account = await bankAccount(t);
    // Sales of 6,000.00 VAT included (1,000.00 of it VAT charged to customers).
    await sale(t, account, '2026-09-01', '6000');
    // Goods of 300.00 VAT included: at least the higher of 2% of 6,000 (120.00) and £250 a quarter, so not a limited cost business.
    await materials(t, account, '2026-09-05', '300');
    // Box 1: 6,000.00 x 14.5% = 870.00. Box 4: nothing (the 50.00 of VAT on the goods is not reclaimed).
    // Box 6: 6,000 (the turnover with VAT). Box 7: nothing (only capital goods claimed go there).
    expect(await boxes(t, B)).toEqual({ 1: 870_00, 2: 0, 3: 870_00, 4: 0, 5: 870_00, 6: 6000_00, 7: 0, 8: 0, 9: 0 });
  });

  it('in the first year of VAT registration the rate is 1% lower', async () => {
    const t = await flatRateBook();
    const account = await bankAccount(t);
    await sale(t, account, '2025-09-01', '6000');
    await materials(t, account, '2025-09-05', '300');
    // Registered 2025-05-01: until 2026-04-30 the rate is 14.5% - 1% = 13.5%: 6,000.00 x 13.5% = 810.00.
    expect(await boxes(t, '2025-10-31')).toMatchObject({ 1: 810_00, 5: 810_00, 6: 6000_00 });
  });

  it('a limited cost business quarter pays 16.5%, even with goods above 2% of turnover but under £250', async () => {
    const t = await flatRateBook();
    const account = await bankAccount(t);
    await sale(t, account, '2026-09-01', '6000');
    // Goods of 200.00: more than 2% of 6,000.00 (120.00) but less than £1,000 a year (£250 a quarter): the higher of the two is the test.
    await materials(t, account, '2026-09-05', '200');
    // 6,000.00 x 16.5% = 990.00.
    expect(await boxes(t, B)).toMatchObject({ 1: 990_00, 5: 990_00, 6: 6000_00 });
  });

  it('capital goods of £2,000 or more with VAT are reclaimed in box 4 (and their net is in box 7); less is not', async () => {
    const t = await flatRateBook();
    const account = await bankAccount(t);
    await sale(t, account, '2026-09-01', '6000');
    await materials(t, account, '2026-09-05', '300');
    // A computer of 2,000.00 + 400.00 VAT = 2,400.00: reclaimed. A printer of 1,500.00 + 300.00 = 1,800.00: under £2,000, not.
    postDocument(t, '2026-09-10', [{ code: '602', debit: 2000_00, salesTaxStatus: 'TAXABLE' }, { code: '818', debit: 400_00 }, { code: '796', debit: -2400_00 }], 'bills');
    postDocument(t, '2026-09-11', [{ code: '602', debit: 1500_00, salesTaxStatus: 'TAXABLE' }, { code: '818', debit: 300_00 }, { code: '796', debit: -1800_00 }], 'bills');
    // Box 1 870.00 as in the plain quarter; box 4 400.00; box 5 = 870.00 - 400.00 = 470.00; box 7 2,000.
    expect(await boxes(t, B)).toEqual({ 1: 870_00, 2: 0, 3: 870_00, 4: 400_00, 5: 470_00, 6: 6000_00, 7: 2000_00, 8: 0, 9: 0 });
  });

  it('a rate change inside a period: each part of the turnover at the rate of its day (catering, 15 July 2020)', async () => {
    // Registered 2019-06-01 (first year over by 2020-05-31); quarter 2020-06-01..2020-08-31.
    const t = await flatRateBook('Catering services including restaurants and takeaways', { startDate: '2019-06-01', firstAccountingYearEnd: '2020-05-31' });
    const account = await bankAccount(t);
    await sale(t, account, '2020-07-01', '1200');
    await sale(t, account, '2020-08-01', '1200');
    await materials(t, account, '2020-08-05', '300');
    // 1,200.00 x 12.5% = 150.00 before 15 July; 1,200.00 x 4.5% = 54.00 from then: box 1 204.00, box 6 2,400.
    expect(await boxes(t, '2020-08-31')).toMatchObject({ 1: 204_00, 5: 204_00, 6: 2400_00 });
  });

  it('a change of scheme on a date: the normal method before it, the flat rate from it', async () => {
    const t = createTestBook({ vatRegistered: true });
    expect((await setScheme(t, { vat_scheme_changes: [{ starts_on: '2026-09-01', vat_basis: 'Invoice', on_frs: true, frs_type: IT }] })).status).toBe(200);
    const account = await bankAccount(t);
    // Before 1 September: sales 1,200.00 (VAT 200.00 on 1,000.00) and a purchase 120.00 (VAT 20.00 on 100.00).
    await sale(t, account, '2026-08-10', '1200');
    await explainedLine(t, account, { dated_on: '2026-08-12', amount: '-120' }, { category: '285' });
    // From 1 September: sales 2,400.00 and goods 300.00 (not a limited cost business: 300 >= max(48, 250)).
    await sale(t, account, '2026-09-10', '2400');
    await materials(t, account, '2026-09-12', '300');
    // Box 1: 200.00 + 2,400.00 x 14.5% (348.00) = 548.00. Box 4: 20.00 (before the change only).
    // Box 5: 528.00. Box 6: 1,000 + 2,400 = 3,400. Box 7: 100 (the flat rate goods are not in it).
    expect(await boxes(t, B)).toEqual({ 1: 548_00, 2: 0, 3: 548_00, 4: 20_00, 5: 528_00, 6: 3400_00, 7: 100_00, 8: 0, 9: 0 });
  });

  it('with cash accounting too, the flat rate turnover is what was received (VAT Notice 733 section 9)', async () => {
    const t = await flatRateBook();
    expect((await setScheme(t, { initial_vat_basis: 'Cash' })).status).toBe(200);
    const account = await bankAccount(t);
    // Invoice of 6,000.00 with VAT dated in July (quarter A), received on 2026-09-02 (quarter B).
    const invoice = await sentInvoice(t, { contact: await contact(t), dated_on: '2026-07-10', invoice_items: [item({ price: '5000', sales_tax_rate: '20' })] });
    await explainedLine(t, account, { dated_on: '2026-09-02', amount: '6000' }, { paid_invoice: invoice.url });
    await materials(t, account, '2026-09-05', '300');
    expect(await boxes(t, '2026-07-31')).toMatchObject({ 1: 0, 6: 0 });
    // B: 6,000.00 received x 14.5% = 870.00.
    expect(await boxes(t, B)).toMatchObject({ 1: 870_00, 6: 6000_00 });
  });
});
