import { afterEach, describe, expect, it } from 'vitest';
import { toMinor } from '../../shared/money';
import { bookCaller, BookRefusal } from '../../main/hmrc/book';
import { PeriodKeyMismatch } from '../../main/hmrc/period-check';
import { SubmissionInDoubt, SubmissionRefused, submitVatReturn } from '../../main/hmrc/submit';
import type { TestBook } from '../engine/harness';
import { contact, invoice, item, transition } from '../engine/sales-helpers';
import { clientFor, ownerAuthorization, QUARTER, simulator, vatBook } from './fixture';
import type { HmrcSimulator } from './simulator';

/**
 * Issue 21 item 3 against the simulator: one submission, the receipt kept, the period locked; a lost
 * answer looked up and never sent twice; 500, 403 and 429 handled; every request's fraud headers valid.
 */
let sim: HmrcSimulator;
afterEach(async () => {
  expect(sim.fraudProblems()).toEqual([]);
  await sim.stop();
});

const now = () => new Date('2026-11-22T10:00:00Z');
function submit(t: TestBook, options: { sleeps?: number[] } = {}) {
  return submitVatReturn({ book: bookCaller(t.engine, ownerAuthorization), client: clientFor(sim, options), periodEndsOn: QUARTER.end, periodKey: QUARTER.key, now });
}
const vatReturn = async (t: TestBook) => (await t.json('GET', `/v2/vat_returns/${QUARTER.end}`)).body.vat_return;

describe('submitting a VAT return to HMRC', () => {
  it('sends the nine boxes as HMRC takes them once, keeps the receipt and keeps the filed figures', async () => {
    sim = await simulator();
    const t = vatBook();
    const outcome = await submit(t);
    expect(sim.submissions()).toHaveLength(1);
    // Boxes 1-5 to the penny, box 5 unsigned, 6-9 whole pounds (pence left off), box 9 under HMRC's name.
    expect(sim.submissions()[0]!.body).toBe(
      '{"periodKey":"18A6","vatDueSales":200.10,"vatDueAcquisitions":0.00,"totalVatDue":200.10,"vatReclaimedCurrPeriod":60.20,"netVatDue":139.90,"totalValueSalesExVAT":1000,"totalValuePurchasesExVAT":300,"totalValueGoodsSuppliedExVAT":0,"totalAcquisitionsExVAT":0,"finalised":true}',
    );
    const held = sim.returns.get('18A6')!;
    expect(outcome.alreadyFiled).toBe(false);
    const record = await vatReturn(t);
    expect(record.filing_status).toBe('filed');
    expect(record.filed_reference).toBe(held.formBundleNumber);
    expect(record.filed_at).toBe('2026-11-22T10:15:30.123Z');
    expect(record.hmrc_receipt).toMatchObject({ form_bundle_number: held.formBundleNumber, payment_indicator: 'DD', charge_ref_number: 'XM002610011594', receipt_timestamp: '2026-11-22T10:15:30Z' });
    expect(record.hmrc_receipt.receipt_id).toMatch(/^[0-9a-f-]{36}$/);
    // Its figures are kept: sending a sale with VAT dated in the filed quarter would move box 1 and is refused.
    const draft = await invoice(t, { contact: await contact(t), dated_on: '2026-10-15', invoice_items: [item({ price: '10.00', sales_tax_rate: '20.0' })] });
    const locked = await transition(t, draft.url, 'mark_as_sent');
    expect(locked.status).toBe(422);
    expect(locked.body.errors[0].message).toMatch(/^The VAT return for the period ending 2026-10-31 is filed, and this change would move its box 1 from £200\.10 \(as filed\) to £202\.10/);
  });

  it('looks a lost answer up on HMRC and does not send the return a second time', async () => {
    sim = await simulator();
    const t = vatBook();
    sim.submitFaults.push('lose');
    const outcome = await submit(t);
    expect(sim.submissions()).toHaveLength(1);
    expect(sim.requests.some((request) => request.method === 'GET' && request.path.endsWith('/returns/18A6'))).toBe(true);
    expect(outcome.alreadyFiled).toBe(true);
    const record = await vatReturn(t);
    expect(record.filing_status).toBe('filed');
    // HMRC's receipt never arrived: the received date comes from the fulfilled obligation.
    expect(record.filed_at).toBe('2026-11-22');
    expect(record.hmrc_receipt.found_by_lookup).toBe(true);
  });

  it('sends again after a 500 only once the look-up shows HMRC does not hold the return', async () => {
    sim = await simulator();
    const t = vatBook();
    sim.submitFaults.push('500');
    await submit(t);
    const order = sim.requests.map((request) => `${request.method} ${request.path.replace(/^\/organisations\/vat\/\d+/, '')}`);
    expect(order).toEqual(['GET /obligations', 'POST /returns', 'GET /returns/18A6', 'POST /returns']);
    expect(sim.returns.size).toBe(1);
    expect((await vatReturn(t)).filing_status).toBe('filed');
  });

  it('waits out a 429 and then sends, as HMRC asks', async () => {
    sim = await simulator();
    const t = vatBook();
    sim.submitFaults.push('429');
    const sleeps: number[] = [];
    await submit(t, { sleeps });
    expect(sleeps).toEqual([0]);
    expect(sim.submissions()).toHaveLength(2);
    expect(sim.returns.size).toBe(1);
    expect((await vatReturn(t)).filing_status).toBe('filed');
  });

  it('says plainly that nothing was filed when HMRC stays too busy after every wait, and lets it be sent again', async () => {
    sim = await simulator();
    const t = vatBook();
    sim.submitFaults.push('429', '429', '429', '429');
    const error = await submit(t, { sleeps: [] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SubmissionRefused);
    expect(sim.returns.size).toBe(0);
    const record = await vatReturn(t);
    expect(record.hmrc_message).toMatch(/^HMRC was too busy to take the return and nothing was filed: send it again in a few minutes\./);
    await submit(t);
    expect((await vatReturn(t)).filing_status).toBe('filed');
  });

  it('marks the return rejected with HMRC words on a 403, and lets it be sent again', async () => {
    sim = await simulator({ today: '2026-10-31' });
    const t = vatBook();
    const error = await submit(t).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SubmissionRefused);
    expect((error as Error).message).toContain('tax period that has not ended');
    const record = await vatReturn(t);
    expect(record.filing_status).toBe('rejected');
    expect(record.hmrc_message).toContain('submission is for a tax period that has not ended');
    sim.today = '2026-11-22';
    await submit(t);
    expect((await vatReturn(t)).filing_status).toBe('filed');
  });

  it('understands a duplicate as already filed', async () => {
    sim = await simulator();
    const t = vatBook();
    sim.returns.set('18A6', { body: {}, formBundleNumber: '100000000042' });
    const outcome = await submit(t);
    expect(outcome.alreadyFiled).toBe(true);
    expect((await vatReturn(t)).filing_status).toBe('filed');
  });

  it('records what HMRC holds when the period was filed another way with other figures, and says so', async () => {
    sim = await simulator();
    const t = vatBook();
    // An agent filed the period from other software before the book was sent: box 5 of 89.80, where the book says 139.90.
    const agents = { periodKey: '18A6', vatDueSales: 150, vatDueAcquisitions: 0, totalVatDue: 150, vatReclaimedCurrPeriod: 60.2, netVatDue: 89.8, totalValueSalesExVAT: 750, totalValuePurchasesExVAT: 300, totalValueGoodsSuppliedExVAT: 0, totalAcquisitionsExVAT: 0 };
    sim.returns.set('18A6', { body: agents, formBundleNumber: '100000000042' });
    const outcome = await submit(t);
    expect(outcome.alreadyFiled).toBe(true);
    const record = await vatReturn(t);
    expect(record.filing_status).toBe('filed');
    expect(record.hmrc_message).toContain('box 5 is £89.80 there and £139.90 in the book');
    const box = (n: number) => record.breakdown.rows.find((row: { box_number: number }) => row.box_number === n).value;
    expect([box(1), box(3), box(4), box(5), box(6), box(7)].map((value) => toMinor(value, 'GBP'))).toEqual([150_00, 150_00, 60_20, 89_80, 750_00, 300_00]);
  });

  it('says nothing more when the return HMRC already holds has the book figures', async () => {
    sim = await simulator();
    const t = vatBook();
    sim.submitFaults.push('lose');
    await submit(t);
    const record = await vatReturn(t);
    expect(record).toMatchObject({ filing_status: 'filed', hmrc_receipt: { found_by_lookup: true } });
    expect(record.hmrc_message).toBeUndefined();
    expect(toMinor(record.breakdown.rows.find((row: { box_number: number }) => row.box_number === 5).value, 'GBP')).toBe(139_90);
  });

  it('leaves the return pending when HMRC cannot be reached, and looks it up first next time', async () => {
    sim = await simulator();
    const t = vatBook();
    sim.submitFaults.push('lose');
    // The period key's check reads the obligations; every look-up after the lost POST goes unanswered.
    sim.anyFaults.push('answer', 'lose-before', 'lose-before', 'lose-before', 'lose-before');
    await expect(submit(t)).rejects.toBeInstanceOf(SubmissionInDoubt);
    expect((await vatReturn(t)).filing_status).toBe('pending');
    const before = sim.submissions().length;
    await submit(t);
    expect(sim.submissions()).toHaveLength(before);
    expect((await vatReturn(t)).filing_status).toBe('filed');
  });

  it("refuses a period key HMRC gives for other dates, sending nothing and leaving the return as it was", async () => {
    sim = await simulator();
    const t = vatBook();
    // 18A7 is HMRC's open quarter November to January; the book's return is August to October.
    const error = await submitVatReturn({ book: bookCaller(t.engine, ownerAuthorization), client: clientFor(sim), periodEndsOn: QUARTER.end, periodKey: '18A7', now }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PeriodKeyMismatch);
    expect((error as Error).message).toBe(
      "HMRC's period 18A7 runs 1 November 2026 to 31 January 2027, not 1 August 2026 to 31 October 2026 as the book's return does, so nothing was sent. " +
        "Send each return under the period key HMRC gives for the same dates; if the book's VAT periods differ from HMRC's, put the VAT period dates right in Settings.",
    );
    expect(sim.submissions()).toHaveLength(0);
    const record = await vatReturn(t);
    expect(record.filing_status).toBe('unfiled');
    expect(record.hmrc_period_key).toBeUndefined();
    // The right key still goes through afterwards.
    await submit(t);
    expect((await vatReturn(t)).filing_status).toBe('filed');
  });

  it('refuses a period key HMRC does not know, sending nothing', async () => {
    sim = await simulator();
    const t = vatBook();
    const error = await submitVatReturn({ book: bookCaller(t.engine, ownerAuthorization), client: clientFor(sim), periodEndsOn: QUARTER.end, periodKey: '19C4', now }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PeriodKeyMismatch);
    expect((error as Error).message).toContain('HMRC has no VAT period 19C4 for this business, so the return for 1 August 2026 to 31 October 2026 was not sent.');
    expect(sim.submissions()).toHaveLength(0);
    expect((await vatReturn(t)).filing_status).toBe('unfiled');
  });

  it('finds the key among the fulfilled ones when HMRC took a return whose answer was lost, and records it filed', async () => {
    sim = await simulator();
    const t = vatBook();
    sim.submitFaults.push('lose');
    sim.anyFaults.push('answer', 'lose-before', 'lose-before', 'lose-before', 'lose-before');
    await expect(submit(t)).rejects.toBeInstanceOf(SubmissionInDoubt);
    // HMRC holds it: 18A6 is no longer open, so the second try's check must look among the fulfilled.
    expect(sim.obligations.find((obligation) => obligation.periodKey === QUARTER.key)!.status).toBe('F');
    const outcome = await submit(t);
    expect(outcome.alreadyFiled).toBe(true);
    expect(sim.submissions()).toHaveLength(1);
    expect((await vatReturn(t)).filing_status).toBe('filed');
  });

  it('refuses to send a return already filed, without asking HMRC', async () => {
    sim = await simulator();
    const t = vatBook();
    await submit(t);
    const count = sim.requests.length;
    await expect(submit(t)).rejects.toBeInstanceOf(BookRefusal);
    expect(sim.requests).toHaveLength(count);
  });
});
