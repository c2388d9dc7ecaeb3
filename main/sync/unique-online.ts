import type { RoundContext } from './context';
import type { Family, SyncRecord } from './family';
import { localIdOf } from './local';
import { sameValue } from './normalize';
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
  // Without nested rows: only the number is wanted.
  const query = Object.fromEntries(Object.entries(family.listQuery).filter(([name]) => !name.startsWith('nested_')));
  for (const record of kept(family, await ctx.local.list(family.path, (body) => listIn(family, body), query))) {
    const otherId = localIdOf(String(record.url));
    if (otherId === localId || !ctx.state.byLocal(family.name, otherId) || !sameValue(record[field], mine[field])) continue;
    const kind = family.one.replace(/_/g, ' ');
    return `The number ${String(mine[field])} is already used online by another ${kind} (${family.label(record)}, made elsewhere), so this one was not sent. Two must not share a number: give this ${kind} another number, then choose Keep mine to send it. Keep theirs removes it from this book.`;
  }
  return null;
}
