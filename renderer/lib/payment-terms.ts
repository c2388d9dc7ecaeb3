/**
 * Payment terms of a new invoice or bill (issue 19 item 7): the contact's own terms, else the
 * company's default. The company record has no terms of its own, so its default is the engine's,
 * 30 days (main/engine/sales/document-write.ts DEFAULT_PAYMENT_TERMS; docs/api-notes.md).
 */
export const COMPANY_PAYMENT_TERMS_DAYS = 30;

export function termsOf(contact: { default_payment_terms_in_days?: number | null } | null | undefined): number {
  return contact?.default_payment_terms_in_days ?? COMPANY_PAYMENT_TERMS_DAYS;
}

/** The date `days` after an ISO date (YYYY-MM-DD), in the calendar; '' when the date is not one. */
export function dueAfter(datedOn: string, days: number): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(datedOn)) return '';
  const date = new Date(`${datedOn}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
