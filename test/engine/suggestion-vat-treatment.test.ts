import { describe, expect, it } from 'vitest';
import { bankAccount, explain, idOf, postingsOf } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { categoryUrl, lineNamed, uploadLines } from './suggest-helpers';

// A suggestion learned from a payee's history proposes the VAT treatment those lines were given, not
// only their rate: a reverse charge is output and input tax together (VAT Notice 741A section 17,
// 700/12 section 6), an out-of-scope cost carries no input tax (Notice 700 section 19 lets a business
// reclaim only VAT it was charged), and a MOSS sale is EU VAT, not UK output tax.

const accept = (t: TestBook, body: Record<string, unknown>) => t.json('POST', '/v2/bank_transactions/suggestions/accept', { body: { suggestions: body } });

/** box number -> value of the VAT return ending on `endsOn`. */
async function boxes(t: TestBook, endsOn: string): Promise<Record<number, string>> {
  const response = await t.json('GET', `/v2/vat_returns/${endsOn}`);
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return Object.fromEntries(response.body.vat_return.breakdown.rows.map((row: any) => [row.box_number, row.value]));
}

/** Uploads a payee's monthly lines and explains each with the same fields: the history a suggestion learns from. */
async function history(t: TestBook, account: string, lines: { dated_on: string; amount: string; description: string }[], fields: (index: number) => Record<string, unknown>): Promise<void> {
  await uploadLines(t, account, lines);
  for (const [index, line] of lines.entries()) {
    const stored = await lineNamed(t, account, line.description);
    const response = await explain(t, { bank_transaction: stored.url, gross_value: line.amount, ...fields(index) });
    if (response.status !== 201) throw new Error(JSON.stringify(response.body));
  }
}

const monthly = (months: string[], amount: string, name: string, day = '05') => months.map((month) => ({ dated_on: `${month}-${day}`, amount, description: `${name} ${month.replace('-', '')}` }));
const JUL_TO_OCT = ['2026-07', '2026-08', '2026-09', '2026-10'];

/** Accepts every sure suggestion of November and returns the explanation made for the line named. */
async function acceptNovember(t: TestBook, account: string, description: string): Promise<any> {
  const accepted = await accept(t, { bank_account: account, from_date: '2026-11-01' });
  expect(accepted.status).toBe(200);
  expect(accepted.body.accepted_suggestions.skipped).toEqual([]);
  return (await lineNamed(t, account, description)).bank_transaction_explanations[0];
}

describe('suggestions carry the VAT treatment of the payee\'s history', () => {
  it('a reverse-charged service is proposed and accepted reverse-charged: 24.00 in box 1 and box 4, nothing more reclaimed', async () => {
    const t = createTestBook({ vatRegistered: true });
    const current = await bankAccount(t);
    await history(t, current, monthly(JUL_TO_OCT, '-120.00', 'GOOGLE ADS'), () => ({ category: '269', sales_tax_rate: '20', ec_status: 'EC Services' }));
    await uploadLines(t, current, [{ dated_on: '2026-11-05', amount: '-120.00', description: 'GOOGLE ADS 202611' }]);
    const line = await lineNamed(t, current, 'GOOGLE ADS 202611');
    expect(line.suggested_explanation).toEqual({ category: categoryUrl('269'), sales_tax_rate: '20.0', ec_status: 'EC Services', source: 'history', confidence: '0.80' });
    const explanation = await acceptNovember(t, current, 'GOOGLE ADS 202611');
    expect(explanation).toMatchObject({ category: categoryUrl('269'), ec_status: 'EC Services', sales_tax_rate: '20.0' });
    // The whole 120.00 is the cost; the VAT on it is charged to itself and reclaimed (box 5 nil).
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(explanation.url))).toEqual([
      { code: '269', debit: 12000 },
      { code: '750-1', debit: -12000 },
      { code: '818', debit: 2400 },
      { code: '819', debit: -2400 },
    ]);
    expect(await boxes(t, '2027-01-31')).toMatchObject({ 1: '24.0', 4: '24.0', 5: '0.0', 6: '120.0', 7: '120.0' });
  });

  it('an out-of-scope cost is proposed out of scope, and accepting it reclaims no VAT', async () => {
    const t = createTestBook({ vatRegistered: true });
    const current = await bankAccount(t);
    await history(t, current, monthly(JUL_TO_OCT, '-60.00', 'DD JOE BLOGGS IT'), () => ({ category: '269', sales_tax_status: 'OUT_OF_SCOPE' }));
    await uploadLines(t, current, [{ dated_on: '2026-11-05', amount: '-60.00', description: 'DD JOE BLOGGS IT 202611' }]);
    const line = await lineNamed(t, current, 'DD JOE BLOGGS IT 202611');
    expect(line.suggested_explanation).toEqual({ category: categoryUrl('269'), sales_tax_status: 'OUT_OF_SCOPE', source: 'history', confidence: '0.80' });
    const explanation = await acceptNovember(t, current, 'DD JOE BLOGGS IT 202611');
    expect(explanation).toMatchObject({ sales_tax_status: 'OUT_OF_SCOPE', gross_value: '-60.0' });
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(explanation.url))).toEqual([
      { code: '269', debit: 6000 },
      { code: '750-1', debit: -6000 },
    ]);
    expect(await boxes(t, '2027-01-31')).toMatchObject({ 4: '0.0', 7: '0.0' });
  });

  it('a payee explained at the category\'s automatic rate is proposed automatic: accepted after the rate rose, it takes the new rate', async () => {
    // The standard rate went from 17.5% to 20% on 4 January 2011 (Finance (No. 2) Act 2010).
    const t = createTestBook({ vatRegistered: true, startDate: '2010-01-01', firstAccountingYearEnd: '2010-12-31' });
    const current = await bankAccount(t);
    await history(t, current, monthly(['2010-09', '2010-10', '2010-11', '2010-12'], '-117.50', 'HOSTING CO'), () => ({ category: '269' }));
    expect((await lineNamed(t, current, 'HOSTING CO 201012')).bank_transaction_explanations[0]).toMatchObject({ sales_tax_rate: '17.5', sales_tax_value: '-17.5' });
    await uploadLines(t, current, [{ dated_on: '2011-01-10', amount: '-120.00', description: 'HOSTING CO 201101' }]);
    const line = await lineNamed(t, current, 'HOSTING CO 201101');
    // No rate, amount or status: the category's own rate, as an explanation sent without one.
    expect(line.suggested_explanation).toEqual({ category: categoryUrl('269'), source: 'history', confidence: '0.80' });
    const accepted = await accept(t, { bank_transactions: [line.url] });
    expect(accepted.body.accepted_suggestions.count).toBe(1);
    const explanation = (await lineNamed(t, current, 'HOSTING CO 201101')).bank_transaction_explanations[0];
    expect(explanation).toMatchObject({ sales_tax_rate: '20.0', sales_tax_value: '-20.0' });
  });

  it('a manual VAT amount is proposed for the same gross only; on another amount the suggestion is not sure', async () => {
    const t = createTestBook({ vatRegistered: true });
    const current = await bankAccount(t);
    // A mixed supply: 2.50 of the 30.00 is VAT, which no single rate gives.
    await history(t, current, monthly(JUL_TO_OCT, '-30.00', 'DD MIXED BOX'), () => ({ category: '269', manual_sales_tax_amount: '2.50' }));
    await uploadLines(t, current, [
      { dated_on: '2026-11-05', amount: '-30.00', description: 'DD MIXED BOX 202611' },
      { dated_on: '2026-11-06', amount: '-45.00', description: 'DD MIXED BOX 202611B' },
    ]);
    expect((await lineNamed(t, current, 'DD MIXED BOX 202611')).suggested_explanation).toEqual({ category: categoryUrl('269'), manual_sales_tax_amount: '2.5', source: 'history', confidence: '0.80' });
    const other = (await lineNamed(t, current, 'DD MIXED BOX 202611B')).suggested_explanation;
    expect(Number(other.confidence)).toBeLessThan(0.8);
    const accepted = await accept(t, { bank_account: current, from_date: '2026-11-01' });
    expect(accepted.body.accepted_suggestions).toMatchObject({ count: 1, total: '-30.0' });
    expect((await lineNamed(t, current, 'DD MIXED BOX 202611')).bank_transaction_explanations[0]).toMatchObject({ manual_sales_tax_amount: '2.5', sales_tax_value: '-2.5' });
    expect((await lineNamed(t, current, 'DD MIXED BOX 202611B')).bank_transaction_explanations).toEqual([]);
    expect(await boxes(t, '2027-01-31')).toMatchObject({ 4: '2.5' });
  });

  it('an EC VAT MOSS sale is proposed with its place of supply and accepted as MOSS VAT, not UK output tax', async () => {
    const t = createTestBook({ vatRegistered: true });
    const current = await bankAccount(t);
    await history(t, current, monthly(JUL_TO_OCT, '121.00', 'FPI EBOOK SHOP NL'), () => ({ category: '001', ec_status: 'EC VAT MOSS', place_of_supply: 'Netherlands', sales_tax_rate: '21' }));
    await uploadLines(t, current, [{ dated_on: '2026-11-05', amount: '121.00', description: 'FPI EBOOK SHOP NL 202611' }]);
    expect((await lineNamed(t, current, 'FPI EBOOK SHOP NL 202611')).suggested_explanation).toMatchObject({
      category: categoryUrl('001'),
      sales_tax_rate: '21.0',
      ec_status: 'EC VAT MOSS',
      place_of_supply: 'Netherlands',
      confidence: '0.80',
    });
    const explanation = await acceptNovember(t, current, 'FPI EBOOK SHOP NL 202611');
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(explanation.url))).toEqual([
      { code: '001', debit: -10000 },
      { code: '750-1', debit: 12100 },
      { code: '824', debit: -2100 },
    ]);
    expect(await boxes(t, '2027-01-31')).toMatchObject({ 1: '0.0', 6: '0.0' });
  });

  it('Auto and the rate Auto gives are one treatment: a payee explained both ways stays sure', async () => {
    const t = createTestBook({ vatRegistered: true });
    const current = await bankAccount(t);
    // Software (269) is standard-rated: Auto and 20% post the same.
    await history(t, current, monthly(JUL_TO_OCT, '-24.00', 'PAYPAL *ADOBE'), (index) => ({ category: '269', ...(index % 2 === 1 ? { sales_tax_rate: '20' } : {}) }));
    await uploadLines(t, current, [{ dated_on: '2026-11-05', amount: '-24.00', description: 'PAYPAL *ADOBE 202611' }]);
    expect((await lineNamed(t, current, 'PAYPAL *ADOBE 202611')).suggested_explanation).toEqual({ category: categoryUrl('269'), sales_tax_rate: '20.0', source: 'history', confidence: '0.80' });
    const explanation = await acceptNovember(t, current, 'PAYPAL *ADOBE 202611');
    expect(explanation).toMatchObject({ sales_tax_value: '-4.0' });
  });

  it('a payee whose lines were given different treatments is not sure, so accepting in bulk leaves its line to the person', async () => {
    const t = createTestBook({ vatRegistered: true });
    const current = await bankAccount(t);
    // Three months reverse-charged, then one at 20% as if charged by a UK supplier: which is November?
    await history(t, current, monthly(JUL_TO_OCT, '-120.00', 'GOOGLE ADS'), (index) => ({ category: '269', sales_tax_rate: '20', ...(index < 3 ? { ec_status: 'EC Services' } : {}) }));
    await uploadLines(t, current, [{ dated_on: '2026-11-05', amount: '-120.00', description: 'GOOGLE ADS 202611' }]);
    const suggestion = (await lineNamed(t, current, 'GOOGLE ADS 202611')).suggested_explanation;
    expect(suggestion).toMatchObject({ category: categoryUrl('269'), ec_status: 'EC Services' });
    expect(Number(suggestion.confidence)).toBeLessThan(0.8);
    const accepted = await accept(t, { bank_account: current, from_date: '2026-11-01' });
    expect(accepted.body.accepted_suggestions).toMatchObject({ count: 0, skipped: [] });
    expect((await lineNamed(t, current, 'GOOGLE ADS 202611')).bank_transaction_explanations).toEqual([]);
    expect(await boxes(t, '2027-01-31')).toMatchObject({ 1: '0.0', 4: '0.0' });
  });
});
