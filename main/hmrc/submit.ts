import type { HmrcReceiptRecord } from '../../shared/api/hmrc';
import { HMRC_AMOUNT, HMRC_RETURN_FIELDS, hmrcReturnJson, type HmrcReturnFigures } from '../../shared/api/hmrc-return';
import type { VatReturnRecord } from '../../shared/api/vat_returns';
import type { BookCaller } from './book';
import { HmrcError, HmrcUnanswered, type HmrcClient, type Obligation } from './client';
import { HmrcSignInError } from './oauth';
import { confirmPeriodKey } from './period-check';
import { hmrcWords, returnRefusal } from './refusal-words';
import { HmrcReconnectNeeded } from './tokens';

/**
 * One VAT return sent to HMRC, once (issue 21 item 3). The return goes `pending` in the book before
 * anything leaves the machine. HMRC's 201 makes it `filed` with the receipt; a refusal makes it
 * `rejected` with HMRC's words. No answer, or a 5xx, leaves it open whether HMRC took it (a POST has
 * no idempotency key, vat-api-rules.md section 12), so before any retry the return is looked up on
 * HMRC: found, it is filed; not found, it is sent again. A duplicate answer means it was filed already.
 * Before any of that, the period key must be HMRC's for the book's dates (period-check.ts).
 */

export interface SubmitOutcome {
  vatReturn: VatReturnRecord;
  receipt: HmrcReceiptRecord;
  /** True when HMRC already held the return (a lost answer, or filed elsewhere): nothing new was sent. */
  alreadyFiled: boolean;
}

/** HMRC refused the return; it is `rejected` in the book with this message. */
export class SubmissionRefused extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** HMRC's answer was lost and it could not be asked: the return stays `pending` and is looked up first next time. */
export class SubmissionInDoubt extends Error {}

const DUPLICATE = 'DUPLICATE_SUBMISSION';

export interface SubmitOptions {
  book: BookCaller;
  client: HmrcClient;
  periodEndsOn: string;
  periodKey: string;
  /** The wall clock, for the time a return was found filed by a look-up. */
  now: () => Date;
  /** Times the POST may be sent in all (each after a look-up found nothing). */
  attempts?: number;
}

export async function submitVatReturn(options: SubmitOptions): Promise<SubmitOutcome> {
  const { book, client, periodEndsOn, periodKey } = options;
  const path = `/v2/vat_returns/${periodEndsOn}`;
  const record = (await book('GET', path)).body.vat_return as VatReturnRecord;
  // A return the book holds as filed is refused by the book below, without a word to HMRC.
  if (record.filing_status !== 'filed' && record.filing_status !== 'marked_as_filed') await confirmPeriodKey(client, record, periodKey);
  const begun = await book('PUT', `${path}/hmrc_submission`, { hmrc_submission: { period_key: periodKey } });
  const json = hmrcReturnJson(periodKey, begun.body.hmrc_figures as HmrcReturnFigures);

  const filed = async (receipt: HmrcReceiptRecord & { held_figures?: HmrcReturnFigures; message?: string }, alreadyFiled: boolean): Promise<SubmitOutcome> => {
    const answer = await book('PUT', `${path}/hmrc_receipt`, { hmrc_receipt: receipt });
    return { vatReturn: answer.body.vat_return as VatReturnRecord, receipt, alreadyFiled };
  };
  const period = { start: record.period_starts_on, end: record.period_ends_on };
  // Found on HMRC: its own figures go with the receipt, so a return filed another way with other
  // figures is recorded as HMRC holds it (a duplicate's figures are read now; unreadable, left out).
  // A period over four years old HMRC will not show: the return is filed, and the person is told to
  // compare the figures in their HMRC online account.
  const foundFiled = async (held?: Record<string, string> | null) => {
    let unseen = false;
    const view =
      held === undefined
        ? await client.viewReturn(periodKey).catch((error: unknown) => {
            unseen = isTooOld(error);
            return null;
          })
        : held;
    const figures = heldFigures(view);
    const received = await receivedOn(client, periodKey, period, options.now);
    const message = unseen ? tooOldToCompare(periodKey, 'HMRC answered that it already holds a return for the period (DUPLICATE_SUBMISSION)') : undefined;
    return filed({ processing_date: received, found_by_lookup: true, ...(figures ? { held_figures: figures } : {}), ...(message ? { message } : {}) }, true);
  };

  // A return left pending by an earlier attempt may have reached HMRC: ask before sending.
  let lookUpFirst = begun.body.resumed === true;
  /** A POST of this run got no answer or a 5xx: HMRC may hold the return even if its view says not yet. */
  let lostThisRun = false;
  const attempts = options.attempts ?? 3;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    if (lookUpFirst) {
      let held: Record<string, string> | null;
      try {
        held = await client.viewReturn(periodKey);
      } catch (error) {
        if (!isTooOld(error)) throw new SubmissionInDoubt(`HMRC did not confirm whether it received the return and could not be asked (${(error as Error).message}). The return stays pending; it will be looked up on HMRC before it is sent again.`);
        // HMRC shows no return of a period over four years old (DATE_RANGE_TOO_LARGE, vat-api-rules.md
        // section 8), however often it is asked. Its obligation says the rest (section 12): fulfilled,
        // HMRC holds the return; not, it holds none, and the return is sent as after a 404, HMRC
        // refusing a second one (DUPLICATE_SUBMISSION) if an earlier try did reach it after all.
        const fulfilled = await fulfilledObligation(client, periodKey, period).catch((failure: unknown) => {
          throw new SubmissionInDoubt(`HMRC no longer shows returns more than four years old, and whether it received this one could not be asked another way (${(failure as Error).message}). The return stays pending; try again later, or check your HMRC online account.`);
        });
        if (fulfilled) {
          const received = fulfilled.received ?? options.now().toISOString();
          return filed({ processing_date: received, found_by_lookup: true, message: tooOldToCompare(periodKey, `HMRC lists period ${periodKey} as received${fulfilled.received ? ` on ${longDate(fulfilled.received)}` : ''}`) }, true);
        }
        held = null;
      }
      if (held) return foundFiled(held);
    }
    try {
      const receipt = await client.submitReturn(json);
      return filed(
        {
          form_bundle_number: receipt.formBundleNumber,
          processing_date: receipt.processingDate,
          payment_indicator: receipt.paymentIndicator,
          charge_ref_number: receipt.chargeRefNumber,
          receipt_id: receipt.receiptId,
          receipt_timestamp: receipt.receiptTimestamp,
        },
        false,
      );
    } catch (error) {
      if (error instanceof HmrcError && error.codes.includes(DUPLICATE)) return foundFiled();
      // Refused now, but an earlier POST of this run had no answer and HMRC's view may lag behind what
      // it took: "nothing was filed" could be untrue, so the return stays pending and is looked up first.
      if (error instanceof HmrcError && error.status < 500 && lostThisRun) {
        throw new SubmissionInDoubt(
          `HMRC did not take the return this time (${hmrcWords(error)}), but the answer to an earlier try was lost, so whether HMRC holds the return is not known. The return stays pending; it will be looked up on HMRC before it is sent again.`,
        );
      }
      if (error instanceof HmrcError && error.status < 500) {
        const message = returnRefusal(error, periodKey);
        await book('PUT', `${path}/hmrc_rejection`, { hmrc_rejection: { message } });
        throw new SubmissionRefused(message, error.code);
      }
      // The token could not be had (the grant ended, or the sign-in host did not answer): the POST
      // never left, so unless an earlier try is in doubt the return was plainly not sent.
      if ((error instanceof HmrcReconnectNeeded || error instanceof HmrcSignInError) && !lookUpFirst) {
        const message = `${error.message} Nothing was filed.`;
        await book('PUT', `${path}/hmrc_rejection`, { hmrc_rejection: { message } });
        throw new SubmissionRefused(message, error instanceof HmrcReconnectNeeded ? 'RECONNECT_NEEDED' : 'SIGN_IN_FAILED');
      }
      if (!(error instanceof HmrcError) && !(error instanceof HmrcUnanswered)) throw error;
      lookUpFirst = true;
      lostThisRun = true;
    }
  }
  throw new SubmissionInDoubt('HMRC kept failing to answer. The return stays pending; it will be looked up on HMRC before it is sent again.');
}

/** HMRC's nine figures from its view of a return, when every one is there as an amount. */
function heldFigures(held: Record<string, string> | null): HmrcReturnFigures | null {
  if (!held) return null;
  const figures = Object.fromEntries(HMRC_RETURN_FIELDS.map((field) => [field, held[field]]));
  return HMRC_RETURN_FIELDS.every((field) => typeof held[field] === 'string' && HMRC_AMOUNT.test(held[field])) ? (figures as HmrcReturnFigures) : null;
}

/** HMRC's refusal to show a return of a period more than four years back (vat-api-rules.md section 8). */
const isTooOld = (error: unknown) => error instanceof HmrcError && error.codes.includes('DATE_RANGE_TOO_LARGE');

const longDate = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** What the person is told beside a return found filed whose figures HMRC would not show. */
function tooOldToCompare(periodKey: string, evidence: string): string {
  return (
    `${evidence}, so the return is filed. HMRC no longer shows returns more than four years old, so the figures it holds for period ${periodKey} could not be compared with the book's: ` +
    'check them in your HMRC online account (your VAT account), and if they differ, put the difference right as VAT Notice 700/45 says.'
  );
}

/** HMRC's fulfilled obligation with `periodKey` among those of the book's period, if it lists one. */
async function fulfilledObligation(client: HmrcClient, periodKey: string, period: { start: string; end: string }): Promise<Obligation | undefined> {
  const fulfilled = await client.obligations({ status: 'F', from: period.start, to: period.end });
  return fulfilled.find((obligation) => obligation.periodKey === periodKey);
}

/** When HMRC received a return found by look-up: the fulfilled obligation's `received`, else now. */
async function receivedOn(client: HmrcClient, periodKey: string, period: { start: string; end: string }, now: () => Date): Promise<string> {
  try {
    const received = (await fulfilledObligation(client, periodKey, period))?.received;
    if (received) return received;
  } catch {
    // The receipt date is a nicety; the return is filed either way.
  }
  return now().toISOString();
}
