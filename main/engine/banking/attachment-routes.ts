import { eq } from 'drizzle-orm';
import { attachmentsPayloadSchema, type AttachmentItem } from '../../../shared/api/bank_transaction_explanations';
import type { PermissionLevel } from '../../../shared/api/permissions';
import { attachments } from '../../db/schema';
import type { EngineContext } from '../context';
import { ApiError, unprocessable } from '../errors';
import { issueMessages, rootOf, ValidationError } from '../payload';
import { created, ok, type Route, type RouteRequest } from '../route';
import { idFromUrl } from '../urls';
import {
  addAttachment,
  attachmentRecord,
  attachmentsOf,
  countAttachments,
  MAX_ATTACHMENTS_PER_CALL,
  MAX_ATTACHMENTS_PER_ITEM,
  multipleAttachments,
  updateAttachment,
} from './attachments';
import { removeAttachment } from './removed-attachments';

/**
 * The /attachments endpoints of a record that holds files (spec 4.7): GET lists them, POST adds,
 * PUT adds, changes and removes in one call. An explanation and an expense follow the very same
 * rules; only how the owner is found, and what a change to it touches, differ.
 */
export interface AttachmentOwnerKind {
  /** The owner's resource name, as attachments name their owner. */
  resource: string;
  /** "explanation", "expense": the word in the sentences. */
  noun: string;
  /** Path of the owner record, e.g. /v2/expenses/:id{[0-9]+}. */
  ownerPath: string;
  level: PermissionLevel;
  /** The owner's id, checked as the request may see (and, writing, change) it; throws the right error otherwise. */
  ownerId(request: RouteRequest, writing: boolean): number;
  /** A file added or removed changes its owner: its updated_at and the change log. */
  touch(ctx: EngineContext, ownerId: number): void;
}

function items(request: RouteRequest): AttachmentItem[] {
  const value = request.body.value;
  const list = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>).attachments : undefined;
  if (list === undefined) rootOf(request, 'attachments');
  const parsed = attachmentsPayloadSchema.safeParse(list);
  if (!parsed.success) throw new ValidationError(issueMessages(parsed.error));
  return parsed.data;
}

export function attachmentRoutes(kind: AttachmentOwnerKind): Route[] {
  const ownerId = (request: RouteRequest, writing: boolean): number => {
    if (!multipleAttachments(request.ctx)) {
      throw new ApiError(404, 'The attachments endpoints need X-Api-Version 2026-09-01 or later (the default from 1 December 2026)');
    }
    return kind.ownerId(request, writing);
  };

  const listOf = (ctx: EngineContext, id: number) => ({ attachments: attachmentsOf(ctx, kind.resource, id).map((row) => attachmentRecord(ctx, row)) });

  const checkLimits = (ctx: EngineContext, id: number, adding: number, removing: number): void => {
    if (adding > MAX_ATTACHMENTS_PER_CALL) throw unprocessable(`At most ${MAX_ATTACHMENTS_PER_CALL} attachments can be added in one call`);
    if (countAttachments(ctx, kind.resource, id) - removing + adding > MAX_ATTACHMENTS_PER_ITEM) {
      throw unprocessable(`An ${kind.noun} holds at most ${MAX_ATTACHMENTS_PER_ITEM} attachments`);
    }
  };

  const ownAttachment = (ctx: EngineContext, id: number, url: string) => {
    const attachmentId = idFromUrl(url, 'attachments', 'attachment url');
    const row = ctx.db.select().from(attachments).where(eq(attachments.id, attachmentId)).get();
    if (!row || row.ownerResource !== kind.resource || row.ownerId !== id) throw unprocessable(`attachment ${url} does not belong to this ${kind.noun}`);
    return row;
  };

  const post = (request: RouteRequest) => {
    const { ctx } = request;
    const id = ownerId(request, true);
    const given = items(request);
    if (given.length === 0) throw unprocessable('attachments must hold at least one file');
    if (given.some((item) => item.url !== undefined)) throw unprocessable('POST only adds attachments; change or remove them with PUT');
    checkLimits(ctx, id, given.length, 0);
    for (const item of given) addAttachment(ctx, kind.resource, id, item);
    kind.touch(ctx, id);
    return created(listOf(ctx, id));
  };

  /** One call may add (no url), change (url and fields) and remove (url and _destroy) attachments. */
  const put = (request: RouteRequest) => {
    const { ctx } = request;
    const id = ownerId(request, true);
    const given = items(request);
    const removing = given.filter((item) => item.url !== undefined && item._destroy === true);
    const adding = given.filter((item) => item.url === undefined);
    checkLimits(ctx, id, adding.length, removing.length);
    for (const item of given) {
      if (item.url === undefined) addAttachment(ctx, kind.resource, id, item);
      else if (item._destroy === true) removeAttachment(ctx, ownAttachment(ctx, id, item.url));
      else updateAttachment(ctx, ownAttachment(ctx, id, item.url), item);
    }
    kind.touch(ctx, id);
    return ok(listOf(ctx, id));
  };

  const path = `${kind.ownerPath}/attachments`;
  return [
    { method: 'GET', path, level: kind.level, handle: (request) => ok(listOf(request.ctx, ownerId(request, false))) },
    { method: 'POST', path, level: kind.level, handle: post },
    { method: 'PUT', path, level: kind.level, handle: put },
  ];
}
