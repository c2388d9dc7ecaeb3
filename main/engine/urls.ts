import type { EngineContext } from './context';
import { unprocessable } from './errors';

/** The url that identifies a record, written from the origin the request came in on. */
export function recordUrl(ctx: EngineContext, resource: string, id: number | string): string {
  return `${ctx.origin}/v2/${resource}/${id}`;
}

/**
 * The last path segment of a link under /v2/<resource>/, or null. Links are resolved by path whatever
 * their host, so a url written over IPC, over HTTP or by the remote service all name the same record.
 */
function segmentOf(value: string, resource: string): string | null {
  let path: string;
  try {
    path = new URL(value, 'ledgerdesk://local').pathname;
  } catch {
    return null;
  }
  const prefix = `/v2/${resource}/`;
  if (!path.startsWith(prefix)) return null;
  const segment = path.slice(prefix.length).replace(/\/$/, '');
  if (segment === '' || segment.includes('/')) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Reads the id out of a link to another record (or, as the live service also takes, a bare id). */
export function idFromUrl(value: unknown, resource: string, field: string): number {
  const fail = () => unprocessable(`${field} must be the url of a ${resource.replace(/_/g, ' ').replace(/s$/, '')}`);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value !== 'string') throw fail();
  const text = value.trim();
  const segment = /^\d{1,15}$/.test(text) ? text : segmentOf(text, resource);
  if (segment === null || !/^\d{1,15}$/.test(segment)) throw fail();
  return Number(segment);
}

/** The trailing path segment of a link, for resources addressed by code or date (categories, returns). */
export function keyFromUrl(value: unknown, resource: string, field: string): string {
  const segment = typeof value === 'string' ? segmentOf(value, resource) : null;
  if (segment === null) throw unprocessable(`${field} must be a /v2/${resource}/... url`);
  return segment;
}
