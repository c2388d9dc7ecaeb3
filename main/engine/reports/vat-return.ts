import { eq } from 'drizzle-orm';
import { VAT_BOXES, type VatBoxNumber } from '../../../shared/api/vat_returns';
import { fromMinor } from '../../../shared/money';
import { vatReturnStates } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { notFound } from '../errors';
import { date, decimal, timestamp, type ApiRecord } from '../values';
import { paymentMarks, paymentRecord, type DuePayment } from './return-payments';
import type { VatBoxes } from './vat-boxes';
import { ledgerNetVatDue, ledgerVatBoxes } from './vat-return-boxes';
import { vatDueOn, vatPeriods, type VatPeriod } from './vat-periods';
import { vatSchemeNote } from './vat-scheme-note';

export const VAT_RETURN_KIND = 'vat';

export type VatReturnState = typeof vatReturnStates.$inferSelect;

export function vatReturnState(ctx: Pick<EngineContext, 'db'>, periodEndsOn: string): VatReturnState | undefined {
  return ctx.db.select().from(vatReturnStates).where(eq(vatReturnStates.periodEndsOn, periodEndsOn)).get();
}

/** The figures a filed return was filed with; a return marked filed no longer follows the ledger. */
export function frozenBoxes(state: VatReturnState | undefined): VatBoxes | null {
  return state?.filedBoxes ? (JSON.parse(state.filedBoxes) as VatBoxes) : null;
}

/** The period ending on a date, among those listed today; 404 when there is none. */
export function vatPeriodEnding(ctx: Pick<EngineContext, 'db' | 'today'>, periodEndsOn: string): VatPeriod {
  const company = loadCompany(ctx);
  if (!company.vatRegistered) throw notFound('This company is not VAT registered, so it has no VAT returns');
  const period = vatPeriods(company, ctx.today).find((candidate) => candidate.endsOn === periodEndsOn);
  if (!period) throw notFound(`No VAT return period ends on ${periodEndsOn}`);
  return period;
}

/** One payment per return: box 5, due with the return. */
export function vatPayment(period: VatPeriod, netDue: number): DuePayment {
  return { label: netDue < 0 ? 'VAT Refund' : 'VAT Payment', dueOn: vatDueOn(period.endsOn), amountMinor: netDue };
}

/** Box 5 as the return stands: frozen when filed, from the ledger otherwise. */
export function currentNetVatDue(ctx: Pick<EngineContext, 'db' | 'book'>, period: VatPeriod): number {
  return frozenBoxes(vatReturnState(ctx, period.endsOn))?.[5] ?? ledgerNetVatDue(ctx, period);
}

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const longDate = (value: string) => LONG_DATE.format(new Date(`${value}T00:00:00Z`));

function breakdown(boxes: VatBoxes, period: VatPeriod, currency: string): ApiRecord {
  return {
    title: `VAT return for ${longDate(period.startsOn)} to ${longDate(period.endsOn)}`,
    rows: VAT_BOXES.map((box) => ({
      title: box.title,
      value: decimal(fromMinor(boxes[box.box_number as VatBoxNumber], currency)),
      key: box.key,
      box_number: box.box_number,
    })),
  };
}

/** The record of 2.12; single reads add the breakdown of the nine boxes. */
export function vatReturnRecord(ctx: EngineContext, period: VatPeriod, withBreakdown: boolean): ApiRecord {
  const currency = loadCompany(ctx).currency;
  const state = vatReturnState(ctx, period.endsOn);
  const boxes = withBreakdown ? (frozenBoxes(state) ?? ledgerVatBoxes(ctx, period)) : null;
  const netDue = boxes ? boxes[5] : currentNetVatDue(ctx, period);
  const marks = paymentMarks(ctx, VAT_RETURN_KIND, period.endsOn);
  return {
    url: `${ctx.origin}/v2/vat_returns/${period.endsOn}`,
    period_starts_on: date(period.startsOn),
    period_ends_on: date(period.endsOn),
    filing_due_on: date(vatDueOn(period.endsOn)),
    filing_status: state?.filingStatus ?? 'unfiled',
    // Both come only from online filing; marking a return filed sets neither.
    filed_at: state?.filedAt ? timestamp(state.filedAt) : undefined,
    filed_reference: state?.filedReference ?? undefined,
    // Ledgerdesk extensions for online filing (docs/api-notes.md, "Filing with HMRC").
    hmrc_period_key: state?.hmrcPeriodKey ?? undefined,
    hmrc_receipt: state?.hmrcReceipt ? (JSON.parse(state.hmrcReceipt) as ApiRecord) : undefined,
    // Why HMRC refused it, or (filed) that HMRC held other figures than the book's for the period.
    hmrc_message: state?.filingStatus === 'rejected' || state?.filingStatus === 'filed' ? (state.hmrcMessage ?? undefined) : undefined,
    payments: [paymentRecord(vatPayment(period, netDue), marks, currency)],
    breakdown: boxes ? breakdown(boxes, period, currency) : undefined,
    // Ledgerdesk extension: the schemes the return is worked under, on single reads.
    scheme_note: withBreakdown ? vatSchemeNote(ctx, period) : undefined,
  };
}
