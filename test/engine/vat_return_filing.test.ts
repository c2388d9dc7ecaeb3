import { describe, expect, it } from 'vitest';
import { Level } from '../../shared/api/permissions';
import { toMinor } from '../../shared/money';
import { lockedToDate } from '../../main/engine/ledger/locks';
import { createTestBook, type TestBook } from './harness';
import { bankAccount, explainedLine, postDocument } from './report-fixtures';

/** The engine's side of filing with HMRC: pending, filed with the receipt, rejected (docs/api-notes.md). */
const vatBook = () => createTestBook({ vatRegistered: true });
const put = (t: TestBook, path: string, body: unknown, token?: string) => t.json('PUT', `/v2/vat_returns/${path}`, { body, token });
const begin = (t: TestBook, endsOn = '2026-10-31', key = '18A6', token?: string) => put(t, `${endsOn}/hmrc_submission`, { hmrc_submission: { period_key: key } }, token);
const changes = (t: TestBook) => t.book.sqlite.prepare("SELECT resource, record_id AS id FROM changes WHERE resource = 'vat_returns' ORDER BY rowid").all();

describe('VAT return filing states', () => {
  it('freezes the figures under HMRC names when a return goes pending; a repayment is sent unsigned', async () => {
    const t = vatBook();
    // A purchase only: box 5 is -£60.20, a repayment; HMRC takes |box 3 - box 4|.
    postDocument(t, '2026-10-02', [{ code: '285', debit: 30_099, salesTaxStatus: 'TAXABLE' }, { code: '818', debit: 6_020 }, { code: '796', debit: -36_119 }], 'bills');
    const answer = await begin(t);
    expect(answer.status).toBe(200);
    expect(answer.body.vat_return).toMatchObject({ filing_status: 'pending', hmrc_period_key: '18A6' });
    expect(answer.body.hmrc_figures).toEqual({
      vatDueSales: '0.00',
      vatDueAcquisitions: '0.00',
      totalVatDue: '0.00',
      vatReclaimedCurrPeriod: '60.20',
      netVatDue: '60.20',
      totalValueSalesExVAT: '0',
      totalValuePurchasesExVAT: '300',
      totalValueGoodsSuppliedExVAT: '0',
      totalAcquisitionsExVAT: '0',
    });
    expect(answer.body.resumed).toBe(false);
    expect((await begin(t)).body.resumed).toBe(true);
    // Each state change is in the change log, so the sync carries it.
    expect(changes(t)).toHaveLength(2);
  });

  it('files with the receipt (form bundle number as filed_reference) and locks; refuses a second submission', async () => {
    const t = vatBook();
    await begin(t);
    const receipt = { form_bundle_number: '123456789012', processing_date: '2026-11-22T10:15:30.123Z', payment_indicator: 'DD', charge_ref_number: 'XM002610011594', receipt_id: 'f6c2c3a4-0b8e-4b9b-9d1a-1d2c3b4a5e6f' };
    const filed = await put(t, '2026-10-31/hmrc_receipt', { hmrc_receipt: receipt });
    expect(filed.body.vat_return).toMatchObject({ filing_status: 'filed', filed_reference: '123456789012', filed_at: '2026-11-22T10:15:30.123Z', hmrc_receipt: receipt });
    expect(lockedToDate({ db: t.book.db })).toBe('2026-10-31');
    const again = await begin(t);
    expect(again.status).toBe(422);
    expect(again.body.errors[0].message).toBe('The VAT return for the period ending 2026-10-31 is already filed with HMRC');
    expect((await t.json('PUT', '/v2/vat_returns/2026-10-31/mark_as_unfiled')).status).toBe(422);
  });

  it('an undo cannot take back a return HMRC has accepted, nor the lock that came with it', async () => {
    const t = vatBook();
    await begin(t);
    const receipt = { form_bundle_number: '123456789012', processing_date: '2026-11-22T10:15:30.123Z' };
    expect((await put(t, '2026-10-31/hmrc_receipt', { hmrc_receipt: receipt })).status).toBe(200);
    const refused = await t.json('POST', '/v2/undo');
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toContain('the VAT return for the period ending 2026-10-31 was filed with HMRC, which holds it');
    expect((await t.json('GET', '/v2/vat_returns/2026-10-31')).body.vat_return.filing_status).toBe('filed');
    expect(lockedToDate({ db: t.book.db })).toBe('2026-10-31');
  });

  it('rejects with HMRC words and lets the figures follow the ledger again', async () => {
    const t = vatBook();
    await begin(t);
    const rejected = await put(t, '2026-10-31/hmrc_rejection', { hmrc_rejection: { message: 'HMRC refused the return: Invalid period key (PERIOD_KEY_INVALID)' } });
    expect(rejected.body.vat_return).toMatchObject({ filing_status: 'rejected', hmrc_message: 'HMRC refused the return: Invalid period key (PERIOD_KEY_INVALID)' });
    expect((await begin(t)).body.vat_return.filing_status).toBe('pending');
  });

  it('refuses what cannot be sent: a running period, a bad key, a return marked filed, too low a level, a receipt with nothing in flight', async () => {
    const t = vatBook();
    expect((await begin(t, '2027-01-31', '18A7')).body.errors[0].message).toBe('The VAT period ending 2027-01-31 has not ended yet, so its return cannot be sent to HMRC');
    expect((await begin(t, '2026-10-31', '18a6')).status).toBe(422);
    expect((await put(t, '2026-10-31/hmrc_receipt', { hmrc_receipt: { processing_date: '2026-11-22' } })).status).toBe(422);
    const accountant = await t.userWithLevel(Level.TaxAccountingAndUsers);
    expect((await begin(t, '2026-10-31', '18A6', accountant)).status).toBe(403);
    expect((await t.json('PUT', '/v2/vat_returns/2026-07-31/mark_as_filed')).status).toBe(200);
    expect((await begin(t, '2026-07-31', '18A5')).body.errors[0].message).toContain('is marked as filed; mark it as unfiled before sending it to HMRC');
    expect(changes(t)).toHaveLength(1);
  });

  it('will not mark by hand a return sent to HMRC whose answer is unknown, nor one HMRC filed; nothing changes', async () => {
    const t = vatBook();
    await begin(t);
    const pending = await t.json('PUT', '/v2/vat_returns/2026-10-31/mark_as_filed');
    expect(pending.status).toBe(422);
    expect(pending.body.errors[0].message).toBe(
      "The VAT return for the period ending 2026-10-31 has been sent to HMRC and its answer is not known yet, so it cannot be marked as filed by hand: HMRC's receipt files it",
    );
    // Still pending, so HMRC's receipt can still file it.
    expect((await t.json('GET', '/v2/vat_returns/2026-10-31')).body.vat_return.filing_status).toBe('pending');
    expect((await put(t, '2026-10-31/hmrc_receipt', { hmrc_receipt: { form_bundle_number: '123456789012', processing_date: '2026-11-22' } })).status).toBe(200);
    const filed = await t.json('PUT', '/v2/vat_returns/2026-10-31/mark_as_filed');
    expect(filed.status).toBe(422);
    expect(filed.body.errors[0].message).toBe('The VAT return for the period ending 2026-10-31 is already filed with HMRC online');
    // Filed online stays filed: it never became a hand-marked return that mark_as_unfiled could lift.
    expect((await t.json('GET', '/v2/vat_returns/2026-10-31')).body.vat_return).toMatchObject({ filing_status: 'filed', filed_reference: '123456789012' });
    expect((await t.json('PUT', '/v2/vat_returns/2026-10-31/mark_as_unfiled')).status).toBe(422);
    expect(changes(t)).toHaveLength(2);
  });

  it("sends what the return page shows for a flat rate company, not the standard method's figures", async () => {
    // Issue: the submission froze the standard (accrual) boxes while the page and "mark as filed" used
    // the company's scheme; HMRC would have taken box 5 of 1,000.00 under a declaration made for 990.00.
    const t = vatBook();
    const company = { sales_tax_registration_number: 'GB123456782', initially_on_frs: true, initial_vat_frs_type: 'Computer and IT consultancy or data processing' };
    expect((await t.json('PUT', '/v2/company', { body: { company } })).status).toBe(200);
    const account = await bankAccount(t);
    // Sales of 6,000.00 with VAT (1,000.00 charged) and no goods: a limited cost business, 16.5% of the
    // gross (VAT Notice 733 section 4.4): box 5 is 990.00 where the standard method says 1,000.00.
    await explainedLine(t, account, { dated_on: '2026-09-01', amount: '6000' }, { category: '001' });
    const shown = (await t.json('GET', '/v2/vat_returns/2026-10-31')).body.vat_return.breakdown.rows as { box_number: number; value: string }[];
    const box = (n: number) => shown.find((row) => row.box_number === n)!.value;
    expect(toMinor(box(5), 'GBP')).toBe(990_00);
    const expected = { vatDueSales: '990.00', totalVatDue: '990.00', vatReclaimedCurrPeriod: '0.00', netVatDue: '990.00', totalValueSalesExVAT: '6000' };
    expect((await t.json('GET', '/v2/vat_returns/2026-10-31/hmrc_figures')).body.hmrc_figures).toMatchObject(expected);
    const sent = await begin(t);
    expect(sent.status).toBe(200);
    expect(sent.body.hmrc_figures).toMatchObject(expected);
    // Frozen as sent: the page shows the same figures while the return is on its way.
    const pending = (await t.json('GET', '/v2/vat_returns/2026-10-31')).body.vat_return;
    expect(toMinor(pending.breakdown.rows.find((row: { box_number: number }) => row.box_number === 5).value, 'GBP')).toBe(990_00);
  });
});
