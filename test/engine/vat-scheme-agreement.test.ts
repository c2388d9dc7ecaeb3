import { describe, expect, it } from 'vitest';
import { vatBoxes } from '../../main/engine/reports/vat-boxes';
import { schemeVatBoxes } from '../../main/engine/reports/vat-scheme-boxes';
import { createTestBook } from './harness';
import { insertContact } from './purchases-helpers';
import { bankAccount, explainedLine, postDocument } from './report-fixtures';
import { contact, sentInvoice } from './sales-helpers';

// The scheme reader (vat-scheme-boxes.ts) turns parts into boxes for cash accounting and the flat rate
// scheme. On the normal method it must give what the ledger reader (vat-boxes.ts, audited to the penny)
// gives, so the two cannot drift apart: same quarter, every box, both readers.
describe('the scheme reader on the normal method', () => {
  it('agrees with the ledger reader to the penny on a quarter with something in every box', async () => {
    const t = createTestBook({ vatRegistered: true });
    const customer = await contact(t, { organisation_name: 'Bright Customer Ltd' });
    await sentInvoice(t, { contact: customer, dated_on: '2026-09-15', invoice_items: [{ description: 'Consulting', item_type: 'Hours', price: '450.55', quantity: '2', sales_tax_rate: '20' }] });
    const supplier = insertContact(t, 'Paper Supplies Ltd');
    await t.json('POST', '/v2/bills', { body: { bill: { contact: supplier, reference: 'PS-31', dated_on: '2026-10-05', due_on: '2026-11-04', bill_items: [{ category: '285', total_value: '240.30', sales_tax_rate: '20' }] } } });
    const account = await bankAccount(t);
    await explainedLine(t, account, { dated_on: '2026-08-03', amount: '1200.00' }, { category: '001' });
    await explainedLine(t, account, { dated_on: '2026-09-03', amount: '-120.07' }, { category: '285' });
    await explainedLine(t, account, { dated_on: '2026-10-01', amount: '-60.50' }, { category: '285', sales_tax_status: 'EXEMPT' });
    await explainedLine(t, account, { dated_on: '2026-10-02', amount: '-70.00' }, { category: '285', sales_tax_status: 'OUT_OF_SCOPE' });
    await explainedLine(t, account, { dated_on: '2026-10-03', amount: '121.00' }, { category: '001', ec_status: 'EC VAT MOSS', place_of_supply: 'Netherlands', sales_tax_rate: '21' });
    postDocument(t, '2026-09-10', [
      { code: '101', debit: 100_033, salesTaxStatus: 'TAXABLE', ecStatus: 'EC Goods' },
      { code: '818', debit: 20_007 },
      { code: '819', debit: -20_007 },
      { code: '796', debit: -100_033 },
    ], 'bills');
    // Services bought from abroad under the reverse charge: a deemed supply in box 6 as well.
    postDocument(t, '2026-10-04', [
      { code: '285', debit: 50_000, salesTaxStatus: 'TAXABLE', ecStatus: 'Reverse Charge' },
      { code: '818', debit: 10_000 },
      { code: '819', debit: -10_000 },
      { code: '796', debit: -50_000 },
    ], 'bills');
    postDocument(t, '2026-09-11', [{ code: '001', debit: -50_050, salesTaxStatus: 'TAXABLE', ecStatus: 'EC Goods' }, { code: '681', debit: 50_050 }], 'invoices');
    const period = { startsOn: '2026-08-01', endsOn: '2026-10-31' };
    const ledger = vatBoxes({ book: t.book }, period);
    for (const box of [1, 2, 4, 6, 7, 8, 9] as const) expect(ledger[box], `box ${box}`).not.toBe(0);
    const company = { currency: 'GBP', salesTaxEffectiveDate: '2025-05-01', vatPeriodMonths: 3 };
    expect(schemeVatBoxes({ book: t.book }, company, { initial: { basis: 'Invoice', frsSector: null }, changes: [] }, period)).toEqual(ledger);
  });
});
