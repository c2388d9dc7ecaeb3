import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { agedTable, cashflowTable, trialBalanceTable } from '../../main/engine/reports/pdf/report-tables';
import { agedCsv, balanceSheetCsv, cashflowCsv, profitAndLossCsv, trialBalanceCsv } from '../../renderer/sections/reports/report-exports';
import { agedReportSchema, balanceSheetSchema, cashflowSchema, profitAndLossDetailSchema, trialBalanceLineSchema } from '../../renderer/lib/api/reports';
import { contact, pay, sentInvoice, item } from './sales-helpers';
import { bankAccount } from './banking-helpers';
import { createTestBook, ORIGIN, type TestBook } from './harness';
import { createSet, entry } from './journal-helpers';

// Issue 24 item 3: the screen, the PDF and the CSV of the balance sheet print the same lines with the
// same figures and signs. The screen renders the JSON's layout line for line (BalanceSheetReport.svelte);
// the PDF is made by the engine from that layout; the CSV by the renderer from it.

const standardFontDataUrl = `${join(process.cwd(), 'node_modules', 'pdfjs-dist', 'standard_fonts')}/`;

async function pdfText(t: TestBook, path: string): Promise<string> {
  const response = await t.json('GET', path);
  expect(response.status).toBe(200);
  const pdf = await getDocument({ data: new Uint8Array(Buffer.from(response.body.pdf.content, 'base64')), standardFontDataUrl, isEvalSupported: false }).promise;
  let text = '';
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    text += ` ${content.items.map((item) => ('str' in item ? item.str : '')).join(' ')}`;
  }
  return text.replace(/\s+/g, ' ');
}

/** "-1500.0" as the PDF prints money: "-£1,500.00". */
function printed(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole, fraction = ''] = amount.replace('-', '').split('.');
  return `${negative ? '-' : ''}£${Number(whole).toLocaleString('en-GB')}.${fraction.padEnd(2, '0')}`;
}

describe('reports on screen, in PDF and in CSV', () => {
  it('has the same lines, figures and signs in all three, and money in the CSV has two decimals', async () => {
    const t = createTestBook({ vatRegistered: true });
    const owner = `${ORIGIN}/v2/users/${t.ownerId}`;
    await bankAccount(t, { opening_balance: '480' });
    await createSet(t, { dated_on: '2026-06-01', description: 'Director lent 1,500.00', journal_entries: [entry('681', '1500'), entry('907', '-1500', { user: owner })] });
    await createSet(t, { dated_on: '2026-06-02', description: 'Sale', journal_entries: [entry('681', '1200'), entry('001', '-1000'), entry('819', '-200')] });
    const json = (await t.json('GET', '/v2/accounting/balance_sheet?as_at_date=2026-11-22')).body.balance_sheet;
    const sheet = balanceSheetSchema.parse(json);
    const pdf = await pdfText(t, '/v2/reports/balance_sheet/pdf?as_at_date=2026-11-22');
    const csv = balanceSheetCsv(sheet).trim().split('\r\n').slice(1);

    expect(sheet.layout.length).toBeGreaterThan(10);
    expect(csv).toHaveLength(sheet.layout.length);
    sheet.layout.forEach((line, index) => {
      const code = line.nominal_code ?? '';
      if (line.amount === undefined) {
        expect(pdf).toContain(line.label);
        expect(csv[index]).toBe(`,${line.label},`);
        return;
      }
      expect(pdf).toContain(`${code ? `${code} ` : ''}${line.label} ${printed(line.amount)}`);
      const [whole, fraction = ''] = line.amount.split('.');
      expect(csv[index]).toBe(`${code},${line.label.includes(',') ? `"${line.label}"` : line.label},${whole}.${fraction.padEnd(2, '0')}`);
    });
    // The bank's 480 reads "480.00", never "480.0"; the director's loan is a creditor of +1,500.00.
    expect(csv).toContain('750-1,Bank Account: Current,480.00');
    expect(csv.some((row) => /^907-1,.*,1500\.00$/.test(row))).toBe(true);
  });

  it('the detailed profit and loss compared with the year before has the same lines and figures in all three', async () => {
    const t = createTestBook();
    await createSet(t, { dated_on: '2025-09-01', description: 'Year 1', journal_entries: [entry('681', '800'), entry('001', '-800'), entry('285', '120.5'), entry('797', '-120.5')] });
    await createSet(t, { dated_on: '2026-06-02', description: 'Year 2', journal_entries: [entry('681', '1200'), entry('001', '-1000'), entry('051', '-200'), entry('335', '60'), entry('797', '-60')] });
    const query = 'from_date=2026-05-01&to_date=2027-04-30&compare=previous_period';
    const report = profitAndLossDetailSchema.parse((await t.json('GET', `/v2/accounting/profit_and_loss/detail?${query}`)).body.profit_and_loss_detail);
    const pdf = await pdfText(t, `/v2/reports/profit_and_loss/pdf?${query}`);
    const csv = profitAndLossCsv(report).trim().split('\r\n').slice(1);
    expect(csv).toHaveLength(report.lines.length);
    report.lines.forEach((line, index) => {
      const label = line.nominal_code ? `${line.nominal_code} ${line.label}` : line.label;
      if (line.kind === 'heading') {
        expect(pdf).toContain(label);
        expect(csv[index]).toBe(`,${line.label},,,`);
        return;
      }
      expect(pdf).toContain(`${label} ${[...line.amounts, line.change!].map(printed).join(' ')}`);
      const two = (amount: string) => `${amount.split('.')[0]}.${(amount.split('.')[1] ?? '').padEnd(2, '0')}`;
      expect(csv[index]).toBe([line.nominal_code ?? '', line.label, ...line.amounts.map(two), two(line.change!)].join(','));
    });
    expect(csv).toContain('285,Accommodation and Meals,0.00,120.50,-120.50');
  });

  it('the trial balance, the cashflow and the aged debtors print in PDF the rows and figures their CSV has', async () => {
    const t = createTestBook();
    const bank = await bankAccount(t, { opening_balance: '480' });
    const customer = await contact(t, { organisation_name: 'Acme Ltd' });
    const sale = await sentInvoice(t, { contact: customer, dated_on: '2026-06-01', invoice_items: [item({ price: '250.5' })] });
    expect((await pay(t, sale.url, '100', { account: bank, dated_on: '2026-06-20' })).status).toBe(201);
    const period = 'from_date=2026-05-01&to_date=2026-11-22';
    const trial = trialBalanceLineSchema.array().parse((await t.json('GET', `/v2/accounting/trial_balance/summary?${period}`)).body.trial_balance_summary);
    const flow = cashflowSchema.parse((await t.json('GET', `/v2/cashflow?${period}`)).body.cashflow);
    const aged = agedReportSchema.parse((await t.json('GET', '/v2/accounting/aged_debtors?as_at_date=2026-11-22')).body.aged_debtors);
    const two = (cell: string) => (/^-?\d+\.\d$/.test(cell) ? `${cell}0` : /^-?\d+$/.test(cell) ? `${cell}.00` : cell);
    const cases = [
      { csv: trialBalanceCsv(trial), table: trialBalanceTable(trial, '2026-05-01', '2026-11-22') },
      { csv: cashflowCsv(flow), table: cashflowTable(flow) },
      { csv: agedCsv(aged), table: agedTable('Aged debtors', aged) },
    ];
    for (const { csv, table } of cases) {
      const rows = csv.trim().split('\r\n').slice(1);
      expect(rows.length, table.title).toBe(table.rows.length);
      expect(rows.length, table.title).toBeGreaterThan(0);
      table.rows.forEach((row, index) => expect(rows[index], table.title).toBe(row.cells.map((cell, column) => (table.amountColumns.includes(column) ? two(cell) : cell)).join(',')));
    }
  });
});
