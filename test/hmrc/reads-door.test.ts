import { afterEach, describe, expect, it } from 'vitest';
import { MemoryConnectionStore } from '../../main/hmrc/connection';
import { withHmrcDoor } from '../../main/hmrc/door';
import { HmrcService } from '../../main/hmrc/service';
import { OWNER_TOKEN } from '../engine/harness';
import { simulator, userData, vatBook } from './fixture';
import type { Fault, HmrcSimulator } from './simulator';

/**
 * The window's reads of HMRC (obligations, liabilities, payments) through the door, for each answer
 * HMRC can give (vat-api-rules.md sections 9-11, oauth.md "Errors"): none found is an empty list, a
 * throttle or a failure is waited out and tried again, and a refusal is a sentence saying what to do,
 * with HMRC's words and code after it.
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

const READS = ['/obligations', '/liabilities', '/payments'] as const;

describe('reading HMRC through the window door', () => {
  it.each(READS)('%s: HMRC finding none (404 NOT_FOUND) is an empty list', async (path) => {
    sim = await simulator({ obligations: [], liabilities: [], payments: [] });
    const read = await doorTo(sim);
    const answer = await read(path);
    expect(answer.status).toBe(200);
    expect(answer.body[path.slice(1)]).toEqual([]);
  });

  it.each(READS)('%s: a 429 and a 503 are waited out and the read tried again', async (path) => {
    sim = await simulator({ liabilities: [{ type: 'VAT Return Debit Charge', originalAmount: 463.65, due: '2026-12-07' }], payments: [{ amount: 463.65, received: '2026-11-01' }] });
    const read = await doorTo(sim);
    sim.anyFaults.push('429', '503');
    const answer = await read(path);
    expect(answer.status).toBe(200);
    expect((answer.body[path.slice(1)] as unknown[]).length).toBeGreaterThan(0);
  });

  const refusals: [string, Fault, RegExp][] = [
    ['403 CLIENT_OR_AGENT_NOT_AUTHORISED', { status: 403, body: { code: 'CLIENT_OR_AGENT_NOT_AUTHORISED', message: 'The client and/or agent is not authorised.' } }, /^The HMRC account this book is connected with may not file VAT for VAT number 123456789: connect to HMRC again/],
    ['403 INVALID_SCOPE', { status: 403, body: { code: 'INVALID_SCOPE', message: 'Cannot access the required resource.' } }, /not given permission to read VAT records: connect to HMRC again/],
    ['400 VRN_INVALID', { status: 400, body: { code: 'VRN_INVALID', message: 'The provided VRN is invalid' } }, /^HMRC does not accept VAT number 123456789: check the VAT registration number in Settings/],
    ['400 INVALID_DATE_RANGE in the code\'s own shape', { status: 400, body: { statusCode: 400, message: 'INVALID_DATE_RANGE' } }, /INVALID_DATE_RANGE/],
    ['500 every time', { status: 500, body: { code: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred' } }, /^HMRC's service failed to answer: try again later/],
  ];

  it.each(refusals)('%s: said plainly, HMRC words and code kept', async (_name, fault, plain) => {
    sim = await simulator();
    const read = await doorTo(sim);
    for (const path of READS) {
      sim.anyFaults.push(fault, fault, fault, fault);
      const answer = await read(path);
      expect(answer.status).toBe(502);
      const message = answer.body.errors![0]!.message;
      expect(message).toMatch(plain);
      const body = (fault as { body: { code?: string; message: string } }).body;
      expect(message).toContain(body.code ?? body.message);
      sim.anyFaults.length = 0;
    }
  });
});
