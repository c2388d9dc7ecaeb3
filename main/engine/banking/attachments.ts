import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attachmentBlobs, attachments, bankTransactionExplanations, bookSettings, expenses } from '../../db/schema';
import { atLeastVersion, MULTIPLE_ATTACHMENTS_DEFAULT_FROM, MULTIPLE_ATTACHMENTS_VERSION } from '../api-version';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { preparedPerConnection } from '../prepared';
import { recordUrl } from '../urls';
import { timestamp, type ApiRecord } from '../values';
import { checkContentType } from './file-types';

export type AttachmentRow = typeof attachments.$inferSelect;

export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const MAX_ATTACHMENTS_PER_ITEM = 50;
export const MAX_ATTACHMENTS_PER_CALL = 10;
/** How long a content_src url serves the file. */
const CONTENT_URL_LIFETIME_MS = 60 * 60 * 1000;
const URL_KEY_SETTING = 'attachment_url_key';

/** Whether this request sees several attachments per item (version 2026-09-01 or later, or from 1 Dec 2026). */
export function multipleAttachments(ctx: EngineContext): boolean {
  return atLeastVersion(ctx.apiVersion, ctx.today, MULTIPLE_ATTACHMENTS_VERSION, MULTIPLE_ATTACHMENTS_DEFAULT_FROM);
}

export interface AttachmentInput {
  data?: string | undefined;
  file_name?: string | undefined;
  content_type?: string | undefined;
  description?: string | null | undefined;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function decodeData(data: string): Uint8Array {
  const compact = data.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) throw unprocessable('attachment data must be base64');
  // Checked before decoding so an oversized file is refused without building it in memory.
  if ((compact.length / 4) * 3 > MAX_ATTACHMENT_BYTES + 2) throw unprocessable('attachment is larger than 5 MB');
  const bytes = Uint8Array.from(Buffer.from(compact, 'base64'));
  if (bytes.length > MAX_ATTACHMENT_BYTES) throw unprocessable('attachment is larger than 5 MB');
  if (bytes.length === 0) throw unprocessable('attachment data is empty');
  return bytes;
}

function storeBytes(ctx: EngineContext, bytes: Uint8Array): string {
  const hash = createHash('sha256').update(bytes).digest('hex');
  ctx.db.insert(attachmentBlobs).values({ contentHash: hash, bytes: Buffer.from(bytes) }).onConflictDoNothing().run();
  return hash;
}

/**
 * Attachments a person removed, remembered (one book_settings key each, removed-attachments.ts) so
 * the removal can be undone: their bytes stay until they are forgotten.
 */
export const REMOVED_ATTACHMENT_PREFIX = 'removed_attachment:';

/** An attachment remembered as removed: its row, when, and the order of removals (the clock may stand still). */
export interface RemovedAttachment {
  key: string;
  row: AttachmentRow;
  removedAt: string;
  seq: number;
}

/** The attachments remembered as removed, the oldest removal first. */
export function removedAttachments(ctx: EngineContext): RemovedAttachment[] {
  return ctx.db
    .select()
    .from(bookSettings)
    .where(like(bookSettings.key, `${REMOVED_ATTACHMENT_PREFIX}%`))
    .all()
    .map((setting) => ({ key: setting.key, ...(JSON.parse(setting.value) as Omit<RemovedAttachment, 'key'>) }))
    .sort((a, b) => a.seq - b.seq);
}

/** Bytes no attachment points at any more (and no removal that may be undone) are dropped with the last one that did. */
export function dropUnusedBlob(ctx: EngineContext, hash: string): void {
  const used = ctx.db.select({ id: attachments.id }).from(attachments).where(eq(attachments.contentHash, hash)).limit(1).get();
  if (used || removedAttachments(ctx).some((removed) => removed.row.contentHash === hash)) return;
  ctx.db.delete(attachmentBlobs).where(eq(attachmentBlobs.contentHash, hash)).run();
}

function ensureUrlKey(ctx: EngineContext): void {
  ctx.db.insert(bookSettings).values({ key: URL_KEY_SETTING, value: ctx.ids.token() }).onConflictDoNothing().run();
}

function urlKey(ctx: EngineContext): string | undefined {
  return ctx.db.select({ value: bookSettings.value }).from(bookSettings).where(eq(bookSettings.key, URL_KEY_SETTING)).get()?.value;
}

const signature = (key: string, id: number, expiresAt: string) => createHmac('sha256', key).update(`${id}\n${expiresAt}`).digest('base64url');

/** Whether a content url's signature is ours and it has not expired by the engine clock. */
export function contentUrlValid(ctx: EngineContext, id: number, expiresAt: string, given: string): boolean {
  const key = urlKey(ctx);
  if (!key || !(expiresAt >= ctx.now)) return false;
  const expected = Buffer.from(signature(key, id, expiresAt));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function attachmentRecord(ctx: EngineContext, row: AttachmentRow): ApiRecord {
  const expiresAt = new Date(Date.parse(ctx.now) + CONTENT_URL_LIFETIME_MS).toISOString();
  const key = urlKey(ctx) ?? '';
  const query = new URLSearchParams({ expires_at: expiresAt, signature: signature(key, row.id, expiresAt) });
  return {
    url: recordUrl(ctx, 'attachments', row.id),
    content_src: `${recordUrl(ctx, 'attachments', row.id)}/content?${query.toString()}`,
    expires_at: timestamp(expiresAt),
    content_type: row.contentType,
    file_name: row.fileName,
    file_size: row.fileSize,
    description: row.description ?? undefined,
    created_at: timestamp(row.createdAt),
    updated_at: timestamp(row.updatedAt),
  };
}

// Asked for every explanation and expense a list page shows: built and prepared once per connection.
const attachmentsQuery = preparedPerConnection((db: Db) =>
  db
    .select()
    .from(attachments)
    .where(and(eq(attachments.ownerResource, sql.placeholder('ownerResource')), eq(attachments.ownerId, sql.placeholder('ownerId'))))
    .orderBy(asc(attachments.id))
    .prepare(),
);

export function attachmentsOf(ctx: EngineContext, ownerResource: string, ownerId: number): AttachmentRow[] {
  return attachmentsQuery(ctx.db).all({ ownerResource, ownerId });
}

export function countAttachments(ctx: EngineContext, ownerResource: string, ownerId: number): number {
  return ctx.db
    .select({ n: sql<number>`count(*)` })
    .from(attachments)
    .where(and(eq(attachments.ownerResource, ownerResource), eq(attachments.ownerId, ownerId)))
    .get()!.n;
}

function checkedFile(input: AttachmentInput): { bytes: Uint8Array; type: string; fileName: string } {
  if (!input.data) throw unprocessable('attachment data is required');
  if (!input.file_name?.trim()) throw unprocessable('attachment file_name is required');
  if (!input.content_type) throw unprocessable('attachment content_type is required');
  const bytes = decodeData(input.data);
  const checked = checkContentType(input.content_type, bytes);
  if ('problem' in checked) throw unprocessable(`attachment ${checked.problem}`);
  return { bytes, type: checked.type, fileName: input.file_name.trim().slice(0, 255) };
}

export function addAttachment(ctx: EngineContext, ownerResource: string, ownerId: number, input: AttachmentInput): AttachmentRow {
  const file = checkedFile(input);
  ensureUrlKey(ctx);
  const row = ctx.db
    .insert(attachments)
    .values({
      ownerResource,
      ownerId,
      fileName: file.fileName,
      contentType: file.type,
      description: input.description ?? null,
      fileSize: file.bytes.length,
      contentHash: storeBytes(ctx, file.bytes),
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning()
    .get();
  ctx.recordChange('attachments', row.id, 'create');
  return row;
}

/** Changes an attachment's file (when data is sent) and/or its description. */
export function updateAttachment(ctx: EngineContext, row: AttachmentRow, input: AttachmentInput): AttachmentRow {
  const set: Partial<typeof attachments.$inferInsert> = { updatedAt: ctx.now };
  if (input.data !== undefined) {
    const file = checkedFile({ ...input, file_name: input.file_name ?? row.fileName, content_type: input.content_type ?? row.contentType });
    Object.assign(set, { fileName: file.fileName, contentType: file.type, fileSize: file.bytes.length, contentHash: storeBytes(ctx, file.bytes) });
  } else if (input.file_name !== undefined) {
    if (!input.file_name.trim()) throw unprocessable('attachment file_name is required');
    set.fileName = input.file_name.trim().slice(0, 255);
  }
  if (input.description !== undefined) set.description = input.description;
  const updated = ctx.db.update(attachments).set(set).where(eq(attachments.id, row.id)).returning().get();
  ctx.recordChange('attachments', row.id, 'update');
  if (updated.contentHash !== row.contentHash) dropUnusedBlob(ctx, row.contentHash);
  return updated;
}

export function deleteAttachment(ctx: EngineContext, row: AttachmentRow): void {
  ctx.db.delete(attachments).where(eq(attachments.id, row.id)).run();
  ctx.recordChange('attachments', row.id, 'delete');
  dropUnusedBlob(ctx, row.contentHash);
}

export function deleteAttachmentsOf(ctx: EngineContext, ownerResource: string, ownerId: number): void {
  for (const row of attachmentsOf(ctx, ownerResource, ownerId)) deleteAttachment(ctx, row);
}

/**
 * The date of the record a file is attached to, which an account lock checks like any dated write.
 * Explanations and expenses own files; an owner without a date never blocks.
 */
export function attachmentOwnerDate(ctx: EngineContext, row: AttachmentRow): string | null {
  if (row.ownerResource === 'expenses') return ctx.db.select({ datedOn: expenses.datedOn }).from(expenses).where(eq(expenses.id, row.ownerId)).get()?.datedOn ?? null;
  if (row.ownerResource !== 'bank_transaction_explanations') return null;
  const owner = ctx.db.select({ datedOn: bankTransactionExplanations.datedOn }).from(bankTransactionExplanations).where(eq(bankTransactionExplanations.id, row.ownerId)).get();
  return owner?.datedOn ?? null;
}

export function attachmentBytes(ctx: EngineContext, row: AttachmentRow): Uint8Array | undefined {
  const blob = ctx.db.select({ bytes: attachmentBlobs.bytes }).from(attachmentBlobs).where(eq(attachmentBlobs.contentHash, row.contentHash)).get();
  return blob ? new Uint8Array(blob.bytes) : undefined;
}
