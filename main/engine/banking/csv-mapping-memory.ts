import { eq } from 'drizzle-orm';
import { csvColumnMappingSchema, type CsvColumnMappingFields } from '../../../shared/api/statement_import';
import { bookSettings } from '../../db/schema';
import type { EngineContext } from '../context';

/**
 * The CSV column mapping a user confirmed for a bank account, kept in book_settings so the next
 * export from the same bank needs no second look. One key per account; the header is kept with it so
 * a file laid out differently is not read with the wrong columns.
 */

export interface RememberedMapping {
  mapping: CsvColumnMappingFields;
  header?: string[];
}

const keyOf = (bankAccountId: number) => `statement_csv_mapping:${bankAccountId}`;

export function rememberedMapping(ctx: EngineContext, bankAccountId: number): RememberedMapping | null {
  const stored = ctx.db.select({ value: bookSettings.value }).from(bookSettings).where(eq(bookSettings.key, keyOf(bankAccountId))).get()?.value;
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as { mapping?: unknown; header?: unknown };
    const mapping = csvColumnMappingSchema.safeParse(value.mapping);
    if (!mapping.success) return null;
    const header = Array.isArray(value.header) && value.header.every((cell) => typeof cell === 'string') ? (value.header as string[]) : undefined;
    return header ? { mapping: mapping.data, header } : { mapping: mapping.data };
  } catch {
    // A value written by a future version, or damaged: the mapping is guessed again instead.
    return null;
  }
}

/** Called inside the import's transaction, so a refused import remembers nothing. */
export function rememberMapping(ctx: EngineContext, bankAccountId: number, remembered: RememberedMapping): void {
  const value = JSON.stringify(remembered);
  ctx.db.insert(bookSettings).values({ key: keyOf(bankAccountId), value }).onConflictDoUpdate({ target: bookSettings.key, set: { value } }).run();
}

/** Whether a remembered mapping fits a file: the same header, or neither has one. */
export function fitsHeader(remembered: RememberedMapping, header: readonly string[] | undefined): boolean {
  const normalise = (cells: readonly string[] | undefined) => (cells ?? []).map((cell) => cell.trim().toLowerCase()).join('\u0000');
  return normalise(remembered.header) === normalise(header);
}
