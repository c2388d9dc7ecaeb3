import { describe, expect, it } from 'vitest';
import { Level } from '../../shared/api/permissions';
import { createTestBook } from './harness';
import { bookSnapshot } from './book-snapshot';
import { bankAccount, explainedLine, postDocument } from './report-fixtures';
import { entry, putOpening } from './journal-helpers';
import { readXml } from './xml-reader';

const PATH = '/v2/accounting/profit_and_loss/summary';

const summary = async (t: ReturnType<typeof createTestBook>, query = '') => {
  const response = await t.json('GET', `${PATH}${query}`);
  return { ...response, summary: response.body?.profit_and_loss_summary };
};

const less = (record: any) => Object.fromEntries(record.less.map((item: any) => [item.title, item.total]));

describe('GET /v2/accounting/profit_and_loss/summary: shape and period forms', () => {
  it('has the golden shape; with no parameters it covers the current accounting year to today', async () => {
    const t = createTestBook();
    const { status, summary: record } = await summary(t);
    expect(status).toBe(200);
    // The key set of golden-responses/profit_and_loss.json (test/shared-corpus/golden-reports.test.ts reads the file itself).
    expect(Object.keys(record).sort()).toEqual([
      'expenses', 'from', 'income', 'less', 'operating_profit', 'retained_profit', 'retained_profit_brought_forward', 'retained_profit_carried_forward', 'to',
    ]);
    // The books start 2025-05-01 with years to 30 April; the clock says 2026-11-22.
    expect(record).toEqual({
      from: '2026-05-01',
      to: '2026-11-22',
      income: '0.0',
      expenses: '0.0',
      operating_profit: '0.0',
      less: [
        { title: 'Corp. Tax', total: '0.0' },
        { title: 'Dividends', total: '0.0' },
        { title: 'Adjustments', total: '0.0' },
      ],
      retained_profit: '0.0',
      retained_profit_brought_forward: '0.0',
      retained_profit_carried_forward: '0.0',
    });
  });

  it('takes from_date and to_date as given', async () => {
    const t = createTestBook();
    const { summary: record } = await summary(t, '?from_date=2025-08-01&to_date=2025-10-31');
    expect([record.from, record.to]).toEqual(['2025-08-01', '2025-10-31']);
  });

  it('reads accounting_period 2025/26 as the accounting year starting in 2025', async () => {
    const t = createTestBook();
    const { summary: record } = await summary(t, '?accounting_period=2025/26');
    expect([record.from, record.to]).toEqual(['2025-05-01', '2026-04-30']);
    const next = await summary(t, '?accounting_period=2026%2F27');
    expect([next.summary.from, next.summary.to]).toEqual(['2026-05-01', '2027-04-30']);
  });

  it('with only from_date runs to today; with only to_date from the start of the accounting year holding it', async () => {
    const t = createTestBook();
    const onlyFrom = await summary(t, '?from_date=2026-06-01');
    expect([onlyFrom.summary.from, onlyFrom.summary.to]).toEqual(['2026-06-01', '2026-11-22']);
    const onlyTo = await summary(t, '?to_date=2026-09-30');
    expect([onlyTo.summary.from, onlyTo.summary.to]).toEqual(['2026-05-01', '2026-09-30']);
    const earlierYear = await summary(t, '?to_date=2025-12-31');
    expect([earlierYear.summary.from, earlierYear.summary.to]).toEqual(['2025-05-01', '2025-12-31']);
  });

  it('follows the engine clock for its defaults', async () => {
    const t = createTestBook();
    t.clock.set('2027-05-03T09:00:00Z');
    const { summary: record } = await summary(t);
    expect([record.from, record.to]).toEqual(['2027-05-01', '2027-05-03']);
  });
});

describe('the period rule (4.17, 8): at most 12 months or within one accounting year', () => {
  it('allows twelve months across two accounting years and refuses one day more with 422', async () => {
    const t = createTestBook();
    expect((await summary(t, '?from_date=2025-08-01&to_date=2026-07-31')).status).toBe(200);
    const refused = await summary(t, '?from_date=2025-08-01&to_date=2026-08-01');
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toContain('longer than 12 months');
  });

  it('allows a long first accounting year whole, but no more', async () => {
    const t = createTestBook({ startDate: '2024-04-12', firstAccountingYearEnd: '2025-04-30' });
    expect((await summary(t, '?from_date=2024-04-12&to_date=2025-04-30')).status).toBe(200);
    expect((await summary(t, '?accounting_period=2024/25')).summary).toMatchObject({ from: '2024-04-12', to: '2025-04-30' });
    expect((await summary(t, '?from_date=2024-04-12&to_date=2025-05-01')).status).toBe(422);
  });

  it('refuses malformed parameters with 400', async () => {
    const t = createTestBook();
    for (const query of ['?from_date=2025-13-01', '?to_date=yesterday', '?accounting_period=2025-26', '?accounting_period=25/26', '?accounting_period=2025/26&from_date=2025-05-01', '?from_date=2026-01-02&to_date=2026-01-01']) {
      const response = await summary(t, query);
      expect(response.status, query).toBe(400);
      expect(response.body.errors[0].message, query).toBeTruthy();
    }
    // Only from_date, later than today: the default to_date (today) comes first.
    expect((await summary(t, '?from_date=2026-12-01')).status).toBe(400);
  });

  it('refuses an accounting year the books do not have, or a wrong end year, with 422', async () => {
    const t = createTestBook();
    const before = await summary(t, '?accounting_period=2020/21');
    expect(before.status).toBe(422);
    expect(before.body.errors[0].message).toContain('No accounting year starts in 2020');
    const wrongEnd = await summary(t, '?accounting_period=2025/27');
    expect(wrongEnd.status).toBe(422);
    expect(wrongEnd.body.errors[0].message).toContain('2025/26');
  });
});

describe('figures from postings', () => {
  it('income and expenses net of VAT from explained bank lines', async () => {
    const t = createTestBook({ vatRegistered: true });
    const account = await bankAccount(t);
    await explainedLine(t, account, { dated_on: '2026-06-10', amount: '1200.00' }, { category: '001' });
    await explainedLine(t, account, { dated_on: '2026-06-11', amount: '-120.00' }, { category: '285' });
    // Zero-rated by its category (Insurance): all of it is the expense.
    await explainedLine(t, account, { dated_on: '2026-06-12', amount: '-45.50' }, { category: '364' });
    const { summary: record } = await summary(t);
    expect(record).toMatchObject({ income: '1000.0', expenses: '145.5', operating_profit: '854.5', retained_profit: '854.5' });
  });

  it('groups codes by range: 001-095 income, 096-599 expenses, 502/503 corporation tax, 908 dividends, 968 adjustments, the rest the balance sheet', async () => {
    const t = createTestBook();
    postDocument(t, '2026-07-01', [
      { code: '051', debit: -5_000 }, // interest received (general group) is income
      { code: '001', debit: -100_000 },
      { code: '101', debit: 20_000 }, // cost of sales
      { code: '407', debit: 30_000 }, // directors' salaries
      { code: '599', debit: 1_000 }, // error account, still profit and loss
      { code: '502', debit: 8_000 },
      { code: '503', debit: 2_000 },
      { code: '908-1', debit: 25_000 }, // a shareholder's dividend sub account
      { code: '968', debit: 3_000 },
      { code: '602-1', debit: 50_000 }, // a capital asset purchase is not an expense
      { code: '999', debit: -34_000 },
    ]);
    const { summary: record } = await summary(t);
    expect(record).toMatchObject({ income: '1050.0', expenses: '510.0', operating_profit: '540.0', retained_profit: '160.0' });
    expect(less(record)).toEqual({ 'Corp. Tax': '100.0', Dividends: '250.0', Adjustments: '30.0' });
  });

  it('takes only postings inside the period; earlier ones are brought forward and carried on', async () => {
    const t = createTestBook();
    postDocument(t, '2025-06-01', [{ code: '001', debit: -70_000 }, { code: '999', debit: 70_000 }]);
    postDocument(t, '2026-03-01', [{ code: '908-1', debit: 10_000 }, { code: '999', debit: -10_000 }]);
    postDocument(t, '2026-05-01', [{ code: '001', debit: -40_000 }, { code: '999', debit: 40_000 }]);
    postDocument(t, '2026-05-02', [{ code: '285', debit: 5_000 }, { code: '999', debit: -5_000 }]);
    // After the period's end: in no figure of this period.
    postDocument(t, '2026-11-23', [{ code: '001', debit: -99_900 }, { code: '999', debit: 99_900 }]);

    const first = (await summary(t, '?accounting_period=2025/26')).summary;
    expect(first).toMatchObject({ income: '700.0', retained_profit: '600.0', retained_profit_brought_forward: '0.0', retained_profit_carried_forward: '600.0' });
    const second = (await summary(t, '?accounting_period=2026/27')).summary;
    expect(second.retained_profit_brought_forward).toBe(first.retained_profit_carried_forward);
    const now = (await summary(t)).summary;
    expect(now).toMatchObject({ income: '400.0', expenses: '50.0', retained_profit: '350.0', retained_profit_brought_forward: '600.0', retained_profit_carried_forward: '950.0' });
    // The first day of a period belongs to it, not to what is brought forward.
    const fromSecond = (await summary(t, '?from_date=2026-05-02&to_date=2026-11-22')).summary;
    expect(fromSecond).toMatchObject({ income: '0.0', expenses: '50.0', retained_profit_brought_forward: '1000.0' });
  });

  it('brings an opening retained profit forward: it is neither an adjustment nor the period\'s profit', async () => {
    const t = createTestBook();
    // The company joined with 13,250.00 of profit kept from the years before its books (a credit on 968).
    expect((await putOpening(t, [entry('968', '-13250')])).status).toBe(200);
    postDocument(t, '2025-05-01', [{ code: '001', debit: -50_000 }, { code: '999', debit: 50_000 }]);
    const first = (await summary(t, '?from_date=2025-05-01&to_date=2026-04-30')).summary;
    expect(less(first)).toEqual({ 'Corp. Tax': '0.0', Dividends: '0.0', Adjustments: '0.0' });
    expect(first).toMatchObject({ income: '500.0', retained_profit: '500.0', retained_profit_brought_forward: '13250.0', retained_profit_carried_forward: '13750.0' });
    // The next year starts from what the first carried forward.
    const second = (await summary(t, '?accounting_period=2026/27')).summary;
    expect(second).toMatchObject({ retained_profit: '0.0', retained_profit_brought_forward: '13750.0' });
    // An adjustment journalled in the year is still an adjustment.
    postDocument(t, '2025-06-01', [{ code: '968', debit: 2_000 }, { code: '999', debit: -2_000 }]);
    const withAdjustment = (await summary(t, '?from_date=2025-05-01&to_date=2026-04-30')).summary;
    expect(less(withAdjustment).Adjustments).toBe('20.0');
    expect(withAdjustment).toMatchObject({ retained_profit: '480.0', retained_profit_brought_forward: '13250.0' });
  });

  it('writes losses and refunds with their sign', async () => {
    const t = createTestBook();
    postDocument(t, '2026-06-01', [{ code: '001', debit: 1_234 }, { code: '250', debit: 10_001 }, { code: '999', debit: -11_235 }]);
    expect((await summary(t)).summary).toMatchObject({ income: '-12.34', expenses: '100.01', operating_profit: '-112.35' });
  });

  it('is a read: it changes nothing', async () => {
    const t = createTestBook();
    const before = bookSnapshot(t);
    await summary(t, '?accounting_period=2025/26');
    expect(bookSnapshot(t)).toEqual(before);
  });
});

describe('access and encodings', () => {
  it('needs Tax, Accounting & Users', async () => {
    const t = createTestBook();
    const banking = await t.userWithLevel(Level.Banking);
    const accounting = await t.userWithLevel(Level.TaxAccountingAndUsers);
    expect((await t.json('GET', PATH, { token: banking })).status).toBe(403);
    expect((await t.json('GET', PATH, { token: accounting })).status).toBe(200);
    expect((await t.json('GET', PATH, { token: null })).status).toBe(401);
  });

  it('reads the same in XML as in JSON, with typed decimals and dates', async () => {
    const t = createTestBook();
    postDocument(t, '2026-07-01', [{ code: '001', debit: -10_050 }, { code: '502', debit: 1_000 }, { code: '999', debit: 9_050 }]);
    const json = (await t.json('GET', PATH)).body;
    const response = await t.request('GET', PATH, { headers: { Accept: 'application/xml' } });
    const text = await response.clone().text();
    expect(text).toContain('<income type="decimal">100.5</income>');
    expect(text).toContain('<from type="date">2026-05-01</from>');
    expect(text).toContain('<less type="array">');
    expect(await readXml(response)).toEqual(json);
  });
});
