import { afterEach, describe, expect, it } from 'vitest';
import { MemoryConnectionStore } from '../../main/hmrc/connection';
import { withHmrcDoor } from '../../main/hmrc/door';
import { HmrcService } from '../../main/hmrc/service';
import { OWNER_TOKEN } from '../engine/harness';
import { bookQuarters, simulator, userData, vatBook } from './fixture';
import type { HmrcSimulator } from './simulator';

/**
 * The window's door to HMRC's obligations: the year around today by default, and, asked for open
 * ones alone, every open obligation however old (HMRC allows status=O without dates,
 * vat-api-rules.md section 9), so a return overdue since last year can still be found and sent.
 */
let sim: HmrcSimulator;
afterEach(async () => {
  expect(sim.fraudProblems()).toEqual([]);
  await sim.stop();
});

describe('HMRC obligations through the window door', () => {
  it('lists an open obligation from before the default window when asked for open ones alone', async () => {
    // The first quarter (May - Jul 2025) was never filed: still open at HMRC, 16 months on.
    sim = await simulator({ obligations: bookQuarters().map((each) => (each.periodKey === '18A1' ? { ...each, status: 'O' as const, received: undefined } : each)) });
    const store = new MemoryConnectionStore();
    const service = new HmrcService({ store, userData: userData() });
    service.connectWithToken(sim.url, sim.token);
    const door = withHmrcDoor(vatBook().engine, () => service, () => new Date('2026-11-22T10:00:00Z'));
    // The window's own screen and size, as the renderer sends them with each HMRC read.
    const window = { screens: [{ width: 1920, height: 1080, scaling_factor: 1, colour_depth: 24 }], window: { width: 1280, height: 800 } };
    const keys = async (query: string) => {
      const response = await door.fetch(new Request(`http://127.0.0.1/v2/hmrc/obligations${query}`, { headers: { Authorization: `Bearer ${OWNER_TOKEN}`, 'Ledgerdesk-Device': JSON.stringify(window) } }));
      expect(response.status).toBe(200);
      return ((await response.json()) as { obligations: { period_key: string; status: string }[] }).obligations.map((each) => `${each.period_key} ${each.status}`);
    };
    expect(await keys('?status=O')).toEqual(['18A1 O', '18A6 O', '18A7 O']);
    // The default: both statuses, the year to a quarter ahead of today, where the old quarter is not.
    expect(await keys('')).toEqual(['18A4 F', '18A5 F', '18A6 O', '18A7 O']);
    // Gov-Client-User-IDs names the book's user whose token asked, beside the operating system's.
    expect(new Set(sim.requests.map((request) => request.headers.get('Gov-Client-User-IDs')?.replace(/^os=[^&]+/, 'os=…')))).toEqual(new Set(['os=…&ledgerdesk=owner%40example.com']));
  });
});
