import { afterEach, describe, expect, it } from 'vitest';
import { bookCaller } from '../../main/hmrc/book';
import { HmrcError } from '../../main/hmrc/client';
import { readRefusal } from '../../main/hmrc/refusal-words';
import { SubmissionInDoubt, SubmissionRefused, submitVatReturn } from '../../main/hmrc/submit';
import type { TestBook } from '../engine/harness';
import { postDocument } from '../engine/report-fixtures';
import { clientFor, ownerAuthorization, QUARTER, simulator, vatBook } from './fixture';
import type { Fault, HmrcSimulator } from './simulator';

/**
 * Every answer HMRC's submit call can give (vat-api-rules.md sections 2, 6, 11; oauth.md "Errors"),
 * met with what the person needs: a refusal leaves the return rejected with a sentence saying what to
 * do and that nothing was filed, and it can be sent again; an answer that leaves it open whether HMRC
 * took the return (5xx, no answer, an answer cut off) is looked up before anything is sent again.
 */
let sim: HmrcSimulator;
afterEach(async () => {
  expect(sim.fraudProblems()).toEqual([]);
  await sim.stop();
});

const now = () => new Date('2026-11-22T10:00:00Z');
const submit = (t: TestBook) => submitVatReturn({ book: bookCaller(t.engine, ownerAuthorization), client: clientFor(sim, { sleeps: [] }), periodEndsOn: QUARTER.end, periodKey: QUARTER.key, now });
const vatReturn = async (t: TestBook) => (await t.json('GET', `/v2/vat_returns/${QUARTER.end}`)).body.vat_return;
const wrapped = (status: number, code: string, message: string, path?: string): Fault => ({
  status,
  body: { code: status === 403 ? 'BUSINESS_ERROR' : 'INVALID_REQUEST', message: status === 403 ? 'Business validation error' : 'Invalid request', errors: [{ code, message, ...(path ? { path } : {}) }] },
});

describe('what the person is told for each refusal of the submit call', () => {
  const refusals: [string, Fault, RegExp][] = [
    ['403 CLIENT_OR_AGENT_NOT_AUTHORISED', { status: 403, body: { code: 'CLIENT_OR_AGENT_NOT_AUTHORISED', message: 'The client and/or agent is not authorised.' } }, /HMRC account this book is connected with may not file VAT for VAT number 123456789.*connect to HMRC again/i],
    ['403 INVALID_SCOPE', { status: 403, body: { code: 'INVALID_SCOPE', message: 'Cannot access the required resource. Ensure this token has all the required scopes.' } }, /not given permission to send VAT returns.*connect to HMRC again/i],
    ['400 VRN_INVALID', { status: 400, body: { code: 'VRN_INVALID', message: 'The provided VRN is invalid' } }, /VAT number 123456789.*Settings/],
    ['400 PERIOD_KEY_INVALID', { status: 400, body: { code: 'PERIOD_KEY_INVALID', message: 'Invalid period key' } }, /no VAT period 18A6 for this business/],
    ['400 VAT_TOTAL_VALUE', wrapped(400, 'VAT_TOTAL_VALUE', 'totalVatDue should be equal to vatDueSales + vatDueAcquisitions', '/totalVatDue'), /did not accept the figures as Ledgerdesk wrote them/],
    ['400 INVALID_MONETARY_AMOUNT', wrapped(400, 'INVALID_MONETARY_AMOUNT', 'amount should be a monetary value (to 2 decimal places), between -9,999,999,999,999.99 and 9,999,999,999,999.99', '/vatDueSales'), /did not accept the figures as Ledgerdesk wrote them/],
    ['403 NOT_FINALISED', wrapped(403, 'NOT_FINALISED', 'The return cannot be accepted without a declaration it is finalised.', '/finalised'), /declaration/],
    ['403 RULE_INSOLVENT_TRADER', { status: 403, body: { code: 'RULE_INSOLVENT_TRADER', message: 'The remote endpoint has indicated that the Trader is insolvent' } }, /insolvent.*contact HMRC/i],
    ['406 ACCEPT_HEADER_INVALID', { status: 406, body: { code: 'ACCEPT_HEADER_INVALID', message: 'The accept header is missing or invalid' } }, /request as Ledgerdesk made it/],
    ['415 INVALID_BODY_TYPE', { status: 415, body: { code: 'INVALID_BODY_TYPE', message: 'Expecting text/json or application/json body' } }, /request as Ledgerdesk made it/],
  ];

  it.each(refusals)('%s: rejected, said plainly with HMRC words and code, nothing filed, and it can be sent again', async (_name, fault, plain) => {
    sim = await simulator();
    const t = vatBook();
    sim.submitFaults.push(fault);
    const error = await submit(t).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SubmissionRefused);
    const record = await vatReturn(t);
    expect(record.filing_status).toBe('rejected');
    const code = (fault as { body: { code: string; errors?: { code: string }[] } }).body;
    expect(record.hmrc_message).toMatch(plain);
    expect(record.hmrc_message).toContain(code.errors?.[0]?.code ?? code.code);
    expect(record.hmrc_message).toContain('Nothing was filed');
    expect(record.hmrc_message).toBe((error as Error).message);
    expect(sim.returns.size).toBe(0);
    await submit(t);
    expect((await vatReturn(t)).filing_status).toBe('filed');
    expect(sim.returns.size).toBe(1);
  });
});

describe('answers that leave it open whether HMRC took the return', () => {
  const doubtful: [string, Fault][] = [
    ['500', '500'],
    ['503', '503'],
    ['502', { status: 502, body: { code: 'BAD_GATEWAY', message: 'Bad gateway' } }],
    ['504 GATEWAY_TIMEOUT', { status: 504, body: { code: 'GATEWAY_TIMEOUT', message: 'Gateway timeout' } }],
  ];

  it.each(doubtful)('%s: looked up, then sent again, filed once', async (_name, fault) => {
    sim = await simulator();
    const t = vatBook();
    sim.submitFaults.push(fault);
    await submit(t);
    const order = sim.requests.map((request) => `${request.method} ${request.path.replace(/^\/organisations\/vat\/\d+/, '')}`);
    expect(order).toEqual(['GET /obligations', 'POST /returns', 'GET /returns/18A6', 'POST /returns']);
    expect(sim.returns.size).toBe(1);
    expect((await vatReturn(t)).filing_status).toBe('filed');
  });

  it('HMRC took the return and its answer broke off mid-body: found on HMRC and filed, not sent again', async () => {
    sim = await simulator();
    const t = vatBook();
    sim.submitFaults.push('lose-body');
    const outcome = await submit(t);
    expect(outcome.alreadyFiled).toBe(true);
    expect(sim.submissions()).toHaveLength(1);
    const record = await vatReturn(t);
    expect(record).toMatchObject({ filing_status: 'filed', filed_at: '2026-11-22', hmrc_receipt: { found_by_lookup: true } });
  });

  it('the connection dropped before HMRC took the return: looked up, sent again, filed once', async () => {
    sim = await simulator();
    const t = vatBook();
    sim.submitFaults.push('lose-before');
    await submit(t);
    expect(sim.submissions()).toHaveLength(2);
    expect(sim.returns.size).toBe(1);
    expect((await vatReturn(t)).filing_status).toBe('filed');
  });
});

describe('a submission whose answer never came, sent again', () => {
  it('HMRC took it but its view does not show it yet: sent again, DUPLICATE_SUBMISSION, filed with the received date, the same figures both times', async () => {
    sim = await simulator();
    const t = vatBook();
    // The POST is taken and its answer lost; HMRC's view of the return lags behind (404 twice).
    sim.submitFaults.push('lose');
    sim.anyFaults.push('answer', { status: 404 }, 'answer', { status: 404 });
    const outcome = await submit(t);
    expect(outcome.alreadyFiled).toBe(true);
    const order = sim.requests.map((request) => `${request.method} ${request.path.replace(/^\/organisations\/vat\/\d+/, '')}`);
    expect(order).toEqual(['GET /obligations', 'POST /returns', 'GET /returns/18A6', 'POST /returns', 'GET /returns/18A6', 'GET /obligations']);
    expect(sim.returns.size).toBe(1);
    const [first, second] = sim.submissions();
    expect(second!.body).toBe(first!.body);
    const record = await vatReturn(t);
    expect(record).toMatchObject({ filing_status: 'filed', filed_at: '2026-11-22', hmrc_receipt: { found_by_lookup: true } });
    expect(record.hmrc_message).toBeUndefined();
  });

  it('HMRC took it and never answered (the client timed out): looked up, found, filed, not sent again', async () => {
    sim = await simulator();
    const t = vatBook();
    sim.submitFaults.push('hang');
    const outcome = await submitVatReturn({ book: bookCaller(t.engine, ownerAuthorization), client: clientFor(sim, { sleeps: [], timeoutMs: 300 }), periodEndsOn: QUARTER.end, periodKey: QUARTER.key, now });
    expect(outcome.alreadyFiled).toBe(true);
    expect(sim.submissions()).toHaveLength(1);
    expect(await vatReturn(t)).toMatchObject({ filing_status: 'filed', hmrc_receipt: { found_by_lookup: true } });
  });

  it('left pending, then the book changed in the quarter: the return sent again carries the figures first sent, never new ones', async () => {
    sim = await simulator();
    const t = vatBook();
    sim.submitFaults.push('lose-before');
    sim.anyFaults.push('answer', 'lose-before', 'lose-before', 'lose-before', 'lose-before');
    await expect(submit(t)).rejects.toThrow(/stays pending/);
    expect((await vatReturn(t)).filing_status).toBe('pending');
    const sent = sim.submissions()[0]!.body;
    // A sale of £500 + £100 VAT posted in the quarter while the return is in doubt.
    postDocument(t, '2026-10-05', [{ code: '001', debit: -50_000, salesTaxStatus: 'TAXABLE' }, { code: '819', debit: -10_000 }, { code: '681', debit: 60_000 }], 'invoices');
    await submit(t);
    expect(sim.submissions().map((request) => request.body)).toEqual([sent, sent]);
    expect(JSON.parse(sim.submissions()[1]!.body)).toMatchObject({ vatDueSales: 200.1, totalValueSalesExVAT: 1000 });
    expect((await vatReturn(t)).filing_status).toBe('filed');
  });
});

describe('a refusal after a try whose answer was lost', () => {
  it('HMRC took the first POST (answer lost, its view lagging) and throttles the second: the return stays pending, never "nothing was filed", and is found filed next time', async () => {
    sim = await simulator();
    const t = vatBook();
    sim.submitFaults.push('lose', '429', '429', '429', '429');
    sim.anyFaults.push('answer', { status: 404 });
    const error = await submit(t).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SubmissionInDoubt);
    expect((error as Error).message).toContain('MESSAGE_THROTTLED_OUT');
    expect((error as Error).message).toContain('stays pending');
    expect(sim.returns.size).toBe(1);
    const record = await vatReturn(t);
    expect(record.filing_status).toBe('pending');
    expect(record.hmrc_message).toBeUndefined();
    // Next time: looked up first, found, filed; nothing sent.
    const before = sim.submissions().length;
    const outcome = await submit(t);
    expect(outcome.alreadyFiled).toBe(true);
    expect(sim.submissions()).toHaveLength(before);
    expect((await vatReturn(t)).filing_status).toBe('filed');
  });
});

describe('HMRC failing before anything is sent', () => {
  it("the period check's obligations read fails after every retry (503): nothing sent, the return as it was, a plain message at the door", async () => {
    sim = await simulator();
    const t = vatBook();
    sim.anyFaults.push('503', '503', '503', '503');
    const error = await submit(t).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HmrcError);
    expect(readRefusal(error as HmrcError)).toMatch(/^HMRC's service failed to answer: try again later\. \(HMRC said: Internal server error \(SERVICE_UNAVAILABLE\)\)$/);
    expect(sim.submissions()).toHaveLength(0);
    const record = await vatReturn(t);
    expect(record.filing_status).toBe('unfiled');
    expect(record.hmrc_period_key).toBeUndefined();
  });
});
