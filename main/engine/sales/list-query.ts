import { badRequest, notFound } from '../errors';
import { idFromUrl } from '../urls';
import { addMonths } from './dates';

/** `sort=key` or `sort=-key` (descending); anything else is a 400. */
export function sortParam(query: URLSearchParams, keys: readonly string[], fallback: string): { key: string; descending: boolean } {
  const value = query.get('sort') || fallback;
  const descending = value.startsWith('-');
  const key = descending ? value.slice(1) : value;
  if (!keys.includes(key)) throw badRequest(`sort must be one of ${keys.join(', ')}, with a leading - for descending`);
  return { key, descending };
}

/** The most records `urls=` may name: a page's worth, so one answer holds them all. */
export const MAX_URLS = 100;

/**
 * `urls=<url>,<url>,...` (Ledgerdesk): only the records of `resource` named, by url or id, for a
 * screen that needs a few records by url and would otherwise read the whole list. A filter like the
 * others: a record not in the book is simply not in the answer. Malformed, of another resource,
 * empty or more than MAX_URLS is a 400. Answers the ids as a JSON array, for `IN (SELECT value FROM
 * json_each(@urls))`, which keeps one statement whatever the count.
 */
export function urlsParam(query: URLSearchParams, resource: string): string | undefined {
  const value = query.get('urls');
  if (value === null) return undefined;
  const parts = value.split(',').map((part) => part.trim());
  const noun = resource.replace(/_/g, ' ').replace(/s$/, '');
  if (value.trim() === '' || parts.includes('')) throw badRequest(`urls must be ${noun} urls separated by commas`);
  if (parts.length > MAX_URLS) throw badRequest(`urls may name at most ${MAX_URLS} ${resource.replace(/_/g, ' ')}`);
  const ids = parts.map((part) => {
    try {
      return idFromUrl(part, resource, 'urls');
    } catch {
      throw badRequest(`urls must be ${noun} urls separated by commas: ${part} is not one`);
    }
  });
  return JSON.stringify([...new Set(ids)]);
}

/**
 * A list filter naming another record by url or id (contact=, project=): malformed is a 400, a record
 * that does not exist a 404, as for bank_account on the banking lists.
 */
export function linkParam(query: URLSearchParams, name: string, resource: string, exists: (id: number) => boolean): number | undefined {
  const value = query.get(name);
  if (value === null || value === '') return undefined;
  let id: number;
  try {
    id = idFromUrl(value, resource, name);
  } catch {
    throw badRequest(`${name} must be the url of a ${resource.replace(/s$/, '')}`);
  }
  if (!exists(id)) throw notFound(`${name} is not a ${resource.replace(/s$/, '')} of this company`);
  return id;
}

/**
 * A view from a fixed list, or last_N_months (documents dated in the last N months, N from 1 to 120),
 * as the live service accepts. Returns the view and, for last_N_months, the first date it includes.
 */
export function documentView(query: URLSearchParams, views: readonly string[], today: string): { view: string; since?: string } {
  const value = query.get('view') || 'all';
  const months = /^last_(\d{1,3})_months$/.exec(value);
  if (months && Number(months[1]) >= 1 && Number(months[1]) <= 120) return { view: 'all', since: addMonths(today, -Number(months[1])) };
  if (!views.includes(value)) throw badRequest(`view must be one of ${views.join(', ')} or last_N_months`);
  return { view: value };
}
