import type { EngineContext } from './context';
import { unprocessable } from './errors';

/** The url that identifies a record, written from the origin the request came in on. */
export function recordUrl(ctx: EngineContext, resource: string, id: number | string): string {
  return `${ctx.origin}/v2/${resource}/${id}`;
}

/**
 * Reads the id out of a link to another record. Links are resolved by path whatever their host, so a
 * url written over IPC, over HTTP or by the remote service all name the same record.
 */
export function idFromUrl(value: unknown, resource: string, field: string): number {
  const fail = () => unprocessable(`${field} must be the url of a ${resource.replace(/_/g, ' ').replace(/s$/, '')}`);
  // The live service also takes a bare id (its own client libraries send them).
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  if (typeof value !== 'string') throw fail();
  let path: string;
  try {
    path = new URL(value, 'ledgerdesk://local').pathname;
  } catch {
    throw fail();
  }
  const match = new RegExp(`^/v2/${resource}/(\\d+)/?$`).exec(path);
  if (!match) throw fail();
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id)) throw fail();
  return id;
}

/** The trailing path segment of a link, for resources addressed by code or date (categories, returns). */
export function keyFromUrl(value: unknown, resource: string, field: string): string {
  const fail = () => unprocessable(`${field} must be a /v2/${resource}/... url`);
  if (typeof value !== 'string') throw fail();
  let path: string;
  try {
    path = new URL(value, 'ledgerdesk://local').pathname;
  } catch {
    throw fail();
  }
  const match = new RegExp(`^/v2/${resource}/([^/]+)/?$`).exec(path);
  if (!match) throw fail();
  return decodeURIComponent(match[1]!);
}
