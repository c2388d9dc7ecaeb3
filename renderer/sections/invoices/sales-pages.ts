/**
 * The pages of the Invoices section, each with the key that opens it from the list. A page named by
 * a record url (another screen opening an invoice or a credit note) is found by its path.
 */
export type SalesPage = 'invoices' | 'estimates' | 'credit_notes' | 'recurring';

export const SALES_PAGES: readonly { id: SalesPage; label: string; keys: string }[] = [
  { id: 'invoices', label: 'Invoices', keys: 'I' },
  { id: 'estimates', label: 'Estimates', keys: 'E' },
  { id: 'credit_notes', label: 'Credit notes', keys: 'C' },
  { id: 'recurring', label: 'Recurring', keys: 'R' },
];

/** The page a detail opens on: a credit note's url, "recurring", or else invoices. */
export function pageOfDetail(detail: string | null): SalesPage {
  if (!detail) return 'invoices';
  if (detail === 'recurring') return 'recurring';
  if (detail.includes('/v2/estimates/')) return 'estimates';
  return detail.includes('/v2/credit_notes/') ? 'credit_notes' : 'invoices';
}
