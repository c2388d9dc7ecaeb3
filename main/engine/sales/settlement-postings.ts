import { eq } from 'drizzle-orm';
import { bankTransactionExplanations, creditNoteReconciliations } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { replacePostings, type PostingLine } from '../ledger/postings';
import { bankCategory, chartCategory, CODES } from './chart-codes';
import { documentById, itemsOf, KINDS, touchDocument, type DocumentRow } from './documents';
import { nativeAmounts } from './native-amounts';
import { nativeShares, PAYMENTS, receivableMinor, RECONCILIATIONS, settlementKey, settlementsOf, type Settlement } from './settlements';

type ExplanationRow = typeof bankTransactionExplanations.$inferSelect;
type ReconciliationRow = typeof creditNoteReconciliations.$inferSelect;

/** The native amount one settlement takes off a document's trade debtors balance. */
function shareOf(ctx: EngineContext, doc: DocumentRow, source: Settlement['source'], id: number): number {
  const native = loadCompany(ctx).currency;
  const amounts = nativeAmounts(doc, itemsOf(ctx, doc.id), native);
  const shares = nativeShares(settlementsOf(ctx, doc.id), receivableMinor(doc), amounts.receivableMinor);
  return shares.get(settlementKey(source, id)) ?? 0;
}

function foreignOf(ctx: EngineContext, doc: DocumentRow): (minor: number) => Partial<PostingLine> {
  const native = loadCompany(ctx).currency;
  return (minor) => (doc.currency !== native ? { foreignCurrency: doc.currency, foreignDebitMinor: minor } : {});
}

/**
 * A payment (or a credit note's refund) posts the bank's 750-N with what the bank moved and trade
 * debtors with the document's share; a difference between the two (a foreign-currency document paid
 * at another rate than it was issued at) is a realised exchange gain or loss (390).
 */
export function postPayment(ctx: EngineContext, row: ExplanationRow): void {
  const doc = documentById(ctx, row.paidInvoiceId!)!;
  const share = shareOf(ctx, doc, PAYMENTS, row.id);
  const foreign = foreignOf(ctx, doc);
  const amount = row.foreignGrossMinor ?? row.grossMinor;
  const base = { datedOn: row.datedOn, description: row.description || `Payment of ${KINDS[doc.kind].label.toLowerCase()} ${doc.reference}` };
  const lines: PostingLine[] = [
    { ...base, ...foreign(amount), categoryId: bankCategory(ctx, row.bankAccountId).id, debitMinor: row.grossMinor },
    { ...base, ...foreign(-amount), categoryId: chartCategory(ctx, CODES.tradeDebtors).id, debitMinor: -share },
  ];
  if (share !== row.grossMinor) lines.push({ ...base, categoryId: chartCategory(ctx, CODES.realisedExchange).id, debitMinor: share - row.grossMinor });
  replacePostings(ctx, PAYMENTS, row.id, lines);
}

/**
 * A reconciliation moves the amount out of trade debtors on the invoice's side and back in on the
 * credit note's, through 790 Credit Note Reconciliations, so the accounting transactions show it.
 * In one currency the two sides are equal; a foreign-currency pair issued at different rates leaves
 * the difference in 790, which is cleared to realised exchange gains and losses (390).
 */
export function postReconciliation(ctx: EngineContext, row: ReconciliationRow): void {
  const invoice = documentById(ctx, row.invoiceId)!;
  const creditNote = documentById(ctx, row.creditNoteId)!;
  const invoiceShare = shareOf(ctx, invoice, RECONCILIATIONS, row.id);
  const creditShare = shareOf(ctx, creditNote, RECONCILIATIONS, row.id);
  const foreign = foreignOf(ctx, invoice);
  const debtors = chartCategory(ctx, CODES.tradeDebtors).id;
  const reconciliations = chartCategory(ctx, CODES.creditNoteReconciliations).id;
  const base = { datedOn: row.datedOn, description: `Credit note ${creditNote.reference} against invoice ${invoice.reference}` };
  const lines: PostingLine[] = [
    { ...base, ...foreign(-row.grossMinor), categoryId: debtors, debitMinor: -invoiceShare },
    { ...base, ...foreign(row.grossMinor), categoryId: reconciliations, debitMinor: invoiceShare },
    { ...base, ...foreign(-row.grossMinor), categoryId: reconciliations, debitMinor: creditShare },
    { ...base, ...foreign(row.grossMinor), categoryId: debtors, debitMinor: -creditShare },
  ];
  const difference = invoiceShare + creditShare;
  if (difference !== 0) {
    lines.push({ ...base, categoryId: reconciliations, debitMinor: -difference });
    lines.push({ ...base, categoryId: chartCategory(ctx, CODES.realisedExchange).id, debitMinor: difference });
  }
  replacePostings(ctx, RECONCILIATIONS, row.id, lines);
}

/**
 * Re-posts everything that settles a document. A settlement's native share depends on those before
 * it, so adding, changing or removing one (or changing the document) re-posts them all. The document
 * itself is touched: its paid and due values and its status have moved.
 */
export function repostSettlements(ctx: EngineContext, documentId: number, options: { touch: boolean } = { touch: true }): void {
  const doc = documentById(ctx, documentId);
  if (!doc) return;
  for (const entry of settlementsOf(ctx, documentId)) {
    if (entry.source === PAYMENTS) postPayment(ctx, ctx.db.select().from(bankTransactionExplanations).where(eq(bankTransactionExplanations.id, entry.id)).get()!);
    else postReconciliation(ctx, ctx.db.select().from(creditNoteReconciliations).where(eq(creditNoteReconciliations.id, entry.id)).get()!);
  }
  if (options.touch) touchDocument(ctx, doc);
}
