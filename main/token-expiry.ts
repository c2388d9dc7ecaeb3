import { UsageError } from './args';

const UNIT_MS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * When a token given `--expires` ends: a span from now ("90m", "12h", "30d") or a moment (an ISO date,
 * which means the start of that day in UTC, or a date and time). A moment not in the future is refused:
 * a token dead on arrival is a mistake, not a wish.
 */
export function tokenExpiry(given: string, now: Date): string {
  const span = /^(\d{1,6})([mhd])$/.exec(given.trim());
  const at = span ? now.getTime() + Number(span[1]) * UNIT_MS[span[2]!]! : Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(given.trim()) ? `${given.trim()}T00:00:00Z` : given.trim());
  if (Number.isNaN(at)) throw new UsageError(`--expires takes a span (90m, 12h, 30d) or a date (2027-01-31) or time (2027-01-31T18:00:00Z), not "${given}"`);
  if (at <= now.getTime()) throw new UsageError(`--expires ${given} is not in the future`);
  return new Date(at).toISOString();
}
