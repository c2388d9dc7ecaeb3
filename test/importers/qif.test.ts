import { describe, expect, it } from 'vitest';
import { parseStatement } from '../../main/importers';
import { singleByte, utf8, WINDOWS_1252 } from './bytes';

const qif = (text: string) => parseStatement(utf8(text), { fileName: 'export.qif' });

describe('QIF', () => {
  it('reads a bank section with US dates, payees, memos and cheque numbers', () => {
    const result = qif('!Type:Bank\nD1/ 5\'24\nT-1,000.00\nN1005\nPRent\nMJanuary\n^\nD12/31/2023\nU75.00\nT75.00\nPDeposit\n^\n');
    expect(result.errors).toEqual([]);
    expect(result.format).toBe('qif');
    expect(result.accounts).toEqual([{ accountType: 'BANK' }]);
    expect(result.transactions).toEqual([
      { datedOn: '2024-01-05', amount: '-1000.00', description: 'Rent', payee: 'Rent', memo: 'January', reference: '1005', accountIndex: 0, line: 2 },
      { datedOn: '2023-12-31', amount: '75.00', description: 'Deposit', payee: 'Deposit', accountIndex: 0, line: 8 },
    ]);
  });

  it('reads day-first dates when a day above 12 says so, and warns when nothing does', () => {
    expect(qif('!Type:Bank\nD01/05/2024\nT-1.00\n^\nD22/12/2024\nT-2.00\n^\n').transactions.map((t) => t.datedOn)).toEqual(['2024-05-01', '2024-12-22']);
    const ambiguous = qif('!Type:Bank\nD01/05/2024\nT-1.00\n^\n');
    expect(ambiguous.transactions[0].datedOn).toBe('2024-01-05');
    expect(ambiguous.warnings[0].message).toMatch(/month first/);
    expect(parseStatement(utf8('!Type:Bank\nD01/05/2024\nT-1.00\n^\n'), { dateOrder: 'dmy' }).transactions[0].datedOn).toBe('2024-05-01');
  });

  it('puts each !Account block\'s transactions under its own account, cash and card included', () => {
    const result = qif(
      '!Option:AutoSwitch\n!Account\nNChecking\nTBank\n^\nNWallet\nTCash\n^\n!Clear:AutoSwitch\n' +
        '!Account\nNChecking\nTBank\n^\n!Type:Bank\nD2024-01-02\nT-10.00\nPShop\n^^\n' +
        '!Account\nNWallet\nTCash\n^\n!Type:Cash\nD2024-01-03\nT-2.50\nPCoffee\n^^\n' +
        '!Account\nNVisa\nTCCard\n^\n!Type:CCard\nD2024-01-04\nT-99.99\nPAirline\n^^\n',
    );
    expect(result.accounts).toEqual([{ accountType: 'BANK' }, { accountType: 'CASH' }, { accountType: 'CREDITCARD' }]);
    expect(result.transactions.map((t) => [t.description, t.accountIndex])).toEqual([
      ['Shop', 0],
      ['Coffee', 1],
      ['Airline', 2],
    ]);
  });

  it('skips lists, comments and splits, and keeps an unterminated last record', () => {
    const result = qif('# exported by hand\n!Type:Cat\nNFood\nDGroceries\n^\n!Type:Bank \nD03/03/10\nT-379.00\nPShop\nSFood\n$-379.00\n^\nD03/04/10\nT-1.00\nPLast');
    expect(result.transactions.map((t) => [t.datedOn, t.amount, t.description])).toEqual([
      ['2010-03-03', '-379.00', 'Shop'],
      ['2010-03-04', '-1.00', 'Last'],
    ]);
  });

  it('takes cash lines from an investment section and refuses one of trades alone', () => {
    const mixed = qif('!Type:Invst\nD1/2/24\nNBuy\nYACME\nI10\nQ5\nT50.00\n^\nD1/3/24\nNXIn\nT500.00\nPTransfer in\n^\n');
    expect(mixed.transactions).toMatchObject([{ datedOn: '2024-01-03', amount: '500.00', description: 'Transfer in' }]);
    expect(mixed.warnings.map((w) => w.message).join()).toMatch(/left out/);
    const trades = qif('!Type:Invst\nD1/2/24\nNBuyX\nYACME\nT50.00\nL[Checking]\n^\n');
    expect(trades.transactions).toEqual([]);
    expect(trades.errors[0].message).toMatch(/investment transactions only/);
  });

  it('refuses lists alone, and garbage', () => {
    expect(qif('!Type:Memorized\nT-50.00\nPRent\nKC\n^\n').errors[0].message).toMatch(/only lists/);
    expect(parseStatement(utf8('not a qif at all'), { fileName: 'x.qif' }).errors[0].message).toMatch(/no !Type header/);
  });

  it('decodes Windows-1252 payees', () => {
    const result = parseStatement(singleByte('!Type:Bank\nD03/03/10\nT-379.00\nPSOME £$™€ CHARACTERS\n^\n', WINDOWS_1252));
    expect(result.transactions[0].payee).toBe('SOME £$™€ CHARACTERS');
  });
});
