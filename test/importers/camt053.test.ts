import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseStatement } from '../../main/importers';
import { singleByte, utf8 } from './bytes';

const entry = (amount: string, indicator: 'CRDT' | 'DBIT', details = '', extra = '') =>
  `<Ntry><NtryRef>R${amount}</NtryRef><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd>${extra}<Sts>BOOK</Sts><BookgDt><Dt>2024-03-0${amount.length % 9}</Dt></BookgDt><ValDt><Dt>2024-03-09</Dt></ValDt><AcctSvcrRef>SVC-${amount}</AcctSvcrRef><BkTxCd/><NtryDtls>${details}</NtryDtls></Ntry>`;

const statement = (iban: string, entries: string) =>
  `<Stmt><Id>S-${iban}</Id><Acct><Id><IBAN>${iban}</IBAN></Id><Ccy>EUR</Ccy><Svcr><FinInstnId><BIC>BANKDEFFXXX</BIC></FinInstnId></Svcr></Acct>` +
  `<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">100.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Dt><Dt>2024-03-01</Dt></Dt></Bal>` +
  `<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">250.50</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><DtTm>2024-03-31T23:59:59.123456789</DtTm></Dt></Bal>${entries}</Stmt>`;

const camt = (version: string, body: string, prefix = '') =>
  `<?xml version='1.0' encoding='UTF-8'?>\n<${prefix}Document xmlns${prefix ? `:${prefix.slice(0, -1)}` : ''}="urn:iso:std:iso:20022:tech:xsd:camt.${version}"><${prefix}BkToCstmrStmt><${prefix}GrpHdr><${prefix}MsgId>M</${prefix}MsgId></${prefix}GrpHdr>${body}</${prefix}BkToCstmrStmt></${prefix}Document>`;

const details = (party: 'Dbtr' | 'Cdtr', name: string, remittance: string, endToEnd = 'E2E-1') =>
  `<TxDtls><Refs><EndToEndId>${endToEnd}</EndToEndId></Refs><RltdPties><${party}><Nm>${name}</Nm></${party}></RltdPties><RmtInf><Ustrd>${remittance}</Ustrd></RmtInf></TxDtls>`;

describe('CAMT.053', () => {
  it('reads entries with their sign, booking date, counterparty and remittance', () => {
    const result = parseStatement(utf8(camt('053.001.02', statement('DE89370400440532013000', entry('1250.00', 'CRDT', details('Dbtr', 'Müller GmbH', 'Invoice 4711')) + entry('89.99', 'DBIT', details('Cdtr', 'Stadtwerke', 'Strom März', 'NOTPROVIDED'))))));
    expect(result.errors).toEqual([]);
    expect(result.format).toBe('camt053');
    expect(result.accounts).toEqual([
      { iban: 'DE89370400440532013000', currency: 'EUR', bic: 'BANKDEFFXXX', openingBalance: { amount: '-100.00', date: '2024-03-01' }, closingBalance: { amount: '250.50', date: '2024-03-31' } },
    ]);
    expect(result.transactions).toEqual([
      { datedOn: '2024-03-07', amount: '1250.00', description: 'Invoice 4711', fitid: 'SVC-1250.00', payee: 'Müller GmbH', reference: 'E2E-1', accountIndex: 0, line: 2 },
      { datedOn: '2024-03-05', amount: '-89.99', description: 'Strom März', fitid: 'SVC-89.99', payee: 'Stadtwerke', accountIndex: 0, line: 2 },
    ]);
  });

  it('reads versions 02 to 08, with a namespace prefix too', () => {
    for (const version of ['053.001.02', '053.001.04', '053.001.06', '053.001.08']) {
      const result = parseStatement(utf8(camt(version, statement('GB33BUKB20201555555555', entry('5.00', 'DBIT')))));
      expect(result.transactions.map((t) => t.amount), version).toEqual(['-5.00']);
      expect(result.warnings, version).toEqual([]);
    }
    expect(parseStatement(utf8(camt('053.001.08', statement('GB33BUKB20201555555555', entry('5.00', 'CRDT')), 'ns2:'))).transactions).toHaveLength(1);
  });

  it('reads several statements, and one line per entry however many TxDtls it has', () => {
    const batch = entry('30.00', 'CRDT', details('Dbtr', 'A', 'one') + details('Dbtr', 'B', 'two'), '<AddtlNtryInf>Batch of 2 credits</AddtlNtryInf>');
    const result = parseStatement(utf8(camt('053.001.04', statement('NL91ABNA0417164300', batch) + statement('NL02ABNA0123456789', entry('1.00', 'DBIT')))));
    expect(result.accounts.map((a) => a.iban)).toEqual(['NL91ABNA0417164300', 'NL02ABNA0123456789']);
    expect(result.transactions.map((t) => [t.amount, t.description, t.accountIndex])).toEqual([
      ['30.00', 'Batch of 2 credits', 0],
      ['-1.00', '', 1],
    ]);
  });

  it('reads a declared ISO-8859-1 file', () => {
    const text = camt('053.001.02', statement('DE89370400440532013000', entry('2.00', 'DBIT', details('Cdtr', 'Bäckerei Groß', 'Brötchen')))).replace("encoding='UTF-8'", "encoding='ISO-8859-1'");
    expect(parseStatement(singleByte(text)).transactions[0]).toMatchObject({ payee: 'Bäckerei Groß', description: 'Brötchen' });
  });

  it('refuses camt.052 reports, camt.054 notifications, other namespaces and empty documents', () => {
    const report = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.08"><BkToCstmrAcctRpt><Rpt>${entry('1.00', 'CRDT')}</Rpt></BkToCstmrAcctRpt></Document>`;
    expect(parseStatement(utf8(report)).errors[0].message).toMatch(/camt\.052 intraday account report, not a statement/);
    const notice = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn><Ntfctn>${entry('1.00', 'CRDT')}</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
    expect(parseStatement(utf8(notice)).errors[0].message).toMatch(/camt\.054 debit\/credit notification/);
    expect(parseStatement(utf8('<Document xmlns="urn:example"><BkToCstmrStmt/></Document>')).errors[0].message).toMatch(/namespace is urn:example/);
    expect(parseStatement(utf8(camt('053.001.02', ''))).errors[0].message).toMatch(/holds no statement/);
  });

  it('reads a zip of statements, stored or deflated, as one result', () => {
    const zip = zipSync({
      'day1.xml': [strToU8(camt('053.001.02', statement('DE89370400440532013000', entry('1.00', 'CRDT') + entry('2.00', 'DBIT')))), { level: 0 }],
      'day2.xml': [strToU8(camt('053.001.02', statement('DE89370400440532013000', entry('3.00', 'CRDT')))), { level: 9 }],
      'README.txt': strToU8('Statements for March'),
      '__MACOSX/._day1.xml': strToU8('junk'),
    });
    const result = parseStatement(zip, { fileName: 'march.zip' });
    expect(result.errors).toEqual([]);
    expect(result.format).toBe('camt053');
    expect(result.accounts).toHaveLength(1);
    expect(result.transactions.map((t) => t.amount)).toEqual(['1.00', '-2.00', '3.00']);
    expect(result.warnings.map((w) => w.message)).toEqual(['README.txt: not a statement, left out.']);
  });

  it('says what is wrong with a broken zip', () => {
    const zip = zipSync({ 'a.xml': strToU8('<x/>') });
    const truncated = zip.subarray(0, zip.length - 30);
    const result = parseStatement(truncated);
    expect(result.transactions).toEqual([]);
    expect(result.errors[0].message).toMatch(/^The zip file is cut short/);
  });
});
