import { and, asc, eq, lte } from 'drizzle-orm';
import type { DocumentFields } from '../../../shared/api/invoices';
import type { Frequency, RecurringStatus } from '../../../shared/api/recurring_invoices';
import { recurringInvoices } from '../../db/schema';
import type { EngineContext } from '../context';
import { ApiError } from '../errors';
import { keepingFiledVatReturns } from '../ledger/filed-vat-returns';
import { ValidationError } from '../payload';
import { outsideReadSnapshot } from '../read-snapshot';
import { writeDocument } from './document-write';
import { documentById, itemsOf, type DocumentRow } from './documents';
import { itemInputsOf } from './items';
import { firstAfter } from './recurrence';
import { transition } from './transitions';

export type ProfileRow = typeof recurringInvoices.$inferSelect;

/** An invoice issued from a template on one date: a copy of it, numbered in sequence and sent. */
function issueOne(ctx: EngineContext, template: DocumentRow, datedOn: string): void {
  const invoice = writeDocument(
    ctx,
    'invoice',
    {
      contact: template.contactId,
      project: template.projectId,
      dated_on: datedOn,
      payment_terms_in_days: template.paymentTermsInDays,
      currency: template.currency,
      exchange_rate: template.exchangeRate,
      comments: template.comments,
      omit_header: template.omitHeader,
      always_show_bic_and_iban: template.alwaysShowBicAndIban,
      discount_percent: template.discountPercent,
      show_project_name: template.showProjectName,
      is_interim_uk_vat: template.isInterimUkVat,
      ec_status: template.ecStatus as DocumentFields['ec_status'],
      place_of_supply: template.placeOfSupply,
      cis_rate: template.cisRate,
    },
    itemInputsOf(ctx, itemsOf(ctx, template.id)),
    null,
  );
  transition(ctx, invoice, 'mark_as_sent');
}

/** Where a series goes after issuing on `date`: its next date, or Inactive once past its end date. */
function advance(profile: Pick<ProfileRow, 'frequency' | 'recurringEndDate'>, anchor: string, date: string): { nextRecursOn: string | null; recurringStatus?: RecurringStatus } {
  const next = firstAfter(anchor, profile.frequency as Frequency, date);
  if (profile.recurringEndDate !== null && next > profile.recurringEndDate) return { nextRecursOn: null, recurringStatus: 'Inactive' };
  return { nextRecursOn: next };
}

/**
 * Issues every invoice an active profile owes up to today by the engine clock, each once: the
 * profile's next_recurs_on moves past a date in the same transaction that issues it. An occurrence
 * that cannot be issued (the books are locked on its date, or the template no longer meets a rule)
 * stops the profile (Inactive) rather than be skipped silently or retried every day.
 */
export function issueDue(ctx: EngineContext, start: ProfileRow): void {
  let profile = start;
  while (profile.recurringStatus === 'Active' && profile.nextRecursOn !== null && profile.nextRecursOn <= ctx.today) {
    const template = documentById(ctx, profile.templateInvoiceId)!;
    const date = profile.nextRecursOn;
    let change: Partial<ProfileRow>;
    try {
      // A savepoint: a refused occurrence (or one whose VAT would move a filed return) leaves nothing
      // half-issued behind. The catch-up runs outside any request, so this is its only check.
      keepingFiledVatReturns(ctx, () => issueOne(ctx, template, date));
      change = advance(profile, template.datedOn, date);
    } catch (error) {
      if (!(error instanceof ApiError) && !(error instanceof ValidationError)) throw error;
      change = { recurringStatus: 'Inactive' };
    }
    profile = ctx.db.update(recurringInvoices).set({ ...change, updatedAt: ctx.now }).where(eq(recurringInvoices.id, profile.id)).returning().get();
    ctx.recordChange('recurring_invoices', profile.id, 'update');
  }
}

/** Catches up every active profile; missed dates (the app was closed) are all issued now. */
export function catchUpRecurringInvoices(ctx: EngineContext): void {
  ctx.book.sqlite.transaction(() => {
    const due = ctx.db
      .select()
      .from(recurringInvoices)
      .where(and(eq(recurringInvoices.recurringStatus, 'Active'), lte(recurringInvoices.nextRecursOn, ctx.today)))
      .orderBy(asc(recurringInvoices.id))
      .all();
    for (const profile of due) issueDue(ctx, profile);
  })();
}

/**
 * The engine calls this on every request; it runs the catch-up at most once per engine-clock day, so
 * requests stay cheap. Profiles written during the day issue what is due at once themselves.
 */
export function dailyRecurringCatchUp(): (today: string, context: () => EngineContext) => void {
  let lastDay: string | null = null;
  return (today, context) => {
    if (today === lastDay) return;
    // The catch-up gets a context of its own (built only on the day's first request), so its writes
    // are not counted as the request's own. A read request's snapshot is set aside while it writes.
    const ctx = context();
    outsideReadSnapshot(ctx.book.sqlite, () => catchUpRecurringInvoices(ctx));
    lastDay = today;
  };
}
