import { describe, expect, it } from 'vitest';
import { decodeStatementBytes, plausibility } from '../../main/importers/decode';
import { CP852, singleByte, utf16, utf8, utf8WithBom, WINDOWS_1252 } from './bytes';

describe('decodeStatementBytes', () => {
  it('reads UTF-8 and drops its byte order mark', () => {
    expect(decodeStatementBytes(utf8WithBom('Café £5')).text).toBe('Café £5');
    expect(decodeStatementBytes(utf8('Café £5'))).toMatchObject({ text: 'Café £5', encoding: 'utf-8', warnings: [] });
  });

  it('reads UTF-16 with a byte order mark, either order', () => {
    expect(decodeStatementBytes(utf16('Date,Amount\n01/02/2024,£3', 'le'))).toMatchObject({ text: 'Date,Amount\n01/02/2024,£3', encoding: 'utf-16le' });
    expect(decodeStatementBytes(utf16('Date,Amount\n01/02/2024,£3', 'be'))).toMatchObject({ text: 'Date,Amount\n01/02/2024,£3', encoding: 'utf-16be' });
  });

  it('recognises UTF-16 without a byte order mark by its zero bytes', () => {
    expect(decodeStatementBytes(utf16('!Type:Bank\nD01/02/2024\nT-1.00\n^\n', 'le', false)).text).toBe('!Type:Bank\nD01/02/2024\nT-1.00\n^\n');
  });

  it('reads Windows-1252 with its own characters, not as Latin-1 (Node decodes 0x80 as a control)', () => {
    const decoded = decodeStatementBytes(singleByte('Paid £5 — €20 ™', WINDOWS_1252));
    expect(decoded.text).toBe('Paid £5 — €20 ™');
    expect(decoded.encoding).toBe('windows-1252');
    expect(decoded.warnings[0].message).toMatch(/not UTF-8.*Windows-1252/);
  });

  it('follows a declared charset: OFX CHARSET:1252 and an XML encoding="ISO-8859-1"', () => {
    const ofx = decodeStatementBytes(singleByte('OFXHEADER:100\nCHARSET:1252\n\n<OFX><NAME>Café €</OFX>', WINDOWS_1252));
    expect(ofx).toMatchObject({ text: 'OFXHEADER:100\nCHARSET:1252\n\n<OFX><NAME>Café €</OFX>', encoding: 'windows-1252', warnings: [] });
    const xml = decodeStatementBytes(singleByte('<?xml version="1.0" encoding="ISO-8859-1"?><Nm>Müller Straße</Nm>'));
    expect(xml).toMatchObject({ text: '<?xml version="1.0" encoding="ISO-8859-1"?><Nm>Müller Straße</Nm>', warnings: [] });
  });

  it('trusts valid UTF-8 over a declaration that says otherwise', () => {
    expect(decodeStatementBytes(utf8('OFXHEADER:100\nCHARSET:1252\n<NAME>Café')).text).toBe('OFXHEADER:100\nCHARSET:1252\n<NAME>Café');
  });

  it('tells CP852 from Windows-1252 by which one reads as words', () => {
    const hungarian = decodeStatementBytes(singleByte(':86:Csoportos átutalás jóváírása, Díj, jutalék, összevont utánvét\n', CP852));
    expect(hungarian.encoding).toBe('cp852');
    expect(hungarian.text).toContain('átutalás jóváírása');
    const czech = decodeStatementBytes(singleByte('Platba kartou, Příkaz k úhradě', CP852));
    expect(czech.text).toBe('Platba kartou, Příkaz k úhradě');
    const german = decodeStatementBytes(singleByte('Empfänger;Währung;Straße;Gebühr'));
    expect(german).toMatchObject({ text: 'Empfänger;Währung;Straße;Gebühr', encoding: 'windows-1252' });
    const french = decodeStatementBytes(singleByte('DÉPÔT;CAFÉ — €20 REÇU', WINDOWS_1252));
    expect(french.text).toBe('DÉPÔT;CAFÉ — €20 REÇU');
  });

  it('reads CP852 when the file declares it', () => {
    expect(decodeStatementBytes(singleByte('CHARSET:852\nő ű č', CP852)).text).toBe('CHARSET:852\nő ű č');
  });

  it('scores words above symbols and box drawing', () => {
    expect(plausibility('átutalás')).toBeGreaterThan(plausibility('\u00a0tutal\u00a0s'));
    expect(plausibility('DÉPÔT')).toBeGreaterThan(plausibility('D╔PďT'));
  });
});
