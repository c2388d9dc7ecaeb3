import { describe, expect, it } from 'vitest';
import { createTestBook, ORIGIN } from './harness';
import { insertContact, lockBooks, postBill, putBill } from './purchases-helpers';

// A bill's is_locked says whether the bill can still be changed. The reference defines no is_locked for
// bills or invoices (the live bill carries one, the live invoice none); the engine's own rule is that
// only the user lock closes days (docs/api-notes.md "Account locks", and "A filed VAT return keeps its
// figures, not its days"). A filed return refuses only a change that would move its boxes, so a bill in
// its period is not locked: its due date, reference or comments can change, and the desk may offer it.

const QUARTER = '2026-04-30';

async function billInFiledQuarter() {
  const t = createTestBook({ startDate: '2025-04-01', firstAccountingYearEnd: '2026-03-31', vatRegistered: true, vatRegistrationNumber: 'GB123456789' });
  expect((await t.json('PUT', '/v2/company', { body: { company: { first_vat_period_ends_on: '2025-04-30' } } })).status).toBe(200);
  const made = await postBill(t, insertContact(t), {
    dated_on: '2026-03-10',
    due_on: '2026-04-10',
    bill_items: [{ category: `${ORIGIN}/v2/categories/285`, description: 'Hotel', total_value: '120.00', sales_tax_rate: '20.0' }],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const filed = await t.json('PUT', `/v2/vat_returns/${QUARTER}/mark_as_filed`);
  expect(filed.status, JSON.stringify(filed.body)).toBe(200);
  const path = new URL(made.body.bill.url).pathname;
  return { t, url: made.body.bill.url as string, read: async () => (await t.json('GET', path)).body.bill };
}

describe("a bill's is_locked", () => {
  it('stays false inside a filed VAT return, where the bill can still be changed if its VAT stays as filed', async () => {
    const { t, url, read } = await billInFiledQuarter();
    expect((await read()).is_locked).toBe(false);
    expect((await putBill(t, url, { due_on: '2026-05-10', comments: 'Paid late by agreement' })).status).toBe(200);
    // What would move the return's box 4 (VAT reclaimed 20.00) is refused by the return, not by is_locked.
    const moved = await putBill(t, url, { bill_items: [{ category: `${ORIGIN}/v2/categories/285`, description: 'Hotel', total_value: '240.00', sales_tax_rate: '20.0' }] });
    expect(moved.status).toBe(422);
    expect(moved.body.errors[0].message).toMatch(/is filed, and this change would move its box 4/);
  });

  it('is true on or before the user lock, where every change to the bill is refused', async () => {
    const { t, url, read } = await billInFiledQuarter();
    lockBooks(t, '2026-03-31');
    expect((await read()).is_locked).toBe(true);
    expect((await putBill(t, url, { comments: 'too late' })).status).toBe(422);
  });
});
