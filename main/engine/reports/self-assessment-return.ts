import { and, asc, eq } from 'drizzle-orm';
import { selfAssessmentReturnStates, users } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext, UserRow } from '../context';
import { notFound } from '../errors';
import { date, timestamp, type ApiRecord } from '../values';
import { paymentMarks, paymentRecord, type DuePayment } from './return-payments';
import { assess, selfAssessmentPayments, selfAssessmentYears, type Assessment } from './self-assessment';
import { filesSelfAssessment, userIncome } from './self-assessment-income';
import { filingDueOn, type TaxYear } from './tax-years';

export type SelfAssessmentState = typeof selfAssessmentReturnStates.$inferSelect;

/** Payment marks of one user's returns are kept apart from every other user's and from VAT. */
export const selfAssessmentKind = (userId: number) => `self_assessment:${userId}`;

/** One user's returns as the books see them: the tax years, and each one's bill estimated on demand. */
export interface Filer {
  user: UserRow;
  years: TaxYear[];
  assessment(year: TaxYear): Assessment;
}

/** The user by id (404 when unknown), with the tax years they file for: none unless their role files. */
export function filer(ctx: Pick<EngineContext, 'db' | 'book' | 'today'>, userId: string): Filer {
  const everyone = ctx.db.select().from(users).orderBy(asc(users.id)).all();
  const user = everyone.find((row) => String(row.id) === userId);
  if (!user) throw notFound('User not found');
  const company = loadCompany(ctx);
  const years = filesSelfAssessment(company.type, user.role) ? selfAssessmentYears(company.companyStartDate, ctx.today) : [];
  const cache = new Map<string, Assessment>();
  return {
    user,
    years,
    assessment(year) {
      let found = cache.get(year.label);
      if (!found) cache.set(year.label, (found = assess(year, userIncome(ctx.book.sqlite, company.type, user, everyone, year))));
      return found;
    },
  };
}

/** The tax year ending on a date among the user's returns; 404 otherwise. */
export function filedYear(person: Filer, periodEndsOn: string): TaxYear {
  const year = person.years.find((candidate) => candidate.endsOn === periodEndsOn);
  if (!year) throw notFound(`No self assessment return ending on ${periodEndsOn} for this user`);
  return year;
}

/** A year's payments; payments on account need the year before, when the books cover it. */
export function paymentsOf(person: Filer, year: TaxYear): DuePayment[] {
  const previous = person.years.find((candidate) => candidate.startYear === year.startYear - 1);
  return selfAssessmentPayments(year, person.assessment(year), previous ? person.assessment(previous) : null);
}

export function selfAssessmentState(ctx: Pick<EngineContext, 'db'>, userId: number, periodEndsOn: string): SelfAssessmentState | undefined {
  return ctx.db
    .select()
    .from(selfAssessmentReturnStates)
    .where(and(eq(selfAssessmentReturnStates.userId, userId), eq(selfAssessmentReturnStates.periodEndsOn, periodEndsOn)))
    .get();
}

/** The record of 2.11. */
export function selfAssessmentRecord(ctx: EngineContext, person: Filer, year: TaxYear): ApiRecord {
  const currency = loadCompany(ctx).currency;
  const state = selfAssessmentState(ctx, person.user.id, year.endsOn);
  const marks = paymentMarks(ctx, selfAssessmentKind(person.user.id), year.endsOn);
  return {
    url: `${ctx.origin}/v2/users/${person.user.id}/self_assessment_returns/${year.endsOn}`,
    period_starts_on: date(year.startsOn),
    period_ends_on: date(year.endsOn),
    filing_due_on: date(filingDueOn(year)),
    filing_status: state?.filingStatus ?? 'unfiled',
    // Both come only from online filing; marking a return filed sets neither.
    filed_at: state?.filedAt ? timestamp(state.filedAt) : undefined,
    filed_reference: state?.filedReference ?? undefined,
    payments: paymentsOf(person, year).map((payment) => paymentRecord(payment, marks, currency)),
  };
}
