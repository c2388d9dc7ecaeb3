import { describe, expect, it } from 'vitest';
import { Level } from '../../shared/api/permissions';
import { toMinor } from '../../shared/money';
import { createTestBook, type TestBook } from './harness';
import { insertContact } from './purchases-helpers';
import { bankAccount, explainedLine, postDocument } from './report-fixtures';
import { contact, sentInvoice } from './sales-helpers';
import { readXml } from './xml-reader';

// The Ledgerdesk extension GET /v2/vat_returns/:period_ends_on/boxes/:box_number/transactions.
// The default test book registers for VAT on 2025-05-01; the clock says 2026-11-22.
const vatBook = () => createTestBook({ vatRegistered: true });
const PERIOD = '2026-10-31';

const boxPath = (endsOn: string, box: number | string) => `/v2/vat_returns/${endsOn}/boxes/${box}/transactions`;
const behind = async (t: TestBook, box: number, endsOn = PERIOD) => {
  const response = await t.json('GET', boxPath(endsOn, box));
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return response.body.vat_return_box;
};

/** box number -> value in minor units, from the return's own breakdown. */
async function returnBoxes(t: TestBook, endsOn = PERIOD): Promise<Record<number, number>> {
  const { body } = await t.json('GET', `/v2/vat_returns/${endsOn}`);
  return Object.fromEntries(body.vat_return.breakdown.rows.map((row: any) => [row.box_number, toMinor(row.value, 'GBP')]));
}

const sumMinor = (transactions: { amount: string }[]) => transactions.reduce((sum, entry) => sum + toMinor(entry.amount, 'GBP'), 0);
const dropPence = (minor: number) => minor - (minor % 100);

/** A quarter with an invoice, a bill, bank lines either way (one exempt, one out of scope, one MOSS), and an EC acquisition. */
async function busyQuarter(): Promise<{ t: TestBook; invoice: any; bill: any }> {
  const t = vatBook();
  const customer = await contact(t, { organisation_name: 'Bright Customer Ltd' });
  const invoice = await sentInvoice(t, {
    contact: customer,
    dated_on: '2026-09-15',
    reference: 'INV-7',
    invoice_items: [{ description: 'Consulting', item_type: 'Hours', price: '450.55', quantity: '2', sales_tax_rate: '20' }],
  });
  const supplier = insertContact(t, 'Paper Supplies Ltd');
  const created = await t.json('POST', '/v2/bills', {
    body: { bill: { contact: supplier, reference: 'PS-31', dated_on: '2026-10-05', due_on: '2026-11-04', bill_items: [{ category: '285', total_value: '240.30', sales_tax_rate: '20' }] } },
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const account = await bankAccount(t);
  await explainedLine(t, account, { dated_on: '2026-08-03', amount: '1200.00' }, { category: '001' });
  await explainedLine(t, account, { dated_on: '2026-09-03', amount: '-120.07' }, { category: '285' });
  await explainedLine(t, account, { dated_on: '2026-10-01', amount: '-60.50' }, { category: '285', sales_tax_status: 'EXEMPT' });
  await explainedLine(t, account, { dated_on: '2026-10-02', amount: '-70.00' }, { category: '285', sales_tax_status: 'OUT_OF_SCOPE' });
  await explainedLine(t, account, { dated_on: '2026-10-03', amount: '121.00' }, { category: '001', ec_status: 'EC VAT MOSS', place_of_supply: 'Netherlands', sales_tax_rate: '21' });
  // Outside the period: never listed.
  await explainedLine(t, account, { dated_on: '2026-07-31', amount: '600.00' }, { category: '001' });
  await explainedLine(t, account, { dated_on: '2026-11-01', amount: '600.00' }, { category: '001' });
  // Goods bought from an EU supplier (reverse charge) and dispatched to an EU customer.
  postDocument(t, '2026-09-10', [
    { code: '101', debit: 100_033, salesTaxStatus: 'TAXABLE', ecStatus: 'EC Goods' },
    { code: '818', debit: 20_007 },
    { code: '819', debit: -20_007 },
    { code: '796', debit: -100_033 },
  ], 'bills');
  postDocument(t, '2026-09-11', [{ code: '001', debit: -50_050, salesTaxStatus: 'TAXABLE', ecStatus: 'EC Goods' }, { code: '681', debit: 50_050 }], 'invoices');
  return { t, invoice, bill: created.body.bill };
}

describe('the transactions behind a VAT return box (Ledgerdesk extension)', () => {
  it('adds up to every box: to the penny for boxes 1 to 5, and with the pence dropped for boxes 6 to 9', async () => {
    const { t } = await busyQuarter();
    const figures = await returnBoxes(t);
    // The quarter has something in every box, so no box is trivially empty.
    for (const box of [1, 2, 3, 4, 5, 6, 7, 8, 9]) expect(figures[box], `box ${box}`).not.toBe(0);
    for (const box of [1, 2, 3, 4, 5, 6, 7, 8, 9]) {
      const record = await behind(t, box);
      const total = sumMinor(record.transactions);
      expect(toMinor(record.transactions_total, 'GBP'), `box ${box} total`).toBe(total);
      expect(toMinor(record.value, 'GBP'), `box ${box} value`).toBe(figures[box]);
      expect(box >= 6 ? dropPence(total) : total, `box ${box}`).toBe(figures[box]);
    }
    // Box 7 has pence to drop (120.07 / 1.2 + 200.25 + 60.50 + 1000.33): the list shows the exact sum.
    expect((await behind(t, 7)).transactions_total).toBe('1361.14');
    expect(figures[7]).toBe(136_100);
  });

  it('box 1 shows the invoice behind it: its date, description, category and source document, in date order', async () => {
    const { t, invoice } = await busyQuarter();
    const record = await behind(t, 1);
    expect(record).toMatchObject({
      vat_return: 'http://127.0.0.1:9999/v2/vat_returns/2026-10-31',
      box_number: 1,
      key: 'vatDueSales',
      title: 'VAT due in the period on sales and other outputs',
      value: '380.22',
    });
    expect(record.transactions.map((entry: any) => [entry.dated_on, entry.amount, entry.nominal_code])).toEqual([
      ['2026-08-03', '200.0', '819'],
      ['2026-09-15', '180.22', '819'],
    ]);
    const fromInvoice = record.transactions[1];
    expect(fromInvoice.source_item_url).toBe(invoice.url);
    expect(fromInvoice.description).toContain('INV-7');
    expect(fromInvoice.category_name).toBe('VAT Charged');
    expect(fromInvoice.url).toMatch(/^http:\/\/127\.0\.0\.1:9999\/v2\/accounting\/transactions\/\d+$/);
    // The url reads back as the accounting transaction it is.
    const posting = await t.json('GET', new URL(fromInvoice.url).pathname);
    expect(posting.body.transaction).toMatchObject({ debit_value: '-180.22', source_item_url: invoice.url });
  });

  it('keeps the reverse charge apart: the acquisition VAT is in box 2 and box 4, not box 1; its net in boxes 7 and 9', async () => {
    const { t, bill } = await busyQuarter();
    const sources = async (box: number) => (await behind(t, box)).transactions.map((entry: any) => `${new URL(entry.source_item_url).pathname.split('/')[2]} ${entry.amount}`);
    expect(await sources(2)).toEqual(['bills 200.07']);
    expect(await sources(1)).not.toContain('bills 200.07');
    expect(await sources(4)).toEqual(['bank_transaction_explanations 20.01', 'bills 200.07', 'bills 40.05']);
    expect(await sources(9)).toEqual(['bills 1000.33']);
    expect(await sources(8)).toEqual(['invoices 500.5']);
    // Box 5 lists boxes 1 and 2 as they are and box 4 against them.
    const box5 = (await behind(t, 5)).transactions.map((entry: any) => entry.amount);
    expect(box5).toContain('-40.05');
    expect((await behind(t, 4)).transactions.some((entry: any) => entry.source_item_url === bill.url)).toBe(true);
  });

  it('leaves out what is not on the return: out-of-scope and MOSS lines, lines outside the period', async () => {
    const { t } = await busyQuarter();
    const amounts = async (box: number) => (await behind(t, box)).transactions.map((entry: any) => entry.amount);
    expect(await amounts(7)).not.toContain('70.0');
    expect(await amounts(7)).toContain('60.5');
    expect(await amounts(6)).not.toContain('100.0'); // the MOSS sale's net
    expect((await behind(t, 6)).transactions.every((entry: any) => entry.dated_on >= '2026-08-01' && entry.dated_on <= '2026-10-31')).toBe(true);
    // An empty period lists nothing and says 0.
    expect(await behind(t, 1, '2025-07-31')).toMatchObject({ value: '0.0', transactions_total: '0.0', transactions: [] });
  });

  it('states the frozen figure of a filed return beside the postings', async () => {
    const { t } = await busyQuarter();
    expect((await t.json('PUT', `/v2/vat_returns/${PERIOD}/mark_as_filed`)).status).toBe(200);
    // Slipped into the period behind the lock's back: the return keeps what it was filed with.
    postDocument(t, '2026-10-10', [{ code: '001', debit: -10_000, salesTaxStatus: 'TAXABLE' }, { code: '819', debit: -2_000 }, { code: '681', debit: 12_000 }]);
    const record = await behind(t, 1);
    expect(record.value).toBe('380.22');
    expect(record.transactions_total).toBe('400.22');
  });

  it('answers 404 for a box that is not 1 to 9, a period that is not one, or a company that is not VAT registered', async () => {
    const { t } = await busyQuarter();
    for (const box of ['0', '10', 'x']) expect((await t.json('GET', boxPath(PERIOD, box))).status, box).toBe(404);
    expect((await t.json('GET', boxPath('2026-10-30', 1))).status).toBe(404);
    const unregistered = createTestBook();
    const response = await unregistered.json('GET', boxPath('2025-07-31', 1));
    expect(response.status).toBe(404);
    expect(response.body.errors[0].message).toContain('not VAT registered');
  });

  it('needs Tax, Accounting & Users', async () => {
    const t = vatBook();
    const banking = await t.userWithLevel(Level.Banking);
    const accounting = await t.userWithLevel(Level.TaxAccountingAndUsers);
    expect((await t.json('GET', boxPath('2025-07-31', 1), { token: banking })).status).toBe(403);
    expect((await t.json('GET', boxPath('2025-07-31', 1), { token: accounting })).status).toBe(200);
  });

  it('reads the same in XML as in JSON', async () => {
    const { t } = await busyQuarter();
    const json = (await t.json('GET', boxPath(PERIOD, 4))).body;
    const response = await t.request('GET', boxPath(PERIOD, 4), { headers: { Accept: 'application/xml' } });
    const text = await response.clone().text();
    expect(text).toContain('<box-number type="integer">4</box-number>');
    expect(text).toContain('<amount type="decimal">200.07</amount>');
    expect(text).toContain('<dated-on type="date">2026-09-10</dated-on>');
    expect(await readXml(response)).toEqual(json);
  });
});
