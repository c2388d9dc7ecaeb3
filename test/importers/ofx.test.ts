import { describe, expect, it } from 'vitest';
import { parseStatement } from '../../main/importers';
import { singleByte, utf8, WINDOWS_1252 } from './bytes';

const SGML_HEADER = 'OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n';
const SIGNON = '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240131<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>';

function bankStatement(transactions: string, account = '<BANKID>401234<ACCTID>12345678<ACCTTYPE>CHECKING', currency = 'GBP'): string {
  return `<STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>${currency}<BANKACCTFROM>${account}</BANKACCTFROM><BANKTRANLIST><DTSTART>20240101<DTEND>20240131${transactions}</BANKTRANLIST><LEDGERBAL><BALAMT>1520.10<DTASOF>20240131</LEDGERBAL></STMTRS></STMTTRNRS>`;
}

const sgml = (body: string) => utf8(`${SGML_HEADER}<OFX>${SIGNON}<BANKMSGSRSV1>${body}</BANKMSGSRSV1></OFX>`);

describe('OFX', () => {
  it('reads an OFX 1.x SGML statement with unclosed leaf elements', () => {
    const result = parseStatement(
      sgml(
        bankStatement(
          '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105120000.000[-5:EST]<TRNAMT>-12.34<FITID>A1<NAME>TESCO STORES<MEMO>CARD 1234</STMTTRN>' +
            '<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240106<TRNAMT>1000<FITID>A2<NAME>ACME LTD SALARY</STMTTRN>',
        ),
      ),
    );
    expect(result.errors).toEqual([]);
    expect(result.format).toBe('ofx');
    expect(result.accounts).toEqual([
      { accountNumber: '12345678', bankId: '401234', sortCode: '401234', currency: 'GBP', accountType: 'CHECKING', closingBalance: { amount: '1520.10', date: '2024-01-31' } },
    ]);
    expect(result.transactions).toEqual([
      { datedOn: '2024-01-05', amount: '-12.34', description: 'TESCO STORES / CARD 1234', fitid: 'A1', transactionType: 'DEBIT', payee: 'TESCO STORES', memo: 'CARD 1234', accountIndex: 0, line: 11 },
      { datedOn: '2024-01-06', amount: '1000.00', description: 'ACME LTD SALARY', fitid: 'A2', transactionType: 'CREDIT', payee: 'ACME LTD SALARY', accountIndex: 0, line: 11 },
    ]);
  });

  it('keeps the calendar date as written whatever the time zone', () => {
    const result = parseStatement(sgml(bankStatement('<STMTTRN><TRNTYPE>POS<DTPOSTED>20240105233000.000[-8:PST]<TRNAMT>-1.00<FITID>1</STMTTRN>')));
    expect(result.transactions[0].datedOn).toBe('2024-01-05');
  });

  it('reads OFX 2.x XML, and an XML declaration over SGML-style unclosed leaves', () => {
    const closed = `<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="211"?>\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR</CURDEF><BANKACCTFROM><ACCTID>9</ACCTID></BANKACCTFROM><BANKTRANLIST><STMTTRN><TRNTYPE>XFER</TRNTYPE><DTPOSTED>20240201</DTPOSTED><TRNAMT>-5.00</TRNAMT><FITID>X</FITID><NAME>Caf&#233; &amp; Bar</NAME></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    expect(parseStatement(utf8(closed)).transactions).toMatchObject([{ datedOn: '2024-02-01', amount: '-5.00', description: 'Café & Bar', transactionType: 'XFER' }]);
    const unclosed = `<?xml version="1.0"?>\n<?OFX OFXHEADER="200" VERSION="203"?>\n<OFX>\n<CREDITCARDMSGSRSV1>\n<CCSTMTTRNRS>\n<CCSTMTRS>\n<CURDEF>GBP\n<CCACCTFROM>\n<ACCTID>4111\n</CCACCTFROM>\n<BANKTRANLIST>\n<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20240301\n<TRNAMT>-7.50\n<FITID>1\n<NAME>TRAIN\n</STMTTRN>\n</BANKTRANLIST>\n</CCSTMTRS>\n</CCSTMTTRNRS>\n</CREDITCARDMSGSRSV1>\n</OFX>\n`;
    const card = parseStatement(utf8(unclosed));
    expect(card.accounts).toEqual([{ accountNumber: '4111', currency: 'GBP', accountType: 'CREDITCARD' }]);
    expect(card.transactions).toMatchObject([{ datedOn: '2024-03-01', amount: '-7.50', description: 'TRAIN', line: 12 }]);
  });

  it('survives a file with no header, bogus closing tags and commented-out blocks', () => {
    const broken = `<OFX>\n <CREDITCARDMSGSRSV1>\n  <CCSTMTRS>\n   <CURDEF>USD\n    <CCACCTFROM>\n     <ACCTID>3797\n     </ACCTID>\n    </CCACCTFROM>\n   <BANKTRANLIST>\n    <STMTTRN>\n     <TRNTYPE>DEBIT\n      <DTPOSTED>20131124\n       <TRNAMT>-143.94\n        <NAME>PRUNE\n        </NAME>\n       </TRNAMT>\n      </DTPOSTED>\n     </TRNTYPE>\n    </STMTTRN>\n    <!-- <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20131125<TRNAMT>-1.00</STMTTRN> -->\n    <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20131126<TRNAMT>-18.76<NAME>MARKET</STMTTRN>\n   </BANKTRANLIST>\n  </CCSTMTRS>\n </CREDITCARDMSGSRSV1>\n</OFX>`;
    const result = parseStatement(utf8(broken));
    expect(result.errors).toEqual([]);
    expect(result.transactions.map((t) => [t.datedOn, t.amount, t.description])).toEqual([
      ['2013-11-24', '-143.94', 'PRUNE'],
      ['2013-11-26', '-18.76', 'MARKET'],
    ]);
  });

  it('reads several statements, one account each, and decimal-comma amounts', () => {
    const result = parseStatement(
      sgml(
        bankStatement('<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-200,00<FITID>1</STMTTRN>', '<BANKID>1<ACCTID>111<ACCTTYPE>CHECKING', 'EUR') +
          bankStatement('<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240106<TRNAMT>3,5<FITID>2</STMTTRN>', '<BANKID>1<ACCTID>222<ACCTTYPE>SAVINGS', 'EUR'),
      ),
    );
    expect(result.accounts.map((a) => [a.accountNumber, a.accountType])).toEqual([
      ['111', 'CHECKING'],
      ['222', 'SAVINGS'],
    ]);
    expect(result.transactions.map((t) => [t.amount, t.accountIndex])).toEqual([
      ['-200.00', 0],
      ['3.50', 1],
    ]);
  });

  it('decodes CHARSET:1252 names, pound and euro signs included', () => {
    const text = `${SGML_HEADER}<OFX>${bankStatement('<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-3.00<FITID>1<NAME>Café €3 — £2</STMTTRN>')}</OFX>`;
    expect(parseStatement(singleByte(text, WINDOWS_1252)).transactions[0].description).toBe('Café €3 — £2');
  });

  it('takes the cash lines of an investment statement and refuses one that has none', () => {
    const investment = (lines: string) =>
      utf8(`${SGML_HEADER}<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><CURDEF>USD<INVACCTFROM><BROKERID>b<ACCTID>X1</INVACCTFROM><INVTRANLIST><DTSTART>20240101<DTEND>20240131${lines}</INVTRANLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>`);
    const buy = '<BUYSTOCK><INVBUY><INVTRAN><FITID>B1<DTTRADE>20240102</INVTRAN><UNITS>10<TOTAL>-100.00</INVBUY><BUYTYPE>BUY</BUYSTOCK>';
    const cash = '<INVBANKTRAN><STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240103<TRNAMT>500.00<FITID>C1<NAME>DEPOSIT</STMTTRN><SUBACCTFUND>CASH</INVBANKTRAN>';
    const mixed = parseStatement(investment(buy + cash));
    expect(mixed.transactions).toMatchObject([{ amount: '500.00', description: 'DEPOSIT' }]);
    expect(mixed.accounts[0].accountType).toBe('INVESTMENT');
    expect(mixed.warnings.map((w) => w.message).join()).toMatch(/1 investment transactions .* left out/);
    const tradesOnly = parseStatement(investment(buy));
    expect(tradesOnly.transactions).toEqual([]);
    expect(tradesOnly.errors[0].message).toMatch(/investment statement with no cash lines/);
  });

  it('refuses account lists, sign-on failures and server errors, saying which', () => {
    const list = parseStatement(utf8(`${SGML_HEADER}<OFX>${SIGNON}<SIGNUPMSGSRSV1><ACCTINFOTRNRS><ACCTINFORS><ACCTINFO><DESC>Checking</ACCTINFO></ACCTINFORS></ACCTINFOTRNRS></SIGNUPMSGSRSV1></OFX>`));
    expect(list.errors[0].message).toMatch(/list of accounts/);
    const signOn = parseStatement(utf8(`${SGML_HEADER}<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR<MESSAGE>Wrong password</STATUS></SONRS></SIGNONMSGSRSV1></OFX>`));
    expect(signOn.errors[0].message).toMatch(/sign-on error 15500: Wrong password/);
    const server = parseStatement(utf8(`${SGML_HEADER}<OFX>${SIGNON}<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>2000<SEVERITY>ERROR<MESSAGE>General error</STATUS></STMTTRNRS></BANKMSGSRSV1></OFX>`));
    expect(server.errors[0].message).toMatch(/error 2000: General error/);
    expect(parseStatement(utf8(`${SGML_HEADER}<OFX></OFX>`)).errors[0].message).toMatch(/holds no statement/);
  });

  it('reports a transaction without a date or amount and keeps the rest', () => {
    const result = parseStatement(
      sgml(bankStatement('<STMTTRN><TRNTYPE>DEBIT<TRNAMT>-1.00<FITID>1</STMTTRN><STMTTRN><TRNTYPE>DEBIT<DTUSER>20240109<TRNAMT>-2.00<FITID>2</STMTTRN><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240110<TRNAMT>lots<FITID>3</STMTTRN>')),
    );
    expect(result.transactions).toMatchObject([{ datedOn: '2024-01-09', amount: '-2.00' }]);
    expect(result.warnings.map((w) => w.message)).toContain('This transaction has no posting date (DTPOSTED); the date the user made it (DTUSER) was used.');
    expect(result.errors.map((e) => e.message)).toEqual([
      'This transaction was not imported: no readable date (DTPOSTED missing).',
      'This transaction was not imported: no readable amount (TRNAMT "lots").',
    ]);
  });
});
