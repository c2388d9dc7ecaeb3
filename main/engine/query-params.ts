import { isCalendarDate } from '../../shared/api/fields';
import { badRequest } from './errors';

/** A YYYY-MM-DD query parameter, or undefined when absent; malformed is a 400. */
export function dateParam(query: URLSearchParams, name: string): string | undefined {
  const value = query.get(name);
  if (value === null || value === '') return undefined;
  if (!isCalendarDate(value)) throw badRequest(`${name} must be a date (YYYY-MM-DD)`);
  return value;
}

/**
 * An ISO 8601 timestamp query parameter (updated_since), normalised to UTC for comparison. Every part
 * is checked for range before Date sees it: JavaScript would quietly roll 2026-02-30 over to 2 March
 * and 24:00 into the next day, and a filter on a date that does not exist is a mistake to report.
 */
export function timestampParam(query: URLSearchParams, name: string): string | undefined {
  const value = query.get(name);
  if (value === null || value === '') return undefined;
  if (!isTimestamp(value)) throw badRequest(`${name} must be an ISO 8601 timestamp (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ) of a real date and time`);
  return new Date(value).toISOString();
}

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/;

function isTimestamp(value: string): boolean {
  const parts = TIMESTAMP.exec(value);
  if (!parts || !isCalendarDate(parts[1]!)) return false;
  const [hour, minute, second, , offsetHour, offsetMinute] = parts.slice(2).map((part) => (part === undefined || /^[Z+-]/.test(part) ? 0 : Number(part)));
  if (hour! > 23 || minute! > 59 || second! > 59 || offsetHour! > 14 || offsetMinute! > 59) return false;
  return !Number.isNaN(new Date(value).getTime());
}

/** One of a fixed set of values, or the default; anything else is a 400. */
export function choiceParam<T extends string>(query: URLSearchParams, name: string, choices: readonly T[], fallback: T): T {
  const value = query.get(name);
  if (value === null || value === '') return fallback;
  if (!(choices as readonly string[]).includes(value)) throw badRequest(`${name} must be one of ${choices.join(', ')}`);
  return value as T;
}

/**
 * SQL conditions for the list filters every dated collection shares: from_date and to_date on
 * dated_on, updated_since on updated_at. Values go in as named parameters, never into the text.
 */
export function periodConditions(query: URLSearchParams, alias = ''): { conditions: string[]; params: Record<string, string> } {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  const from = dateParam(query, 'from_date');
  const to = dateParam(query, 'to_date');
  const since = timestampParam(query, 'updated_since');
  if (from && to && from > to) throw badRequest('from_date must not be after to_date');
  const conditions: string[] = [];
  const params: Record<string, string> = {};
  if (from) {
    conditions.push(`${column('dated_on')} >= @from`);
    params.from = from;
  }
  if (to) {
    conditions.push(`${column('dated_on')} <= @to`);
    params.to = to;
  }
  if (since) {
    conditions.push(`${column('updated_at')} >= @since`);
    params.since = since;
  }
  return { conditions, params };
}
