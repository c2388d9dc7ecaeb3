import { describe, expect, it } from 'vitest';
import { bankAccount, transactions } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';

// Issue 13 item 4: every text field has a maximum length and every amount a range that fits integer
// minor units; past them the request is a 422 that names the field, and nothing changes.

const LONG = 'x'.repeat(300_000);
const HUGE = '99999999999999999999999.99';

async function refusedNaming(t: TestBook, method: string, path: string, body: unknown, field: RegExp): Promise<void> {
  const before = t.changeCount();
  const response = await t.json(method, path, { body });
  expect({ path, status: response.status }).toEqual({ path, status: 422 });
  expect(response.body.errors.map((error: { message: string }) => error.message).join(' | ')).toMatch(field);
  expect(t.changeCount()).toBe(before);
}

describe('field limits', () => {
  it('refuses amounts and rates past 12 digits before the point, naming the field', async () => {
    const t = createTestBook();
    const contact = (await t.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Acme' } } })).body.contact.url;
    const project = { contact, name: 'P', status: 'Active', currency: 'GBP', budget_units: 'Monetary' };
    await refusedNaming(t, 'POST', '/v2/projects', { project: { ...project, budget: HUGE } }, /^budget is too large \(at most 12 digits before the decimal point\)/);
    await refusedNaming(t, 'POST', '/v2/projects', { project: { ...project, normal_billing_rate: HUGE } }, /normal_billing_rate is too large/);
    await refusedNaming(t, 'POST', '/v2/users', { user: { email: 'a@b.co', first_name: 'A', last_name: 'B', role: 'Director', permission_level: 1, opening_mileage: HUGE } }, /opening_mileage is too large/);
    await refusedNaming(t, 'POST', '/v2/bank_accounts', { bank_account: { name: 'X', opening_balance: HUGE } }, /opening_balance is too large/);
    const item = { description: 'Work', price: '100', quantity: '1' };
    await refusedNaming(t, 'POST', '/v2/invoices', { invoice: { contact, dated_on: '2026-11-01', payment_terms_in_days: 30, invoice_items: [{ ...item, price: HUGE }] } }, /price is too large/);
    await refusedNaming(t, 'POST', '/v2/invoices', { invoice: { contact, dated_on: '2026-11-01', payment_terms_in_days: 30, discount_percent: '1.0000000000001', invoice_items: [item] } }, /discount_percent has too many decimal places/);
    // 12 digits of rate times 12 digits of price would not fit: the rate is named.
    await refusedNaming(
      t,
      'POST',
      '/v2/invoices',
      { invoice: { contact, dated_on: '2026-11-01', payment_terms_in_days: 30, currency: 'USD', exchange_rate: '999999999999', invoice_items: [{ ...item, price: '999999999' }] } },
      /exchange_rate 999999999999(\.0)? makes the GBP amount too large to record/,
    );
    // The largest figure a small company could hold still goes in.
    const big = await t.json('POST', '/v2/projects', { body: { project: { ...project, budget: '999999999999.99' } } });
    expect(big.status).toBe(201);
    expect(big.body.project.budget).toBe('999999999999.99');
  });

  it('refuses text past its maximum length, naming the field', async () => {
    const t = createTestBook();
    await refusedNaming(t, 'POST', '/v2/contacts', { contact: { organisation_name: LONG } }, /^organisation_name must be at most 255 characters$/);
    await refusedNaming(t, 'POST', '/v2/categories', { category: { description: 'Fees', nominal_code: '290', category_group: 'admin_expenses', tax_reporting_name: LONG } }, /tax_reporting_name must be at most 255 characters/);
    await refusedNaming(t, 'POST', '/v2/capital_asset_types', { capital_asset_type: { name: LONG } }, /name must be at most 255 characters/);
  });

  it('refuses statement lines with a description or fitid past their maximum, and imports nothing', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const upload = (line: Record<string, unknown>) => ({ statement: [{ dated_on: '2026-11-01', amount: '1.00', description: 'fine' }, { dated_on: '2026-11-01', amount: '2.00', ...line }] });
    const path = `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(account)}`;
    await refusedNaming(t, 'POST', path, upload({ description: LONG }), /Statement line 2: description must be at most 2000 characters/);
    await refusedNaming(t, 'POST', path, upload({ fitid: LONG }), /Statement line 2: fitid must be at most 255 characters/);
    await refusedNaming(t, 'POST', path, upload({ amount: HUGE }), /Statement line 2: amount is too large/);
    expect(await transactions(t, account)).toEqual([]);
  });
});
