import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStatement } from '../../main/importers';
import { readAmount } from '../../main/importers/amounts';
import { describeDetails } from '../../main/importers/mt940-details';
import { readStatementLine } from '../../main/importers/mt940-statement-line';
import { squeeze } from '../../main/importers/result';
import { utf8 } from './bytes';

// MT940 is read by hand where it used regular expressions, splits and maps per line (issue 23:
// within 15x of decoding the bytes). These hold each shortcut to what it replaced, on generated
// input that reaches its edges.

const STATEMENT_LINE = /^(\d{6})(\d{4})?(RC|RD|EC|ED|C|D)([A-Z])?(\d[\d,]*)([NSF][A-Z0-9]{3})?([^\n]*)/;

/** Dutch :86: keywords as they were read before: split on "/", trimmed, joined back. */
function dutchKeywordsBefore(text: string) {
  const keys = new Set(['TRTP', 'IBAN', 'BIC', 'NAME', 'REMI', 'EREF', 'MARF', 'CSID', 'ORDP', 'BENM', 'ID', 'ADDR', 'CNTP', 'PREF', 'RTRN', 'USTD', 'STRD', 'ISSR', 'PURP', 'SVCL', 'ULTC', 'ULTD', 'EXCH', 'CHGS', 'OAMT']);
  const values = new Map<string, string>();
  let key: string | null = null;
  let value = '';
  for (const token of text.split('/')) {
    const trimmed = token.trim();
    if (keys.has(trimmed)) {
      if (key !== null && !values.has(key)) values.set(key, squeeze(value));
      key = trimmed;
      value = '';
    } else if (key !== null) {
      value = value === '' ? token : `${value}/${token}`;
    }
  }
  if (key !== null && !values.has(key)) values.set(key, squeeze(value));
  const read = (name: string) => values.get(name)?.replace(/^\/+|\/+$/g, '') || undefined;
  const counterparty = values.get('CNTP')?.split('/')[2]?.trim() || undefined;
  const payee = read('NAME') ?? counterparty;
  const remittance = read('REMI') ?? read('USTD');
  const reference = read('EREF');
  const transactionType = read('TRTP');
  return { description: remittance || payee || transactionType || '', payee, memo: transactionType, reference: reference && reference !== 'NOTPROVIDED' ? reference : undefined };
}

const pieces = <T>(...values: T[]) => fc.array(fc.constantFrom(...values), { maxLength: 14 }).map((parts) => parts.join(''));

describe('MT940 shortcuts agree with the definitions they replace', () => {
  it('reads a :61: line into the parts the regular expression captures, and refuses what it refuses', () => {
    const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));
    const shaped = fc
      .tuple(digits(6), fc.option(digits(4)), fc.constantFrom('C', 'D', 'RC', 'RD', 'EC', 'ED', 'R', 'E', 'X', ''), fc.constantFrom('', 'R', 'X', '1'), pieces('0', '5', ',', '9'), fc.constantFrom('', 'NTRF', 'S0A1', 'FX', 'N12', 'ntrf'), pieces('REF', '//', '/', 'NONREF', ' ', '\n', 'x'))
      .map(([date, entry, mark, funds, amount, code, rest]) => `${date}${entry ?? ''}${mark}${funds}${amount}${code}${rest}`);
    const noise = pieces('0', '1', '9', 'C', 'D', 'R', 'E', 'N', 'S', 'F', 'X', ',', '/', '\n', ' ');
    fc.assert(
      fc.property(fc.oneof(shaped, noise), (text) => {
        const match = STATEMENT_LINE.exec(text);
        const parts = readStatementLine(text);
        if (!match) {
          expect(parts).toBeNull();
          return;
        }
        expect(parts).not.toBeNull();
        const p = parts!;
        expect([text.slice(0, 6), p.entryDateAt < 0 ? undefined : text.slice(p.entryDateAt, p.entryDateAt + 4), p.mark, text.slice(p.amountFrom, p.amountTo), text.slice(p.restFrom, p.restTo)]).toEqual([
          match[1],
          match[2],
          match[3],
          match[5],
          match[7],
        ]);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads Dutch keywords as splitting, trimming and joining did, spaces of every kind and empty pieces included', () => {
    const rest = pieces('/', '//', 'NAME', 'REMI', 'EREF', 'CNTP', 'USTD', 'TRTP', 'IBAN', 'BIC', ' ', '\u00a0', '\u3000', 'Acme BV', 'NOTPROVIDED', 'x', 'NAMEX', 'nam', 'AB');
    fc.assert(
      fc.property(fc.constantFrom('TRTP', 'IBAN', 'NAME', 'REMI', 'EREF', 'CNTP', 'ORDP', 'BENM'), rest, (key, tail) => {
        const text = `/${key}/${tail}`;
        expect(describeDetails([text])).toEqual(dutchKeywordsBefore(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads amounts with a decimal comma to the exact canonical decimal', () => {
    fc.assert(
      fc.property(pieces('0', '0', '1', '5', '9'), fc.option(pieces('0', '0', '3', '9')), (integer, fraction) => {
        const raw = fraction === null ? integer : `${integer},${fraction}`;
        if (!/\d/.test(raw)) {
          expect(readAmount(raw, ',')).toBeNull();
          return;
        }
        const value = new Decimal(`${integer || '0'}.${fraction || '0'}`);
        expect(readAmount(raw, ',')).toBe(value.toFixed(Math.max(2, value.decimalPlaces())));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads amounts with a point the same way, signs and zeros included', () => {
    fc.assert(
      fc.property(fc.constantFrom('', '-'), pieces('0', '0', '1', '9'), pieces('0', '0', '4'), (sign, integer, fraction) => {
        const raw = `${sign}${integer}.${fraction}`;
        if (!/\d/.test(raw)) {
          expect(readAmount(raw, '.')).toBeNull();
          return;
        }
        const value = new Decimal(`${sign}${integer || '0'}.${fraction || '0'}`);
        const expected = value.toFixed(Math.max(2, value.decimalPlaces()));
        expect(readAmount(raw, '.')).toBe(value.isZero() ? expected.replace('-', '') : expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a statement the same whichever line ends it uses, classic Mac CRs included', () => {
    const lines = [':20:X', ':25:NL91ABNA0417164300', ':60F:C240101EUR0,00', ':61:240102C1,00NTRFNONREF//B1', ':86:/TRTP/SEPA/NAME/Acme BV/REMI/Inv 1', '  wrapped', ':61:240103D2,50NTRFREF2', ':86:FREE TEXT', ':62F:C240103EUR-1,50', '-'];
    const read = (end: string) => parseStatement(utf8(lines.join(end)), { fileName: 'x.sta' });
    const unix = read('\n');
    expect(unix.transactions.map((t) => [t.description, t.amount, t.line])).toEqual([
      ['Inv 1 wrapped', '1.00', 4],
      ['FREE TEXT', '-2.50', 7],
    ]);
    expect(read('\r')).toEqual(unix);
    expect(read('\r\n')).toEqual(unix);
  });

  it('starts fields only at the tags MT940 knows; other tag-like lines are wrapped text', () => {
    const result = parseStatement(
      utf8(':20:X\r\n:25:NL91ABNA0417164300\r\n:60F:C240101EUR0,00\r\n:61:240102C1,00NTRFNONREF\r\n:86:FIRST\r\n:99:SECOND\r\n:20C:THIRD\r\n:2A:FOURTH\r\n:NSX\r\n:\r\n86:FIFTH\r\n:62F:C240102EUR1,00\r\n'),
      { fileName: 'x.sta' },
    );
    // ":" alone, then "86:FIFTH", is one :86: field broken over two lines: more details of the line.
    expect(result.transactions.map((t) => [t.description, t.line])).toEqual([['FIRST :99:SECOND :20C:THIRD :2A:FOURTH :NSX FIFTH', 4]]);
  });
});
