import { describe, expect, it } from 'vitest';
import type { BankTransaction, Explanation } from '../../renderer/lib/api/bank_transactions';
import { explainedAs, filedReturnNote, lockOf, type LineNames } from '../../renderer/sections/banking/line-meaning';

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

  it('says when the lock set on the books covers a line, with the date as people read it; a filed VAT return does not close it', () => {
    const locks = {
      account_locks: [
        { locked_to_date: '2024-02-29', user_lock: false, locked_by_description: 'Filed VAT return for the period ending 29 Feb 2024' },
        { locked_to_date: '2023-12-31', user_lock: true, locked_by_description: 'Lock date' },
      ],
    };
    expect(lockOf(locks, '2024-02-10')).toBeNull();
    expect(lockOf(locks, '2023-06-01')).toEqual({ until: '2023-12-31', words: 'Locked up to 31 Dec 2023: the books are locked up to that date (Settings › Account locks).' });
    expect(lockOf(locks, '2024-03-01')).toBeNull();
    expect(lockOf(null, '2020-01-01')).toBeNull();
  });

  it("says how far filed VAT returns reach, for a line that may be explained so long as their figures stay", () => {
    const locks = {
      account_locks: [
        { locked_to_date: '2024-02-29', user_lock: false, locked_by_description: 'Filed VAT return for the period ending 29 Feb 2024' },
        { locked_to_date: '2023-11-30', user_lock: false, locked_by_description: 'Filed VAT return for the period ending 30 Nov 2023' },
        { locked_to_date: '2023-12-31', user_lock: true, locked_by_description: 'Lock date' },
      ],
    };
    const words = "VAT returns are filed up to 29 Feb 2024: a change that would move a filed return's figures is refused; anything else saves as usual.";
    expect(filedReturnNote(locks, '2024-02-10')).toBe(words);
    expect(filedReturnNote(locks, '2023-06-01')).toBe(words);
    expect(filedReturnNote(locks, '2024-03-01')).toBeNull();
    expect(filedReturnNote({ account_locks: [{ locked_to_date: '2023-12-31', user_lock: true, locked_by_description: '' }] }, '2023-12-01')).toBeNull();
  });
});
