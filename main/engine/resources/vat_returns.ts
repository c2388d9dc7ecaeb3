import { eq } from 'drizzle-orm';
import { Level } from '../../../shared/api/permissions';
import type { VatBoxNumber } from '../../../shared/api/vat_returns';
import { vatReturnStates } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { filedVatReturnEnds } from '../ledger/locks';
import { listPage } from '../pagination';
import { markPayment, type PaymentTrigger } from '../reports/return-payments';
import { ledgerVatBoxes } from '../reports/vat-return-boxes';
import { vatBoxRecord } from '../reports/vat-box-record';
import { vatPeriods } from '../reports/vat-periods';
import { currentNetVatDue, frozenBoxes, VAT_RETURN_KIND, vatPayment, vatPeriodEnding, vatReturnRecord, vatReturnState } from '../reports/vat-return';
import { ok, type Route, type RouteRequest } from '../route';

const RESOURCE = 'vat_returns';
const PERIOD = ':period_ends_on{[0-9]{4}-[0-9]{2}-[0-9]{2}}';
const PAYMENT = ':payment_date{[0-9]{4}-[0-9]{2}-[0-9]{2}}';
const BOX = ':box_number{[1-9]}';

/** Periods from registration up to the current one, newest first; none for an unregistered company. */
function listVatReturns(request: RouteRequest) {
  const { ctx } = request;
  const periods = vatPeriods(loadCompany(ctx), ctx.today).reverse();
  return listPage(request, 'vat_returns', periods, (period) => vatReturnRecord(ctx, period, false));
}

const single = (ctx: EngineContext, periodEndsOn: string) => ok({ vat_return: vatReturnRecord(ctx, vatPeriodEnding(ctx, periodEndsOn), true) });

/**
 * Any state -> marked_as_filed (section 3), but for the two states of Ledgerdesk's own online filing
 * (vat_return_filing.ts), where HMRC's word decides: a return `pending` with HMRC (sent, its answer not
 * known) is filed by HMRC's receipt or looked up there, and marked by hand it could no longer take that
 * receipt and, unfiled again, would be sent a second time without a look-up; one `filed` online stays
 * filed, and marking it would let mark_as_unfiled lift it. The figures are frozen as they stand, and
 * the books lock up to the period end (ledger/locks.ts). A period still running cannot be filed: its
 * figures are not final and filing it would lock days that have not happened yet.
 */
function markAsFiled({ ctx, params }: RouteRequest) {
  const period = vatPeriodEnding(ctx, params.period_ends_on!);
  if (ctx.today <= period.endsOn) throw unprocessable(`The VAT period ending ${period.endsOn} has not ended yet, so its return cannot be filed`);
  const state = vatReturnState(ctx, period.endsOn);
  if (state?.filingStatus === 'pending') throw unprocessable(`The VAT return for the period ending ${period.endsOn} has been sent to HMRC and its answer is not known yet, so it cannot be marked as filed by hand: HMRC's receipt files it`);
  if (state?.filingStatus === 'filed') throw unprocessable(`The VAT return for the period ending ${period.endsOn} is already filed with HMRC online`);
  const boxes = frozenBoxes(state) ?? ledgerVatBoxes(ctx, period);
  const values = { filingStatus: 'marked_as_filed', filedBoxes: JSON.stringify(boxes), updatedAt: ctx.now };
  ctx.db
    .insert(vatReturnStates)
    .values({ periodEndsOn: period.endsOn, ...values, createdAt: ctx.now })
    .onConflictDoUpdate({ target: vatReturnStates.periodEndsOn, set: values })
    .run();
  ctx.recordChange(RESOURCE, period.endsOn, 'update');
  return single(ctx, period.endsOn);
}

/**
 * marked_as_filed -> unfiled, as the live service allows, so a mistake found after filing can be put
 * right: the frozen figures go (the return follows the ledger again) and the lock its filing set is
 * lifted. A return filed with HMRC online stays filed. A later filed return keeps the books locked past
 * this period, so it must be unfiled first; otherwise the bookkeeper would see an unfiled return that
 * still cannot be corrected.
 */
function markAsUnfiled({ ctx, params }: RouteRequest) {
  const period = vatPeriodEnding(ctx, params.period_ends_on!);
  const state = vatReturnState(ctx, period.endsOn);
  if (state?.filingStatus === 'filed') throw unprocessable(`The VAT return for the period ending ${period.endsOn} was filed with HMRC online, so it cannot be marked as unfiled`);
  if (state?.filingStatus !== 'marked_as_filed') throw unprocessable(`The VAT return for the period ending ${period.endsOn} is not marked as filed`);
  const later = filedVatReturnEnds(ctx).find((endsOn) => endsOn > period.endsOn);
  if (later !== undefined) throw unprocessable(`The VAT return for the period ending ${later} is filed and locks this period too: mark it as unfiled first`);
  ctx.db
    .update(vatReturnStates)
    .set({ filingStatus: 'unfiled', filedBoxes: null, updatedAt: ctx.now })
    .where(eq(vatReturnStates.periodEndsOn, period.endsOn))
    .run();
  ctx.recordChange(RESOURCE, period.endsOn, 'update');
  return single(ctx, period.endsOn);
}

function paymentRoute(trigger: PaymentTrigger): Route {
  return {
    method: 'PUT',
    path: `/v2/vat_returns/${PERIOD}/payments/${PAYMENT}/${trigger}`,
    level: Level.TaxAccountingAndUsers,
    handle: ({ ctx, params }) => {
      const period = vatPeriodEnding(ctx, params.period_ends_on!);
      const payment = vatPayment(period, currentNetVatDue(ctx, period));
      markPayment(ctx, VAT_RETURN_KIND, period.endsOn, [payment], params.payment_date!, trigger);
      ctx.recordChange(RESOURCE, period.endsOn, 'update');
      return single(ctx, period.endsOn);
    },
  };
}

/**
 * Ledgerdesk extension (docs/api-notes.md): what is behind one box of a return, the postings that make
 * it with what each adds, so a bookkeeper can check a figure before filing it.
 */
function boxTransactions({ ctx, params }: RouteRequest) {
  const period = vatPeriodEnding(ctx, params.period_ends_on!);
  return ok({ vat_return_box: vatBoxRecord(ctx, period, Number(params.box_number) as VatBoxNumber) });
}

export const vatReturnRoutes: Route[] = [
  { method: 'GET', path: '/v2/vat_returns', level: Level.TaxAccountingAndUsers, handle: listVatReturns },
  { method: 'GET', path: `/v2/vat_returns/${PERIOD}`, level: Level.TaxAccountingAndUsers, handle: ({ ctx, params }) => single(ctx, params.period_ends_on!) },
  { method: 'PUT', path: `/v2/vat_returns/${PERIOD}/mark_as_filed`, level: Level.Full, handle: markAsFiled },
  { method: 'PUT', path: `/v2/vat_returns/${PERIOD}/mark_as_unfiled`, level: Level.Full, handle: markAsUnfiled },
  { method: 'GET', path: `/v2/vat_returns/${PERIOD}/boxes/${BOX}/transactions`, level: Level.TaxAccountingAndUsers, handle: boxTransactions },
  paymentRoute('mark_as_paid'),
  paymentRoute('mark_as_unpaid'),
];
