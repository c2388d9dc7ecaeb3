import type { PermissionLevel } from '../../shared/api/permissions';
import type { DecodedBody } from './codec/body';
import type { EngineContext } from './context';
import type { FieldValue } from './values';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteRequest {
  ctx: EngineContext;
  params: Record<string, string>;
  query: URLSearchParams;
  body: DecodedBody;
  /** The request url, for building pagination links. */
  url: URL;
}

export type ResponseBody = { [key: string]: FieldValue | undefined };

export interface RouteResult {
  status: number;
  body?: ResponseBody;
  /** Bytes sent as they are (file downloads) instead of an encoded body. */
  raw?: Uint8Array;
  headers?: Record<string, string>;
}

/**
 * One endpoint, independent of transport. Handlers are synchronous: better-sqlite3 is, and a
 * synchronous handler can run whole inside one SQLite transaction, so a rule broken anywhere in it
 * rolls back everything it wrote.
 */
export interface Route {
  method: Method;
  /** A Hono path pattern under /v2, such as "/v2/bank_accounts/:id". */
  path: string;
  /** Minimum permission_level; checked before the handler runs. */
  level: PermissionLevel;
  /** Takes a multipart body with files (statement upload); elsewhere multipart is a 415. */
  acceptsFiles?: boolean;
  /**
   * Writes only a table outside the books (drafts): no change-log entry, so sync, undo and the audit
   * never see it. Everything else that writes must record its change.
   */
  unlogged?: boolean;
  /** Answered without a bearer token; the handler authenticates the request itself (signed urls). */
  public?: boolean;
  /** False for the routes that undo and redo: they put rows back from a change set rather than make one. */
  captures?: false;
  handle(request: RouteRequest): RouteResult;
}

/**
 * An endpoint that acts on the book file as a whole (backups, restore, the full integrity check). It
 * runs outside any request transaction, since VACUUM INTO and SQLite's backup API cannot run inside
 * one, and it may wait for the file. It writes no records itself, so it has no change-log entry.
 */
export interface BookFileRoute {
  method: Method;
  path: string;
  level: PermissionLevel;
  wholeBook: true;
  handle(request: RouteRequest): Promise<RouteResult>;
}

export type AnyRoute = Route | BookFileRoute;

export const isBookFileRoute = (route: AnyRoute): route is BookFileRoute => 'wholeBook' in route && route.wholeBook;

export const ok = (body: ResponseBody, headers?: Record<string, string>): RouteResult => ({ status: 200, body, headers });
/** DELETE answers 200 with no body unless the spec says it returns the record. */
export const deleted = (): RouteResult => ({ status: 200 });
export const noContent = (): RouteResult => ({ status: 204 });
export function created(body: ResponseBody, location?: string): RouteResult {
  return { status: 201, body, headers: location ? { Location: location } : undefined };
}
