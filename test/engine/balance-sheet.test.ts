import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bankAccount } from './banking-helpers';
import { createTestBook, ORIGIN, type TestBook } from './harness';
import { createSet, entry } from './journal-helpers';
import { newLedgerWorld, POSTING_DRIVERS } from './ledger-drivers';
import { postBill } from './purchases-helpers';
import { contact, item, pay, sentInvoice } from './sales-helpers';
import { readXml } from './xml-reader';

// Issue 10 item 1: the balance sheet and the trial balance, read from postings like the other reports.

/**
 * A VAT-registered company (year 1: 1 May 2025 to 30 April 2026) that opened with 12,000.00 in the
 * bank, paid 300.00 of accountancy in year 1 on credit, then in year 2 invoiced 1,000.00 + 200.00 VAT,
 * was paid 600.00 of it, and took a bill of 500.00 + 100.00 VAT.
 */
async function yearOfBooks(): Promise<{ t: TestBook; bank: string }> {
  const t = createTestBook({ vatRegistered: true });
  const bank = await bankAccount(t, { name: 'Current', opening_balance: '12000' });
  await createSet(t, { dated_on: '2026-03-01', description: 'Accountancy, year 1', journal_entries: [entry('285', '300'), entry('797', '-300')] });
  const customer = await contact(t);
  const sale = await sentInvoice(t, { contact: customer, dated_on: '2026-11-01', invoice_items: [item({ price: '100', quantity: '10', sales_tax_rate: '20' })] });
  const paid = await pay(t, sale.url, '600', { account: bank, dated_on: '2026-11-10' });
  expect(paid.status).toBe(201);
  const supplier = await contact(t, { organisation_name: 'Supplies Ltd' });
  const bill = await postBill(t, supplier, { dated_on: '2026-11-05', due_on: '2026-12-05', bill_items: [{ category: `${ORIGIN}/v2/categories/285`, total_value: '600', sales_tax_rate: '20' }] });
  expect(bill.status).toBe(201);
  return { t, bank };
}

const pence = (value: string) => {
  const [whole, fraction = ''] = value.replace('-', '').split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return value.startsWith('-') ? -minor : minor;
};
const accountsOf = (group: { accounts: { nominal_code: string; total_debit_value: string }[] }) => Object.fromEntries(group.accounts.map((a) => [a.nominal_code, a.total_debit_value]));

describe('GET /v2/accounting/balance_sheet', () => {
  it('places every balance by the chart, to the penny, and balances: assets equal what the owners hold', async () => {
    const { t } = await yearOfBooks();
    const { status, body } = await t.json('GET', '/v2/accounting/balance_sheet?as_at_date=2026-11-22');
    expect(status).toBe(200);
    const sheet = body.balance_sheet;
    expect(sheet).toMatchObject({ accounting_period_start_date: '2026-05-01', as_at_date: '2026-11-22', currency: 'GBP' });
    expect(sheet.capital_assets).toEqual({ accounts: [], net_book_value: '0.0' });
    // 1,200.00 invoiced less 600.00 paid is owed; the bank holds 12,000.00 + 600.00.
    expect(accountsOf(sheet.current_assets)).toEqual({ '681': '600.0', '750-1': '12600.0' });
    // The bill, year 1's accountancy, VAT both ways, and the opening balance's balancing entry.
    expect(accountsOf(sheet.current_liabilities)).toEqual({ '796': '-600.0', '797': '-300.0', '818': '100.0', '819': '-200.0', '999': '-12000.0' });
    expect(sheet.net_current_assets).toBe('200.0');
    // Retained profit: 1,000.00 of sales less 500.00 this year and 300.00 last year.
    expect(sheet.owners_equity).toEqual({ accounts: [], retained_profit: '200.0' });
    expect(sheet.total_assets).toBe('200.0');
    expect(sheet.total_owners_equity).toBe('200.0');
  });

  it('is as at a date: before the year 2 sales only the opening balance and year 1 are there; default today', async () => {
    const { t } = await yearOfBooks();
    const earlier = (await t.json('GET', '/v2/accounting/balance_sheet?as_at_date=2026-04-30')).body.balance_sheet;
    expect(earlier.accounting_period_start_date).toBe('2025-05-01');
    expect(accountsOf(earlier.current_assets)).toEqual({ '750-1': '12000.0' });
    expect(earlier.owners_equity.retained_profit).toBe('-300.0');
    expect(earlier.total_assets).toBe('-300.0');
    expect(earlier.total_owners_equity).toBe('-300.0');
    const today = (await t.json('GET', '/v2/accounting/balance_sheet')).body.balance_sheet;
    expect(today.as_at_date).toBe('2026-11-22');
    expect((await t.json('GET', '/v2/accounting/balance_sheet?as_at_date=2026-02-30')).status).toBe(400);
  });

  it('places a company director\'s loan account in credit among the creditors and capital assets at net book value', async () => {
    const t = createTestBook();
    const owner = `${ORIGIN}/v2/users/${t.ownerId}`;
    await createSet(t, {
      dated_on: '2026-06-01',
      description: 'Laptop paid by the director, depreciated',
      journal_entries: [entry('602', '1500', { capital_asset_type: `${ORIGIN}/v2/capital_asset_types/1` }), entry('907', '-1500', { user: owner }), entry('606', '-500', { capital_asset_type: `${ORIGIN}/v2/capital_asset_types/1` }), entry('363', '500')],
    });
    const sheet = (await t.json('GET', '/v2/accounting/balance_sheet?as_at_date=2026-11-22')).body.balance_sheet;
    expect(sheet.capital_assets.net_book_value).toBe('1000.0');
    // Money the company owes its director is a creditor (Companies Act format 1), not owners' equity.
    expect(sheet.owners_equity.accounts).toEqual([]);
    expect(sheet.current_liabilities.accounts.map((a: { nominal_code: string; total_debit_value: string }) => [a.nominal_code.split('-')[0], a.total_debit_value])).toEqual([['907', '-1500.0']]);
    expect(sheet.owners_equity.retained_profit).toBe('-500.0');
    expect(sheet.total_owners_equity).toBe('-500.0');
    expect(sheet.total_assets).toBe('-500.0');
  });

  it('answers in XML as in JSON, and needs Tax, Accounting and Users access', async () => {
    const { t } = await yearOfBooks();
    const json = (await t.json('GET', '/v2/accounting/balance_sheet?as_at_date=2026-11-22')).body;
    const response = await t.request('GET', '/v2/accounting/balance_sheet?as_at_date=2026-11-22', { headers: { Accept: 'application/xml' } });
    expect(await readXml(response)).toEqual(json);
    const banking = await t.userWithLevel(6);
    expect((await t.json('GET', '/v2/accounting/balance_sheet', { token: banking })).status).toBe(403);
  });
});

describe('GET /v2/accounting/trial_balance/summary', () => {
  it('gives balance sheet categories their balance, profit and loss ones the period\'s movement, and last year\'s profit to 968; sums to zero', async () => {
    const { t } = await yearOfBooks();
    const { status, body } = await t.json('GET', '/v2/accounting/trial_balance/summary?from_date=2026-05-01&to_date=2026-11-22');
    expect(status).toBe(200);
    const lines = body.trial_balance_summary;
    expect(lines.map((line: { display_nominal_code: string; total: string }) => [line.display_nominal_code, line.total])).toEqual([
      ['001', '-1000.0'],
      ['285', '500.0'],
      ['681', '600.0'],
      ['750-1', '12600.0'],
      ['796', '-600.0'],
      ['797', '-300.0'],
      ['818', '100.0'],
      ['819', '-200.0'],
      ['968', '300.0'],
      ['999', '-12000.0'],
    ]);
    expect(lines[3]).toEqual({
      category: `${ORIGIN}/v2/categories/750`,
      bank_account: `${ORIGIN}/v2/bank_accounts/1`,
      display_nominal_code: '750-1',
      name: 'Bank Account: Current',
      nominal_code: '750-1',
      total: '12600.0',
    });
    expect(lines.reduce((total: number, line: { total: string }) => total + pence(line.total), 0)).toBe(0);
  });

  it('over year 1 shows its own profit and loss movement and answers in XML as in JSON', async () => {
    const { t } = await yearOfBooks();
    const path = '/v2/accounting/trial_balance/summary?from_date=2025-05-01&to_date=2026-04-30';
    const json = (await t.json('GET', path)).body;
    expect(json.trial_balance_summary.map((line: { display_nominal_code: string; total: string }) => [line.display_nominal_code, line.total])).toEqual([
      ['285', '300.0'],
      ['750-1', '12000.0'],
      ['797', '-300.0'],
      ['999', '-12000.0'],
    ]);
    const response = await t.request('GET', path, { headers: { Accept: 'application/xml' } });
    expect(await readXml(response)).toEqual(json);
    expect((await t.json('GET', '/v2/accounting/trial_balance/summary?from_date=2026-02-30')).status).toBe(400);
    expect((await t.json('GET', '/v2/accounting/trial_balance/summary?from_date=2026-11-01&to_date=2026-10-01')).status).toBe(400);
  });
});

describe('the reports over random books (fast-check, the ledger invariant\'s drivers)', () => {
  const anyStep = fc.oneof(...POSTING_DRIVERS.map((driver) => ({ weight: driver.weight, arbitrary: driver.steps })));

  it('the trial balance sums to zero, the balance sheet balances, and both agree with the profit and loss summary', async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(anyStep, { minLength: 3, maxLength: 20 }), async (steps) => {
        const world = await newLedgerWorld();
        for (const step of steps) {
          world.driver = step.driver;
          await step.run(world);
        }
        const t = world.t;
        for (const [from, to] of [['2025-05-01', '2026-04-30'], ['2026-05-01', '2026-11-22']] as const) {
          const trial = (await t.json('GET', `/v2/accounting/trial_balance/summary?from_date=${from}&to_date=${to}`)).body.trial_balance_summary as { display_nominal_code: string; total: string }[];
          expect(trial.reduce((total, line) => total + pence(line.total), 0)).toBe(0);
          expect(new Set(trial.map((line) => line.display_nominal_code)).size).toBe(trial.length);
          // Income in the trial balance (codes 001-095, credits) is the summary's income.
          const summary = (await t.json('GET', `/v2/accounting/profit_and_loss/summary?from_date=${from}&to_date=${to}`)).body.profit_and_loss_summary;
          const income = 0 - trial.filter((line) => Number(line.display_nominal_code.split('-')[0]) <= 95).reduce((total, line) => total + pence(line.total), 0);
          expect(income).toBe(pence(summary.income));
          const sheet = (await t.json('GET', `/v2/accounting/balance_sheet?as_at_date=${to}`)).body.balance_sheet;
          expect(pence(sheet.total_assets)).toBe(pence(sheet.total_owners_equity));
          // The balance sheet's retained profit is what the summary carries forward at the year's end.
          expect(pence(sheet.owners_equity.retained_profit)).toBe(pence(summary.retained_profit_carried_forward));
          checked += 1;
        }
      }),
      { numRuns: 25 },
    );
    expect(checked).toBe(50);
  }, 300_000);
});
