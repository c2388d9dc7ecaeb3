import { afterEach, describe, expect, it } from 'vitest';
import { bookCaller } from '../../main/hmrc/book';
import { SubmissionInDoubt, submitVatReturn } from '../../main/hmrc/submit';
import type { TestBook } from '../engine/harness';
import { clientFor, ownerAuthorization, QUARTER, simulator, vatBook } from './fixture';
import type { HmrcSimulator } from './simulator';

/**
 * A return left pending (its answer lost) and looked up only once its period is more than four years
 * back: HMRC will not show it (403 DATE_RANGE_TOO_LARGE, vat-api-rules.md section 8), however often it
 * is asked. Its obligation settles it (section 12): fulfilled, the return is filed and the person is
 * told to compare the figures in their HMRC online account; open, it is sent, HMRC's answer deciding.
 * The book's clock stays at 22 November 2026; HMRC's today moves to 15 January 2031, more than four
 * years after the quarter's end (31 October 2026).
 */
let sim: HmrcSimulator;
afterEach(async () => {
  expect(sim.fraudProblems()).toEqual([]);
  await sim.stop();
});

const now = () => new Date('2026-11-22T10:00:00Z');
const submit = (t: TestBook) => submitVatReturn({ book: bookCaller(t.engine, ownerAuthorization), client: clientFor(sim, { sleeps: [] }), periodEndsOn: QUARTER.end, periodKey: QUARTER.key, now });
const vatReturn = async (t: TestBook) => (await t.json('GET', `/v2/vat_returns/${QUARTER.end}`)).body.vat_return;
const YEARS_LATER = '2031-01-15';

/** The first try: the POST meets `fault`, and every look-up after it goes unanswered, so the return stays pending. */
async function leftPending(t: TestBook, fault: 'lose' | 'lose-before') {
  sim.submitFaults.push(fault);
  sim.anyFaults.push('answer', 'lose-before', 'lose-before', 'lose-before', 'lose-before');
  await expect(submit(t)).rejects.toThrow(/stays pending/);
  expect((await vatReturn(t)).filing_status).toBe('pending');
  sim.anyFaults.length = 0;
  sim.today = YEARS_LATER;
}

const requestsAfter = (before: number) => sim.requests.slice(before).map((request) => `${request.method} ${request.path.replace(/^\/organisations\/vat\/\d+/, '')}`);

describe('a pending return looked up after four years', () => {
  it('HMRC took it and lists the period as received: filed, the person told to check the figures in the HMRC online account, nothing sent again', async () => {
    sim = await simulator();
    const t = vatBook();
    await leftPending(t, 'lose');
    expect(sim.returns.size).toBe(1);
    const before = sim.requests.length;
    const outcome = await submit(t);
    expect(outcome.alreadyFiled).toBe(true);
    expect(requestsAfter(before)).toEqual(['GET /obligations', 'GET /obligations', 'GET /returns/18A6', 'GET /obligations']);
    expect(sim.submissions()).toHaveLength(1);
    const record = await vatReturn(t);
    expect(record).toMatchObject({ filing_status: 'filed', filed_at: '2026-11-22', hmrc_receipt: { found_by_lookup: true } });
    expect(record.hmrc_message).toBe(
      'HMRC lists period 18A6 as received on 22 November 2026, so the return is filed. HMRC no longer shows returns more than four years old, so the figures it holds for period 18A6 could not be compared with the book\'s: check them in your HMRC online account (your VAT account), and if they differ, put the difference right as VAT Notice 700/45 says.',
    );
  });

  it('HMRC never got it and the period is still open: sent, filed once with its receipt', async () => {
    sim = await simulator();
    const t = vatBook();
    await leftPending(t, 'lose-before');
    expect(sim.returns.size).toBe(0);
    const outcome = await submit(t);
    expect(outcome.alreadyFiled).toBe(false);
    expect(sim.submissions()).toHaveLength(2);
    expect(sim.returns.size).toBe(1);
    const record = await vatReturn(t);
    expect(record).toMatchObject({ filing_status: 'filed', filed_reference: sim.returns.get('18A6')!.formBundleNumber });
    expect(record.hmrc_message).toBeUndefined();
  });

  it('HMRC took it but does not list it as received yet: sent, HMRC answers DUPLICATE_SUBMISSION, filed with the same sentence', async () => {
    sim = await simulator();
    const t = vatBook();
    await leftPending(t, 'lose');
    // The period check's two reads and the look-up are answered; the fulfilled obligations read after the look-up finds none.
    sim.anyFaults.push('answer', 'answer', 'answer', { status: 404 });
    const outcome = await submit(t);
    expect(outcome.alreadyFiled).toBe(true);
    expect(sim.submissions()).toHaveLength(2);
    expect(sim.returns.size).toBe(1);
    const record = await vatReturn(t);
    expect(record.filing_status).toBe('filed');
    expect(record.hmrc_message).toMatch(/^HMRC answered that it already holds a return for the period \(DUPLICATE_SUBMISSION\), so the return is filed\. HMRC no longer shows returns more than four years old.*HMRC online account/);
  });

  it('HMRC will not show it and its obligations cannot be read either: pending, and the person told to try later or check the HMRC online account', async () => {
    sim = await simulator();
    const t = vatBook();
    await leftPending(t, 'lose');
    sim.anyFaults.push('answer', 'answer', 'answer', '503', '503', '503', '503');
    const error = await submit(t).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SubmissionInDoubt);
    expect((error as Error).message).toMatch(/^HMRC no longer shows returns more than four years old, and whether it received this one could not be asked another way .*The return stays pending; try again later, or check your HMRC online account\.$/);
    expect(sim.submissions()).toHaveLength(1);
    expect((await vatReturn(t)).filing_status).toBe('pending');
  });
});
