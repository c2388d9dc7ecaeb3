import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseStatement, UNEXPECTED_FAULT } from '../../main/importers';
import type { ParsedStatement } from '../../main/importers';
import { utf8 } from './bytes';

// parseStatement never throws: a parser that throws lands in its catch-all, which refuses the file
// with UNEXPECTED_FAULT. So "does not throw" proves nothing here. What these tests hold the parsers
// to is that garbage never reaches that catch-all: each file is refused in a parser's own words or
// gives the rows it holds, well formed.

/** Read by a parser, not rescued by the catch-all; every message a sentence a person can act on. */
function expectReadByAParser(result: ParsedStatement): void {
  expect(result.fault).toBeUndefined();
  for (const error of [...result.errors, ...result.warnings]) {
    expect(error.message).not.toContain(UNEXPECTED_FAULT);
    expect(error.message.length).toBeGreaterThan(10);
  }
  for (const line of result.transactions) {
    expect(line.datedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(line.amount).toMatch(/^-?\d+\.\d{2,}$/);
    expect(line.accountIndex).toBeLessThan(Math.max(1, result.accounts.length));
  }
  // Refused (errors), read (rows, perhaps with errors for lines it could not use), or an account
  // with no rows, which says so in a warning: never silence.
  expect(result.transactions.length + result.errors.length + result.warnings.length).toBeGreaterThan(0);
}

function expectRefused(result: ParsedStatement): void {
  expectReadByAParser(result);
  expect(result.transactions).toEqual([]);
  expect(result.errors.length).toBeGreaterThan(0);
}

const SEEDS = [
  'OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>GBP<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  '!Type:Bank\nD01/05/2024\nT-1.00\nPShop\n^\n',
  'Date,Description,Amount\n01/05/2024,Shop,-1.00\n13/05/2024,Shop,-2.00\n',
  ':20:X\n:25:1\n:60F:C240101EUR0,\n:61:240102D1,NMSCNONREF\n:86:X\n:62F:D240102EUR1,\n',
  '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2024-01-01</Dt></BookgDt></Ntry></Stmt></BkToCstmrStmt></Document>',
];

/** One deflated and one stored statement: the shape a bank's daily delivery has. */
const ZIP = zipSync({ 'a.csv': strToU8(SEEDS[2]!.repeat(20)), 'b.qif': [strToU8(SEEDS[1]!), { level: 0 }] });

/** The zip with `patch` written over its bytes at `at` (little-endian fields, as zips store them). */
function patched(zip: Uint8Array, at: number, patch: number[]): Uint8Array {
  const copy = new Uint8Array(zip);
  copy.set(patch, at);
  return copy;
}

describe('files that are not statements', () => {
  it('are refused with a message of their own', () => {
    expectRefused(parseStatement(new Uint8Array()));
    expectRefused(parseStatement(utf8('   \n\t\n')));
    expectRefused(parseStatement(utf8('This is not a statement. I promise.')));
    expectRefused(parseStatement(utf8('lorem ipsum\ndolor sit amet\n'), { fileName: 'notes.txt' }));
    expectRefused(parseStatement(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])));
    expectRefused(parseStatement(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])));
  });

  it('are refused whatever extension they claim', () => {
    for (const fileName of ['x.ofx', 'x.qfx', 'x.qif', 'x.csv', 'x.xml', 'x.sta', 'x.940']) {
      expectRefused(parseStatement(utf8('nothing\nto see\nhere\n'), { fileName }));
    }
  });

  it('are read by a parser, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), fc.constantFrom(undefined, 'a.ofx', 'a.csv', 'a.qif', 'a.sta', 'a.xml'), (bytes, fileName) => {
        expectReadByAParser(parseStatement(bytes, { fileName }));
      }),
      { numRuns: 300 },
    );
  });

  it('are read by a parser when statement-like text is cut short or scrambled', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SEEDS), fc.nat(), fc.nat(), fc.string({ maxLength: 20 }), (seed, cut, at, insert) => {
        const end = cut % (seed.length + 1);
        const position = at % (end + 1);
        const text = seed.slice(0, position) + insert + seed.slice(position, end);
        expectReadByAParser(parseStatement(utf8(text)));
      }),
      { numRuns: 500 },
    );
  });
});

describe('damaged zips', () => {
  // Offsets in ZIP's first local header: the method at 8, the packed size at 18.
  const METHOD = 8;
  const PACKED_SIZE = 18;

  it('refuse an entry packed with a method Ledgerdesk cannot unpack, in words', () => {
    const result = parseStatement(patched(ZIP, METHOD, [99, 0]), { fileName: 'x.zip' });
    expectRefused(result);
    expect(result.errors[0]!.message).toBe('a.csv in the zip is packed with a method Ledgerdesk cannot unpack; zip the statements again with ordinary compression.');
  });

  it('refuse an entry whose header promises more than the zip holds, in words', () => {
    const result = parseStatement(patched(ZIP, PACKED_SIZE, [0xff, 0xff, 0, 0]), { fileName: 'x.zip' });
    expectRefused(result);
    expect(result.errors[0]!.message).toMatch(/^The zip file is damaged/);
  });

  it('refuse packed data that does not unpack without the unpacker\'s own words', () => {
    // The deflated data of a.csv starts after its 30-byte header and 5-byte name.
    const result = parseStatement(patched(ZIP, 35, [0xff, 0xff, 0xff, 0xff]), { fileName: 'x.zip' });
    expectRefused(result);
    expect(result.errors[0]!.message).toBe('a.csv in the zip is damaged: its packed data does not unpack. Download the statements again.');
  });

  it('are read by a parser whatever bytes are overwritten', () => {
    fc.assert(
      fc.property(fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 8 }), (at, patch) => {
        const position = at % ZIP.length;
        expectReadByAParser(parseStatement(patched(ZIP, position, [...patch.subarray(0, ZIP.length - position)]), { fileName: 'x.zip' }));
      }),
      { numRuns: 500 },
    );
  });
});

describe('a PDF or an image dropped as a statement (issue 19 item 7)', () => {
  // A bank's statement download as a PDF: its text lines split into fields, and it was read as a CSV.
  const pdf = utf8('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<< /Type /Catalog, /Pages 2 0 R >>\nendobj\nDate,Description,Amount\n01/02/2024,Coffee,-2.50\n02/02/2024,Salary,1000.00\n');

  it('is refused as not a statement file, by name, with what to download instead', () => {
    const result = parseStatement(pdf, { fileName: 'statement-feb.pdf' });
    expect(result.transactions).toEqual([]);
    expect(result.format).toBeNull();
    expect(result.errors.map((error) => error.message)).toEqual([
      'statement-feb.pdf is a PDF, not a statement file. Download the statement from the bank as CSV, OFX, QFX, QIF, CAMT.053 or MT940 and import that.',
    ]);
  });

  it('is refused whatever it is called, and an image likewise', () => {
    expect(parseStatement(pdf, { fileName: 'statement.csv' }).errors[0]!.message).toMatch(/^statement\.csv is a PDF, not a statement file/);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x2c, 0x2c, 0x0a, 0x2c, 0x2c, 0x0a]);
    expect(parseStatement(png).errors[0]!.message).toMatch(/^This file is an image, not a statement file/);
  });

  it('leaves a CSV that mentions a PDF in a description alone', () => {
    const csv = utf8('Date,Description,Amount\n01/02/2024,Paid invoice %PDF-1.4 copy,-2.50\n02/02/2024,Salary,1000.00\n');
    expect(parseStatement(csv, { fileName: 'a.csv', dateOrder: 'dmy' }).transactions.length).toBe(2);
  });
});
