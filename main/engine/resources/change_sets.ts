import { Level } from '../../../shared/api/permissions';
import type { EngineContext } from '../context';
import { badRequest, notFound } from '../errors';
import { ok, type Route, type RouteRequest } from '../route';
import { recordUrl } from '../urls';
import type { Direction } from '../undo/apply';
import { changeLogMark, stacks, stepChangeSet, type ChangeSetRow } from '../undo/change-sets';
import type { ApiRecord } from '../values';

/**
 * /v2/change_sets, /v2/undo and /v2/redo: Ledgerdesk extensions (docs/api-notes.md, "Undo and redo").
 * Every write request that changed the book is one change set of the user who sent it; these routes
 * list a user's undo and redo stacks and step along them, one whole set in one transaction.
 */

const STACK_LIMIT = 50;

function render(ctx: EngineContext, set: ChangeSetRow): ApiRecord {
  return { url: recordUrl(ctx, 'change_sets', set.id), label: set.label, state: set.state, made_at: set.at };
}

function stacksBody(ctx: EngineContext, limit: number): ApiRecord {
  const { undo, redo } = stacks(ctx, limit);
  return { undo: undo.map((set) => render(ctx, set)), redo: redo.map((set) => render(ctx, set)) };
}

function limitOf(query: URLSearchParams): number {
  const value = query.get('per_page');
  if (value === null || value === '') return STACK_LIMIT;
  if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 100) throw badRequest('per_page must be a whole number from 1 to 100');
  return Number(value);
}

function idParam(value: string | undefined): number {
  if (!value || !/^\d{1,15}$/.test(value)) throw notFound('Change set not found');
  return Number(value);
}

type LoggedStep = { id: number; resource: string; record_id: string; operation: string };

/**
 * The change-log entries a step wrote, one per record it moved, as GET /v2/book/changes will name them:
 * the desk tells the records its own undo took away from ones deleted meanwhile by anyone else.
 */
function loggedAfter(ctx: EngineContext, mark: number): LoggedStep[] {
  return ctx.book.sqlite.prepare('SELECT id, resource, record_id, operation FROM changes WHERE id > ? ORDER BY id').all(mark) as LoggedStep[];
}

const step = (direction: Direction, byId: boolean) => (request: RouteRequest) => {
  const { ctx } = request;
  const mark = changeLogMark(ctx.book.sqlite);
  const set = stepChangeSet(ctx, direction, byId ? idParam(request.params.id) : null);
  return ok({ change_set: render(ctx, set), changes: loggedAfter(ctx, mark), ...stacksBody(ctx, 1) });
};

// Any level that can write can take back its own writes: each set belongs to the user who made it.
const WRITER = Level.Time;

export const changeSetRoutes: Route[] = [
  { method: 'GET', path: '/v2/change_sets', level: WRITER, handle: (request) => ok(stacksBody(request.ctx, limitOf(request.query))) },
  { method: 'POST', path: '/v2/undo', level: WRITER, captures: false, handle: step('undo', false) },
  { method: 'POST', path: '/v2/redo', level: WRITER, captures: false, handle: step('redo', false) },
  { method: 'POST', path: '/v2/change_sets/:id/undo', level: WRITER, captures: false, handle: step('undo', true) },
  { method: 'POST', path: '/v2/change_sets/:id/redo', level: WRITER, captures: false, handle: step('redo', true) },
];
