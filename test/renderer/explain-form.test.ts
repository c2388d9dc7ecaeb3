import { describe, expect, it } from 'vitest';
import { ecChoices, explanationFields, mossAllowed, type EcContext, type ExplainValues } from '../../renderer/sections/banking/explain-form';

const values = (fields: Partial<ExplainValues>): ExplainValues => ({
  kind: 'category',
  category: '/v2/categories/285',
  transferAccount: '',
  invoice: '',
  bill: '',
  vat: 'auto',
  manualVat: '',
  ecStatus: '',
  placeOfSupply: '',
  mossRate: '',
  description: 'Cloud hosting',
  review: false,
  ...fields,
});

const context = (datedOn: string, moneyIn: boolean, vatRegistered: boolean, ukCompany = true): EcContext => ({ datedOn, moneyIn, vatRegistered, ukCompany });

describe('the explain panel: EC and reverse charge', () => {
  it('offers nothing to a company that is not VAT registered', () => {
    expect(ecChoices(context('2025-06-12', false, false))).toEqual([]);
  });

  it('offers EU goods and services before 2021, and from 2021 only services bought from abroad', () => {
    expect(ecChoices(context('2020-12-31', false, true)).map((choice) => choice.value)).toEqual(['UK/Non-EC', 'EC Goods', 'EC Services']);
    expect(ecChoices(context('2020-12-31', true, true)).map((choice) => choice.label)).toEqual(['UK or outside the EU', 'Goods sold to the EU', 'Services sold to the EU', 'Digital services to EU consumers (VAT MOSS)']);
    expect(ecChoices(context('2021-01-01', false, true))).toEqual([
      { value: 'UK/Non-EC', label: 'UK supplier (VAT as charged)' },
      { value: 'EC Services', label: 'Services from abroad (reverse charge)' },
    ]);
    expect(ecChoices(context('2021-07-01', true, true))).toEqual([]);
  });

  it('sends the choice as ec_status with the category, and nothing when none was offered', () => {
    expect(explanationFields(values({ ecStatus: 'EC Services', vat: '20' }), 'GBP')).toEqual({
      ok: true,
      fields: { description: 'Cloud hosting', marked_for_review: false, category: '/v2/categories/285', ec_status: 'EC Services', place_of_supply: null, sales_tax_rate: '20' },
    });
    const plain = explanationFields(values({}), 'GBP');
    expect(plain.ok && 'ec_status' in plain.fields).toBe(false);
    // A transfer has no VAT treatment at all.
    const transfer = explanationFields(values({ kind: 'transfer', transferAccount: '/v2/bank_accounts/2', ecStatus: 'EC Services' }), 'GBP');
    expect(transfer.ok && 'ec_status' in transfer.fields).toBe(false);
  });
});

describe('the explain panel: EC VAT MOSS', () => {
  it('is offered on money in of a VAT-registered UK company from 2015 to June 2021, and nowhere else', () => {
    expect(mossAllowed(context('2015-01-01', true, true))).toBe(true);
    expect(mossAllowed(context('2021-06-30', true, true))).toBe(true);
    expect(mossAllowed(context('2021-07-01', true, true))).toBe(false);
    expect(mossAllowed(context('2014-12-31', true, true))).toBe(false);
    expect(mossAllowed(context('2019-03-01', false, true))).toBe(false);
    expect(mossAllowed(context('2019-03-01', true, false))).toBe(false);
    expect(mossAllowed(context('2019-03-01', true, true, false))).toBe(false);
    expect(ecChoices(context('2019-03-01', false, true)).map((choice) => choice.value)).not.toContain('EC VAT MOSS');
    // Between Brexit and the One Stop Shop, a sale is either a MOSS sale or not.
    expect(ecChoices(context('2021-03-01', true, true))).toEqual([
      { value: 'UK/Non-EC', label: 'UK or outside the EU' },
      { value: 'EC VAT MOSS', label: 'Digital services to EU consumers (VAT MOSS)' },
    ]);
  });

  it('sends the place of supply and its rate, not the VAT choice, for a MOSS sale', () => {
    expect(explanationFields(values({ ecStatus: 'EC VAT MOSS', vat: 'exempt', placeOfSupply: 'France', mossRate: '20.0' }), 'GBP')).toEqual({
      ok: true,
      fields: { description: 'Cloud hosting', marked_for_review: false, category: '/v2/categories/285', ec_status: 'EC VAT MOSS', place_of_supply: 'France', sales_tax_rate: '20.0' },
    });
    // Without a country the engine is asked anyway, and its sentence is shown at Place of supply.
    const bare = explanationFields(values({ ecStatus: 'EC VAT MOSS' }), 'GBP');
    expect(bare.ok && bare.fields).toMatchObject({ ec_status: 'EC VAT MOSS', place_of_supply: null });
    expect(bare.ok && 'sales_tax_rate' in bare.fields).toBe(false);
  });
});
