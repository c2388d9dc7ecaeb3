import { describe, expect, it } from 'vitest';
import type { BankRule } from '../../renderer/lib/api/bank_rules';
import type { BankTransaction, Suggestion } from '../../renderer/lib/api/bank_transactions';
import { explanationFields, type ExplainValues } from '../../renderer/sections/banking/explain-form';
import { draftFromLine, draftOfRule } from '../../renderer/sections/banking/rule-words';
import { prefillFromSuggestion } from '../../renderer/sections/banking/suggestion-prefill';
import { vatChoiceOfTreatment } from '../../renderer/sections/banking/treatment-words';

/**
 * A suggestion's or a rule's rate that is none of the VAT choices (17.5% from an old line) is kept as
 * it is, as the explain panel keeps an explanation's ("Kept: 17.5%"), so saving does not turn it into
 * the category's rate.
 */
const line = { url: '/v2/bank_transactions/1', amount: '-117.50', dated_on: '2010-12-01', description: 'HOSTING CO', bank_transaction_explanations: [] } as unknown as BankTransaction;
const suggestion = (fields: Partial<Suggestion>): Suggestion => ({ category: '/v2/categories/269', source: 'history', confidence: '0.90', ...fields });

describe('a kept rate in a suggestion or a rule', () => {
  it('is the choice kept:<rate>, not Auto; the choices offered stay as they were', () => {
    expect(vatChoiceOfTreatment({ sales_tax_rate: '17.5' })).toBe('kept:17.5');
    expect(vatChoiceOfTreatment({ sales_tax_rate: '15.00' })).toBe('kept:15');
    expect(vatChoiceOfTreatment({ sales_tax_rate: '20.0' })).toBe('20');
    expect(vatChoiceOfTreatment({ sales_tax_rate: '0' })).toBe('0');
    expect(vatChoiceOfTreatment({})).toBe('auto');
    expect(vatChoiceOfTreatment({ sales_tax_rate: '17.5', sales_tax_status: 'EXEMPT' })).toBe('exempt');
  });

  it('prefills the explain panel and the rule editor with it, and saving sends the same rate', () => {
    const prefill = prefillFromSuggestion(suggestion({ sales_tax_rate: '17.5' }), line, []);
    expect(prefill.vat).toBe('kept:17.5');
    const rule = { url: '/v2/bank_rules/1', name: 'Hosting', conditions: [{ field: 'description', operator: 'contains', value: 'HOSTING' }], actions: { category: '/v2/categories/269', sales_tax_rate: '17.5' }, priority: 0, auto_explain: false } as BankRule;
    const draft = draftOfRule(rule);
    expect(draft.vat).toBe('kept:17.5');
    const values: ExplainValues = { kind: 'category', category: draft.category, transferAccount: '', invoice: '', bill: '', vat: draft.vat, manualVat: '', ecStatus: '', placeOfSupply: '', mossRate: '', description: '', review: false };
    const built = explanationFields(values, 'GBP');
    expect(built.ok && built.fields.sales_tax_rate).toBe('17.5');
  });

  it('a rule made from a line explained on Auto in 2010 is Auto, not 17.5% on today’s lines; a rate chosen by hand is kept', () => {
    const autoRates = new Map([['/v2/categories/269', 'Standard rate']]);
    const explained = (rate: string) => ({ ...line, bank_transaction_explanations: [{ url: '/v2/bank_transaction_explanations/1', dated_on: '2010-12-01', gross_value: '-117.5', category: '/v2/categories/269', sales_tax_status: 'TAXABLE', sales_tax_rate: rate }] }) as unknown as BankTransaction;
    expect(draftFromLine(explained('17.5'), autoRates).vat).toBe('auto');
    expect(draftFromLine(explained('12.5'), autoRates).vat).toBe('kept:12.5');
    // Without the categories' rates the rate is shown as it is, never changed unseen.
    expect(draftFromLine(explained('17.5')).vat).toBe('kept:17.5');
  });
});
