import type { RoundContext } from './context';
import type { Family, SyncRecord } from './family';
import { localIdOf } from './local';
import { comparable, sameValue } from './normalize';
import { readLocal } from './reconcile';
import { kept, listIn } from './shape';

/**
 * Whether another record already on the service holds this one's `uniqueOnline` value (a document's
 * number), and if so the sentence that says so; null when the value is free. The service does not
 * refuse a second invoice numbered 001 (it makes them itself: forum 931, 2515), but an invoice number
 * must be unique (HMRC VAT Notice 700, section 16: a VAT invoice shows a unique identification
 * number), and two books of one company number their offline invoices from the same series: both
 * made 001 and both went online. Every record on the service is in the book after the round's pull,
 * linked: the book is searched.
 */
export async function takenOnline(ctx: RoundContext, family: Family, localId: number, mine: SyncRecord): Promise<string | null> {
  const field = family.uniqueOnline;
  if (!field || typeof mine[field] !== 'string' || !mine[field].trim()) return null;
  const holders = (await numbersInBook(ctx, family, field)).get(keyOf(mine[field])) ?? [];
  for (const otherId of holders) {
    if (otherId === localId || !ctx.state.byLocal(family.name, otherId)) continue;
    // The index was read once this round; the holder is read again, so a number changed since is not
    // taken for the old one.
    const other = await readLocal(ctx, family, otherId);
    if (!other || !sameValue(other[field], mine[field])) continue;
    const kind = family.one.replace(/_/g, ' ');
    return `The number ${String(mine[field])} is already used online by another ${kind} (${family.label(other)}, made elsewhere), so this one was not sent. Two must not share a number: choose Edit… and give this ${kind} another number, and it is sent at the next sync. Keep theirs removes it from this book.`;
  }
  return null;
}

const keyOf = (value: unknown) => JSON.stringify(comparable(value));

/**
 * The book's records of a family by number, read once a round: listing the book for every create made
 * a first link of N offline invoices read the book N times (300 invoices: 13.1 s where the round took
 * 3.7 s without the check). Whether a holder is online is asked at each create, so one this round made
 * counts from then on; a record the person makes during the round is not online before the next.
 */
async function numbersInBook(ctx: RoundContext, family: Family, field: string): Promise<Map<string, number[]>> {
  ctx.numbersInBook ??= new Map();
  const known = ctx.numbersInBook.get(family.name);
  if (known) return known;
  // Without nested rows: only the number is wanted.
  const query = Object.fromEntries(Object.entries(family.listQuery).filter(([name]) => !name.startsWith('nested_')));
  const byNumber = new Map<string, number[]>();
  for (const record of kept(family, await ctx.local.list(family.path, (body) => listIn(family, body), query))) {
    const key = keyOf(record[field]);
    byNumber.set(key, [...(byNumber.get(key) ?? []), localIdOf(String(record.url))]);
  }
  ctx.numbersInBook.set(family.name, byNumber);
  return byNumber;
}
