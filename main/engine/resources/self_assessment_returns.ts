import { and, eq } from 'drizzle-orm';
import { Level } from '../../../shared/api/permissions';
import { selfAssessmentReturnStates } from '../../db/schema';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { listPage } from '../pagination';
import { markPayment, type PaymentTrigger } from '../reports/return-payments';
import { filedYear, filer, paymentsOf, selfAssessmentKind, selfAssessmentRecord, selfAssessmentState, type Filer } from '../reports/self-assessment-return';
import { selfAssessmentEstimate } from '../reports/self-assessment-estimate';
import type { TaxYear } from '../reports/tax-years';
import { ok, type Route, type RouteRequest } from '../route';

const RESOURCE = 'self_assessment_returns';
const BASE = '/v2/users/:user_id{[0-9]+}/self_assessment_returns';
const PERIOD = ':period_ends_on{[0-9]{4}-[0-9]{2}-[0-9]{2}}';
const PAYMENT = ':payment_date{[0-9]{4}-[0-9]{2}-[0-9]{2}}';

/** A user's returns, newest first; empty for a user whose role files nothing the books know of. */
function listReturns(request: RouteRequest) {
  const { ctx, params } = request;
  const person = filer(ctx, params.user_id!);
  return listPage(request, 'self_assessment_returns', [...person.years].reverse(), (year) => selfAssessmentRecord(ctx, person, year));
}

const single = (ctx: EngineContext, person: Filer, year: TaxYear) => ok({ self_assessment_return: selfAssessmentRecord(ctx, person, year) });

/** The change log names a return by its user and period end: "<user id>:<period_ends_on>". */
const changeId = (person: Filer, year: TaxYear) => `${person.user.id}:${year.endsOn}`;

function setFilingStatus(ctx: EngineContext, person: Filer, year: TaxYear, filingStatus: string): void {
  const key = and(eq(selfAssessmentReturnStates.userId, person.user.id), eq(selfAssessmentReturnStates.periodEndsOn, year.endsOn));
  const updated = ctx.db.update(selfAssessmentReturnStates).set({ filingStatus, updatedAt: ctx.now }).where(key).returning({ id: selfAssessmentReturnStates.id }).all();
  if (updated.length === 0) {
    ctx.db.insert(selfAssessmentReturnStates).values({ userId: person.user.id, periodEndsOn: year.endsOn, filingStatus, createdAt: ctx.now, updatedAt: ctx.now }).run();
  }
  ctx.recordChange(RESOURCE, changeId(person, year), 'update');
}

/** Section 3: any state -> marked_as_filed. */
function markAsFiled({ ctx, params }: RouteRequest) {
  const person = filer(ctx, params.user_id!);
  const year = filedYear(person, params.period_ends_on!);
  setFilingStatus(ctx, person, year, 'marked_as_filed');
  return single(ctx, person, year);
}

/** Section 3: marked_as_filed -> unfiled, and from no other state. */
function markAsUnfiled({ ctx, params }: RouteRequest) {
  const person = filer(ctx, params.user_id!);
  const year = filedYear(person, params.period_ends_on!);
  const status = selfAssessmentState(ctx, person.user.id, year.endsOn)?.filingStatus ?? 'unfiled';
  if (status !== 'marked_as_filed') throw unprocessable(`Only a return marked as filed can be marked as unfiled; the ${year.label} return is ${status}`);
  setFilingStatus(ctx, person, year, 'unfiled');
  return single(ctx, person, year);
}

function paymentRoute(trigger: PaymentTrigger): Route {
  return {
    method: 'PUT',
    path: `${BASE}/${PERIOD}/payments/${PAYMENT}/${trigger}`,
    level: Level.TaxAccountingAndUsers,
    handle: ({ ctx, params }) => {
      const person = filer(ctx, params.user_id!);
      const year = filedYear(person, params.period_ends_on!);
      markPayment(ctx, selfAssessmentKind(person.user.id), year.endsOn, paymentsOf(person, year), params.payment_date!, trigger);
      ctx.recordChange(RESOURCE, changeId(person, year), 'update');
      return single(ctx, person, year);
    },
  };
}

export const selfAssessmentReturnRoutes: Route[] = [
  { method: 'GET', path: BASE, level: Level.TaxAccountingAndUsers, handle: listReturns },
  {
    method: 'GET',
    path: `${BASE}/${PERIOD}`,
    level: Level.TaxAccountingAndUsers,
    handle: ({ ctx, params }) => {
      const person = filer(ctx, params.user_id!);
      return single(ctx, person, filedYear(person, params.period_ends_on!));
    },
  },
  // Ledgerdesk extension: the parts of the estimate behind the payments (docs/api-notes.md).
  {
    method: 'GET',
    path: `${BASE}/${PERIOD}/estimate`,
    level: Level.TaxAccountingAndUsers,
    handle: ({ ctx, params }) => {
      const person = filer(ctx, params.user_id!);
      return ok({ self_assessment_estimate: selfAssessmentEstimate(ctx, person, filedYear(person, params.period_ends_on!)) });
    },
  },
  { method: 'PUT', path: `${BASE}/${PERIOD}/mark_as_filed`, level: Level.Full, handle: markAsFiled },
  { method: 'PUT', path: `${BASE}/${PERIOD}/mark_as_unfiled`, level: Level.Full, handle: markAsUnfiled },
  paymentRoute('mark_as_paid'),
  paymentRoute('mark_as_unpaid'),
];
