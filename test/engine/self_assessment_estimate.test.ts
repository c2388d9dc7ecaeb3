import { describe, expect, it } from 'vitest';
import { Level } from '../../shared/api/permissions';
import { createTestBook, type TestBook } from './harness';
import { postDocument } from './report-fixtures';
import { readXml } from './xml-reader';

// The Ledgerdesk extension GET /v2/users/:id/self_assessment_returns/:period_ends_on/estimate.
// Books from 2025-05-01; the clock says 2026-11-22.
const estimate = (t: TestBook, userId: number, endsOn: string, token?: string) => t.json('GET', `/v2/users/${userId}/self_assessment_returns/${endsOn}/estimate`, { token });

async function userId(t: TestBook, role: string): Promise<number> {
  const token = await t.userWithLevel(Level.Time, role);
  const me = await t.json('GET', '/v2/users/me', { token });
  return Number(me.body.user.url.split('/').pop());
}

describe('the parts of a self assessment estimate (Ledgerdesk extension)', () => {
  it('a sole trader: the profit (spending not allowable added back), income tax and Class 4 that make the bill', async () => {
    const t = createTestBook({ type: 'UkSoleTrader' });
    postDocument(t, '2025-06-01', [{ code: '001', debit: -3_000_000 }, { code: '681', debit: 3_000_000 }]);
    postDocument(t, '2025-07-01', [{ code: '335', debit: 100_000 }, { code: '681', debit: -100_000 }]);
    const { status, body } = await estimate(t, t.ownerId, '2026-04-05');
    expect(status).toBe(200);
    expect(body.self_assessment_estimate).toEqual({
      self_assessment_return: `http://127.0.0.1:9999/v2/users/${t.ownerId}/self_assessment_returns/2026-04-05`,
      tax_year: '2025/26',
      profit: '30000.0',
      profit_is_self_employment: true,
      pay: '0.0',
      dividends: '0.0',
      // (30,000 - 12,570) at 20%, and at 6% for Class 4.
      income_tax: '3486.0',
      class_4_nics: '1045.8',
      deducted_at_source: '0.0',
      total_due: '4531.8',
    });
    // The bill is what the return's payments ask for.
    expect((await t.json('GET', `/v2/users/${t.ownerId}/self_assessment_returns/2026-04-05`)).body.self_assessment_return.payments[0].amount_due).toBe('4531.8');
  });

  it('a landlord’s rental profit is not self-employment: no Class 4', async () => {
    const t = createTestBook({ type: 'UkUnincorporatedLandlord' });
    postDocument(t, '2025-06-01', [{ code: '001', debit: -3_000_000 }, { code: '681', debit: 3_000_000 }]);
    expect((await estimate(t, t.ownerId, '2026-04-05')).body.self_assessment_estimate).toMatchObject({ profit_is_self_employment: false, class_4_nics: '0.0', total_due: '3486.0' });
  });

  it('a director: pay and dividends, tax on both, less what PAYE took on the pay', async () => {
    const t = createTestBook();
    const other = await userId(t, 'Director');
    postDocument(t, '2026-03-31', [
      { code: '407', debit: 2_514_000 },
      { code: `902-${t.ownerId}`, debit: -1_257_000 },
      { code: `902-${other}`, debit: -1_000_000 },
      { code: '814', debit: -257_000 },
    ]);
    postDocument(t, '2026-03-31', [{ code: `908-${t.ownerId}`, debit: 5_000_000 }, { code: `907-${t.ownerId}`, debit: -5_000_000 }]);
    // Pay 14,001 (whole pounds of 14,001.95): 1,431 at 20% = 286.20, taken by PAYE. Dividends 50,000:
    // 500 at 0%, 35,769 at 8.75% = 3,129.79, 13,731 at 33.75% = 4,634.21; 7,764.00 between them.
    expect((await estimate(t, t.ownerId, '2026-04-05')).body.self_assessment_estimate).toMatchObject({
      profit: '0.0',
      pay: '14001.0',
      dividends: '50000.0',
      income_tax: '8050.2',
      class_4_nics: '0.0',
      deducted_at_source: '286.2',
      total_due: '7764.0',
    });
  });

  it('answers 404 as the return does, and needs Tax, Accounting & Users', async () => {
    const t = createTestBook({ type: 'UkSoleTrader' });
    expect((await estimate(t, t.ownerId, '2026-04-06')).status).toBe(404);
    expect((await estimate(t, 999, '2026-04-05')).status).toBe(404);
    const employee = await userId(t, 'Employee');
    expect((await estimate(t, employee, '2026-04-05')).status).toBe(404);
    const banking = await t.userWithLevel(Level.Banking);
    expect((await estimate(t, t.ownerId, '2026-04-05', banking)).status).toBe(403);
  });

  it('reads the same in XML as in JSON', async () => {
    const t = createTestBook({ type: 'UkSoleTrader' });
    postDocument(t, '2025-06-01', [{ code: '001', debit: -3_000_000 }, { code: '681', debit: 3_000_000 }]);
    const json = (await estimate(t, t.ownerId, '2026-04-05')).body;
    const response = await t.request('GET', `/v2/users/${t.ownerId}/self_assessment_returns/2026-04-05/estimate`, { headers: { Accept: 'application/xml' } });
    const text = await response.clone().text();
    expect(text).toContain('<class-4-nics type="decimal">1045.8</class-4-nics>');
    expect(text).toContain('<profit-is-self-employment type="boolean">true</profit-is-self-employment>');
    expect(await readXml(response)).toEqual(json);
  });
});
