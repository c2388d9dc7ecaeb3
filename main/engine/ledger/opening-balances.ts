import { and, asc, eq, ne } from 'drizzle-orm';
import { AUTOMATIC_BALANCING_DESCRIPTION, OPENING_BALANCES_DESCRIPTION } from '../../../shared/api/journal_sets';
import { sumMinor } from '../../../shared/money';
import { bankAccounts, categories, journalEntries, journalSets } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { SUSPENSE, type JournalEntryRow } from './journal-entries';
import { entriesOf } from './journal-edits';
import { entryLines, JOURNAL_SETS, type JournalSetRow } from './journal-posting';
import { assertUnlocked } from './locks';
import { replacePostings, type PostingLine } from './postings';

type AccountRow = typeof bankAccounts.$inferSelect;

/**
 * The opening balances are one journal set without a date (spec 2.2). Its postings are dated the
 * company start date, the first day the books cover, so that they fall in the first accounting year.
 */
export function openingDate(ctx: EngineContext): string {
  return loadCompany(ctx).companyStartDate;
}

export function openingSet(ctx: EngineContext): JournalSetRow | undefined {
  return ctx.db.select().from(journalSets).where(eq(journalSets.isOpeningBalances, true)).get();
}

export function ensureOpeningSet(ctx: EngineContext): JournalSetRow {
  const existing = openingSet(ctx);
  if (existing) return existing;
  const row = ctx.db
    .insert(journalSets)
    .values({ datedOn: null, description: OPENING_BALANCES_DESCRIPTION, tag: null, isOpeningBalances: true, createdAt: ctx.now, updatedAt: ctx.now })
    .returning()
    .get();
  ctx.recordChange(JOURNAL_SETS, row.id, 'create');
  return row;
}

/** Bank accounts whose opening balance is not zero: each is one read-only leg of the opening balances. */
export function openingBankAccounts(ctx: EngineContext, leaving?: number): AccountRow[] {
  const rows = ctx.db.select().from(bankAccounts).where(ne(bankAccounts.openingBalanceMinor, 0)).orderBy(asc(bankAccounts.id)).all();
  return rows.filter((row) => row.id !== leaving);
}

function suspenseId(ctx: EngineContext): number {
  const row = ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.nominalCode, SUSPENSE)).get();
  if (!row) throw new Error('The chart has no 999 Suspense account');
  return row.id;
}

/** The entry the engine keeps on Suspense so that the opening balances balance. */
export function balancingEntry(ctx: EngineContext, setId: number): JournalEntryRow | undefined {
  return ctx.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.journalSetId, setId), eq(journalEntries.categoryId, suspenseId(ctx))))
    .get();
}

/**
 * A bank account's opening balance debits its 750-N account. The book holds no exchange rate for the
 * start date, so an account in another currency posts its balance as foreign currency data only, with
 * a native value of zero, and needs no native balancing.
 */
function bankLegs(ctx: EngineContext, datedOn: string, leaving?: number): PostingLine[] {
  const native = loadCompany(ctx).currency;
  return openingBankAccounts(ctx, leaving).map((account) => {
    const category = ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.bankAccountId, account.id)).get();
    if (!category) throw new Error(`Bank account ${account.id} has no 750 sub account`);
    // A fixed description: renaming the account must not move the (possibly locked) opening balances.
    const base = { categoryId: category.id, datedOn, description: 'Bank account opening balance' };
    if (account.currency === native) return { ...base, debitMinor: account.openingBalanceMinor };
    return { ...base, debitMinor: 0, foreignCurrency: account.currency, foreignDebitMinor: account.openingBalanceMinor };
  });
}

/** What a set has posted, in a form two states can be compared by. */
function postedSignature(ctx: EngineContext, setId: number): string {
  const rows = ctx.book.sqlite
    .prepare(
      `SELECT category_id, debit_minor, dated_on, description, foreign_currency, foreign_debit_minor FROM postings
       WHERE source_resource = ? AND source_id = ? ORDER BY category_id, debit_minor, description`,
    )
    .raw()
    .all(JOURNAL_SETS, setId);
  return JSON.stringify(rows);
}

/**
 * Keeps the Automatic Balancing Entry equal to whatever the entries and the bank accounts' opening
 * balances leave unbalanced (zero removes it), then posts the whole set: its entries plus the bank legs.
 * Returns whether the postings changed.
 */
export function balanceAndPostOpening(ctx: EngineContext, set: JournalSetRow, leaving?: number): boolean {
  const before = postedSignature(ctx, set.id);
  const datedOn = openingDate(ctx);
  const legs = bankLegs(ctx, datedOn, leaving);
  const balancing = balancingEntry(ctx, set.id);
  const others = entriesOf(ctx, set.id).filter((entry) => entry.id !== balancing?.id);
  // sumMinor refuses a total past what a double holds exactly (a 422), rather than round it.
  const difference = sumMinor([...others, ...legs].map((line) => line.debitMinor));
  if (difference === 0) {
    if (balancing) ctx.db.delete(journalEntries).where(eq(journalEntries.id, balancing.id)).run();
  } else if (!balancing) {
    ctx.db
      .insert(journalEntries)
      .values({ journalSetId: set.id, categoryId: suspenseId(ctx), debitMinor: -difference, description: AUTOMATIC_BALANCING_DESCRIPTION, createdAt: ctx.now, updatedAt: ctx.now })
      .run();
  } else if (balancing.debitMinor !== -difference) {
    ctx.db.update(journalEntries).set({ debitMinor: -difference, updatedAt: ctx.now }).where(eq(journalEntries.id, balancing.id)).run();
  }
  replacePostings(ctx, JOURNAL_SETS, set.id, [...entryLines(ctx, set, datedOn), ...legs]);
  return postedSignature(ctx, set.id) !== before;
}

/**
 * Re-posts the opening balances after a bank account's opening balance, currency or existence changed
 * (`leaving` is an account about to be deleted). Moving the opening balances is refused while the books
 * are locked over the start date, like any other change there.
 */
export function syncBankOpeningBalances(ctx: EngineContext, leaving?: number): void {
  const existing = openingSet(ctx);
  if (!existing && openingBankAccounts(ctx, leaving).length === 0) return;
  const set = existing ?? ensureOpeningSet(ctx);
  if (!balanceAndPostOpening(ctx, set, leaving)) return;
  assertUnlocked(ctx, openingDate(ctx));
  ctx.db.update(journalSets).set({ updatedAt: ctx.now }).where(eq(journalSets.id, set.id)).run();
  if (existing) ctx.recordChange(JOURNAL_SETS, set.id, 'update');
}
