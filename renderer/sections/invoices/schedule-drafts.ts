/**
 * The draft of a new recurring schedule being set up from an invoice (ScheduleForm, lib/drafts): its
 * kind, by which Invoices knows to open the invoice and the invoice editor to open Repeat… over it.
 * A schedule being changed keeps its draft under 'recurring' (record: the schedule), opened from the
 * Recurring page.
 */

/** A new schedule of an invoice (record: the invoice's url). */
export const INVOICE_SCHEDULE_DRAFT = 'invoice_schedule';

/** How a new schedule's draft is named: "schedule of invoice 001 for Acme Ltd". */
export function newScheduleLabel(reference: string, contactName: string): string {
  const invoice = reference ? `invoice ${reference}` : 'an invoice';
  return contactName ? `schedule of ${invoice} for ${contactName}` : `schedule of ${invoice}`;
}

