import { describe, expect, it } from 'vitest';
import type { BankTransaction, Explanation } from '../../renderer/lib/api/bank_transactions';
import { allocation, blankPart, partFields, partOf, type SplitPart } from '../../renderer/sections/banking/explain-parts';
import { batchSteps, planSplit, withFiles } from '../../renderer/sections/banking/explanation-plan';

const line: BankTransaction = {
  url: '/v2/bank_transactions/7',
  amount: '-100.0',
  bank_account: '/v2/bank_accounts/1',
  dated_on: '2026-09-03',
  description: 'STAPLES OFFICE',
  unexplained_amount: '-100.0',
  is_manual: false,
  bank_transaction_explanations: [],
};

const part = (amount: string, fields: Partial<SplitPart> = {}): SplitPart => ({ ...blankPart(), category: '/v2/categories/250', amount, ...fields });

describe('a split line: what is left to allocate', () => {
  it('is exact to the penny where floats are not (0.1 + 0.2 of 0.30)', () => {
    const small = { ...line, amount: '-0.30', unexplained_amount: '-0.30' };
    expect(allocation([part('0.10'), part('0.20')], small, 'GBP')).toEqual({ leftMinor: 0, balanced: true });
  });

  it('counts down as amounts are typed, goes below zero when the parts are more than the line', () => {
    expect(allocation([part('60'), part('')], line, 'GBP')).toEqual({ leftMinor: 4000, balanced: false });
    expect(allocation([part('60'), part('45')], line, 'GBP')).toEqual({ leftMinor: -500, balanced: false });
    expect(allocation([part('1,060.00'), part('40')], line, 'GBP').leftMinor).toBe(-100000);
  });

  it('is never balanced with an unreadable, zero or signed part', () => {
    expect(allocation([part('100'), part('0')], line, 'GBP').balanced).toBe(false);
    expect(allocation([part('110'), part('-10')], line, 'GBP').balanced).toBe(false);
    expect(allocation([part('99.999'), part('0.001')], line, 'GBP').balanced).toBe(false);
  });
});

describe('a split line: what is sent', () => {
  it('gives each part the line’s sign, date and transaction', () => {
    const built = partFields([part('60', { description: 'Paper' }), part('40', { vat: 'exempt' })], line, 'GBP', false);
    expect(built).toEqual({
      ok: true,
      fields: [
        { description: 'Paper', marked_for_review: false, category: '/v2/categories/250', sales_tax_rate: 'Auto', bank_transaction: line.url, dated_on: '2026-09-03', gross_value: '-60.0' },
        { description: '', marked_for_review: false, category: '/v2/categories/250', sales_tax_status: 'EXEMPT', bank_transaction: line.url, dated_on: '2026-09-03', gross_value: '-40.0' },
      ],
    });
  });

  it('names the part whose manual VAT cannot be read', () => {
    expect(partFields([part('60'), part('40', { vat: 'manual', manualVat: '4.5.0' })], line, 'GBP', false)).toMatchObject({ ok: false, index: 1, field: 'manual_sales_tax_amount' });
  });

  it('removes first and shrinks before it grows, so no call explains more than the line', () => {
    const existing = (id: number, gross: string): Explanation => ({ url: `/v2/bank_transaction_explanations/${id}`, bank_account: line.bank_account, bank_transaction: line.url, dated_on: line.dated_on, gross_value: gross, category: '/v2/categories/250' });
    const a = existing(1, '-30.0');
    const b = existing(2, '-50.0');
    const c = existing(3, '-20.0');
    const steps = planSplit(
      [a, b, c],
      [
        { existing: a, fields: { gross_value: '-60.00' } },
        { existing: b, fields: { gross_value: '-10.00' } },
        { fields: { gross_value: '-30.00' } },
      ],
      'GBP',
    );
    expect(steps.map((step) => `${step.kind} ${'url' in step && step.url ? step.url.split('/').at(-1) : 'new'}`)).toEqual(['delete 3', 'update 2', 'update 1', 'create new']);
  });
});

describe('a split line: an EC VAT MOSS part', () => {
  const sale: BankTransaction = { ...line, amount: '240.0', unexplained_amount: '240.0', dated_on: '2020-09-14' };
  const ecOptions = [{ value: 'UK/Non-EC' as const }, { value: 'EC VAT MOSS' as const }];

  it('sends its place of supply and its country’s rate, and the other part no place of supply', () => {
    const built = partFields(
      [part('120', { ecStatus: 'EC VAT MOSS', placeOfSupply: 'France', mossRate: '20.0', vat: '5' }), part('120', { ecStatus: 'UK/Non-EC', vat: '20' })],
      sale,
      'GBP',
      false,
    );
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    // The UK VAT choice of a MOSS part is not sent: its rate is its country's.
    expect(built.fields[0]).toMatchObject({ ec_status: 'EC VAT MOSS', place_of_supply: 'France', sales_tax_rate: '20.0', gross_value: '120.0' });
    expect(built.fields[1]).toMatchObject({ ec_status: 'UK/Non-EC', place_of_supply: null, sales_tax_rate: '20' });
  });

  it('reads a saved MOSS part back with its country and rate; a company offered no EC choice reads none', () => {
    const saved = { url: '/v2/bank_transaction_explanations/3', dated_on: '2020-09-14', gross_value: '120.0', ec_status: 'EC VAT MOSS', place_of_supply: 'France', sales_tax_rate: '20.0' } as Explanation;
    expect(partOf(saved, 'GBP', ecOptions)).toMatchObject({ ecStatus: 'EC VAT MOSS', placeOfSupply: 'France', mossRate: '20.0', amount: '120.00' });
    expect(partOf(saved, 'GBP')).toMatchObject({ ecStatus: '', placeOfSupply: '', mossRate: '' });
  });
});

describe('a split line of an account in another currency', () => {
  const dollars: BankTransaction = { ...line, amount: '-100.00', unexplained_amount: '-100.00' };

  it('sends each part’s dollars as foreign_currency_value and its pounds as gross_value', () => {
    const built = partFields([part('60.25', { nativeAmount: '47.80' }), part('39.75', { nativeAmount: '31.54' })], dollars, 'USD', false, 'GBP');
    expect(built.ok && built.fields.map((fields) => [fields.foreign_currency_value, fields.gross_value])).toEqual([
      ['-60.25', '-47.8'],
      ['-39.75', '-31.54'],
    ]);
  });

  it('asks for the value in pounds of every part, more than zero', () => {
    expect(partFields([part('60.25', { nativeAmount: '47.80' }), part('39.75')], dollars, 'USD', false, 'GBP')).toEqual({
      ok: false,
      index: 1,
      field: 'native_value',
      message: 'Value in GBP is needed for every part: what it is worth in GBP.',
    });
    expect(partFields([part('100', { nativeAmount: '-5' })], dollars, 'USD', false, 'GBP')).toMatchObject({ ok: false, field: 'native_value' });
  });

  it('reads a saved part back with its dollars and its pounds', () => {
    const saved = { url: '/v2/bank_transaction_explanations/4', dated_on: '2026-09-03', gross_value: '-47.8', foreign_currency_value: '-60.25' } as Explanation;
    expect(partOf(saved, 'USD', [], 'GBP')).toMatchObject({ amount: '60.25', nativeAmount: '47.80' });
  });
});

describe('a split line: one request', () => {
  it('sends the plan as batch steps, each file its own step naming the part that owns it', () => {
    const old: Explanation = { url: '/v2/bank_transaction_explanations/9', bank_account: line.bank_account, bank_transaction: line.url, dated_on: line.dated_on, gross_value: '-100.0' };
    const planned = planSplit([old], [{ fields: { bank_transaction: line.url, gross_value: '-60.0' } }, { existing: old, fields: { bank_transaction: line.url, gross_value: '-40.0' } }], 'GBP');
    const file = { file_name: 'r.png', content_type: 'image/png', data: 'AAAA', size: 3 };
    const steps = withFiles(planned, planned.find((step) => step.kind !== 'delete' && step.part === 0), [file, { ...file, file_name: 's.png' }]);
    expect(batchSteps(steps)).toEqual([
      // The existing part shrinks first; an update never repeats the line it explains.
      { op: 'update', url: old.url, bank_transaction_explanation: { gross_value: '-40.0' } },
      { op: 'create', bank_transaction_explanation: { bank_transaction: line.url, gross_value: '-60.0' } },
      { op: 'attach', to: 1, attachments: [{ file_name: 'r.png', content_type: 'image/png', data: 'AAAA' }] },
      { op: 'attach', to: 1, attachments: [{ file_name: 's.png', content_type: 'image/png', data: 'AAAA' }] },
    ]);
  });
});
