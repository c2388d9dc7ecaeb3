import { describe, expect, it } from 'vitest';
import { dueAfter, termsOf } from '../../renderer/lib/payment-terms';

describe('payment terms of a new invoice or bill', () => {
  it("are the contact's own, else the company's 30 days", () => {
    expect(termsOf({ default_payment_terms_in_days: 14 })).toBe(14);
    expect(termsOf({ default_payment_terms_in_days: 0 })).toBe(0);
    expect(termsOf({})).toBe(30);
    expect(termsOf(null)).toBe(30);
  });

  it('put the due date that many days after the date, across months and a leap day', () => {
    expect(dueAfter('2024-02-15', 14)).toBe('2024-02-29');
    expect(dueAfter('2026-12-20', 30)).toBe('2027-01-19');
    expect(dueAfter('', 30)).toBe('');
    expect(dueAfter('20/12/2026', 30)).toBe('');
  });
});
