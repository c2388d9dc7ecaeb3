import { describe, expect, it } from 'vitest';
import { createTestBook, type TestBook } from './harness';

// A change of VAT scheme on a date, as the Settings desk sends it (the whole list on PUT /v2/company),
// and the note a return carries on the schemes it is worked under. The book registers on 2025-05-01,
// quarterly; the engine's clock says 2026-11-22, inside the quarter 2026-11-01..2027-01-31.
// The flat rate scheme from 1 December: a change of the flat rate alone may fall inside a period (a change
// of basis may not: it starts a VAT period, VAT Regulations 1995 regulation 58(1)).
const FLAT_RATE_FROM_DECEMBER = [{ starts_on: '2026-12-01', vat_basis: 'Invoice', on_frs: true, frs_type: 'Pubs' }];

const setChanges = (t: TestBook, changes: unknown[]) => t.json('PUT', '/v2/company', { body: { company: { sales_tax_registration_number: 'GB123456782', vat_scheme_changes: changes } } });
const noteOf = async (t: TestBook, endsOn: string) => (await t.json('GET', `/v2/vat_returns/${endsOn}`)).body.vat_return.scheme_note;

describe('the scheme note of a VAT return', () => {
  it('is left out while the company is on the normal method throughout', async () => {
    const t = createTestBook({ vatRegistered: true });
    expect(await noteOf(t, '2027-01-31')).toBeUndefined();
  });

  it('names each scheme of the period with its days once the scheme changes on a date', async () => {
    const t = createTestBook({ vatRegistered: true });
    expect((await setChanges(t, FLAT_RATE_FROM_DECEMBER)).status).toBe(200);
    expect(await noteOf(t, '2027-01-31')).toBe('Worked under the invoice basis from 1 November 2026 to 30 November 2026; then the invoice basis on the flat rate scheme (Pubs) from 1 December 2026 to 31 January 2027.');
    expect(await noteOf(t, '2026-10-31')).toBe('Worked under the invoice basis for the whole period.');
    // The list of returns does not carry it (single reads only, as the breakdown).
    expect((await t.json('GET', '/v2/vat_returns')).body.vat_returns[0].scheme_note).toBeUndefined();
  });

  it('refuses a change on a day of a filed return in the engine’s words, and changes nothing', async () => {
    const t = createTestBook({ vatRegistered: true });
    expect((await t.json('PUT', '/v2/vat_returns/2026-10-31/mark_as_filed')).status).toBe(200);
    const refused = await setChanges(t, [{ starts_on: '2026-10-01', vat_basis: 'Cash', on_frs: false }]);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toBe('The VAT scheme from 2026-10-01 cannot change: the VAT return for the period ending 2026-10-31 has been filed (mark the returns as unfiled first)');
    expect((await t.json('GET', '/v2/company/setup')).body.company_setup.vat_scheme_changes).toBeUndefined();
  });
});
