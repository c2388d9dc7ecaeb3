import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoDate } from '../../main/importers/dates';
import { LineIndex } from '../../main/importers/line-index';
import { parseMarkup, textAt } from '../../main/importers/markup';
import { readOfxDate } from '../../main/importers/ofx';
import { squeeze } from '../../main/importers/result';

// The parsers read their commonest cases by hand (issue 23: within 15x of decoding the bytes). Each
// shortcut must give what the general reading gives; these hold them to the general definitions,
// on the characters where the two could part: every kind of space, line ends, entities.

const tricky = fc.constantFrom('a', 'Z', '7', ' ', '  ', '\t', '\n', '\r', '\r\n', '\v', '\f', '\u00a0', '\u2003', '\u3000', '\ufeff', 'é', '&amp;', '&#32;', '<', '\u0001');

describe('shortcuts agree with the definitions they replace', () => {
  it('squeeze collapses and trims exactly as the regular expressions do', () => {
    const reference = (text: string) => (/\s\s|[\t\n\r\f\v\u00a0]/.test(text) ? text.replace(/\s+/g, ' ').trim() : text.trim());
    fc.assert(
      fc.property(fc.array(tricky, { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        expect(squeeze(text)).toBe(reference(text));
      }),
    );
  });

  it('a line number is the count of line ends before the offset, a lone CR counting as one', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('x', '\n', '\r', '\r\n', 'yz'), { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        const index = new LineIndex(text);
        for (let offset = 0; offset <= text.length; offset++) {
          const before = text.slice(0, offset);
          const expected = 1 + (before.match(/\r\n|\r(?!\n)|\n/g)?.length ?? 0) - (before.endsWith('\r') && text[offset] === '\n' ? 1 : 0);
          expect(index.lineAt(offset)).toBe(expected);
        }
      }),
    );
  });

  it('a leaf holds its text entity-decoded, then trimmed of every kind of space, as written between the tags', () => {
    const root = parseMarkup('<A><B>\u00a0 x \u3000</B><C>&#32;y&#32;</C><D> a<!-- c -->b </D><E>\r\n\tplain text\r\n</E><F>\u2003</F><G>z</G></A>');
    expect(['B', 'C', 'D', 'E', 'G'].map((name) => textAt(root, name))).toEqual(['x', 'y', 'ab', 'plain text', 'z']);
    // Nothing but space is no text: F is empty, closed by its own tag.
    expect(textAt(root, 'F')).toBe('');
  });

  it('knows a tag name however it is spelt, so a closing tag in other letters ends it', () => {
    const root = parseMarkup('<stmtrs><StmtTrn><trnamt>1</STMTTRN><STMTTRN><TrnAmt>2</stmttrn></StmtRs><after>3', 0, { upperCase: true });
    const names = root.children.map((node) => [node.name, node.children.map((c) => `${c.name}:${textAt(c, 'TRNAMT')}`)]);
    expect(names).toEqual([
      ['STMTRS', ['STMTTRN:1', 'STMTTRN:2']],
      ['AFTER', []],
    ]);
  });

  it('gives the same date text every time, and the same as building it', () => {
    expect(isoDate(2024, 2, 29)).toBe('2024-02-29');
    expect(isoDate(2024, 2, 29)).toBe('2024-02-29');
    expect(isoDate(2023, 2, 29)).toBeNull();
    // Far more distinct dates than are kept: the ones given out earlier are still right.
    for (let day = 0; day < 12_000; day++) {
      const date = new Date(Date.UTC(2000, 0, 1 + day));
      expect(isoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())).toBe(date.toISOString().slice(0, 10));
    }
  });

  it('reads OFX dates with or without time, zone and leading space, and refuses what is not one', () => {
    expect(readOfxDate('20240131')).toBe('2024-01-31');
    expect(readOfxDate('20240131120000.000[-5:EST]')).toBe('2024-01-31');
    expect(readOfxDate('  20240131')).toBe('2024-01-31');
    expect(readOfxDate('20240231')).toBeNull();
    expect(readOfxDate('2024013')).toBeNull();
    expect(readOfxDate('2024-01-31')).toBeNull();
    // ":" is the character after "9": read as a digit it would make month 10.
    expect(readOfxDate('20240:15')).toBeNull();
    expect(readOfxDate('')).toBeNull();
  });
});
