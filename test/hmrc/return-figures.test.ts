import { afterEach, describe, expect, it } from 'vitest';
import { toMinor } from '../../shared/money';
import { hmrcReturnFigures, hmrcReturnJson } from '../../shared/api/hmrc-return';
import { bookCaller } from '../../main/hmrc/book';
import { submitVatReturn } from '../../main/hmrc/submit';
import { postDocument } from '../engine/report-fixtures';
import { clientFor, ownerAuthorization, QUARTER, simulator, vatBook } from './fixture';
import type { HmrcSimulator } from './simulator';

/**
 * The nine boxes as HMRC validates them (vat-api-rules.md section 4): boxes 1-4 to the penny and may
 * be negative, box 5 = |box 3 - box 4| and never negative, boxes 6-9 whole pounds, box 3 = 1 + 2.
 */
let sim: HmrcSimulator | null = null;
afterEach(async () => {
  if (!sim) return;
  expect(sim.fraudProblems()).toEqual([]);
  await sim.stop();
  sim = null;
});

describe('the nine boxes as HMRC takes them', () => {
  it('writes negatives to the penny, box 5 unsigned, and whole pounds towards zero with no "-0"', () => {
    const figures = hmrcReturnFigures({ 1: -1, 2: 0, 3: -1, 4: 250, 5: -251, 6: -50, 7: 99, 8: -12_345_67, 9: 0 });
    expect(figures).toEqual({
      vatDueSales: '-0.01',
      vatDueAcquisitions: '0.00',
      totalVatDue: '-0.01',
      vatReclaimedCurrPeriod: '2.50',
      netVatDue: '2.51',
      totalValueSalesExVAT: '0',
      totalValuePurchasesExVAT: '0',
      totalValueGoodsSuppliedExVAT: '-12345',
      totalAcquisitionsExVAT: '0',
    });
    expect(hmrcReturnJson('#001', figures)).toBe(
      '{"periodKey":"#001","vatDueSales":-0.01,"vatDueAcquisitions":0.00,"totalVatDue":-0.01,"vatReclaimedCurrPeriod":2.50,"netVatDue":2.51,"totalValueSalesExVAT":0,"totalValuePurchasesExVAT":0,"totalValueGoodsSuppliedExVAT":-12345,"totalAcquisitionsExVAT":0,"finalised":true}',
    );
  });

  it('files a quarter whose credit notes outweigh its sales: box 1 and box 6 negative, box 5 the repayment unsigned', async () => {
    sim = await simulator();
    const t = vatBook();
    // A credit note of £1,500.75 + £300.15 VAT against the quarter's sale of £1,000.50 + £200.10.
    postDocument(t, '2026-10-20', [{ code: '001', debit: 150_075, salesTaxStatus: 'TAXABLE' }, { code: '819', debit: 30_015 }, { code: '681', debit: -180_090 }], 'credit_notes');
    await submitVatReturn({ book: bookCaller(t.engine, ownerAuthorization), client: clientFor(sim), periodEndsOn: QUARTER.end, periodKey: QUARTER.key, now: () => new Date('2026-11-22T10:00:00Z') });
    expect(sim.submissions()).toHaveLength(1);
    expect(sim.submissions()[0]!.body).toBe(
      '{"periodKey":"18A6","vatDueSales":-100.05,"vatDueAcquisitions":0.00,"totalVatDue":-100.05,"vatReclaimedCurrPeriod":60.20,"netVatDue":160.25,"totalValueSalesExVAT":-500,"totalValuePurchasesExVAT":300,"totalValueGoodsSuppliedExVAT":0,"totalAcquisitionsExVAT":0,"finalised":true}',
    );
    expect(sim.returns.size).toBe(1);
    const record = (await t.json('GET', `/v2/vat_returns/${QUARTER.end}`)).body.vat_return;
    expect(record.filing_status).toBe('filed');
    // HMRC gave BANK (a repayment); the book keeps box 5 signed, -160.25.
    expect(record.hmrc_receipt.payment_indicator).toBe('BANK');
    expect(toMinor(record.breakdown.rows.find((row: { box_number: number }) => row.box_number === 5).value, 'GBP')).toBe(-160_25);
  });
});
