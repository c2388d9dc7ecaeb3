import { and, desc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { DRAFT_KEY, DRAFT_KEY_RULE, draftSchema } from '../../../shared/api/drafts';
import { Level } from '../../../shared/api/permissions';
import { drafts } from '../../db/schema';
import type { EngineContext } from '../context';
import { badRequest, notFound, unprocessable } from '../errors';
import { payload } from '../payload';
import { deleted, ok, type Route, type RouteRequest } from '../route';

/**
 * Ledgerdesk extension (issue 19 item 1, docs/api-notes.md "Drafts"): what an editor holds before it
 * is saved, per user and editor key. Drafts live outside the books: no change-log entry (the routes are
 * `unlogged`), so they are never synced, never undone and never in the ledger. A discarded draft keeps
 * its row for a day so the discard itself can be undone (POST …/restore).
 */

type DraftRow = typeof drafts.$inferSelect;

/** How long a discarded draft can still be brought back. */
const DISCARD_KEPT_MS = 24 * 60 * 60 * 1000;

function keyOf(request: RouteRequest): string {
  const key = request.params.key ?? '';
  if (!DRAFT_KEY.test(key)) throw badRequest(`${key || 'The key'} ${DRAFT_KEY_RULE}`);
  return key;
}

const mine = (ctx: EngineContext, key: string) => and(eq(drafts.userId, ctx.user.id), eq(drafts.editorKey, key));

function summary(row: DraftRow) {
  return { key: row.editorKey, section: row.section, label: row.label, created_at: row.createdAt, updated_at: row.updatedAt };
}

function full(row: DraftRow) {
  return { ...summary(row), state: JSON.parse(row.state) as Record<string, never> };
}

/** Discarded drafts past their day are gone for good; run on each discard, so the table never grows. */
function forgetOldDiscards(ctx: EngineContext): void {
  const before = new Date(ctx.clock.now().getTime() - DISCARD_KEPT_MS).toISOString();
  ctx.db.delete(drafts).where(and(isNotNull(drafts.discardedAt), lt(drafts.discardedAt, before))).run();
}

function listDrafts({ ctx, query }: RouteRequest) {
  const section = query.get('section');
  const live = and(eq(drafts.userId, ctx.user.id), isNull(drafts.discardedAt), section ? eq(drafts.section, section) : undefined);
  const rows = ctx.db.select().from(drafts).where(live).orderBy(desc(drafts.updatedAt), desc(drafts.id)).all();
  return ok({ drafts: rows.map(summary) });
}

function liveDraft(ctx: EngineContext, key: string): DraftRow {
  const row = ctx.db.select().from(drafts).where(and(mine(ctx, key), isNull(drafts.discardedAt))).get();
  if (!row) throw notFound(`There is no draft ${key}`);
  return row;
}

function getDraft(request: RouteRequest) {
  return ok({ draft: full(liveDraft(request.ctx, keyOf(request))) });
}

function putDraft(request: RouteRequest) {
  const { ctx } = request;
  const key = keyOf(request);
  const input = payload(request, 'draft', draftSchema);
  if (!key.startsWith(`${input.section}:`)) throw unprocessable(`The draft ${key} belongs to the section before its colon, not to ${input.section}`);
  const values = { section: input.section, label: input.label, state: JSON.stringify(input.state), discardedAt: null, updatedAt: ctx.now };
  const existing = ctx.db.select({ id: drafts.id }).from(drafts).where(mine(ctx, key)).get();
  if (existing) ctx.db.update(drafts).set(values).where(eq(drafts.id, existing.id)).run();
  else ctx.db.insert(drafts).values({ ...values, userId: ctx.user.id, editorKey: key, createdAt: ctx.now }).run();
  return ok({ draft: summary(liveDraft(ctx, key)) });
}

/** Discards (restorable for a day) or, after the record was saved (?saved=true), forgets at once. */
function deleteDraft(request: RouteRequest) {
  const { ctx, query } = request;
  const key = keyOf(request);
  const saved = query.get('saved');
  if (saved !== null && saved !== 'true' && saved !== 'false') throw badRequest('saved must be true or false');
  const row = liveDraft(ctx, key);
  if (saved === 'true') ctx.db.delete(drafts).where(eq(drafts.id, row.id)).run();
  else {
    forgetOldDiscards(ctx);
    ctx.db.update(drafts).set({ discardedAt: ctx.now }).where(eq(drafts.id, row.id)).run();
  }
  return deleted();
}

function restoreDraft(request: RouteRequest) {
  const { ctx } = request;
  const key = keyOf(request);
  const row = ctx.db.select().from(drafts).where(and(mine(ctx, key), isNotNull(drafts.discardedAt))).get();
  if (!row) throw notFound(`There is no discarded draft ${key} to bring back`);
  ctx.db.update(drafts).set({ discardedAt: null, updatedAt: ctx.now }).where(eq(drafts.id, row.id)).run();
  return ok({ draft: full(liveDraft(ctx, key)) });
}

// Anyone who can open the desk keeps their own drafts; each user sees only theirs.
const ANY = Level.NoAccess;

export const draftRoutes: Route[] = [
  { method: 'GET', path: '/v2/drafts', level: ANY, handle: listDrafts },
  { method: 'GET', path: '/v2/drafts/:key', level: ANY, handle: getDraft },
  { method: 'PUT', path: '/v2/drafts/:key', level: ANY, unlogged: true, handle: putDraft },
  { method: 'DELETE', path: '/v2/drafts/:key', level: ANY, unlogged: true, handle: deleteDraft },
  { method: 'POST', path: '/v2/drafts/:key/restore', level: ANY, unlogged: true, handle: restoreDraft },
];
