import { describe, expect, it } from 'vitest';
import { billTotal, newBillLine, type BillLine } from '../../renderer/sections/bills/bill-lines';

const line = (fields: Partial<BillLine>): BillLine => ({ ...newBillLine(), ...fields });

describe('the bill editor totals, as the engine works them out', () => {
  it('takes the VAT out of each VAT-inclusive line at its own rate, rounding each once', () => {
    // 120.00 at 20% holds 20.00; 10.01 at 5% holds 0.4766...: 0.48; 50.00 exempt holds none.
    const total = billTotal([line({ total: '120', vat: '20' }), line({ total: '10.01', vat: '5' }), line({ total: '50', vat: 'exempt' }), line({ total: '1,000', vat: 'auto' })], 'GBP');
    expect(total).toEqual({ totalMinor: 118001, vatMinor: 2048, autoLines: 1 });
  });
});
