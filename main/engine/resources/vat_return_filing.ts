import Decimal from 'decimal.js';
import { z } from 'zod';
import { PERIOD_KEY, type HmrcReceiptRecord } from '../../../shared/api/hmrc';
import { boxesFromHmrcFigures, HMRC_AMOUNT, HMRC_RETURN_FIELDS, hmrcReturnFigures, sameHmrcFigures, type HmrcReturnField, type HmrcReturnFigures } from '../../../shared/api/hmrc-return';
import { Level } from '../../../shared/api/permissions';
import { vatReturnStates } from '../../db/schema';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { issueMessages, rootOf } from '../payload';
import { frozenBoxes, vatPeriodEnding, vatReturnRecord, vatReturnState } from '../reports/vat-return';
import { ledgerVatBoxes } from '../reports/vat-return-boxes';
import type { VatBoxes } from '../reports/vat-boxes';
import type { VatPeriod } from '../reports/vat-periods';
import { ok, type Route, type RouteRequest } from '../route';

/**
 * Ledgerdesk extension (docs/api-notes.md, "Filing with HMRC"): the states of online filing (spec
 * section 3: pending, rejected, filed) as main/hmrc moves a return through them. The engine cannot
 * reach HMRC (no sockets); main/hmrc calls these around its own HTTP call, one engine request per
 * state so a crash mid-flight leaves the return `pending`, which is looked up on HMRC before it is
 * ever sent again.
 */

const RESOURCE = 'vat_returns';
const PERIOD = ':period_ends_on{[0-9]{4}-[0-9]{2}-[0-9]{2}}';

const submissionSchema = z.object({ period_key: z.string({ error: 'is required' }).regex(PERIOD_KEY, { error: "must be HMRC's period key: four of digits, capitals and #" }) });
const receiptSchema = z.object({
  form_bundle_number: z.string().regex(/^[0-9]{12}$/, { error: 'must be twelve digits' }).optional(),
  processing_date: z.string({ error: 'is required' }).min(10).max(40),
  payment_indicator: z.string().max(10).optional(),
  charge_ref_number: z.string().max(16).optional(),
  receipt_id: z.string().max(100).optional(),
  receipt_timestamp: z.string().max(40).optional(),
  found_by_lookup: z.boolean().optional(),
  /** What HMRC holds for the period, when it was found there rather than taken now (HMRC's names). */
  /** Said beside the filed return: why HMRC's figures could not be compared (a period HMRC no longer shows). */
  message: z.string().trim().min(1).max(2000).optional(),
  held_figures: z.object(Object.fromEntries(HMRC_RETURN_FIELDS.map((field) => [field, z.string().regex(HMRC_AMOUNT, { error: 'must be an amount' })])) as Record<HmrcReturnField, z.ZodString>).optional(),
});
const rejectionSchema = z.object({ message: z.string({ error: 'is required' }).trim().min(1).max(2000) });

function payload<S extends z.ZodType>(request: RouteRequest, root: string, schema: S): z.infer<S> {
  const parsed = schema.safeParse(rootOf(request, root));
  if (!parsed.success) throw unprocessable(issueMessages(parsed.error).join('; '));
  return parsed.data;
}

function save(ctx: EngineContext, period: VatPeriod, values: Partial<typeof vatReturnStates.$inferInsert> & { filingStatus: string }) {
  const set = { ...values, updatedAt: ctx.now };
  ctx.db
    .insert(vatReturnStates)
    .values({ periodEndsOn: period.endsOn, ...set, createdAt: ctx.now })
    .onConflictDoUpdate({ target: vatReturnStates.periodEndsOn, set })
    .run();
  ctx.recordChange(RESOURCE, period.endsOn, 'update');
}

/**
 * unfiled | rejected | pending -> pending: the figures are frozen as they will be sent and answered
 * with HMRC's field names. A pending return may be entered again (its answer was lost): the same
 * frozen figures go, after main/hmrc has looked the return up.
 */
function beginSubmission(request: RouteRequest) {
  const { ctx, params } = request;
  const { period_key: periodKey } = payload(request, 'hmrc_submission', submissionSchema);
  const period = vatPeriodEnding(ctx, params.period_ends_on!);
  if (ctx.today <= period.endsOn) throw unprocessable(`The VAT period ending ${period.endsOn} has not ended yet, so its return cannot be sent to HMRC`);
  const state = vatReturnState(ctx, period.endsOn);
  if (state?.filingStatus === 'filed') throw unprocessable(`The VAT return for the period ending ${period.endsOn} is already filed with HMRC`);
  if (state?.filingStatus === 'marked_as_filed') throw unprocessable(`The VAT return for the period ending ${period.endsOn} is marked as filed; mark it as unfiled before sending it to HMRC`);
  if (state?.filingStatus === 'pending' && state.hmrcPeriodKey !== periodKey) throw unprocessable(`The VAT return for the period ending ${period.endsOn} is already on its way to HMRC as period ${state.hmrcPeriodKey}`);
  const boxes = (state?.filingStatus === 'pending' ? frozenBoxes(state) : null) ?? ledgerVatBoxes(ctx, period);
  save(ctx, period, { filingStatus: 'pending', filedBoxes: JSON.stringify(boxes), hmrcPeriodKey: periodKey, hmrcMessage: null });
  return ok({ vat_return: vatReturnRecord(ctx, period, true), hmrc_figures: hmrcReturnFigures(boxes), resumed: state?.filingStatus === 'pending' });
}

function heldElsewhereMessage(ours: VatBoxes, held: VatBoxes): string {
  const pounds = (minor: number) => `${minor < 0 ? '-' : ''}£${new Decimal(Math.abs(minor)).dividedBy(100).toFixed(2)}`;
  return (
    `HMRC already held a return for this period with other figures than the book's, so it was filed another way (by an agent or other software). ` +
    `The figures shown are HMRC's: box 5 is ${pounds(held[5])} there and ${pounds(ours[5])} in the book. ` +
    'Put the difference right on a later return, or tell HMRC if it is over the limit (VAT Notice 700/45).'
  );
}

/** pending -> filed: HMRC took it. The books lock up to the period end (ledger/locks.ts). */
function recordReceipt(request: RouteRequest) {
  const { ctx, params } = request;
  const { held_figures: held, message, ...receipt }: HmrcReceiptRecord & { held_figures?: HmrcReturnFigures; message?: string } = payload(request, 'hmrc_receipt', receiptSchema);
  const period = vatPeriodEnding(ctx, params.period_ends_on!);
  const state = vatReturnState(ctx, period.endsOn);
  if (state?.filingStatus !== 'pending') throw unprocessable(`The VAT return for the period ending ${period.endsOn} is not on its way to HMRC`);
  // HMRC already held a return for the period with other figures (filed by an agent or other software):
  // the book records what HMRC holds, and says so, rather than claim its own figures were filed.
  const ours = frozenBoxes(state);
  const differs = held !== undefined && ours !== null && !sameHmrcFigures(held, hmrcReturnFigures(ours));
  save(ctx, period, {
    filingStatus: 'filed',
    filedAt: receipt.processing_date,
    filedReference: receipt.form_bundle_number ?? null,
    hmrcReceipt: JSON.stringify(receipt),
    hmrcMessage: differs ? heldElsewhereMessage(ours, boxesFromHmrcFigures(held)) : (message ?? null),
    ...(differs ? { filedBoxes: JSON.stringify(boxesFromHmrcFigures(held)) } : {}),
  });
  return ok({ vat_return: vatReturnRecord(ctx, period, true) });
}

/** pending -> rejected: HMRC refused it; the figures follow the ledger again so they can be put right. */
function recordRejection(request: RouteRequest) {
  const { ctx, params } = request;
  const { message } = payload(request, 'hmrc_rejection', rejectionSchema);
  const period = vatPeriodEnding(ctx, params.period_ends_on!);
  const state = vatReturnState(ctx, period.endsOn);
  if (state?.filingStatus !== 'pending') throw unprocessable(`The VAT return for the period ending ${period.endsOn} is not on its way to HMRC`);
  save(ctx, period, { filingStatus: 'rejected', filedBoxes: null, hmrcMessage: message });
  return ok({ vat_return: vatReturnRecord(ctx, period, true) });
}

/** The figures the return would be sent with now, under HMRC's names, for the page that asks to send it. */
function figures({ ctx, params }: RouteRequest) {
  const period = vatPeriodEnding(ctx, params.period_ends_on!);
  const boxes = frozenBoxes(vatReturnState(ctx, period.endsOn)) ?? ledgerVatBoxes(ctx, period);
  return ok({ hmrc_figures: hmrcReturnFigures(boxes) });
}

export const vatReturnFilingRoutes: Route[] = [
  { method: 'GET', path: `/v2/vat_returns/${PERIOD}/hmrc_figures`, level: Level.TaxAccountingAndUsers, handle: figures },
  { method: 'PUT', path: `/v2/vat_returns/${PERIOD}/hmrc_submission`, level: Level.Full, handle: beginSubmission },
  { method: 'PUT', path: `/v2/vat_returns/${PERIOD}/hmrc_receipt`, level: Level.Full, handle: recordReceipt },
  { method: 'PUT', path: `/v2/vat_returns/${PERIOD}/hmrc_rejection`, level: Level.Full, handle: recordRejection },
];
