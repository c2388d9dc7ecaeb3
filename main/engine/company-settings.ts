import { eq, sql } from 'drizzle-orm';
import { bookSettings } from '../db/schema';
import type { Db } from '../db/client';
import { preparedPerConnection } from './prepared';

/**
 * Company facts the live service's company record has no field for, kept in book_settings so the
 * company table (and its migrations, which sync also adds to) stays the live shape.
 */
const FIRST_VAT_PERIOD_END = 'company.first_vat_period_ends_on';
const SETUP_COMPLETED = 'company.setup_completed';
/** Read by the reports' own SQL too (reports/opening-source.ts), so exported. */
export const FIRST_ACCOUNTING_YEAR_START = 'company.first_accounting_year_start';

// Read on every request that loads the company: built and prepared once per connection, not each time.
const settingQuery = preparedPerConnection((db: Db) =>
  db.select({ value: bookSettings.value }).from(bookSettings).where(eq(bookSettings.key, sql.placeholder('key'))).prepare(),
);

function read(db: Db, key: string): string | null {
  return settingQuery(db).get({ key })?.value ?? null;
}

function write(db: Db, key: string, value: string | null): void {
  if (value === null) {
    db.delete(bookSettings).where(eq(bookSettings.key, key)).run();
    return;
  }
  db.insert(bookSettings).values({ key, value }).onConflictDoUpdate({ target: bookSettings.key, set: { value } }).run();
}

/** The end of the first VAT period when the user chose the stagger; null for the default. */
export const storedFirstVatPeriodEnd = (db: Db) => read(db, FIRST_VAT_PERIOD_END);
export const storeFirstVatPeriodEnd = (db: Db, endsOn: string | null) => write(db, FIRST_VAT_PERIOD_END, endsOn);

/**
 * The first day of the accounting year the books start in, when the books start later than that (a
 * company that moved here part-way through a year); null when they start on it, as a new company does.
 */
export const storedFirstAccountingYearStart = (db: Db) => read(db, FIRST_ACCOUNTING_YEAR_START);
export const storeFirstAccountingYearStart = (db: Db, startsOn: string | null) => write(db, FIRST_ACCOUNTING_YEAR_START, startsOn);

/** Set once the first run is done or skipped, so it is not offered again. */
export const setupCompletedFlag = (db: Db) => read(db, SETUP_COMPLETED) === 'true';
export const storeSetupCompleted = (db: Db, done: boolean) => write(db, SETUP_COMPLETED, done ? 'true' : null);

/** The flat rate scheme from registration and the later scheme changes (vat-scheme.ts reads them). */
const INITIAL_FRS_SECTOR = 'company.initial_vat_frs_type';
const VAT_SCHEME_CHANGES = 'company.vat_scheme_changes';

/** The sector when the company is on the flat rate scheme from registration; null when it is not. */
export const storedInitialFrsSector = (db: Db) => read(db, INITIAL_FRS_SECTOR);
export const storeInitialFrsSector = (db: Db, sector: string | null) => write(db, INITIAL_FRS_SECTOR, sector);
export const storedVatSchemeChanges = (db: Db) => read(db, VAT_SCHEME_CHANGES);
export const storeVatSchemeChanges = (db: Db, json: string | null) => write(db, VAT_SCHEME_CHANGES, json);
