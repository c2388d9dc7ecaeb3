/**
 * What has been invoiced against each project: the totals of its sent invoices (not drafts, not
 * cancelled), per currency, exact in minor units. The engine has no such figure on a project, so it
 * is summed here from the invoices, which name their project.
 */
import { fromMinor, toMinor } from '../../../shared/money';
import type { SalesDocument } from '../../lib/api/sales_documents';

export type InvoicedByProject = Map<string, Record<string, number>>;

export function invoicedByProject(invoices: readonly SalesDocument[]): InvoicedByProject {
  const byProject: InvoicedByProject = new Map();
  for (const invoice of invoices) {
    if (!invoice.project || invoice.status === 'Draft' || invoice.status === 'Cancelled') continue;
    const sums = byProject.get(invoice.project) ?? {};
    sums[invoice.currency] = (sums[invoice.currency] ?? 0) + toMinor(invoice.total_value, invoice.currency);
    byProject.set(invoice.project, sums);
  }
  return byProject;
}

/** "£1,200.00", or several currencies joined; "" when nothing has been invoiced. */
export function invoicedWords(sums: Record<string, number> | undefined, money: (amount: string, currency: string) => string): string {
  return Object.entries(sums ?? {})
    .filter(([, minor]) => minor !== 0)
    .map(([currency, minor]) => money(fromMinor(minor, currency), currency))
    .join(' · ');
}
