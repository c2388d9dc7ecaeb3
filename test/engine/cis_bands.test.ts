import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Level } from '../../shared/api/permissions';
import { company } from '../../main/db/schema';
import { decodeXml } from '../../main/engine/codec/xml';
import { createTestBook } from './harness';

const BANDS = [
  { name: 'cis_gross', deduction_rate: '0.0', income_description: 'CIS Income (Gross)', deduction_description: 'CIS Deduction (Gross)', nominal_code: '061' },
  { name: 'cis_standard', deduction_rate: '0.2', income_description: 'CIS Income (20%)', deduction_description: 'CIS Deduction (20%)', nominal_code: '062' },
  { name: 'cis_higher', deduction_rate: '0.3', income_description: 'CIS Income (30%)', deduction_description: 'CIS Deduction (30%)', nominal_code: '063' },
];

describe('GET /v2/cis_bands', () => {
  it('lists the three bands under available_bands for a UK subcontractor', async () => {
    const t = createTestBook({ cisSubcontractor: true });
    const { status, body } = await t.json('GET', '/v2/cis_bands');
    expect(status).toBe(200);
    expect(body).toEqual({ available_bands: BANDS });
  });

  it('gives the deduction rate as a typed decimal in XML and reads the same as JSON', async () => {
    const t = createTestBook({ type: 'UkSoleTrader', cisSubcontractor: true });
    const response = await t.request('GET', '/v2/cis_bands', { headers: { Accept: 'application/xml' } });
    const text = await response.text();
    expect(text).toContain('<available-bands type="array">');
    expect(text).toContain('<deduction-rate type="decimal">0.2</deduction-rate>');
    expect(decodeXml(text)).toEqual({ available_bands: BANDS });
  });

  it('answers 404 for a UK company not enrolled as a subcontractor', async () => {
    const t = createTestBook({ cisSubcontractor: false });
    const { status, body } = await t.json('GET', '/v2/cis_bands');
    expect(status).toBe(404);
    expect(body.errors[0].message).toMatch(/only available to UK companies enrolled in the Construction Industry Scheme as subcontractors/);
  });

  it('answers 404 for a company outside the UK even if the flag were set', async () => {
    const t = createTestBook({ type: 'Universal' });
    t.book.db.update(company).set({ cisSubcontractor: true }).where(eq(company.id, 1)).run();
    expect((await t.json('GET', '/v2/cis_bands')).status).toBe(404);
  });

  it('follows the company setting as it changes', async () => {
    const t = createTestBook({ cisSubcontractor: false });
    t.book.db.update(company).set({ cisSubcontractor: true }).where(eq(company.id, 1)).run();
    expect((await t.json('GET', '/v2/cis_bands')).status).toBe(200);
  });

  it('needs Invoices, Estimates & Files access', async () => {
    const t = createTestBook({ cisSubcontractor: true });
    const contacts = await t.userWithLevel(Level.ContactsAndProjects);
    const invoices = await t.userWithLevel(Level.InvoicesEstimatesAndFiles);
    expect((await t.json('GET', '/v2/cis_bands', { token: contacts })).status).toBe(403);
    expect((await t.json('GET', '/v2/cis_bands', { token: invoices })).status).toBe(200);
  });
});
