import { describe, expect, it } from 'vitest';
import { readDate } from '../../renderer/lib/date-input';
import { moneyForInput, readMoney } from '../../renderer/lib/money-input';

describe('money inputs read what people type, exactly', () => {
  it('accepts thousands separators and gives the engine exact decimal text', () => {
    expect(readMoney('1,250.00')).toEqual({ ok: true, empty: false, minor: 125000, decimal: '1250.0' });
    expect(readMoney(' -12,345,678.9 ')).toMatchObject({ ok: true, minor: -1234567890 });
    expect(readMoney('.5')).toMatchObject({ ok: true, minor: 50 });
    expect(readMoney('90071992547409.91')).toMatchObject({ ok: true, minor: 9007199254740991 });
  });

  it('refuses letters, misplaced commas and too many decimals with a sentence', () => {
    expect(readMoney('12a', 'GBP', 'Opening balance')).toEqual({ ok: false, message: 'Opening balance must be a number such as 1,250.00 (digits, commas between thousands, one decimal point).' });
    expect(readMoney('1,25.00')).toMatchObject({ ok: false });
    expect(readMoney('1.234567890123456')).toEqual({ ok: false, message: 'Amount has 15 decimal places; GBP amounts have at most 2.' });
    expect(readMoney('100.5', 'JPY')).toEqual({ ok: false, message: 'Amount has 1 decimal place; JPY amounts have none.' });
    expect(readMoney('99999999999999999')).toEqual({ ok: false, message: 'Amount is too large.' });
  });

  it('shows minor units grouped for editing', () => {
    expect(moneyForInput(125000)).toBe('1,250.00');
    expect(moneyForInput(-5)).toBe('-0.05');
    expect(moneyForInput(1234567, 'JPY')).toBe('1,234,567');
  });
});

describe('date inputs read UK dates', () => {
  it('reads day-first, ISO and month names', () => {
    expect(readDate('31/01/2025')).toEqual({ ok: true, iso: '2025-01-31' });
    expect(readDate('1-2-25')).toEqual({ ok: true, iso: '2025-02-01' });
    expect(readDate('2025-03-04')).toEqual({ ok: true, iso: '2025-03-04' });
    expect(readDate('5 Apr 2025')).toEqual({ ok: true, iso: '2025-04-05' });
    expect(readDate('')).toEqual({ ok: true, iso: null });
  });

  it('refuses days that do not exist and words', () => {
    expect(readDate('31/02/2025', 'Date')).toEqual({ ok: false, message: 'Date 31/02/2025 is not a day of the calendar.' });
    expect(readDate('yesterday')).toEqual({ ok: false, message: 'Date must be a date such as 31/01/2025.' });
  });
});

describe('the bank account form reads an opening balance as people type it', () => {
  it('takes thousands separators where they group thousands, and leaves anything else for the engine to judge', async () => {
    const { plainAmount } = await import('../../renderer/sections/banking/bank-account-form');
    expect(plainAmount(' 1,250.00 ')).toBe('1250.00');
    expect(plainAmount('-12,345,678.9')).toBe('-12345678.9');
    expect(plainAmount('1250')).toBe('1250');
    expect(plainAmount('12,50')).toBe('12,50');
  });
});
