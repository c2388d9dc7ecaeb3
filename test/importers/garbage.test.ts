import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStatement } from '../../main/importers';
import type { ParsedStatement } from '../../main/importers';
import { utf8 } from './bytes';

function expectRefused(result: ParsedStatement): void {
  expect(result.transactions).toEqual([]);
  expect(result.errors.length).toBeGreaterThan(0);
  for (const error of result.errors) expect(error.message.length).toBeGreaterThan(10);
}

describe('files that are not statements', () => {
  it('are refused with a message, never thrown', () => {
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

  it('never throw, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), fc.constantFrom(undefined, 'a.ofx', 'a.csv', 'a.qif', 'a.sta', 'a.xml'), (bytes, fileName) => {
        const result = parseStatement(bytes, { fileName });
        expect(Array.isArray(result.errors)).toBe(true);
        for (const line of result.transactions) expect(line.amount).toMatch(/^-?\d+\.\d{2,}$/);
      }),
      { numRuns: 300 },
    );
  });

  it('never throw on statement-like text cut short or scrambled', () => {
    const seeds = [
      'OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>GBP<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
      '!Type:Bank\nD01/05/2024\nT-1.00\nPShop\n^\n',
      'Date,Description,Amount\n01/05/2024,Shop,-1.00\n13/05/2024,Shop,-2.00\n',
      ':20:X\n:25:1\n:60F:C240101EUR0,\n:61:240102D1,NMSCNONREF\n:86:X\n:62F:D240102EUR1,\n',
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2024-01-01</Dt></BookgDt></Ntry></Stmt></BkToCstmrStmt></Document>',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...seeds), fc.nat(), fc.nat(), fc.string({ maxLength: 20 }), (seed, cut, at, insert) => {
        const end = cut % (seed.length + 1);
        const position = at % (end + 1);
        const text = seed.slice(0, position) + insert + seed.slice(position, end);
        expect(() => parseStatement(utf8(text))).not.toThrow();
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
