import { eq } from 'drizzle-orm';
import { Level, type PermissionLevel } from '../../../shared/api/permissions';
import { attachments, expenses } from '../../db/schema';
import { assertOwnExpense } from '../purchases/expense-access';
import { attachmentBytes, attachmentOwnerDate, attachmentRecord, contentUrlValid, type AttachmentRow } from '../banking/attachments';
import { removeAttachment, removedAttachment, restoreAttachment } from '../banking/removed-attachments';
import { recordUrl } from '../urls';
import { contentDisposition } from '../codec/content-disposition';
import type { EngineContext } from '../context';
import { forbidden, notFound } from '../errors';
import { assertUnlocked } from '../ledger/locks';
import { created, deleted, ok, type Route, type RouteRequest } from '../route';

/** An attachment needs the access level of the record it is attached to (spec section 5). */
const OWNER_LEVELS: Readonly<Record<string, PermissionLevel>> = {
  bank_transaction_explanations: Level.Banking,
  expenses: Level.MyMoney,
};

function findAttachment(ctx: EngineContext, id: string): AttachmentRow {
  const row = /^\d+$/.test(id) ? ctx.db.select().from(attachments).where(eq(attachments.id, Number(id))).get() : undefined;
  if (!row) throw notFound('Attachment not found');
  return row;
}

function visibleAttachment(request: RouteRequest): AttachmentRow {
  return checkedVisible(request, findAttachment(request.ctx, request.params.id!));
}

/** Whether the request may see this attachment: the level of its record and, for an expense, its user. */
function checkedVisible(request: RouteRequest, row: AttachmentRow): AttachmentRow {
  if (request.ctx.user.permissionLevel < (OWNER_LEVELS[row.ownerResource] ?? Level.Full)) throw forbidden();
  // An expense's receipt is as private as the expense: below level 7, one's own only.
  if (row.ownerResource === 'expenses') {
    const expense = request.ctx.db.select({ userId: expenses.userId }).from(expenses).where(eq(expenses.id, row.ownerId)).get();
    if (expense) assertOwnExpense(request.ctx, expense.userId);
  }
  return row;
}

/**
 * The bytes behind content_src. The url carries its own expiry and signature, so it works without a
 * bearer token (an <img> or a download link can use it) until expires_at, and never after.
 */
function content(request: RouteRequest) {
  const { ctx, query } = request;
  // The signature is checked before the id is looked up, so a request without a valid link gets the
  // same 403 for an id that exists and one that does not: the answer tells nothing about the book.
  const expiresAt = query.get('expires_at') ?? '';
  if (!contentUrlValid(ctx, Number(request.params.id), expiresAt, query.get('signature') ?? '')) {
    throw forbidden('This download link has expired or is not valid; fetch the attachment again for a new one');
  }
  const row = findAttachment(ctx, request.params.id!);
  const bytes = attachmentBytes(ctx, row);
  if (!bytes) throw notFound('Attachment content not found');
  return {
    status: 200,
    raw: bytes,
    headers: {
      'Content-Type': row.contentType,
      'Content-Disposition': contentDisposition(row.fileName),
      'Cache-Control': 'private, no-store',
    },
  };
}

export const attachmentRoutes: Route[] = [
  { method: 'GET', path: '/v2/attachments/:id{[0-9]+}', level: Level.Time, handle: (request) => ok({ attachment: attachmentRecord(request.ctx, visibleAttachment(request)) }) },
  {
    method: 'DELETE',
    path: '/v2/attachments/:id{[0-9]+}',
    level: Level.Time,
    handle: (request) => {
      const row = visibleAttachment(request);
      assertUnlocked(request.ctx, attachmentOwnerDate(request.ctx, row));
      removeAttachment(request.ctx, row);
      return deleted();
    },
  },
  {
    // Ledgerdesk extension: puts a removed attachment back on its record, under a new id (removed-attachments.ts).
    method: 'POST',
    path: '/v2/attachments/:id{[0-9]+}/restore',
    level: Level.Time,
    handle: (request) => {
      const row = checkedVisible(request, removedAttachment(request.ctx, request.params.id!));
      assertUnlocked(request.ctx, attachmentOwnerDate(request.ctx, row));
      const restored = restoreAttachment(request.ctx, row);
      return created({ attachment: attachmentRecord(request.ctx, restored) }, recordUrl(request.ctx, 'attachments', restored.id));
    },
  },
  { method: 'GET', path: '/v2/attachments/:id{[0-9]+}/content', level: Level.NoAccess, public: true, handle: content },
];
