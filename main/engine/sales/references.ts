import type { EngineContext } from '../context';
import type { DocumentKind } from './documents';

/**
 * The next reference in a kind's sequence: one more than the highest all-digit reference so far, at
 * least three digits wide ("001", as the live service starts). Invoices and credit notes count apart.
 */
export function nextReference(ctx: EngineContext, kind: DocumentKind): string {
  const references = ctx.book.sqlite.prepare("SELECT reference FROM invoices WHERE kind = ? AND reference GLOB '[0-9]*'").pluck().all(kind) as string[];
  const highest = references.filter((reference) => /^\d{1,15}$/.test(reference)).reduce((max, reference) => Math.max(max, Number(reference)), 0);
  return String(highest + 1).padStart(3, '0');
}
