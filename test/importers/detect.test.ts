import { describe, expect, it } from 'vitest';
import { detectFormat, isZip } from '../../main/importers/detect';

describe('detectFormat', () => {
  it('goes by content, not by the file name', () => {
    expect(detectFormat('OFXHEADER:100\nDATA:OFXSGML\n\n<OFX>', 'statement.csv')).toBe('ofx');
    expect(detectFormat('<?xml version="1.0"?>\n<?OFX OFXHEADER="200"?>\n<OFX>', 'x.qfx')).toBe('qfx');
    expect(detectFormat('<OFX>\n<SIGNONMSGSRSV1>')).toBe('ofx');
    expect(detectFormat('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>', 'statement')).toBe('camt053');
    expect(detectFormat('{1:F01BANKGB2LAXXX0000000000}{2:I940BANKGB2LXXXXN}{4:\n:20:REF\n', 'x.txt')).toBe('mt940');
    expect(detectFormat('\r\n:20:STARTUMS\r\n:25:12345678/1234\r\n')).toBe('mt940');
    expect(detectFormat('# exported\n!Type:Bank\nD01/02/2024\n')).toBe('qif');
    expect(detectFormat('^\n!Account\nNChecking\n')).toBe('qif');
    expect(detectFormat('01/10/2025,-50,Savings Account\n01/10/2025,100,Dunder Mifflin\n')).toBe('freeagent-csv');
    expect(detectFormat('Date;Amount;Text\n01.02.2024;-1,00;x\n')).toBe('csv');
  });

  it('falls back to the extension for content it cannot place, and otherwise gives up', () => {
    expect(detectFormat('1\n2\n3\n', 'broken.sta')).toBe('mt940');
    expect(detectFormat('This is not a statement.', 'notes.txt')).toBeNull();
    expect(detectFormat('This is not a statement.')).toBeNull();
  });

  it('knows a zip by its signature', () => {
    expect(isZip(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]))).toBe(true);
    expect(isZip(new TextEncoder().encode('PK but not'))).toBe(false);
  });
});
