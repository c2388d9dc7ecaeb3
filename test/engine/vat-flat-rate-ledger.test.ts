import { describe, expect, it } from 'vitest';
import { toMinor } from '../../shared/money';
import { createTestBook, type TestBook } from './harness';
import { bankAccount, explainedLine } from './report-fixtures';
import { contact, item, sentInvoice } from './sales-helpers';
import { redo, undo } from './undo-helpers';

// The flat rate scheme in the ledger (VAT Notice 733; docs/api-notes.md "The flat rate scheme in the
// ledger"): the VAT accounts on the balance sheet move each quarter by exactly the return's box 5, the
// company keeps the flat rate surplus as income (055) and the VAT it does not reclaim is part of the cost.
// The book registers for VAT on 2025-05-01, quarterly; its first year of registration ends on 2026-04-30.
const IT = 'Computer and IT consultancy or data processing';
const VAT_CODES = ['817', '818', '819'];

async function flatRateBook(): Promise<TestBook> {
  const t = createTestBook({ vatRegistered: true });
  const { status, body } = await t.json('PUT', '/v2/company', { body: { company: { sales_tax_registration_number: 'GB123456782', initially_on_frs: true, initial_vat_frs_type: IT } } });
  if (status !== 200) throw new Error(JSON.stringify(body));
  return t;
}

async function box5(t: TestBook, endsOn: string): Promise<number> {
  const { body } = await t.json('GET', `/v2/vat_returns/${endsOn}`);
  return toMinor(body.vat_return.breakdown.rows.find((row: any) => row.box_number === 5).value, 'GBP');
}

/** What the balance sheet says the company owes HMRC for VAT at a date: the VAT accounts together, credit positive. */
async function vatOwedAt(t: TestBook, asAt: string): Promise<number> {
  const sheet = (await t.json('GET', `/v2/accounting/balance_sheet?as_at_date=${asAt}`)).body.balance_sheet;
  const accounts = [...sheet.current_assets.accounts, ...sheet.current_liabilities.accounts].filter((account: any) => VAT_CODES.includes(account.nominal_code));
  return accounts.reduce((owed: number, account: any) => owed - toMinor(account.total_debit_value, 'GBP'), 0);
}

/** A category's movement over a range in the profit and loss account, in debit sign. */
function movement(t: TestBook, code: string, from: string, to: string): number {
  return t.book.sqlite
    .prepare('SELECT coalesce(sum(p.debit_minor), 0) FROM postings p JOIN categories c ON c.id = p.category_id WHERE c.base_code = ? AND p.dated_on BETWEEN ? AND ?')
    .pluck()
    .get(code, from, to) as number;
}

const sale = (t: TestBook, account: string, datedOn: string, gross: string) => explainedLine(t, account, { dated_on: datedOn, amount: gross }, { category: '001' });
const materials = (t: TestBook, account: string, datedOn: string, gross: string) => explainedLine(t, account, { dated_on: datedOn, amount: `-${gross}` }, { category: '103' });
const equipment = (t: TestBook, account: string, datedOn: string, gross: string) => explainedLine(t, account, { dated_on: datedOn, amount: `-${gross}` }, { category: '602-1', sales_tax_rate: '20' });

describe('the flat rate scheme in the ledger', () => {
  it('moves the VAT accounts by box 5 each quarter: first-year discount, a limited cost quarter, capital goods', async () => {
    const t = await flatRateBook();
    const account = await bankAccount(t);

    // Quarter to 2025-10-31, in the first year of registration (Notice 733 section 4.5: 1% off, 13.5%).
    // Sales 6,000.00 with VAT (1,000.00 charged); goods 300.00 with VAT (50.00 paid, 300 >= max(120, 250): not limited cost).
    await sale(t, account, '2025-09-01', '6000');
    await materials(t, account, '2025-09-05', '300');
    // Box 5 = 6,000.00 x 13.5% = 810.00. The ledger holds 1,000.00 charged less 50.00 paid = 950.00 before the adjustment.
    expect(await box5(t, '2025-10-31')).toBe(810_00);
    expect(await vatOwedAt(t, '2025-10-31')).toBe(810_00);
    // Surplus 1,000.00 - 810.00 = 190.00 is income (055); the 50.00 of VAT not reclaimed is part of the goods' cost (103: 250.00 + 50.00).
    expect(movement(t, '055', '2025-08-01', '2025-10-31')).toBe(-190_00);
    expect(movement(t, '103', '2025-08-01', '2025-10-31')).toBe(300_00);
    await explainedLine(t, account, { dated_on: '2025-12-01', amount: '-810' }, { category: '817' });
    expect(await vatOwedAt(t, '2026-01-31')).toBe(0);

    // Quarter to 2026-07-31, after the first year, a limited cost business (section 4.4): goods 200.00 with VAT
    // are over 2% of 6,000.00 (120.00) but under £250 a quarter, so 16.5%: box 5 = 6,000.00 x 16.5% = 990.00.
    await sale(t, account, '2026-06-01', '6000');
    await materials(t, account, '2026-06-05', '200');
    expect(await box5(t, '2026-07-31')).toBe(990_00);
    // The first quarter's 810.00 was paid to HMRC on 2025-12-01 (below): what is owed is this quarter's 990.00.
    expect(await vatOwedAt(t, '2026-07-31')).toBe(990_00);
    // Surplus 1,000.00 - 990.00 = 10.00.
    expect(movement(t, '055', '2026-05-01', '2026-07-31')).toBe(-10_00);

    // Quarter to 2026-10-31: sales 6,000.00, goods 300.00 (14.5%: 870.00), and a computer of 2,400.00 with VAT
    // (400.00): capital goods of £2,000 or more, reclaimed in box 4 (section 15). A printer of 1,800.00 with VAT
    // (300.00) is under £2,000: not reclaimed, its VAT is part of its cost. Box 5 = 870.00 - 400.00 = 470.00.
    await sale(t, account, '2026-09-01', '6000');
    await materials(t, account, '2026-09-05', '300');
    await equipment(t, account, '2026-09-10', '2400');
    await equipment(t, account, '2026-09-11', '1800');
    expect(await box5(t, '2026-10-31')).toBe(470_00);
    expect(await vatOwedAt(t, '2026-10-31')).toBe(990_00 + 470_00);
    // Surplus 1,000.00 - 870.00 = 130.00; the goods' 50.00 and the printer's 300.00 go to their own categories;
    // the computer keeps its 2,000.00 cost with its VAT reclaimed (602: 2,000.00 + 1,500.00 + 300.00).
    expect(movement(t, '055', '2026-08-01', '2026-10-31')).toBe(-130_00);
    expect(movement(t, '103', '2026-08-01', '2026-10-31')).toBe(300_00);
    expect(movement(t, '602', '2026-08-01', '2026-10-31')).toBe(3800_00);
  });
});

describe('the flat rate scheme with cash accounting', () => {
  it('counts what was received: an unpaid invoice’s VAT waits in VAT Charged, and once paid the VAT accounts equal the returns', async () => {
    const t = await flatRateBook();
    expect((await t.json('PUT', '/v2/company', { body: { company: { initial_vat_basis: 'Cash' } } })).status).toBe(200);
    const account = await bankAccount(t);
    // An invoice of 5,000.00 + 1,000.00 VAT dated 2026-07-10 (quarter to 2026-07-31), received 2026-09-02 (quarter to 2026-10-31).
    const invoice = await sentInvoice(t, { contact: await contact(t), dated_on: '2026-07-10', invoice_items: [item({ price: '5000', sales_tax_rate: '20' })] });
    // Quarter to 2026-07-31: nothing received, box 5 is nothing (Notice 733 section 9, the cash based turnover);
    // the invoice's 1,000.00 of VAT stays in VAT Charged until it is paid, as under the normal cash method.
    expect(await box5(t, '2026-07-31')).toBe(0);
    expect(await vatOwedAt(t, '2026-07-31')).toBe(1000_00);
    await explainedLine(t, account, { dated_on: '2026-09-02', amount: '6000' }, { paid_invoice: invoice.url });
    await materials(t, account, '2026-09-05', '300');
    // Quarter to 2026-10-31: 6,000.00 received x 14.5% = 870.00. Surplus 1,000.00 - 870.00 = 130.00; the goods' 50.00 to 103.
    expect(await box5(t, '2026-10-31')).toBe(870_00);
    expect(await vatOwedAt(t, '2026-10-31')).toBe(0 + 870_00);
    expect(movement(t, '055', '2026-08-01', '2026-10-31')).toBe(-130_00);
    expect(movement(t, '103', '2026-08-01', '2026-10-31')).toBe(300_00);
  });
});

describe('the flat rate journal is the engine’s', () => {
  it('follows undo and redo, stays as filed once the return is filed, and is never in the change log sync pushes from', async () => {
    const t = await flatRateBook();
    const account = await bankAccount(t);
    await sale(t, account, '2026-09-01', '6000');
    await materials(t, account, '2026-09-05', '300');
    expect(await vatOwedAt(t, '2026-10-31')).toBe(870_00);
    // A second sale of 1,200.00 (200.00 VAT): box 5 = 7,200.00 x 14.5% = 1,044.00; undo takes the journal back with it.
    await sale(t, account, '2026-09-20', '1200');
    expect(await vatOwedAt(t, '2026-10-31')).toBe(1044_00);
    expect((await undo(t)).status).toBe(200);
    expect(await vatOwedAt(t, '2026-10-31')).toBe(870_00);
    expect(movement(t, '055', '2026-08-01', '2026-10-31')).toBe(-130_00);
    expect((await redo(t)).status).toBe(200);
    expect(await vatOwedAt(t, '2026-10-31')).toBe(1044_00);

    // The journal names its return as its source.
    const listed = (await t.json('GET', '/v2/accounting/transactions?from_date=2026-10-31&to_date=2026-10-31')).body.transactions;
    expect(listed.map((row: any) => row.source_item_url)).toContain('http://127.0.0.1:9999/v2/vat_returns/2026-10-31');
    // Derived, never a change of its own: sync (which pushes the change log) never sends it, so the live
    // service's own flat rate figures are not doubled.
    const logged = t.book.sqlite.prepare("SELECT count(*) FROM changes WHERE resource LIKE '%flat_rate%'").pluck().get();
    expect(logged).toBe(0);

    // Filed: the figures are final and so is the journal; marked unfiled, it follows the ledger again.
    expect((await t.json('PUT', '/v2/vat_returns/2026-10-31/mark_as_filed')).status).toBe(200);
    const filed = movement(t, '817', '2026-10-31', '2026-10-31');
    await sale(t, account, '2026-11-10', '1200');
    expect(movement(t, '817', '2026-10-31', '2026-10-31')).toBe(filed);
    expect(await vatOwedAt(t, '2026-10-31')).toBe(1044_00);
  });

  it('goes when the company leaves the scheme from its registration: the normal method’s VAT is what is owed', async () => {
    const t = await flatRateBook();
    const account = await bankAccount(t);
    await sale(t, account, '2026-09-01', '6000');
    // No goods bought at all: a limited cost business, 6,000.00 x 16.5% = 990.00.
    expect(await vatOwedAt(t, '2026-10-31')).toBe(990_00);
    expect((await t.json('PUT', '/v2/company', { body: { company: { initially_on_frs: false } } })).status).toBe(200);
    expect(t.book.sqlite.prepare("SELECT count(*) FROM postings WHERE source_resource = 'vat_flat_rate_adjustments'").pluck().get()).toBe(0);
    // The 1,000.00 charged is box 5 on the normal method.
    expect(await box5(t, '2026-10-31')).toBe(1000_00);
    expect(await vatOwedAt(t, '2026-10-31')).toBe(1000_00);
  });

  it('posts nothing for a company on the normal method', async () => {
    const t = createTestBook({ vatRegistered: true });
    const account = await bankAccount(t);
    await sale(t, account, '2026-09-01', '6000');
    expect(t.book.sqlite.prepare("SELECT count(*) FROM postings WHERE source_resource = 'vat_flat_rate_adjustments'").pluck().get()).toBe(0);
    expect(await vatOwedAt(t, '2026-10-31')).toBe(1000_00);
  });
});
