import type Database from 'better-sqlite3';
import { Hono, type Context } from 'hono';
import { MoneyError } from '../../shared/money';
import { bookFault } from '../db/faults';
import { readApiVersion } from './api-version';
import { authenticate } from './auth';
import { decodeBody, responseFormat, type BodyFormat, type DecodedBody } from './codec/body';
import { encodeXml } from './codec/xml';
import { buildContext, type EngineContext, type EngineDeps, type UserRow } from './context';
import { ApiError, errorBody, forbidden, notFound } from './errors';
import { ValidationError } from './payload';
import { preparedPerConnection } from './prepared';
import { allRoutes } from './resources';
import { dailyRecurringCatchUp } from './sales/recurring-issue';
import { postingDaysOfSet } from './ledger/change-set-days';
import { assertFiledVatReturnsKept } from './ledger/filed-vat-returns';
import { keepFlatRateAdjustments } from './ledger/flat-rate-adjustment';
import { capturing, installUndoCapture } from './undo/capture';
import { changeLogMark, recordChangeSet } from './undo/change-sets';
import { inReadSnapshot } from './read-snapshot';
import { isBookFileRoute, type AnyRoute, type Route, type RouteRequest, type RouteResult } from './route';

export interface Engine {
  /**
   * Answers one /v2 request. `origin` overrides the origin urls are written from (IPC passes
   * ledgerdesk://local); otherwise it is the request's own.
   */
  fetch(request: Request, options?: { origin?: string }): Promise<Response>;
}

interface Env {
  Bindings: { origin: string };
}

function encode(format: BodyFormat, result: RouteResult): Response {
  const headers = new Headers(result.headers);
  if (result.raw) return new Response(result.raw as Uint8Array<ArrayBuffer>, { status: result.status, headers });
  if (result.status === 204 || result.body === undefined) return new Response(null, { status: result.status, headers });
  if (format === 'xml') {
    headers.set('Content-Type', 'application/xml; charset=utf-8');
    return new Response(encodeXml(result.body), { status: result.status, headers });
  }
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(result.body), { status: result.status, headers });
}

function errorResult(error: unknown): RouteResult {
  if (error instanceof ApiError) return { status: error.status, body: errorBody([error.message]), headers: error.headers };
  if (error instanceof ValidationError) return { status: 422, body: errorBody(error.messages) };
  if (error instanceof MoneyError) return { status: 422, body: errorBody([`Amount ${error.message}`]) };
  // The file under the book let it down (busy, full, read-only, gone): the write was rolled back.
  const fault = bookFault(error);
  if (fault) return { status: fault.status, body: errorBody([fault.message]), headers: fault.headers };
  // A bug, not bad input: say so plainly and keep the details in the log.
  console.error('ledgerdesk engine error', error);
  return { status: 500, body: errorBody(['Internal error in the Ledgerdesk engine']) };
}

/** Who a public route's request acts as: nobody, with no access. */
const ANONYMOUS: UserRow = {
  id: 0,
  email: '',
  firstName: '',
  lastName: '',
  niNumber: null,
  uniqueTaxReference: null,
  role: 'Employee',
  permissionLevel: 0,
  openingMileage: '0.0',
  hidden: true,
  sendInvitation: false,
  createdAt: '',
  updatedAt: '',
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE']);
const noBody = (): DecodedBody => ({ value: undefined, files: {}, fields: {} });

interface Caller {
  /** A public route: no token asked for. */
  open: boolean;
  user: UserRow;
  apiVersion: string | null;
}

const totalChangesQuery = preparedPerConnection((sqlite: Database.Database) => sqlite.prepare('SELECT total_changes() AS n').pluck());

/**
 * Runs a write whole inside one SQLite transaction. If the handler wrote rows but recorded no change,
 * that is a bug in the handler: it is rolled back rather than let sync and undo miss it. The rows it
 * wrote are captured as one change set (one user action), which POST /v2/undo can take back.
 */
function runWrite(ctx: EngineContext, route: Route, run: () => RouteResult): RouteResult {
  const { sqlite } = ctx.book;
  const totalChanges = totalChangesQuery(sqlite);
  const write = (setId: number | null): RouteResult => {
    const before = totalChanges.get() as number;
    const mark = changeLogMark(sqlite);
    const result = run();
    // What the flat rate scheme makes of the VAT accounts follows every write, in the same change set.
    if (setId !== null && ctx.changeCount() > 0) keepFlatRateAdjustments(ctx, setId);
    // A filed VAT return's figures must not move, whichever path wrote: checked once, on the book as the
    // write leaves it, for the days the lock check saw and those of every posting the write moved.
    if (ctx.changeCount() > 0) assertFiledVatReturnsKept(ctx, () => (setId === null ? ctx.touchedDays : [...ctx.touchedDays, ...postingDaysOfSet(sqlite, setId)]));
    const wrote = (totalChanges.get() as number) !== before;
    if (wrote && ctx.changeCount() === 0 && route.unlogged !== true) throw new Error(`${route.method} ${route.path} wrote without a change-log entry`);
    if (setId !== null && ctx.changeCount() > 0) recordChangeSet(ctx, setId, mark, route.level);
    return result;
  };
  return sqlite.transaction(() => (route.captures === false ? write(null) : capturing(sqlite, write)))();
}

function originOf(url: URL): string {
  return `${url.protocol}//${url.host}`;
}

export interface EngineOptions {
  /**
   * An engine on a read-only connection (the engine host's reader): it answers GETs only, so it
   * neither installs the undo capture nor runs the recurring catch-up; the writer does both.
   */
  readOnly?: boolean;
}

export function createEngine(deps: EngineDeps, routes: readonly AnyRoute[] = allRoutes(), options: EngineOptions = {}): Engine {
  const app = new Hono<Env>();
  if (!options.readOnly) installUndoCapture(deps.book.sqlite);
  // Recurring invoices fall due by the engine clock whether or not the app was open that day.
  const catchUp = options.readOnly ? () => undefined : dailyRecurringCatchUp();

  /** Who is asking, checked before anything else (a body is read only for someone allowed to send it). */
  const caller = (request: Request, route: AnyRoute): Caller => {
    const open = !isBookFileRoute(route) && route.public === true;
    const user = open ? ANONYMOUS : authenticate(deps.book.sqlite, request.headers.get('authorization'), deps.clock.now());
    const apiVersion = readApiVersion(request.headers.get('x-api-version'));
    if (user.permissionLevel < route.level) throw forbidden();
    return { open, user, apiVersion };
  };

  const routeRequestOf = (c: Context<Env>, { open, user, apiVersion }: Caller, body: DecodedBody): RouteRequest => {
    const ctx = buildContext(deps, user, c.env.origin, apiVersion);
    if (!open) catchUp(ctx.today, () => buildContext(deps, user, c.env.origin, apiVersion));
    const url = new URL(c.req.raw.url);
    return { ctx, params: c.req.param() as Record<string, string>, query: url.searchParams, body, url };
  };

  const handle = async (c: Context<Env>, route: AnyRoute): Promise<Response> => {
    const request = c.req.raw;
    const format = responseFormat(request);
    try {
      // A read is answered whole from one snapshot of the book, its token check included.
      if (!isBookFileRoute(route) && route.method === 'GET') return encode(format, inReadSnapshot(deps.book.sqlite, () => route.handle(routeRequestOf(c, caller(request, route), noBody()))));
      const who = caller(request, route);
      const body = WRITE_METHODS.has(route.method) ? await decodeBody(request, { acceptsFiles: !isBookFileRoute(route) && route.acceptsFiles === true }) : noBody();
      const routeRequest = routeRequestOf(c, who, body);
      const result = isBookFileRoute(route) ? await route.handle(routeRequest) : runWrite(routeRequest.ctx, route, () => route.handle(routeRequest));
      return encode(format, result);
    } catch (error) {
      return encode(format, errorResult(error));
    }
  };

  for (const route of routes) app.on(route.method, route.path, (c) => handle(c, route));

  app.notFound((c) => {
    const format = responseFormat(c.req.raw);
    try {
      authenticate(deps.book.sqlite, c.req.raw.headers.get('authorization'), deps.clock.now());
      return encode(format, errorResult(notFound(`No endpoint ${c.req.method} ${new URL(c.req.url).pathname}`)));
    } catch (error) {
      return encode(format, errorResult(error));
    }
  });
  app.onError((error, c) => encode(responseFormat(c.req.raw), errorResult(error)));

  return {
    fetch(request, options) {
      const origin = options?.origin ?? originOf(new URL(request.url));
      return Promise.resolve(app.fetch(request, { origin }));
    },
  };
}

