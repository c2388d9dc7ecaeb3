import { strToU8, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { parseStatement, UNEXPECTED_FAULT } from '../../main/importers';
import { utf8 } from './bytes';

// A QIF reader with a bug in it: the catch-all in parseStatement must keep its exception's text from
// the person importing (garbage.test.ts proves no real input gets this far).
vi.mock('../../main/importers/qif', () => ({
  parseQif: () => {
    throw new TypeError("Cannot read properties of undefined (reading 'amount')");
  },
}));

const QIF = '!Type:Bank\nD01/05/2024\nT-1.00\nPShop\n^\n';

describe('a parser that throws', () => {
  it('refuses the file in words, and keeps the exception for a bug report only', () => {
    const result = parseStatement(utf8(QIF), { fileName: 'a.qif' });
    expect(result.transactions).toEqual([]);
    expect(result.errors).toEqual([{ message: UNEXPECTED_FAULT }]);
    expect(JSON.stringify(result.errors)).not.toContain('Cannot read properties');
    expect(result.fault).toBe("Cannot read properties of undefined (reading 'amount')");
  });

  it('inside a zip is said as a fault, not left out as if the entry were a readme', () => {
    const zip = zipSync({ 'a.qif': strToU8(QIF), 'b.csv': strToU8('Date,Description,Amount\n13/05/2024,Shop,-1.00\n') });
    const result = parseStatement(zip, { fileName: 'x.zip' });
    expect(result.errors).toEqual([{ message: `a.qif: ${UNEXPECTED_FAULT}` }]);
    expect(result.transactions.map((line) => line.amount)).toEqual(['-1.00']);
    expect(result.warnings.map((warning) => warning.message).join(' ')).not.toContain('left out');
    expect(result.fault).toBe("Cannot read properties of undefined (reading 'amount')");
  });
});
