import { eq } from 'drizzle-orm';
import { attachmentBlobs, attachments, bankTransactionExplanations, bookSettings, expenses } from '../../db/schema';
import type { EngineContext } from '../context';
import { notFound, unprocessable } from '../errors';
import { dropUnusedBlob, MAX_ATTACHMENTS_PER_ITEM, REMOVED_ATTACHMENT_PREFIX, countAttachments, removedAttachments, type AttachmentRow, type RemovedAttachment } from './attachments';

/**
 * A removed attachment can be put back (a Ledgerdesk extension, so the desk's Ctrl+Z undoes "Remove
 * receipt" like any other edit). The spec's DELETE forgets the file; here the engine remembers the
 * last removals (the row in book_settings, the bytes kept in attachment_blobs by their hash) and
 * POST /v2/attachments/:id/restore attaches the same file to the same record again, under a new id
 * (the old one stays deleted, so a sync sends the restored file as a new one).
 */

/** How many removals can be put back; an older one is forgotten with its bytes (when nothing else uses them). */
export const RESTORABLE_REMOVALS = 20;

const keyOf = (id: number) => `${REMOVED_ATTACHMENT_PREFIX}${id}`;

/** Removes an attachment a person took off, remembering it so the removal can be undone. */
export function removeAttachment(ctx: EngineContext, row: AttachmentRow): void {
  ctx.db.delete(attachments).where(eq(attachments.id, row.id)).run();
  ctx.recordChange('attachments', row.id, 'delete');
  const kept = removedAttachments(ctx);
  const seq = (kept.at(-1)?.seq ?? 0) + 1;
  const value = JSON.stringify({ row, removedAt: ctx.now, seq } satisfies Omit<RemovedAttachment, 'key'>);
  ctx.db.insert(bookSettings).values({ key: keyOf(row.id), value }).onConflictDoUpdate({ target: bookSettings.key, set: { value } }).run();
  for (const old of kept.slice(0, Math.max(0, kept.length + 1 - RESTORABLE_REMOVALS))) {
    ctx.db.delete(bookSettings).where(eq(bookSettings.key, old.key)).run();
    dropUnusedBlob(ctx, old.row.contentHash);
  }
}

/** The attachment removed under this id, while it can still be put back; a 404 otherwise. */
export function removedAttachment(ctx: EngineContext, id: string): AttachmentRow {
  const found = /^\d+$/.test(id) ? removedAttachments(ctx).find((each) => each.key === keyOf(Number(id))) : undefined;
  if (!found) throw notFound('No removed attachment with this id can be put back (only the last 20 removals can)');
  return found.row;
}

function ownerExists(ctx: EngineContext, row: AttachmentRow): boolean {
  if (row.ownerResource === 'expenses') return ctx.db.select({ id: expenses.id }).from(expenses).where(eq(expenses.id, row.ownerId)).get() !== undefined;
  if (row.ownerResource === 'bank_transaction_explanations') {
    return ctx.db.select({ id: bankTransactionExplanations.id }).from(bankTransactionExplanations).where(eq(bankTransactionExplanations.id, row.ownerId)).get() !== undefined;
  }
  return false;
}

const NOUNS: Readonly<Record<string, string>> = { expenses: 'expense', bank_transaction_explanations: 'explanation' };

/** Attaches a removed file to its record again (checked by the caller for access and locks); answers the new row. */
export function restoreAttachment(ctx: EngineContext, row: AttachmentRow): AttachmentRow {
  const noun = NOUNS[row.ownerResource] ?? 'record';
  if (!ownerExists(ctx, row)) throw unprocessable(`The ${noun} ${row.fileName} was attached to has been deleted; attach the file to another one`);
  if (countAttachments(ctx, row.ownerResource, row.ownerId) >= MAX_ATTACHMENTS_PER_ITEM) throw unprocessable(`An ${noun} holds at most ${MAX_ATTACHMENTS_PER_ITEM} attachments`);
  const blob = ctx.db.select({ hash: attachmentBlobs.contentHash }).from(attachmentBlobs).where(eq(attachmentBlobs.contentHash, row.contentHash)).get();
  if (!blob) throw notFound('Attachment content not found');
  const { id: _old, ...fields } = row;
  const restored = ctx.db
    .insert(attachments)
    .values({ ...fields, updatedAt: ctx.now })
    .returning()
    .get();
  ctx.recordChange('attachments', restored.id, 'create');
  ctx.db.delete(bookSettings).where(eq(bookSettings.key, keyOf(row.id))).run();
  return restored;
}
