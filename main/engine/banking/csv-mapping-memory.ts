import { eq } from 'drizzle-orm';
import { csvColumnMappingSchema, type CsvColumnMappingFields } from '../../../shared/api/statement_import';
import { bookSettings } from '../../db/schema';
import type { EngineContext } from '../context';

/**
 * The CSV column mappings a user confirmed for a bank account, kept in book_settings so the next
 * export from the same bank needs no second look. One key per account holding the latest few
 * layouts, each with its header, so a file laid out differently is never read with the wrong
 * columns and an account fed from two exports (a bank's and a card's) keeps both.
 */

export interface RememberedMapping {
  mapping: CsvColumnMappingFields;
  header?: string[];
}

const keyOf = (bankAccountId: number) => `statement_csv_mapping:${bankAccountId}`;
const LAYOUTS_KEPT = 10;

function readOne(value: unknown): RememberedMapping | null {
  const entry = value as { mapping?: unknown; header?: unknown } | null;
  const mapping = csvColumnMappingSchema.safeParse(entry?.mapping);
  if (!mapping.success) return null;
  const header = Array.isArray(entry?.header) && entry.header.every((cell) => typeof cell === 'string') ? (entry.header as string[]) : undefined;
  return header ? { mapping: mapping.data, header } : { mapping: mapping.data };
}

/** The account's remembered layouts, the most recently confirmed first. */
export function rememberedMappings(ctx: EngineContext, bankAccountId: number): RememberedMapping[] {
  const stored = ctx.db.select({ value: bookSettings.value }).from(bookSettings).where(eq(bookSettings.key, keyOf(bankAccountId))).get()?.value;
  if (!stored) return [];
  try {
    const value = JSON.parse(stored) as unknown;
    return (Array.isArray(value) ? value : [value]).map(readOne).filter((entry): entry is RememberedMapping => entry !== null);
  } catch {
    // A value written by a future version, or damaged: mappings are guessed again instead.
    return [];
  }
}

/** The remembered layout for a file with this header, or (with no header given) the latest one. */
export function rememberedMapping(ctx: EngineContext, bankAccountId: number, header?: readonly string[] | null): RememberedMapping | null {
  const all = rememberedMappings(ctx, bankAccountId);
  if (header === undefined) return all[0] ?? null;
  return all.find((entry) => fitsHeader(entry, header ?? undefined)) ?? null;
}

/** Called inside the import's transaction, so a refused import remembers nothing. */
export function rememberMapping(ctx: EngineContext, bankAccountId: number, remembered: RememberedMapping): void {
  const others = rememberedMappings(ctx, bankAccountId).filter((entry) => !fitsHeader(entry, remembered.header));
  const value = JSON.stringify([remembered, ...others].slice(0, LAYOUTS_KEPT));
  ctx.db.insert(bookSettings).values({ key: keyOf(bankAccountId), value }).onConflictDoUpdate({ target: bookSettings.key, set: { value } }).run();
}

/** Whether a remembered mapping fits a file: the same header, or neither has one. */
export function fitsHeader(remembered: RememberedMapping, header: readonly string[] | undefined): boolean {
  const normalise = (cells: readonly string[] | undefined) => (cells ?? []).map((cell) => cell.trim().toLowerCase()).join('\u0000');
  return normalise(remembered.header) === normalise(header);
}
