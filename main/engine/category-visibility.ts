import { eq, like } from 'drizzle-orm';
import { bookSettings } from '../db/schema';
import type { Db } from '../db/client';

/**
 * Which categories the user hid (a Ledgerdesk extension): kept in book_settings, one key per nominal
 * code, so the categories table stays the live service's shape and needs no migration. A hidden
 * category keeps its postings and still shows on past records and reports; pickers leave it out.
 */
const PREFIX = 'category.hidden.';

export function hiddenCategoryCodes(db: Db): Set<string> {
  const rows = db.select({ key: bookSettings.key }).from(bookSettings).where(like(bookSettings.key, `${PREFIX}%`)).all();
  return new Set(rows.map((row) => row.key.slice(PREFIX.length)));
}

export function storeCategoryHidden(db: Db, nominalCode: string, hidden: boolean): void {
  const key = `${PREFIX}${nominalCode}`;
  if (!hidden) {
    db.delete(bookSettings).where(eq(bookSettings.key, key)).run();
    return;
  }
  db.insert(bookSettings).values({ key, value: 'true' }).onConflictDoUpdate({ target: bookSettings.key, set: { value: 'true' } }).run();
}
