import { describe, expect, it } from 'vitest';
import { openBook } from '../../main/db/client';
import { atLeastVersion, MULTIPLE_ATTACHMENTS_DEFAULT_FROM, MULTIPLE_ATTACHMENTS_VERSION, readApiVersion } from '../../main/engine/api-version';
import { createEngine } from '../../main/engine/app';
import { clockFromEnvironment, systemClock } from '../../main/engine/context';
import { createBook } from '../../main/engine/setup';
import { countingIds, createTestBook, ORIGIN } from './harness';

describe('X-Api-Version', () => {
  it('is read as a date, and absent or blank is no version', () => {
    expect(readApiVersion('2026-09-01')).toBe('2026-09-01');
    expect(readApiVersion(' 2026-09-01 ')).toBe('2026-09-01');
    expect(readApiVersion(null)).toBeNull();
    expect(readApiVersion('  ')).toBeNull();
  });

  it('refuses anything that is not a calendar date', () => {
    for (const bad of ['banana', '2', '2026-9-1', '2026-13-01', '2026-02-30', '2026-09-01T00:00:00Z', '20260901']) {
      expect(() => readApiVersion(bad), bad).toThrow(/X-Api-Version must be a date/);
    }
  });

  it('answers a malformed header with 400 on any endpoint, and a valid one normally', async () => {
    const t = createTestBook();
    const bad = await t.json('GET', '/v2/company', { headers: { 'X-Api-Version': 'next-tuesday' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].message).toMatch(/X-Api-Version/);
    const write = await t.json('POST', '/v2/bank_accounts', {
      headers: { 'X-Api-Version': '2026-02-31' },
      body: { bank_account: { name: 'Not made', opening_balance: '0' } },
    });
    expect(write.status).toBe(400);
    expect((await t.json('GET', '/v2/bank_accounts')).body.bank_accounts).toEqual([]);
    expect((await t.json('GET', '/v2/company', { headers: { 'X-Api-Version': '2026-09-01' } })).status).toBe(200);
  });

  it('selects the 2026-09-01 behaviour by header, or for everyone from 2026-12-01', () => {
    const check = (header: string | null, today: string) => atLeastVersion(header, today, MULTIPLE_ATTACHMENTS_VERSION, MULTIPLE_ATTACHMENTS_DEFAULT_FROM);
    expect(check('2026-09-01', '2026-10-01')).toBe(true);
    expect(check('2027-01-01', '2026-10-01')).toBe(true);
    expect(check('2026-08-31', '2026-10-01')).toBe(false);
    expect(check(null, '2026-11-30')).toBe(false);
    expect(check(null, '2026-12-01')).toBe(true);
    expect(check('2020-01-01', '2026-12-01')).toBe(true);
  });
});

describe('LEDGERDESK_NOW', () => {
  it('fixes the clock to the given instant, every time it is read', () => {
    const clock = clockFromEnvironment('2027-03-04T05:06:07.000Z');
    const first = clock.now();
    first.setFullYear(1999);
    expect(clock.now().toISOString()).toBe('2027-03-04T05:06:07.000Z');
    expect(clockFromEnvironment('2027-03-04T06:06:07+01:00').now().toISOString()).toBe('2027-03-04T05:06:07.000Z');
    expect(clockFromEnvironment('2027-03-04').now().toISOString()).toBe('2027-03-04T00:00:00.000Z');
  });

  it('leaves the system clock when unset', () => {
    expect(clockFromEnvironment(undefined)).toBe(systemClock);
    expect(clockFromEnvironment('')).toBe(systemClock);
  });

  it('throws a clear error naming the variable and the value when it is not an ISO timestamp', () => {
    for (const bad of ['yesterday', '1', 'Dec 25 2026', '2026-02-30T00:00:00Z', '2026-11-22T23:60:00Z', '22/11/2026']) {
      expect(() => clockFromEnvironment(bad), bad).toThrow(`LEDGERDESK_NOW is not an ISO timestamp: ${bad}`);
    }
  });

  it('stamps what the engine writes with the fixed time', async () => {
    const book = openBook(':memory:');
    const deps = { book, clock: clockFromEnvironment('2030-01-02T03:04:05.000Z'), ids: countingIds() };
    createBook(deps, { type: 'UkLimitedCompany', name: 'Fixed', startDate: '2029-04-01', owner: { email: 'o@example.com', firstName: 'O', lastName: 'W' }, ownerToken: 'tok' });
    const engine = createEngine(deps);
    const response = await engine.fetch(
      new Request(`${ORIGIN}/v2/bank_accounts`, {
        method: 'POST',
        headers: { Authorization: 'Bearer tok', 'Content-Type': 'application/json' },
        body: JSON.stringify({ bank_account: { name: 'A', opening_balance: '0' } }),
      }),
    );
    const body = (await response.json()) as { bank_account: { created_at: string; updated_at: string } };
    expect(body.bank_account.created_at).toBe('2030-01-02T03:04:05.000Z');
    expect(body.bank_account.updated_at).toBe('2030-01-02T03:04:05.000Z');
    book.close();
  });
});
