import type { RowStatus } from '../../../shared/api/statement_import';
import type { IncomingLine } from './incoming-line';
import { TRANSFER_PAIRING_DAYS } from './transfer-other-side';

/** A line already in the bank account, as the review compares rows with it. */
export interface ExistingLine {
  id: number;
  datedOn: string;
  amountMinor: number;
  description: string;
  fitid: string | null;
  /** The line a transfer from another account made here, standing in for the bank's own line (and replaceable). */
  madeByTransfer?: boolean;
}

export interface RowVerdict {
  status: RowStatus;
  reason?: 'fitid' | 'same_line';
  /** The existing line the row repeats, or may repeat. */
  match?: ExistingLine;
}

/** How far apart a bank may date the same payment on two statements (posting vs value date). */
export const POSSIBLE_DUPLICATE_DAYS = 3;

/**
 * The widest window a row is compared in: a line a transfer made is the other side of the row up to
 * the days a transfer pairs with a waiting line (transfer-other-side.ts), so both orders agree.
 */
export const NEAR_MATCH_DAYS = Math.max(POSSIBLE_DUPLICATE_DAYS, TRANSFER_PAIRING_DAYS);

const windowOf = (line: ExistingLine) => (line.madeByTransfer ? TRANSFER_PAIRING_DAYS : POSSIBLE_DUPLICATE_DAYS);

const DAY_MS = 86_400_000;
const dayNumber = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;
const keyOf = (line: { datedOn: string; amountMinor: number; description: string }) => `${line.datedOn}\u0000${line.amountMinor}\u0000${line.description}`;

/**
 * Marks each row of an upload. `fresh` is what the upload path itself would add (newLines), so
 * "duplicate" here is exactly what the import will skip; the rest is new, or a possible duplicate
 * when the account holds a line of the same amount within three days that the exact rule did not
 * match (other text, or another day): the user decides those.
 *
 * Every existing line stands for at most one row, so ten coffees of £2.76 in a file are not all
 * flagged by the one coffee already there, and a line an exact duplicate used is not offered again.
 *
 * When the line so found is one a transfer made (its other side, written before the bank's line was
 * in), the row is that transfer's other side, not a duplicate: `transfer`, which the import puts in the
 * made line's place (transferOtherSidesArrived).
 */
export function classifyRows(lines: readonly IncomingLine[], fresh: readonly number[], existing: readonly ExistingLine[]): RowVerdict[] {
  const freshSet = new Set(fresh);
  const used = new Set<number>();
  const byFitid = new Map<string, ExistingLine>();
  const byKey = new Map<string, ExistingLine[]>();
  const byAmount = new Map<number, ExistingLine[]>();
  const ordered = [...existing].sort((a, b) => (a.datedOn < b.datedOn ? -1 : a.datedOn > b.datedOn ? 1 : a.id - b.id));
  for (const line of ordered) {
    if (line.fitid !== null && !byFitid.has(line.fitid)) byFitid.set(line.fitid, line);
    const key = keyOf(line);
    byKey.set(key, [...(byKey.get(key) ?? []), line]);
    const sameAmount = byAmount.get(line.amountMinor);
    if (sameAmount) sameAmount.push(line);
    else byAmount.set(line.amountMinor, [line]);
  }

  const verdicts: RowVerdict[] = lines.map(() => ({ status: 'new' }));
  // Exact duplicates first, so the lines they repeat are taken before any near match is looked for.
  lines.forEach((line, index) => {
    if (freshSet.has(index)) return;
    const byId = line.fitid !== null ? byFitid.get(line.fitid) : undefined;
    if (byId && !used.has(byId.id)) {
      used.add(byId.id);
      verdicts[index] = { status: 'duplicate', reason: 'fitid', match: byId };
      return;
    }
    const match = (byKey.get(keyOf(line)) ?? []).find((candidate) => !used.has(candidate.id));
    if (match) used.add(match.id);
    verdicts[index] = match ? { status: 'duplicate', reason: byId ? 'fitid' : 'same_line', match } : { status: 'duplicate', reason: byId ? 'fitid' : 'same_line' };
  });
  lines.forEach((line, index) => {
    if (!freshSet.has(index)) return;
    const match = nearestSameAmount(line, byAmount.get(line.amountMinor) ?? [], used);
    if (!match) return;
    used.add(match.id);
    verdicts[index] = { status: match.madeByTransfer ? 'transfer' : 'possible_duplicate', match };
  });
  return verdicts;
}

/** The unused line of the same amount closest in date within its window, oldest first on a tie. */
function nearestSameAmount(line: IncomingLine, sameAmount: readonly ExistingLine[], used: ReadonlySet<number>): ExistingLine | undefined {
  const day = dayNumber(line.datedOn);
  let best: ExistingLine | undefined;
  let bestDistance = Infinity;
  for (let i = firstOnOrAfter(sameAmount, day - NEAR_MATCH_DAYS); i < sameAmount.length; i++) {
    const candidate = sameAmount[i]!;
    const distance = dayNumber(candidate.datedOn) - day;
    if (distance > NEAR_MATCH_DAYS) break;
    if (used.has(candidate.id) || Math.abs(distance) > windowOf(candidate)) continue;
    // The same day and text is the exact rule's business, not a near match.
    if (distance === 0 && candidate.description === line.description) continue;
    if (Math.abs(distance) < bestDistance) {
      best = candidate;
      bestDistance = Math.abs(distance);
    }
  }
  return best;
}

/** Binary search in lines sorted by date. */
function firstOnOrAfter(lines: readonly ExistingLine[], day: number): number {
  let low = 0;
  let high = lines.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (dayNumber(lines[middle]!.datedOn) < day) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function countStatuses(verdicts: readonly RowVerdict[]): Record<RowStatus, number> {
  const counts: Record<RowStatus, number> = { new: 0, duplicate: 0, possible_duplicate: 0, transfer: 0 };
  for (const verdict of verdicts) counts[verdict.status] += 1;
  return counts;
}
