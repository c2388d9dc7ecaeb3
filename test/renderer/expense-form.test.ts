import { describe, expect, it } from 'vitest';
import type { Expense } from '../../renderer/lib/api/expenses';
import { claimOf, expenseFields, expenseFormOf, expenseTotals, filterExpenses, monthsOf, newExpenseForm, vatPreview, type ExpenseForm } from '../../renderer/sections/expenses/expense-form';

const form = (fields: Partial<ExpenseForm>): ExpenseForm => ({ ...newExpenseForm('/v2/users/1', 'GBP'), category: '/v2/categories/285', datedOn: '2026-11-03', description: 'Paper', ...fields });

const expense = (fields: Partial<Expense>): Expense => ({
  url: '/v2/expenses/1',
  user: '/v2/users/1',
  category: '/v2/categories/285',
  dated_on: '2026-11-03',
  currency: 'GBP',
  gross_value: '-12.0',
  native_gross_value: '-12.0',
  description: 'Paper',
  ...fields,
});

describe('the expense form, as the engine reads an expense', () => {
  it('sends money spent as a negative gross and a refund as a positive one, thousands separators read', () => {
    expect(expenseFields(form({ amount: '1,250.50' }), 'GBP')).toMatchObject({ gross_value: '-1250.5', currency: 'GBP', sales_tax_rate: 'Auto' });
    expect(expenseFields(form({ amount: '12', kind: 'refund' }), 'GBP').gross_value).toBe('12.0');
  });

  it('passes what does not read as money to the engine as typed, and leaves an empty amount out', () => {
    expect(expenseFields(form({ amount: '12x' }), 'GBP').gross_value).toBe('12x');
    expect(expenseFields(form({ amount: '' }), 'GBP').gross_value).toBeUndefined();
  });

  it('sends a foreign expense with what it cost in pounds, signed alike', () => {
    expect(expenseFields(form({ amount: '100', currency: 'usd', nativeAmount: '79.10' }), 'GBP')).toMatchObject({ currency: 'USD', gross_value: '-100.0', native_gross_value: '-79.1' });
    expect(expenseFields(form({ amount: '100' }), 'GBP')).not.toHaveProperty('native_gross_value');
  });

  it('sends each VAT choice by the purchase rules: a rate, a manual amount, or a status', () => {
    expect(expenseFields(form({ amount: '12', vat: '20' }), 'GBP')).toMatchObject({ sales_tax_rate: '20', manual_sales_tax_amount: null, sales_tax_status: 'TAXABLE' });
    expect(expenseFields(form({ amount: '12', vat: 'manual', manualVat: '1.50' }), 'GBP')).toMatchObject({ sales_tax_rate: null, manual_sales_tax_amount: '1.5' });
    expect(expenseFields(form({ amount: '12', vat: 'exempt' }), 'GBP')).toMatchObject({ sales_tax_status: 'EXEMPT', sales_tax_rate: null });
  });

  it('works the VAT out of the gross at a rate, rounded half away from zero, or takes the manual amount', () => {
    expect(vatPreview(form({ amount: '12.00', vat: '20' }), 'GBP')).toBe(200);
    // 10.01 x 5 / 105 = 0.47666...: 48p.
    expect(vatPreview(form({ amount: '10.01', vat: '5' }), 'GBP')).toBe(48);
    expect(vatPreview(form({ amount: '12', vat: 'auto' }), 'GBP')).toBeNull();
    expect(vatPreview(form({ amount: '12', vat: 'manual', manualVat: '1.99' }), 'GBP')).toBe(199);
    expect(vatPreview(form({ amount: '100', currency: 'USD', nativeAmount: '78.00', vat: '20' }), 'GBP')).toBe(1300);
  });

  it('reads a saved expense back into the form it was typed as', () => {
    expect(expenseFormOf(expense({ gross_value: '-1250.5', native_gross_value: '-1250.5', sales_tax_rate: '20.0' }), 'GBP')).toMatchObject({ kind: 'spent', amount: '1,250.50', vat: '20', nativeAmount: '' });
    expect(expenseFormOf(expense({ gross_value: '30.0', currency: 'USD', native_gross_value: '24.0', manual_sales_tax_amount: '4.0' }), 'GBP')).toMatchObject({ kind: 'refund', amount: '30.00', nativeAmount: '24.00', vat: 'manual', manualVat: '4.00' });
  });
});

describe('the expenses list by claimant and month', () => {
  const list = [
    expense({ url: 'a', dated_on: '2026-11-03', native_gross_value: '-12.0', native_sales_tax_value: '-2.0' }),
    expense({ url: 'b', dated_on: '2026-10-30', user: '/v2/users/2', native_gross_value: '-30.5' }),
    expense({ url: 'c', dated_on: '2026-10-02', native_gross_value: '5.0', gross_value: '5.0' }),
  ];

  it('lists the months that have expenses, newest first, and filters by claimant and month', () => {
    expect(monthsOf(list)).toEqual(['2026-11', '2026-10']);
    expect(filterExpenses(list, '/v2/users/1', '2026-10').map((row) => row.url)).toEqual(['c']);
    expect(filterExpenses(list, '', '').length).toBe(3);
  });

  it('totals what is claimed in the company currency, refunds taken off, and the VAT in it', () => {
    expect(expenseTotals(list, 'GBP')).toEqual({ claimedMinor: 3750, vatMinor: 200 });
    expect(claimOf(list[2]!)).toBe('-5.0');
  });
});
