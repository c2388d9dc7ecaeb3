import { eq } from 'drizzle-orm';
import { INVOICE_TRANSITIONS, type Transition } from '../../../shared/api/invoices';
import { invoices } from '../../db/schema';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { assertUnlocked } from '../ledger/locks';
import { checkSign } from './document-write';
import { KINDS, type DocumentRow } from './documents';
import { postDocument } from './document-postings';
import { settlementsOf } from './settlements';

/** Which stored statuses each transition may start from, and where it leads. */
const MOVES: Readonly<Record<Transition, { from: readonly DocumentRow['status'][]; to: DocumentRow['status'] }>> = {
  // Sending issues the document; a cancelled one can be reopened the same way, as the live service does.
  mark_as_sent: { from: ['Draft', 'Cancelled'], to: 'Sent' },
  mark_as_draft: { from: ['Sent', 'Cancelled'], to: 'Draft' },
  mark_as_cancelled: { from: ['Draft', 'Sent'], to: 'Cancelled' },
};

/**
 * Moves an invoice or credit note between Draft, Sent and Cancelled. Sending posts it to the ledger;
 * back to draft or cancelled takes its postings out, which is refused while payments or credit
 * notes settle it (remove those first). Any other transition, or one from a state it does not
 * start from, is a 422.
 */
export function transition(ctx: EngineContext, row: DocumentRow, name: string): DocumentRow {
  const label = KINDS[row.kind].label.toLowerCase();
  const a = /^[aeiou]/.test(label) ? 'an' : 'a';
  if (!(INVOICE_TRANSITIONS as readonly string[]).includes(name)) {
    throw unprocessable(`${name} is not a transition of ${a} ${label}; the transitions are ${INVOICE_TRANSITIONS.join(', ')}`);
  }
  const move = MOVES[name as Transition];
  if (!move.from.includes(row.status)) throw unprocessable(`${a === 'an' ? 'An' : 'A'} ${label} that is ${row.status === 'Sent' ? 'sent' : row.status.toLowerCase()} cannot be ${name.replace('mark_as_', 'marked as ')}`);
  if (move.to !== 'Sent' && settlementsOf(ctx, row.id).length > 0) {
    throw unprocessable(`This ${label} has payments or credit notes against it; remove them before it can be ${name.replace('mark_as_', 'marked as ')}`);
  }
  if (move.to === 'Sent') checkSign(row.kind, row.totalMinor);
  assertUnlocked(ctx, row.datedOn);
  const updated = ctx.db
    .update(invoices)
    .set({ status: move.to, sentAt: move.to === 'Sent' ? ctx.now : row.sentAt, updatedAt: ctx.now })
    .where(eq(invoices.id, row.id))
    .returning()
    .get();
  ctx.recordChange(KINDS[row.kind].resource, row.id, 'update');
  postDocument(ctx, updated);
  return updated;
}
