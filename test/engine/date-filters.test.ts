import { describe, expect, it } from 'vitest';
import { bankAccount } from './banking-helpers';
import { createTestBook } from './harness';

// Issue 13 item 5: every date and timestamp filter is checked the same way. `updated_since=2026-02-30`
// answered 200 (JavaScript rolled it over to 2 March) while the same date in from_date was a 400.

const LISTS_WITH_UPDATED_SINCE = [
  '/v2/contacts',
  '/v2/projects',
  '/v2/invoices',
  '/v2/credit_notes',
  '/v2/bills',
  '/v2/expenses',
  '/v2/journal_sets',
];

const NOT_REAL = ['2026-02-30', '2026-13-01', '2026-02-28T24:00:00Z', '2026-02-28T10:60:00Z', '2026-02-28T10:00:61Z', '2026-02-28T10:00:00+15:00', '2026-02-28 10:00', 'yesterday'];
const REAL = ['2026-02-28', '2026-02-28T23:59:59Z', '2026-02-28T10:00:00.123+01:00', '2024-02-29T00:00'];

describe('date and timestamp filters', () => {
  it('refuses updated_since that is not a real date and time with a 400 on every list that takes it, and takes real ones', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const lists = [...LISTS_WITH_UPDATED_SINCE, `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}`, `/v2/bank_transaction_explanations?bank_account=${encodeURIComponent(account)}`];
    for (const list of lists) {
      const join = list.includes('?') ? '&' : '?';
      for (const value of NOT_REAL) {
        const response = await t.json('GET', `${list}${join}updated_since=${encodeURIComponent(value)}`);
        expect({ list, value, status: response.status }).toEqual({ list, value, status: 400 });
        expect(JSON.stringify(response.body)).toMatch(/updated_since must be an ISO 8601 timestamp/);
      }
      for (const value of REAL) {
        const response = await t.json('GET', `${list}${join}updated_since=${encodeURIComponent(value)}`);
        expect({ list, value, status: response.status }).toEqual({ list, value, status: 200 });
      }
    }
  });

  it('refuses from_date and to_date that are not real dates with a 400, as updated_since', async () => {
    const t = createTestBook();
    for (const list of ['/v2/invoices', '/v2/bills', '/v2/journal_sets', '/v2/accounting/profit_and_loss/summary']) {
      for (const name of ['from_date', 'to_date']) {
        const response = await t.json('GET', `${list}?${name}=2026-02-30`);
        expect({ list, name, status: response.status }).toEqual({ list, name, status: 400 });
      }
    }
  });
});
