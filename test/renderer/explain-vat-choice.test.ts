import { describe, expect, it } from 'vitest';
import type { BankTransaction, Explanation } from '../../renderer/lib/api/bank_transactions';
import { explanationFields, vatChoiceOf, vatOptions, type ExplainValues } from '../../renderer/sections/banking/explain-form';
import { partFields, partOf } from '../../renderer/sections/banking/explain-parts';
import { valuesOfExplanation } from '../../renderer/sections/banking/explain-underneath';

/**
 * The explain panel shows the VAT an explanation really has: a rate chosen by hand as that rate, a rate
 * the category's automatic VAT gives on the line's date as Auto; and Auto chosen again is sent as "Auto".
 */
const STANDARD = '/v2/categories/285';
const REDUCED = '/v2/categories/286';
const GENERAL = '/v2/categories/900';
const autoRates = new Map<string, string | null>([
  [STANDARD, 'Standard rate'],
  [REDUCED, 'Reduced rate'],
  [GENERAL, null],
]);

const explanation = (fields: Partial<Explanation>): Explanation =>
  ({ url: '/v2/bank_transaction_explanations/1', dated_on: '2026-09-03', gross_value: '-105.0', category: STANDARD, sales_tax_status: 'TAXABLE', sales_tax_rate: '20.0', ...fields }) as Explanation;

describe('the VAT an explanation shows', () => {
  it('shows a rate chosen by hand as that rate, and the rate Auto gives as Auto', () => {
    expect(vatChoiceOf(explanation({ sales_tax_rate: '5.0', sales_tax_value: '-5.0' }), autoRates)).toBe('5');
    expect(vatChoiceOf(explanation({ sales_tax_rate: '0.0' }), autoRates)).toBe('0');
    expect(vatChoiceOf(explanation({ sales_tax_rate: '20.0' }), autoRates)).toBe('auto');
    expect(vatChoiceOf(explanation({ category: REDUCED, sales_tax_rate: '5.0' }), autoRates)).toBe('auto');
    expect(vatChoiceOf(explanation({ category: REDUCED, sales_tax_rate: '20.0' }), autoRates)).toBe('20');
  });

  it('reads Auto as the engine does on the line’s date: 17.5% before 4 January 2011, 15% in 2009', () => {
    expect(vatChoiceOf(explanation({ dated_on: '2011-01-03', sales_tax_rate: '17.5' }), autoRates)).toBe('auto');
    expect(vatChoiceOf(explanation({ dated_on: '2011-01-03', sales_tax_rate: '20.0' }), autoRates)).toBe('20');
    expect(vatChoiceOf(explanation({ dated_on: '2011-01-04', sales_tax_rate: '20.0' }), autoRates)).toBe('auto');
    expect(vatChoiceOf(explanation({ dated_on: '2009-06-30', sales_tax_rate: '15.0' }), autoRates)).toBe('auto');
  });

  it('keeps a rate that is none of the choices as it is, and offers it as "Kept"', () => {
    const vat = vatChoiceOf(explanation({ sales_tax_rate: '17.5' }), autoRates);
    expect(vat).toBe('kept:17.5');
    expect(vatOptions(vat).at(-1)).toEqual({ value: 'kept:17.5', label: 'Kept: 17.5%' });
    expect(vatOptions('20', vat).map((option) => option.value)).toContain('kept:17.5');
    expect(vatOptions('auto').map((option) => option.value)).toEqual(['auto', '20', '5', '0', 'exempt', 'out_of_scope', 'manual']);
  });

  it('shows the rate when the category’s automatic VAT is not known, or is none', () => {
    expect(vatChoiceOf(explanation({ sales_tax_rate: '20.0' }), new Map())).toBe('20');
    expect(vatChoiceOf(explanation({ category: GENERAL, sales_tax_rate: '20.0' }), autoRates)).toBe('20');
  });

  it('shows statuses, manual amounts and MOSS sales as before', () => {
    expect(vatChoiceOf(explanation({ sales_tax_status: 'EXEMPT', sales_tax_rate: undefined }), autoRates)).toBe('exempt');
    expect(vatChoiceOf(explanation({ sales_tax_status: 'OUT_OF_SCOPE', sales_tax_rate: undefined }), autoRates)).toBe('out_of_scope');
    expect(vatChoiceOf(explanation({ manual_sales_tax_amount: '3.00', sales_tax_rate: undefined }), autoRates)).toBe('manual');
    expect(vatChoiceOf(explanation({ ec_status: 'EC VAT MOSS', place_of_supply: 'France', sales_tax_rate: '5.5' }), autoRates)).toBe('auto');
    expect(vatChoiceOf(undefined, autoRates)).toBe('auto');
    expect(vatChoiceOf(explanation({ transfer_bank_account: '/v2/bank_accounts/2', category: undefined, sales_tax_rate: undefined }), autoRates)).toBe('auto');
  });

  it('is what the panel and a split part start from', () => {
    const saved = explanation({ sales_tax_rate: '5.0' });
    const line = { url: '/v2/bank_transactions/1', dated_on: '2026-09-03', amount: '-105.0', description: 'SHOP', bank_transaction_explanations: [saved] } as unknown as BankTransaction;
    expect(valuesOfExplanation(saved, line, [], autoRates).vat).toBe('5');
    expect(valuesOfExplanation(explanation({}), line, [], autoRates).vat).toBe('auto');
    expect(partOf(saved, 'GBP', [], '', autoRates).vat).toBe('5');
  });
});

describe('Auto chosen again', () => {
  const values = (vat: ExplainValues['vat']): ExplainValues => ({
    kind: 'category',
    category: STANDARD,
    transferAccount: '',
    invoice: '',
    bill: '',
    vat,
    manualVat: '',
    ecStatus: '',
    placeOfSupply: '',
    mossRate: '',
    description: 'Shop',
    review: false,
  });

  it('is sent as "Auto" by the panel, so a rate, status or amount kept by the engine goes back to the category’s', () => {
    const built = explanationFields(values('auto'), 'GBP', true);
    expect(built.ok && built.fields.sales_tax_rate).toBe('Auto');
  });

  it('sends nothing for a bank rule (its rate takes no "Auto")', () => {
    const built = explanationFields(values('auto'), 'GBP');
    expect(built.ok && 'sales_tax_rate' in built.fields).toBe(false);
  });

  it('sends a kept rate as it is', () => {
    const built = explanationFields(values('kept:17.5'), 'GBP', true);
    expect(built.ok && built.fields.sales_tax_rate).toBe('17.5');
  });

  it('is sent as "Auto" for a split part', () => {
    const line = { url: '/v2/bank_transactions/1', dated_on: '2026-09-03', amount: '-105.0', description: 'SHOP', bank_transaction_explanations: [] } as unknown as BankTransaction;
    const part = { ...partOf(explanation({ sales_tax_rate: '5.0' }), 'GBP', [], '', autoRates), vat: 'auto' as const };
    const built = partFields([part], line, 'GBP', false);
    expect(built.ok && built.fields[0]!.sales_tax_rate).toBe('Auto');
  });
});
