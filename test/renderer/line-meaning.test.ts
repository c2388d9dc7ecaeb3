import { describe, expect, it } from 'vitest';
import type { BankTransaction, Explanation } from '../../renderer/lib/api/bank_transactions';
import { explainedAs, lockOf, type LineNames } from '../../renderer/sections/banking/line-meaning';

const names: LineNames = {
  categories: new Map([['cat/001', '001 Sales']]),
  accounts: new Map([['acc/2', 'Savings']]),
  documents: new Map([['inv/1', 'Invoice 001 · Client Co · £120.00']]),
};

const explanation = (fields: Partial<Explanation>): Explanation => ({ url: 'e/1', bank_account: 'acc/1', dated_on: '2024-02-10', gross_value: '120', ...fields });
const line = (amount: string, explanations: Explanation[]) => ({ url: 'l/1', amount, dated_on: '2024-02-10', bank_transaction_explanations: explanations }) as unknown as BankTransaction;

describe('what a bank line is', () => {
  it('names the document a payment paid, the category, the transfer by its direction, a split, or nothing', () => {
    expect(explainedAs(line('120', [explanation({ paid_invoice: 'inv/1' })]), names)).toBe('Invoice 001 · Client Co · £120.00');
    expect(explainedAs(line('120', [explanation({ category: 'cat/001' })]), names)).toBe('001 Sales');
    expect(explainedAs(line('50', [explanation({ transfer_bank_account: 'acc/2' })]), names)).toBe('Transfer from Savings');
    expect(explainedAs(line('-50', [explanation({ transfer_bank_account: 'acc/2' })]), names)).toBe('Transfer to Savings');
    expect(explainedAs(line('120', [explanation({ category: 'cat/001' }), explanation({ category: 'cat/001' })]), names)).toBe('Split in 2 parts');
    expect(explainedAs(line('120', []), names)).toBe('');
  });

  it('says which lock covers a line and why, with the date as people read it', () => {
    const locks = {
      account_locks: [
        { locked_to_date: '2024-02-29', user_lock: false, locked_by_description: 'Filed VAT return for the period ending 29 Feb 2024' },
        { locked_to_date: '2023-12-31', user_lock: true, locked_by_description: 'Lock date' },
      ],
    };
    expect(lockOf(locks, '2024-02-10')).toEqual({ until: '2024-02-29', words: 'Locked up to 29 Feb 2024: the VAT return for that quarter is filed.' });
    expect(lockOf(locks, '2023-06-01')!.until).toBe('2024-02-29');
    expect(lockOf(locks, '2024-03-01')).toBeNull();
    expect(lockOf({ account_locks: [{ locked_to_date: '2023-12-31', user_lock: true, locked_by_description: '' }] }, '2023-12-31')!.words).toBe(
      'Locked up to 31 Dec 2023: the books are locked up to that date (Settings › Account locks).',
    );
    expect(lockOf(null, '2020-01-01')).toBeNull();
  });
});
