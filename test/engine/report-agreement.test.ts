import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { agedTable, cashflowTable, trialBalanceTable } from '../../main/engine/reports/pdf/report-tables';
import { heldAssetTotals } from '../../shared/api/capital_assets';
import { toMinor } from '../../shared/money';
import { moneyCell } from '../../renderer/sections/reports/report-csv';
import { capitalAssetSchema } from '../../renderer/lib/api/capital_assets';
import { agedCsv, balanceSheetCsv, cashflowCsv, fixedAssetsCsv, profitAndLossCsv, trialBalanceCsv } from '../../renderer/sections/reports/report-exports';
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
    await createSet(t, { dated_on: '2026-06-02', description: 'Year 2', journal_entries: [entry('681', '1200'), entry('001', '-1000'), entry('051', '-200'), entry('335', '60'), entry('797', '-60'), entry('362', '35.5'), entry('797', '-35.5')] });
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
    // Interest after operating profit (format 1 items 10 and 12): 1,000.00 - 60.00 = 940.00 operating,
    // + 200.00 received - 35.50 paid = 1,104.50 before taxation, in the CSV and the PDF alike.
    expect(csv).toContain(',Operating profit,940.00,679.50,260.50');
    expect(csv).toContain('051,Interest Received,200.00,0.00,200.00');
    expect(csv).toContain('362,Interest Payable,35.50,0.00,35.50');
    expect(csv).toContain(',Profit before taxation,1104.50,679.50,425.00');
    expect(csv).toContain(',Profit for the financial year,1104.50,679.50,425.00');
    expect(pdf).toContain('Interest payable and similar expenses 362 Interest Payable £35.50 £0.00 £35.50 Total interest payable and similar expenses £35.50 £0.00 £35.50 Profit before taxation £1,104.50 £679.50 £425.00');
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

  it('the fixed asset register prints in PDF and CSV every asset the screen lists, and the totals of those held', async () => {
    const t = createTestBook();
    const asset = (description: string, purchasedOn: string, cost: string) =>
      t.json('POST', '/v2/capital_assets', {
        body: { capital_asset: { description, asset_type: 'Computer Equipment', purchased_on: purchasedOn, cost, depreciation_profile: { method: 'straight_line', asset_life_years: 3, frequency: 'annually' } } },
      });
    // 30 assets: more than one page of the list, so the PDF must not stop at the first page.
    for (let index = 1; index <= 30; index++) expect((await asset(`Laptop ${index}`, `2025-0${(index % 9) + 1}-15`, `${1000 + index}.50`)).status).toBe(201);
    const sold = await asset('Old server', '2024-05-01', '3000.00');
    expect((await t.json('PUT', `/v2/capital_assets/${sold.body.capital_asset.url.split('/').pop()}`, { body: { capital_asset: { disposed_on: '2026-03-31', disposal_proceeds: '500' } } })).status).toBe(200);
    const asAt = 'as_at_date=2026-06-30';
    // The screen reads every page of the list (lib/api/capital_assets); so does this.
    const screen = [];
    for (let page = 1; ; page++) {
      const listed = (await t.json('GET', `/v2/capital_assets?${asAt}&per_page=10&page=${page}`)).body.capital_assets;
      if (listed.length === 0) break;
      screen.push(...capitalAssetSchema.array().parse(listed));
    }
    expect(screen).toHaveLength(31);
    const totals = heldAssetTotals(screen, 'GBP');
    const pdf = await pdfText(t, `/v2/reports/fixed_assets/pdf?${asAt}`);
    const csv = fixedAssetsCsv(screen, 'GBP').trim().split('\r\n').slice(1);
    expect(csv).toHaveLength(32);
    screen.forEach((line, index) => {
      expect(pdf).toContain(`${line.description} Computer Equipment ${line.purchased_on}`);
      expect(pdf).toContain(`${printed(line.cost)} ${printed(line.accumulated_depreciation ?? '0')} ${printed(line.net_book_value ?? '0')}`);
      expect(csv[index]!.startsWith(`${line.description},Computer Equipment,${line.purchased_on},${line.disposed_on ?? ''},`)).toBe(true);
    });
    // The disposed server is listed but not in the totals: they are the balance sheet's tangible assets.
    // 1,001.50 + 1,002.50 + ... + 1,030.50 = 30 x 1,000.50 + (1 + ... + 30) = 30,480.00; the server's 3,000.00 is not counted.
    expect(toMinor(totals.cost)).toBe(3_048_000);
    expect(toMinor(totals.cost) - toMinor(totals.depreciation)).toBe(toMinor(totals.netBookValue));
    expect(toMinor(totals.depreciation)).toBeGreaterThan(0);
    expect(pdf).toContain(`Assets held ${printed(totals.cost)} ${printed(totals.depreciation)} ${printed(totals.netBookValue)}`);
    expect(csv[31]).toBe(`Assets held,,,,${moneyCell(totals.cost)},${moneyCell(totals.depreciation)},${moneyCell(totals.netBookValue)}`);
    expect(csv[31]).toMatch(/^Assets held,,,,30480\.00,\d+\.\d\d,\d+\.\d\d$/);
  });
});
