import { and, eq } from 'drizzle-orm';
import type { PaymentStatus } from '../../../shared/api/returns';
import { fromMinor } from '../../../shared/money';
import { returnPaymentMarks } from '../../db/schema';
import type { EngineContext } from '../context';
import { notFound, unprocessable } from '../errors';
import { date, decimal, type ApiRecord } from '../values';

/** A payment a return asks for; its status comes from the marks the user has made. */
export interface DuePayment {
  label: string;
  dueOn: string;
  /** Native minor units; zero or negative means nothing to pay (a refund when negative). */
  amountMinor: number;
}

/** "vat", or "self_assessment:<user id>": which return family a mark belongs to. */
export type ReturnKind = string;

type Marks = ReadonlyMap<string, PaymentStatus>;

/** The marks on one return's payments, by due date. */
export function paymentMarks(ctx: Pick<EngineContext, 'db'>, kind: ReturnKind, periodEndsOn: string): Marks {
  const rows = ctx.db
    .select({ dueOn: returnPaymentMarks.dueOn, status: returnPaymentMarks.status })
    .from(returnPaymentMarks)
    .where(and(eq(returnPaymentMarks.returnKind, kind), eq(returnPaymentMarks.periodEndsOn, periodEndsOn)))
    .all();
  return new Map(rows.map((row) => [row.dueOn, row.status as PaymentStatus]));
}

/** The payment as the service writes it: no status key when nothing is due (3, payment status). */
export function paymentRecord(payment: DuePayment, marks: Marks, currency: string): ApiRecord {
  return {
    label: payment.label,
    due_on: date(payment.dueOn),
    amount_due: decimal(fromMinor(payment.amountMinor, currency)),
    status: payment.amountMinor > 0 ? (marks.get(payment.dueOn) ?? 'unpaid') : undefined,
  };
}

const TRANSITIONS: Readonly<Record<'mark_as_paid' | 'mark_as_unpaid', { from: PaymentStatus; to: PaymentStatus }>> = {
  mark_as_paid: { from: 'unpaid', to: 'marked_as_paid' },
  mark_as_unpaid: { from: 'marked_as_paid', to: 'unpaid' },
};

export type PaymentTrigger = keyof typeof TRANSITIONS;

/**
 * The payment status transitions of section 3: unpaid -> marked_as_paid and back, nothing else. The
 * payment is named by its due date. The caller records the change on the return it belongs to.
 */
export function markPayment(
  ctx: Pick<EngineContext, 'db' | 'now'>,
  kind: ReturnKind,
  periodEndsOn: string,
  payments: readonly DuePayment[],
  paymentDate: string,
  trigger: PaymentTrigger,
): void {
  const payment = payments.find((candidate) => candidate.dueOn === paymentDate);
  if (!payment) throw notFound(`This return has no payment due on ${paymentDate}; its payments are due on ${payments.map((p) => p.dueOn).join(', ') || 'no date'}`);
  if (payment.amountMinor <= 0) throw unprocessable(`The ${payment.label} due on ${paymentDate} has nothing to pay, so it has no status to mark`);
  const { from, to } = TRANSITIONS[trigger];
  const current = paymentMarks(ctx, kind, periodEndsOn).get(paymentDate) ?? 'unpaid';
  if (current !== from) throw unprocessable(`The ${payment.label} due on ${paymentDate} is already ${current}`);
  const key = and(eq(returnPaymentMarks.returnKind, kind), eq(returnPaymentMarks.periodEndsOn, periodEndsOn), eq(returnPaymentMarks.dueOn, paymentDate));
  const updated = ctx.db.update(returnPaymentMarks).set({ status: to, updatedAt: ctx.now }).where(key).returning({ id: returnPaymentMarks.id }).all();
  if (updated.length === 0) {
    ctx.db.insert(returnPaymentMarks).values({ returnKind: kind, periodEndsOn, dueOn: paymentDate, status: to, createdAt: ctx.now, updatedAt: ctx.now }).run();
  }
}
