import { describe, expect, it } from 'vitest';
import { ecChoices, explanationFields, type ExplainValues } from '../../renderer/sections/banking/explain-form';

const values = (fields: Partial<ExplainValues>): ExplainValues => ({
  kind: 'category',
  category: '/v2/categories/285',
  transferAccount: '',
  invoice: '',
  bill: '',
  vat: 'auto',
  manualVat: '',
  ecStatus: '',
  description: 'Cloud hosting',
  review: false,
  ...fields,
});

describe('the explain panel: EC and reverse charge', () => {
  it('offers nothing to a company that is not VAT registered', () => {
    expect(ecChoices('2025-06-12', false, false)).toEqual([]);
  });

  it('offers EU goods and services before 2021, and from 2021 only services bought from abroad', () => {
    expect(ecChoices('2020-12-31', false, true).map((choice) => choice.value)).toEqual(['UK/Non-EC', 'EC Goods', 'EC Services']);
    expect(ecChoices('2020-12-31', true, true).map((choice) => choice.label)).toEqual(['UK or outside the EU', 'Goods sold to the EU', 'Services sold to the EU']);
    expect(ecChoices('2021-01-01', false, true)).toEqual([
      { value: 'UK/Non-EC', label: 'UK supplier (VAT as charged)' },
      { value: 'EC Services', label: 'Services from abroad (reverse charge)' },
    ]);
    expect(ecChoices('2021-01-01', true, true)).toEqual([]);
  });

  it('sends the choice as ec_status with the category, and nothing when none was offered', () => {
    expect(explanationFields(values({ ecStatus: 'EC Services', vat: '20' }), 'GBP')).toEqual({
      ok: true,
      fields: { description: 'Cloud hosting', marked_for_review: false, category: '/v2/categories/285', ec_status: 'EC Services', sales_tax_rate: '20' },
    });
    const plain = explanationFields(values({}), 'GBP');
    expect(plain.ok && 'ec_status' in plain.fields).toBe(false);
    // A transfer has no VAT treatment at all.
    const transfer = explanationFields(values({ kind: 'transfer', transferAccount: '/v2/bank_accounts/2', ecStatus: 'EC Services' }), 'GBP');
    expect(transfer.ok && 'ec_status' in transfer.fields).toBe(false);
  });
});
