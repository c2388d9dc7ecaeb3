import { badRequest } from './errors';
import type { ResponseBody, RouteRequest, RouteResult } from './route';
import type { FieldValue } from './values';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

export interface Page {
  page: number;
  perPage: number;
  limit: number;
  offset: number;
}

function positiveInteger(query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw badRequest(`${name} must be a positive whole number`);
  return Number(raw);
}

/** page and per_page from the query: per_page defaults to 25 and is capped at 100. */
export function pageOf(query: URLSearchParams): Page {
  const page = positiveInteger(query, 'page', 1);
  const perPage = Math.min(positiveInteger(query, 'per_page', DEFAULT_PER_PAGE), MAX_PER_PAGE);
  return { page, perPage, limit: perPage, offset: (page - 1) * perPage };
}

function pageLink(url: URL, page: number, perPage: number, rel: string): string {
  const target = new URL(url);
  target.searchParams.set('page', String(page));
  target.searchParams.set('per_page', String(perPage));
  return `<${target.toString()}>; rel="${rel}"`;
}

/** The Link header (first, prev, next, last) and X-Total-Count of one page of a list. */
export function pageHeaders(url: URL, page: Page, total: number): Record<string, string> {
  const last = Math.max(1, Math.ceil(total / page.perPage));
  const links = [pageLink(url, 1, page.perPage, 'first')];
  if (page.page > 1) links.push(pageLink(url, Math.min(page.page - 1, last), page.perPage, 'prev'));
  if (page.page < last) links.push(pageLink(url, page.page + 1, page.perPage, 'next'));
  links.push(pageLink(url, last, page.perPage, 'last'));
  return { Link: links.join(', '), 'X-Total-Count': String(total) };
}

/** A list response for rows already filtered in memory (small collections). */
export function listPage<T>(
  request: RouteRequest,
  key: string,
  rows: readonly T[],
  render: (row: T) => FieldValue,
  extra: ResponseBody = {},
): RouteResult {
  const page = pageOf(request.query);
  const slice = rows.slice(page.offset, page.offset + page.limit);
  return {
    status: 200,
    body: { [key]: slice.map(render), ...extra },
    headers: pageHeaders(request.url, page, rows.length),
  };
}
