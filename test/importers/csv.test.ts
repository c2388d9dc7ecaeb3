import { describe, expect, it } from 'vitest';
import { parseStatement } from '../../main/importers';
import type { CsvColumnMapping } from '../../main/importers';
import { singleByte, utf16, utf8 } from './bytes';

const csv = (text: string, options = {}) => parseStatement(utf8(text), { fileName: 'statement.csv', ...options });
const rows = (result: ReturnType<typeof csv>) => result.transactions.map((t) => [t.datedOn, t.amount, t.description]);

describe('CSV', () => {
  it('reads a UK export: preamble, header, Paid out / Paid in, £ in Latin-1, day-month-name dates', () => {
    const text =
      '"Account Name:","Current ****1234"\r\n"Account Balance:","£100.00"\r\n\r\n' +
      '"Date","Transaction type","Description","Paid out","Paid in","Balance"\r\n' +
      '"13 Jun 2025","Direct debit","WATER BILL","£30.00","","£200.00"\r\n' +
      '"28 Jun 2025","Transfer from","J SMITH","","£1,100.00","£1,300.00"\r\n';
    const result = parseStatement(singleByte(text), { fileName: 'nationwide.csv' });
    expect(result.errors).toEqual([]);
    expect(rows(result)).toEqual([
      ['2025-06-13', '-30.00', 'WATER BILL'],
      ['2025-06-28', '1100.00', 'J SMITH'],
    ]);
    expect(result.transactions[0].line).toBe(5);
    expect(result.csv?.header).toEqual(['Date', 'Transaction type', 'Description', 'Paid out', 'Paid in', 'Balance']);
    expect(result.csv?.mapping).toMatchObject({ delimiter: ',', headerRow: 2, firstDataRow: 3, date: 0, paidOut: 3, paidIn: 4, description: [2], balance: 5 });
  });

  it('reads semicolons, decimal commas with dot thousands, and dd.mm.yyyy', () => {
    const result = csv('Buchungstag;Verwendungszweck;Betrag;Kontostand\n01.02.2024;Miete;-1.234,56;10.000,00\n15.02.2024;Gehalt;2.500,00;12.500,00\n');
    expect(result.csv?.mapping).toMatchObject({ delimiter: ';', decimalComma: true, amount: 2 });
    expect(rows(result)).toEqual([
      ['2024-02-01', '-1234.56', 'Miete'],
      ['2024-02-15', '2500.00', 'Gehalt'],
    ]);
  });

  it("reads tabs, Swiss 11'373.94 thousands and Débit/Crédit columns", () => {
    const result = csv("Date de valeur\tDescription 1\tDébit\tCrédit\tSolde\n31.03.2019\tFrais\t10.00\t\t11'373.94\n28.02.2019\tVirement\t\t1'240.00\t11'383.94\n");
    expect(result.csv?.mapping).toMatchObject({ delimiter: '\t', paidOut: 2, paidIn: 3 });
    expect(rows(result)).toEqual([
      ['2019-03-31', '-10.00', 'Frais'],
      ['2019-02-28', '1240.00', 'Virement'],
    ]);
  });

  it('settles the date order from a day above 12 anywhere in the file', () => {
    const lines = ['Date,Description,Amount'];
    for (let i = 0; i < 3000; i++) lines.push(`0${1 + (i % 9)}/0${1 + (i % 7)}/2024,Row ${i},-1.00`);
    lines.push('25/12/2024,Christmas,-9.99');
    const result = csv(lines.join('\n'));
    expect(result.errors).toEqual([]);
    expect(result.csv?.mapping.dateOrder).toBe('dmy');
    expect(result.transactions[1].datedOn).toBe('2024-02-02');
    expect(result.transactions.at(-1)?.datedOn).toBe('2024-12-25');
    expect(csv('Date,Description,Amount\n03/04/2024,A,-1.00\n12/13/2024,B,-2.00\n').transactions[0].datedOn).toBe('2024-03-04');
  });

  it('asks for the date order when nothing settles it, and uses the one given', () => {
    const text = 'Date,Description,Amount\n03/04/2024,A,-1.00\n01/02/2024,B,-2.00\n05/06/2024,C,-3.00\n';
    const ambiguous = csv(text);
    expect(ambiguous.transactions).toEqual([]);
    expect(ambiguous.errors[0].message).toMatch(/^date order is ambiguous: pass dateOrder/);
    expect(ambiguous.csv?.mapping).toMatchObject({ date: 0, amount: 2, dateOrder: 'dmy' });
    expect(rows(csv(text, { dateOrder: 'mdy' }))[0]).toEqual(['2024-03-04', '-1.00', 'A']);
    expect(rows(csv(text, { dateOrder: 'dmy' }))[0]).toEqual(['2024-04-03', '-1.00', 'A']);
  });

  it('uses weaker evidence with a warning: decimal commas, rows in date order', () => {
    const comma = csv('Date;Text;Amount\n01/02/2024;A;-1,50\n');
    expect(comma.transactions[0].datedOn).toBe('2024-02-01');
    expect(comma.warnings[0].message).toMatch(/decimal comma/);
    const sorted = csv('Date,Text,Amount\n01/02/2024,A,-1.00\n01/03/2024,B,-1.00\n02/01/2024,C,-1.00\n');
    expect(sorted.transactions.map((t) => t.datedOn)).toEqual(['2024-01-02', '2024-01-03', '2024-02-01']);
    expect(sorted.warnings[0].message).toMatch(/month first .* date order/);
  });

  it('reads signs and symbols: -$7,971.39, and CR marks on a card export that shows spending positive', () => {
    expect(rows(csv('DATE,DESCRIPTION,AMOUNT\n"12/31/2021","TRANSFER","-$7,971.39"\n"12/30/2021","DEPOSIT","$6,000.36"\n'))).toEqual([
      ['2021-12-31', '-7971.39', 'TRANSFER'],
      ['2021-12-30', '6000.36', 'DEPOSIT'],
    ]);
    const card = csv('Date Processed,Description,Amount,\n28-Mar-2020,AMAZON,£99.99,\n21-Apr-2020,DIRECT DEBIT,"+ £1,234.56",CR\n');
    expect(card.csv?.mapping.creditDebit).toBe(3);
    expect(rows(card)).toEqual([
      ['2020-03-28', '-99.99', 'AMAZON'],
      ['2020-04-21', '1234.56', 'DIRECT DEBIT'],
    ]);
  });

  it("reads FreeAgent's own three-column CSV, commas in descriptions included", () => {
    const result = csv('01/10/2025,-50,Savings Account\n02/10/2025,-6.07,Amazon Web Services, Inc\n03/10/2025,100,Dunder Mifflin\n');
    expect(result.format).toBe('freeagent-csv');
    expect(rows(result)).toEqual([
      ['2025-10-01', '-50.00', 'Savings Account'],
      ['2025-10-02', '-6.07', 'Amazon Web Services, Inc'],
      ['2025-10-03', '100.00', 'Dunder Mifflin'],
    ]);
  });

  it('uses a mapping given in the options instead of guessing', () => {
    const mapping: CsvColumnMapping = { delimiter: ',', headerRow: 0, firstDataRow: 1, date: 1, dateOrder: 'mdy', decimalComma: false, amount: 2, invertSign: true, description: [0] };
    const result = csv('Card,Posted,Charge\nVISA,01/02/2024,12.00\n', { columnMapping: mapping });
    expect(rows(result)).toEqual([['2024-01-02', '-12.00', 'VISA']]);
    expect(result.csv).toEqual({ mapping, header: ['Card', 'Posted', 'Charge'] });
  });

  it('reads quoted line breaks, lone-CR line ends and UTF-16', () => {
    expect(rows(csv('Date,Description,Amount\r2024-01-02,"two\nlines",-1.00\r2024-01-03,"say ""hi""",2.00\r'))).toEqual([
      ['2024-01-02', '-1.00', 'two lines'],
      ['2024-01-03', '2.00', 'say "hi"'],
    ]);
    expect(rows(parseStatement(utf16('Date,Description,Amount\n2024-01-02,Café,-£1.00\n', 'le')))).toEqual([['2024-01-02', '-1.00', 'Café']]);
  });

  it('skips footers with a warning and reports rows whose date cannot be read', () => {
    const result = csv('Date,Description,Amount\n2024-01-02,A,-1.00\n99 Jan 2024,B,-2.00\n2024-01-04,C,-3.00\nTotal,,-6.00\n***END OF FILE***\n');
    expect(rows(result)).toEqual([
      ['2024-01-02', '-1.00', 'A'],
      ['2024-01-04', '-3.00', 'C'],
    ]);
    expect(result.errors).toEqual([{ message: 'This row was not imported: "99 Jan 2024" is not a real date.', line: 3 }]);
    expect(result.warnings).toEqual([{ message: '2 rows without a date were skipped as not being transactions (lines 5, 6).' }]);
  });

  it('gives each currency of a multi-currency export its own account', () => {
    const result = csv('Date,Name,Currency,Net\n29/12/2015,A,USD,79.75\n12/02/2016,B,EUR,43.34\n13/02/2016,C,USD,-5.00\n');
    expect(result.accounts).toEqual([{ currency: 'USD' }, { currency: 'EUR' }]);
    expect(result.transactions.map((t) => t.accountIndex)).toEqual([0, 1, 0]);
  });

  it('refuses a file with no dates', () => {
    const result = csv('Name,Score\nAlice,10\nBob,12\n');
    expect(result.transactions).toEqual([]);
    expect(result.errors[0].message).toMatch(/No column of this file holds dates/);
  });
});
