import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fraudHeaders } from '../../main/hmrc/fraud-headers';
import { machineFacts } from '../../main/hmrc/machine-facts';
import { simulator, userData } from './fixture';
import type { HmrcSimulator } from './simulator';

/** The simulator refuses what HMRC refuses (vat-api-rules.md), so the client is tested against the real rules. */
let sim: HmrcSimulator;
let fraud: Record<string, string>;
beforeAll(async () => {
  sim = await simulator();
  fraud = fraudHeaders(await machineFacts({ userData: userData() }, { screens: [{ width: 1920, height: 1080, scaling_factor: 1, colour_depth: 24 }], window: { width: 1280, height: 800 } }));
});
afterAll(() => sim.stop());

const good = { periodKey: '18A6', vatDueSales: '105.50', vatDueAcquisitions: '-100.45', totalVatDue: '5.05', vatReclaimedCurrPeriod: '105.15', netVatDue: '100.10', totalValueSalesExVAT: '300', totalValuePurchasesExVAT: '300', totalValueGoodsSuppliedExVAT: '3000', totalAcquisitionsExVAT: '3000', finalised: 'true' };
const json = (fields: Record<string, string>) => `{${Object.entries(fields).map(([key, value]) => `"${key}":${key === 'periodKey' ? `"${value}"` : value}`).join(',')}}`;

async function call(path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${sim.url}${path}`, {
    method: init.method ?? 'GET',
    body: init.body,
    headers: { ...fraud, Accept: 'application/vnd.hmrc.1.0+json', Authorization: `Bearer ${sim.token}`, 'Content-Type': 'application/json', ...init.headers },
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as { code?: string; errors?: { code: string }[] }) : null };
}
const submit = (body: string, headers?: Record<string, string>) => call('/organisations/vat/123456789/returns', { method: 'POST', body, headers });
const codes = (answer: Awaited<ReturnType<typeof call>>) => [answer.body?.code, ...(answer.body?.errors ?? []).map((error) => error.code)];

describe('the HMRC simulator', () => {
  it('refuses a wrong Accept header, a missing or wrong token, a bad or foreign VRN', async () => {
    expect((await call('/organisations/vat/123456789/obligations?status=O', { headers: { Accept: 'application/json' } })).status).toBe(406);
    expect(codes(await call('/organisations/vat/123456789/obligations?status=O', { headers: { Authorization: '' } }))).toEqual(['MISSING_CREDENTIALS']);
    expect(codes(await call('/organisations/vat/123456789/obligations?status=O', { headers: { Authorization: 'Bearer other' } }))).toEqual(['INVALID_CREDENTIALS']);
    expect(codes(await call('/organisations/vat/GB123456789/obligations?status=O'))).toEqual(['VRN_INVALID']);
    expect(codes(await call('/organisations/vat/999999999/obligations?status=O'))).toEqual(['CLIENT_OR_AGENT_NOT_AUTHORISED']);
  });

  it('will not show a return of a period more than four years back (403 DATE_RANGE_TOO_LARGE)', async () => {
    const today = sim.today;
    sim.today = '2030-01-01';
    try {
      // 18A1 ended on 31 July 2025, more than four years before; 18A6 (to 31 October 2026) did not, and nothing is held for it.
      const old = await call('/organisations/vat/123456789/returns/18A1');
      expect(old.status).toBe(403);
      expect(codes(old)).toEqual(['DATE_RANGE_TOO_LARGE']);
      expect((await call('/organisations/vat/123456789/returns/18A6')).status).toBe(404);
    } finally {
      sim.today = today;
    }
  });

  it('refuses obligation queries HMRC refuses', async () => {
    expect(codes(await call('/organisations/vat/123456789/obligations'))).toEqual(['INVALID_DATE_FROM']);
    expect(codes(await call('/organisations/vat/123456789/obligations?status=F'))).toEqual(['MISSING_DATE_RANGE']);
    expect(codes(await call('/organisations/vat/123456789/obligations?from=2025-01-01&to=2026-11-22'))).toEqual(['INVALID_DATE_RANGE']);
    // At most a year: from plus one year is allowed, a day more is not (2025 has 365 days).
    expect((await call('/organisations/vat/123456789/obligations?from=2025-01-01&to=2026-01-01')).status).toBe(200);
    expect(codes(await call('/organisations/vat/123456789/obligations?from=2025-01-01&to=2026-01-02'))).toEqual(['INVALID_DATE_RANGE']);
  });

  it('refuses liability and payment ranges of more than a year less a day', async () => {
    for (const what of ['liabilities', 'payments']) {
      expect(codes(await call(`/organisations/vat/123456789/${what}?from=2025-04-06&to=2026-04-06`))).toEqual(['DATE_RANGE_INVALID']);
      expect(codes(await call(`/organisations/vat/123456789/${what}?from=2025-04-06&to=2026-04-05`))).toEqual(['NOT_FOUND']);
      expect(codes(await call(`/organisations/vat/123456789/${what}?from=2015-04-06&to=2016-01-05`))).toEqual(['DATE_FROM_INVALID']);
      expect(codes(await call(`/organisations/vat/123456789/${what}?from=2026-11-01&to=2026-11-23`))).toEqual(['DATE_TO_INVALID']);
    }
  });

  it('refuses bodies of the wrong type, fields of the wrong type or scale, and sums that do not add up', async () => {
    expect(codes(await submit(json(good), { 'Content-Type': 'text/plain' }))).toEqual(['INVALID_BODY_TYPE']);
    expect(codes(await submit('not json'))).toEqual(['INVALID_REQUEST']);
    expect(codes(await submit(json({ ...good, vatDueSales: '"105.50"' })))).toEqual(['INVALID_REQUEST', 'INVALID_NUMERIC_VALUE']);
    expect(codes(await submit(json({ ...good, vatDueSales: '105.505' })))).toEqual(['INVALID_REQUEST', 'INVALID_MONETARY_AMOUNT']);
    expect(codes(await submit(json({ ...good, totalValueSalesExVAT: '300.5' })))).toEqual(['INVALID_REQUEST', 'INVALID_MONETARY_AMOUNT']);
    expect(codes(await submit(json({ ...good, netVatDue: '-100.10' })))).toEqual(['INVALID_REQUEST', 'INVALID_MONETARY_AMOUNT']);
    expect(codes(await submit(json({ ...good, totalVatDue: '5.06', netVatDue: '100.09' })))).toEqual(['INVALID_REQUEST', 'VAT_TOTAL_VALUE']);
    expect(codes(await submit(json({ ...good, netVatDue: '100.00' })))).toEqual(['INVALID_REQUEST', 'VAT_NET_VALUE']);
    expect(codes(await submit(json({ ...good, finalised: 'false' })))).toEqual(['BUSINESS_ERROR', 'NOT_FINALISED']);
    expect(codes(await submit(json({ ...good, periodKey: '18A7' })))).toEqual(['TAX_PERIOD_NOT_ENDED']);
    expect(codes(await submit(json({ ...good, periodKey: 'ZZZZ' })))).toEqual(['PERIOD_KEY_INVALID']);
    expect(sim.returns.size).toBe(0);
    expect((await submit(json(good))).status).toBe(201);
    expect(codes(await submit(json(good)))).toEqual(['BUSINESS_ERROR', 'DUPLICATE_SUBMISSION']);
  });

  it('refuses a request whose fraud prevention headers break the specification', async () => {
    const answer = await call('/organisations/vat/123456789/obligations?status=O', { headers: { 'Gov-Client-Timezone': 'Europe/London' } });
    expect(answer.status).toBe(400);
    expect(sim.fraudProblems()).toEqual(['GET /organisations/vat/123456789/obligations: Gov-Client-Timezone must be UTC±hh:mm']);
    sim.requests.length = 0;
  });
});
