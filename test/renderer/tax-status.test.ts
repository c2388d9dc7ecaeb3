import { describe, expect, it } from 'vitest';
import { sortErrors } from '../../renderer/lib/field-errors';
import { localToday, mayMarkFiled, paymentStanding, returnStanding, sourceDocument, taxYearLabel, type ReturnStanding } from '../../renderer/sections/tax/return-standing';

const quarter = { period_ends_on: '2026-10-31', filing_due_on: '2026-12-07' };

describe('how a VAT return stands', () => {
  it('is running until its period ends, then to file, then overdue after its due date', () => {
    expect(returnStanding({ ...quarter, filing_status: 'unfiled' }, '2026-10-31')).toBe('running');
    expect(returnStanding({ ...quarter, filing_status: 'unfiled' }, '2026-11-01')).toBe('to_file');
    expect(returnStanding({ ...quarter, filing_status: 'unfiled' }, '2026-12-07')).toBe('to_file');
    expect(returnStanding({ ...quarter, filing_status: 'unfiled' }, '2026-12-08')).toBe('overdue');
  });

  it('is filed whatever the date once marked or filed', () => {
    expect(returnStanding({ ...quarter, filing_status: 'marked_as_filed' }, '2027-06-01')).toBe('marked_as_filed');
    expect(returnStanding({ ...quarter, filing_status: 'filed' }, '2026-11-01')).toBe('filed');
  });

  it('offers Mark as filed only for an ended return neither filed nor pending with HMRC', () => {
    const offered = (['running', 'to_file', 'overdue', 'marked_as_filed', 'filed', 'pending', 'rejected'] as const satisfies readonly ReturnStanding[]).filter(mayMarkFiled);
    // Pending: sent, HMRC's answer unknown; marked by hand it would be filed before HMRC's receipt is.
    expect(offered).toEqual(['to_file', 'overdue', 'rejected']);
  });

  it('words the payment: a refund, nothing, paid, unpaid and overdue', () => {
    const payment = { label: 'VAT Payment', due_on: '2026-12-07', amount_due: '180.22' };
    expect(paymentStanding({ ...payment, status: 'unpaid' }, 'GBP', '2026-12-07')).toBe('Unpaid');
    expect(paymentStanding({ ...payment, status: 'unpaid' }, 'GBP', '2026-12-08')).toBe('Unpaid, overdue');
    expect(paymentStanding({ ...payment, status: 'marked_as_paid' }, 'GBP', '2026-12-08')).toBe('Paid');
    expect(paymentStanding({ ...payment, amount_due: '0.0' }, 'GBP', '2026-12-08')).toBe('Nothing to pay');
    expect(paymentStanding({ ...payment, amount_due: '-14.99' }, 'GBP', '2026-12-08')).toBe('Refund due');
  });

  it('names a tax year by its first day', () => {
    expect(taxYearLabel('2025-04-06')).toBe('2025/26');
    expect(taxYearLabel('2099-04-06')).toBe('2099/00');
  });

  it('reads today as a local calendar date', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('the document behind a posting', () => {
  it('opens invoices and bills in their sections and names the rest', () => {
    expect(sourceDocument('ledgerdesk://local/v2/invoices/3')).toEqual({ label: 'Invoice', destination: { section: 'invoices', detail: 'ledgerdesk://local/v2/invoices/3' } });
    expect(sourceDocument('http://127.0.0.1:1/v2/bills/9')).toEqual({ label: 'Bill', destination: { section: 'bills', detail: 'http://127.0.0.1:1/v2/bills/9' } });
    expect(sourceDocument('http://127.0.0.1:1/v2/bank_transaction_explanations/2')).toEqual({ label: 'Bank transaction', destination: null });
    expect(sourceDocument('http://127.0.0.1:1/v2/stock_movements/2')).toEqual({ label: 'stock movements', destination: null });
  });
});

describe('a refusal because the books are locked', () => {
  const LOCKED = 'The books are locked up to 2026-10-31 by the lock date set on the books; nothing dated on or before then (here 2026-10-05) can be created, changed or deleted';
  const labels = { dated_on: 'Date', reference: 'Reference' } as const;

  it('goes to the date field when the form names one, as its own sentence', () => {
    expect(sortErrors([LOCKED, 'reference is required'], labels, { lockedDateField: 'dated_on' })).toEqual({
      byField: { dated_on: [`${LOCKED}.`], reference: ['Reference is required.'] },
      general: [],
    });
  });

  it('stays general on a form without one', () => {
    expect(sortErrors([LOCKED], labels).general).toEqual([`${LOCKED}.`]);
  });

  it("a filed VAT return's refusal is about its figures, not the date: it stays general", () => {
    const FIGURES = "The VAT return for the period ending 2026-10-31 is filed, and this change would move its box 4 from £40.05 (as filed) to £41.67; a filed return's figures cannot change, so nothing was saved (put a VAT error right on a later return, VAT Notice 700/45, or mark the return as unfiled if it was never sent)";
    expect(sortErrors([FIGURES], labels, { lockedDateField: 'dated_on' })).toEqual({ byField: {}, general: [`${FIGURES}.`] });
  });
});
