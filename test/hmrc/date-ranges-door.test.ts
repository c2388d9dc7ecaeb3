import { afterEach, describe, expect, it } from 'vitest';
import { MemoryConnectionStore } from '../../main/hmrc/connection';
import { withHmrcDoor } from '../../main/hmrc/door';
import { HmrcService } from '../../main/hmrc/service';
import { OWNER_TOKEN } from '../engine/harness';
import { simulator, userData, vatBook } from './fixture';
import type { HmrcSimulator } from './simulator';

/**
 * A range given by hand for obligations, liabilities or payments (a loopback caller; the window asks
 * for the default year) is checked at the door against HMRC's own limits (vat-api-rules.md sections 9
 * and 10, main/hmrc/date-ranges.ts): one HMRC would refuse is answered 422 with a sentence naming the
 * date, and HMRC is not asked. HMRC's today is the simulator's, 22 November 2026.
 */
let sim: HmrcSimulator;
afterEach(async () => {
  expect(sim.fraudProblems()).toEqual([]);
  await sim.stop();
});

const window = { screens: [{ width: 1920, height: 1080, scaling_factor: 1, colour_depth: 24 }], window: { width: 1280, height: 800 } };

async function doorTo(simulated: HmrcSimulator) {
  const service = new HmrcService({ store: new MemoryConnectionStore(), userData: userData(), sleep: async () => undefined });
  service.connectWithToken(simulated.url, simulated.token);
  const door = withHmrcDoor(vatBook().engine, () => service, () => new Date('2026-11-22T10:00:00Z'));
  return async (path: string) => {
    const response = await door.fetch(new Request(`http://127.0.0.1/v2/hmrc${path}`, { headers: { Authorization: `Bearer ${OWNER_TOKEN}`, 'Ledgerdesk-Device': JSON.stringify(window) } }));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> & { errors?: { message: string }[] } };
  };
}

const refused: [string, RegExp][] = [
  // Obligations: dates, both or neither, from before to, to at most a year after from.
  ['/obligations?from=2026-02-30&to=2026-11-01', /^from must be a date written YYYY-MM-DD, such as 2026-04-01 \("2026-02-30" is not one\)\.$/],
  ['/obligations?from=2026-01-01', /^from and to go together: give both dates, or neither/],
  ['/obligations?from=2026-06-01&to=2026-06-01', /^from \(1 June 2026\) must be before to \(1 June 2026\)\.$/],
  ['/obligations?from=2025-01-01&to=2026-01-02&status=F', /^to must be 1 January 2026 or earlier: HMRC gives obligations for 366 days at most at a time, and from is 1 January 2025\.$/],
  // Liabilities and payments: from 6 April 2016, to by today, to at most a year less a day after from.
  ['/liabilities?from=2016-04-05&to=2016-12-31', /^from must be 6 April 2016 or later: HMRC gives no VAT liabilities from before then\.$/],
  ['/payments?from=2026-06-01&to=2026-11-23', /^to must be today \(22 November 2026\) or earlier: HMRC gives VAT payments up to today only\.$/],
  ['/liabilities?from=2025-01-01&to=2026-01-01', /^to must be 31 December 2025 or earlier: HMRC gives VAT liabilities for 365 days at most at a time, and from is 1 January 2025\.$/],
  ['/payments?from=2026-03-01&to=2026-02-01', /^from \(1 March 2026\) must be before to \(1 February 2026\)\.$/],
  ['/payments?from=2026-03-01&to=31/03/2026', /^to must be a date written YYYY-MM-DD/],
];

describe('date ranges given by hand, checked at the door', () => {
  it.each(refused)('%s: 422 naming the date, HMRC not asked', async (path, sentence) => {
    sim = await simulator();
    const read = await doorTo(sim);
    const answer = await read(path);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toHaveLength(1);
    expect(answer.body.errors![0]!.message).toMatch(sentence);
    expect(sim.requests).toEqual([]);
  });

  const longest: [string, string][] = [
    ['/obligations?from=2025-01-01&to=2026-01-01', 'obligations'],
    ['/liabilities?from=2025-01-01&to=2025-12-31', 'liabilities'],
    ['/payments?from=2016-04-06&to=2017-04-05', 'payments'],
  ];

  it.each(longest)('%s: the longest range HMRC takes goes to HMRC as given', async (path, list) => {
    sim = await simulator({ liabilities: [{ type: 'VAT Return Debit Charge', originalAmount: 463.65, due: '2026-12-07' }], payments: [{ amount: 463.65, received: '2025-11-01' }] });
    const read = await doorTo(sim);
    const answer = await read(path);
    expect(answer.status).toBe(200);
    expect(answer.body[list]).toBeInstanceOf(Array);
    const sent = sim.requests.find((request) => request.path.endsWith(`/${list}`));
    expect(sent).toBeDefined();
  });
});
