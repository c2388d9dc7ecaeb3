import { describe, expect, it } from 'vitest';
import { lineText, payeeOf } from '../../main/engine/banking/suggest/payee';

describe('payeeOf', () => {
  it('reads the same payee out of the noisy forms banks print it in', () => {
    const same: [string[], string][] = [
      [['CARD PAYMENT TO TESCO STORES 3297 ON 12/03', 'TESCO STORES 3297 LONDON GB', 'TESCO STORES 1180 CROYDON', 'VIS 4929****1234 TESCO STORES 12MAR'], 'TESCO STORES'],
      [['DD BRITISH GAS 6502231', 'DIRECT DEBIT PAYMENT TO BRITISH GAS REF 88123456 MANDATE NO 0012'], 'BRITISH GAS'],
      [['AMAZON.CO.UK*2K4JH7 AMAZON.CO.UK', 'AMAZON.CO.UK*9Z1QQ3'], 'AMAZON'],
      [['DD VODAFONE LIMITED 7781234', 'VODAFONE LTD 88812345'], 'VODAFONE'],
      [['FPI JOHN SMITH REF INV-0042', 'FASTER PAYMENT FROM JOHN SMITH 220311'], 'JOHN SMITH'],
    ];
    for (const [descriptions, key] of same) for (const description of descriptions) expect(payeeOf(description).key, description).toBe(key);
  });

  it('names nobody when a line carries only numbers and bank words, and keeps a name that is a place', () => {
    expect(payeeOf('DD 6502231 12/03').key).toBe('');
    expect(payeeOf('LONDON UNDERGROUND 1234').key).toBe('LONDON UNDERGROUND');
    expect(payeeOf('ON THE BEACH').key).toBe('BEACH');
  });

  it('reads a stored description as its text and reference, without the type', () => {
    expect(lineText('TESCO STORES 3297/REF 12/POS/')).toBe('TESCO STORES 3297 REF 12');
    expect(lineText('SO RENT OCTOBER//OTHER/')).toBe('SO RENT OCTOBER');
    expect(lineText('plain text')).toBe('plain text');
  });
});
