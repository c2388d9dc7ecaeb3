import type Database from 'better-sqlite3';
import { partsByDocument, PART_ROWS_SQL, selfAccountedDocument, shareOfParts, sumParts, type PartRow, type VatParts } from './vat-parts';

/**
 * Which days the VAT of a document counts on. On the invoice basis, the document's date (its tax
 * point). Under cash accounting (VAT Regulations 1995 regulation 57; VAT Notice 731 section 4), the
 * day money moves: an invoice, credit note or bill counts as it is paid, refunded or set off, each
 * payment taking its share of the document's VAT and values (part payments pro rata). Everything else
 * in the ledger (bank lines explained straight to a category, expenses, journals) is dated the day
 * the money moved already, so it counts on its date under either basis.
 */
const ON_CREDIT = "('invoices', 'credit_notes', 'bills')";

/**
 * Supplies on which the buyer accounts for the VAT (the reverse charge, EC acquisitions) are outside
 * cash accounting: VAT Regulations 1995 regulation 58(2)(g) ("the scheme shall not apply to ... supplies
 * of goods or services in respect of which it is for the recipient ... to account for and pay the VAT";
 * HMRC VCAS2200), and for construction services HMRC VATREVCON35200. Such a bill counts on its date,
 * its tax point, however and whenever it is paid.
 */
const OUTSIDE_CASH_ACCOUNTING = (resource: string, id: string) => `(${resource} = 'bills' AND ${selfAccountedDocument(resource, id)})`;

const rowsBetween = (sqlite: Database.Database, from: string, to: string, cashOnly: boolean) =>
  sqlite
    .prepare<{ from: string; to: string }, PartRow>(
      `${PART_ROWS_SQL} WHERE p.category_id IN (SELECT id FROM categories) AND p.dated_on BETWEEN @from AND @to
       ${cashOnly ? `AND (p.source_resource NOT IN ${ON_CREDIT} OR ${OUTSIDE_CASH_ACCOUNTING('p.source_resource', 'p.source_id')})` : ''}`,
    )
    .all({ from, to });

/** Every posting dated in the range, as the return reads it on the invoice basis. */
export const invoiceBasisRows = (sqlite: Database.Database, from: string, to: string): PartRow[] => rowsBetween(sqlite, from, to, false);

/** The normal method: every posting dated in the range. */
export function invoiceBasisParts(sqlite: Database.Database, from: string, to: string): VatParts {
  return sumParts(partsByDocument(rowsBetween(sqlite, from, to, false)).values());
}

interface Settled {
  resource: string;
  id: number;
  datedOn: string;
  total: number;
  /** Settled before `from`, and on or before `to`, in the document's currency and sign. */
  before: number;
  upTo: number;
}

/**
 * Payments, refunds and credit note set-offs per document, in the document's own currency and sign
 * (what main/engine/sales/settlements.ts and purchases/bill-payments.ts count as paid).
 */
const SETTLED_SQL = `
  WITH settled(resource, doc, dated_on, amount) AS (
    SELECT 'sales', paid_invoice_id, dated_on, coalesce(foreign_gross_minor, gross_minor) FROM bank_transaction_explanations WHERE paid_invoice_id IS NOT NULL
    UNION ALL SELECT 'sales', invoice_id, dated_on, gross_minor FROM credit_note_reconciliations
    UNION ALL SELECT 'sales', credit_note_id, dated_on, -gross_minor FROM credit_note_reconciliations
    UNION ALL SELECT 'bills', e.paid_bill_id, e.dated_on, CASE WHEN b.currency = @native THEN -e.gross_minor ELSE -coalesce(e.foreign_gross_minor, e.gross_minor) END
      FROM bank_transaction_explanations e JOIN bills b ON b.id = e.paid_bill_id
  ),
  documents(resource, settled_as, id, dated_on, total) AS (
    SELECT CASE kind WHEN 'invoice' THEN 'invoices' ELSE 'credit_notes' END, 'sales', id, dated_on, total_minor - cis_deduction_minor FROM invoices WHERE kind IN ('invoice', 'credit_note')
    UNION ALL SELECT 'bills', 'bills', id, dated_on, total_minor FROM bills
  )
  SELECT d.resource, d.id, d.dated_on AS datedOn, d.total,
    coalesce((SELECT sum(s.amount) FROM settled s WHERE s.resource = d.settled_as AND s.doc = d.id AND s.dated_on < @from), 0) AS before,
    coalesce((SELECT sum(s.amount) FROM settled s WHERE s.resource = d.settled_as AND s.doc = d.id AND s.dated_on <= @to), 0) AS upTo
  FROM documents d
  WHERE d.dated_on BETWEEN @since AND @until AND d.total <> 0 AND NOT ${OUTSIDE_CASH_ACCOUNTING('d.resource', 'd.id')}`;

function settledDocuments(sqlite: Database.Database, args: { from: string; to: string; since: string; until: string; native: string }): Settled[] {
  return sqlite.prepare<typeof args, Settled>(SETTLED_SQL).all(args);
}

/** Never more than the document: an overpayment is money on account, not VAT on this supply. */
const capped = (settled: number, total: number) => (Math.sign(settled) !== Math.sign(total) ? 0 : Math.abs(settled) > Math.abs(total) ? total : settled);

function documentParts(sqlite: Database.Database, resource: string, id: number): VatParts {
  const rows = sqlite.prepare<{ resource: string; id: number }, PartRow>(`${PART_ROWS_SQL} WHERE p.source_resource = @resource AND p.source_id = @id`).all({ resource, id });
  return sumParts(partsByDocument(rows).values());
}

/**
 * Cash accounting over [from, to]: documents on credit dated from `cashSince` (those before were
 * accounted for by invoice) count by what was settled in the range.
 */
export function cashBasisParts(sqlite: Database.Database, from: string, to: string, cashSince: string, native: string): VatParts {
  const shares = [sumParts(partsByDocument(rowsBetween(sqlite, from, to, true)).values())];
  for (const document of settledDocuments(sqlite, { from, to, since: cashSince, until: '9999-12-31', native })) {
    const before = capped(document.before, document.total);
    const upTo = capped(document.upTo, document.total);
    if (before === upTo) continue;
    shares.push(shareOfParts(documentParts(sqlite, document.resource, document.id), before, upTo, document.total));
  }
  return sumParts(shares);
}

/**
 * Leaving cash accounting: the VAT on documents issued or received while in the scheme and still
 * unpaid falls due on the first return after it (VAT Notice 731 section 6).
 */
export function unpaidOnLeavingCash(sqlite: Database.Database, since: string, until: string, native: string): VatParts {
  const shares: VatParts[] = [];
  const leftOn = until;
  for (const document of settledDocuments(sqlite, { from: leftOn, to: leftOn, since, until, native })) {
    const paid = capped(document.upTo, document.total);
    if (paid === document.total) continue;
    shares.push(shareOfParts(documentParts(sqlite, document.resource, document.id), paid, document.total, document.total));
  }
  return sumParts(shares);
}
