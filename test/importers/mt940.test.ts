import { describe, expect, it } from 'vitest';
import { parseStatement } from '../../main/importers';
import { CP852, singleByte, utf8 } from './bytes';

const mt940 = (text: string) => parseStatement(utf8(text), { fileName: 'statement.sta' });

describe('MT940', () => {
  it('reads :20: :25: :60F: :61: :86: :62F: with signs, booking dates and references', () => {
    const result = mt940(
      ':20:STMT1\r\n:25:GB33BUKB20201555555555\r\n:28C:1/1\r\n:60F:C240102GBP1000,00\r\n' +
        ':61:2401020102D12,34NTRFINV-77//BANKREF1\r\n:86:CARD PAYMENT TO TESCO\r\n  LONDON\r\n' +
        ':61:2401030103C500,NTRFNONREF//BANKREF2\r\n:86:SALARY ACME\r\n' +
        ':62F:C240103GBP1487,66\r\n-\r\n',
    );
    expect(result.errors).toEqual([]);
    expect(result.format).toBe('mt940');
    expect(result.accounts).toEqual([
      { iban: 'GB33BUKB20201555555555', currency: 'GBP', openingBalance: { amount: '1000.00', date: '2024-01-02' }, closingBalance: { amount: '1487.66', date: '2024-01-03' } },
    ]);
    expect(result.transactions).toEqual([
      { datedOn: '2024-01-02', amount: '-12.34', description: 'CARD PAYMENT TO TESCO LONDON', reference: 'INV-77', fitid: 'BANKREF1', accountIndex: 0, line: 5 },
      { datedOn: '2024-01-03', amount: '500.00', description: 'SALARY ACME', fitid: 'BANKREF2', accountIndex: 0, line: 8 },
    ]);
  });

  it('unwraps SWIFT FIN envelopes and SOH/ETX, and merges daily statements of one account', () => {
    const day = (n: number, line: string) =>
      `{1:F01BANKNL2AAXXX0000000000}{2:O940BANKNL2AXXXXN}{3:}{4:\n:20:D${n}\n:25:NL91ABNA0417164300\n:28C:${n}/1\n:60F:C24010${n}EUR10,00\n${line}:62F:C24010${n}EUR10,00\n-}{5:}\n`;
    const result = parseStatement(utf8(`\u0001${day(1, ':61:240101C1,00NMSCNONREF\n:86:ONE\n')}${day(2, '')}${day(3, ':61:240103D1,00NMSCNONREF\n:86:THREE\n')}\u0003`));
    expect(result.accounts).toHaveLength(1);
    expect(result.accounts[0]).toMatchObject({ openingBalance: { date: '2024-01-01' }, closingBalance: { date: '2024-01-03' } });
    expect(result.transactions.map((t) => [t.datedOn, t.amount, t.description])).toEqual([
      ['2024-01-01', '1.00', 'ONE'],
      ['2024-01-03', '-1.00', 'THREE'],
    ]);
  });

  it('reads reversals, funds codes, zero-padded amounts and an entry date across New Year', () => {
    const result = mt940(
      ':20:X\n:25:12345678/0001234567\n:60F:C231231EUR0,\n' +
        ':61:2312310102RCR000000000010,50NMSCNONREF\n:86:REVERSED CREDIT\n' +
        ':61:231231DR5,NMSCNONREF\n:86:FEE\n:62F:C240102EUR0,\n',
    );
    expect(result.accounts[0]).toMatchObject({ bankId: '12345678', accountNumber: '0001234567' });
    expect(result.transactions.map((t) => [t.datedOn, t.amount])).toEqual([
      ['2024-01-02', '-10.50'],
      ['2023-12-31', '-5.00'],
    ]);
  });

  it('reads German ?20 subfields and Dutch /NAME/ keywords', () => {
    const result = mt940(
      ':20:X\n:25:DE89370400440532013000\n:60F:C240101EUR0,00\n' +
        ':61:2401020102D42,50NDDTNONREF\n:86:105?00BASISLASTSCHRIFT?20EREF+INV-1 SVWZ+Strom Jan?21uar 2024?32Stadtwerke Muster?33stadt\n' +
        ':61:2401030103C1200,00NTRFNONREF\n:86:/TRTP/SEPA OVERBOEKING/IBAN/NL91ABNA0417164300/NAME/Acme BV/REMI/Salaris januari/EREF/E2E-9\n' +
        ':62F:C240103EUR1157,50\n',
    );
    expect(result.transactions).toMatchObject([
      { amount: '-42.50', description: 'Strom Januar 2024', payee: 'Stadtwerke Musterstadt', memo: 'BASISLASTSCHRIFT', reference: 'INV-1' },
      { amount: '1200.00', description: 'Salaris januari', payee: 'Acme BV', memo: 'SEPA OVERBOEKING', reference: 'E2E-9' },
    ]);
  });

  it('copes with broken exports: no header fields, a split tag, an amount on the next line, wrapped text that looks like a tag', () => {
    const fragment = mt940(':61:1811261126CR\n30,00N062NONREF\n:\n86:166?00GUTSCHRIFT?20Test\n');
    expect(fragment.transactions).toMatchObject([{ datedOn: '2018-11-26', amount: '30.00', description: 'Test' }]);
    const wrapped = mt940(':20:X\n:25:1\n:60F:C240101EUR0,\n:61:240102D1,NMSCNONREF\n:86:PAID AT 12\n:26:37 LOCAL TIME\n:62F:D240102EUR1,\n');
    expect(wrapped.transactions[0].description).toBe('PAID AT 12 :26:37 LOCAL TIME');
  });

  it('takes 30 February as the end of the month, with a warning', () => {
    const result = mt940(':20:X\n:25:1\n:60F:C160229EUR0,\n:61:160230D6,00NMSCNONREF\n:86:INTEREST\n:62F:D160229EUR6,\n');
    expect(result.transactions[0].datedOn).toBe('2016-02-29');
    expect(result.warnings[0].message).toMatch(/160230 does not exist/);
  });

  it('reads CP852 details', () => {
    const result = parseStatement(singleByte(':20:X\r\n:25:HU1\r\n:60F:C180417HUF0,\r\n:61:180417CF1000,00N527\r\n:86:Csoportos átutalás jóváírása\r\n:62F:C180417HUF1000,\r\n', CP852));
    expect(result.transactions[0].description).toBe('Csoportos átutalás jóváírása');
  });

  it('refuses MT942 interim reports and files without statements', () => {
    const interim = mt940(':20:X\n:25:PL1\n:28C:1/1\n:34F:PLN0\n:13D:1701191815+0100\n:61:1701190119CN0,01NTRFNONREF\n:90C:1PLN0,01\n');
    expect(interim.errors[0].message).toMatch(/MT942 interim transaction report/);
    expect(interim.transactions).toEqual([]);
    expect(mt940('1\n2\n3\n').errors[0].message).toMatch(/no MT940 statement/);
  });
});
