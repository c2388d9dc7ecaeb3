import { describe, expect, it } from 'vitest';
import { ukVatNumberProblem, vatNumberProblem } from '../../shared/vat-number';

// Issue 24 item 5: VAT numbers are checked by HMRC's check digits (UK) or the country's format (EU).

describe('a UK VAT number', () => {
  it('passes with check digits by modulus 97 or by 9755, with or without GB/XI and spaces', () => {
    // 123 4567 82: 8+14+18+20+20+18+14 = 112, + 82 = 194 = 2 x 97 (modulus 97).
    expect(ukVatNumberProblem('GB 123 4567 82')).toBeNull();
    // 123 4567 27: 112 + 27 = 139; 139 + 55 = 194 = 2 x 97 (9755, for numbers from 100 0000 00 on).
    expect(ukVatNumberProblem('123456727')).toBeNull();
    expect(ukVatNumberProblem('XI987654353')).toBeNull();
    // A branch of a VAT group: 12 digits, the last three unchecked.
    expect(ukVatNumberProblem('GB123456782001')).toBeNull();
    expect(ukVatNumberProblem('GBGD001')).toBeNull();
    expect(ukVatNumberProblem('GBHA599')).toBeNull();
  });

  it('is refused with a wrong check digit, a wrong length or the wrong letters', () => {
    expect(ukVatNumberProblem('GB123456789')).toMatch(/check digits are wrong/);
    expect(ukVatNumberProblem('GB123456783')).toMatch(/check digits are wrong/);
    // 9755 is only for numbers issued since 2010, from 100 0000 00 on: 098 7654 xx needs modulus 97.
    const before2010 = ['0987654', ...Array.from({ length: 100 }, (_, check) => String(check).padStart(2, '0'))];
    const weighted = [8, 7, 6, 5, 4, 3, 2].reduce((sum, weight, index) => sum + weight * Number(before2010[0]![index]), 0);
    const nineSevenFiveFive = before2010.slice(1).find((check) => (weighted + Number(check)) % 97 === 42)!;
    expect(ukVatNumberProblem(`0987654${nineSevenFiveFive}`)).toMatch(/check digits are wrong/);
    expect(ukVatNumberProblem('GB12345678')).toMatch(/must be a UK VAT number/);
    expect(ukVatNumberProblem('GBGD600')).toMatch(/government department/);
    expect(ukVatNumberProblem('GBHA100')).toMatch(/health authority/);
    expect(ukVatNumberProblem('FR40303265045')).toMatch(/must be a UK VAT number/);
  });
});

describe("a customer's or supplier's VAT number", () => {
  it("is checked by its country's format in the EU and HMRC's digits in the UK", () => {
    expect(vatNumberProblem('DE123456789')).toBeNull();
    expect(vatNumberProblem('DE12345678')).toMatch(/DE VAT number/);
    expect(vatNumberProblem('NL123456789B01')).toBeNull();
    expect(vatNumberProblem('NL123456789')).toMatch(/NL VAT number/);
    expect(vatNumberProblem('IE1234567T')).toBeNull();
    expect(vatNumberProblem('ATU12345678')).toBeNull();
    expect(vatNumberProblem('AT12345678')).toMatch(/AT VAT number/);
    expect(vatNumberProblem('123456789')).toMatch(/check digits are wrong/);
    expect(vatNumberProblem('')).toBeNull();
    // A country whose numbers it does not know is kept as typed.
    expect(vatNumberProblem('CHE-123.456.789 MWST')).toBeNull();
  });
});
