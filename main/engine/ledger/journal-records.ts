import { inArray } from 'drizzle-orm';
import { OPENING_BALANCES_DESCRIPTION } from '../../../shared/api/journal_sets';
import { fromMinor } from '../../../shared/money';
import { categories, journalEntries } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { recordUrl } from '../urls';
import { date, decimal, timestamp, type ApiRecord } from '../values';
import type { JournalEntryRow } from './journal-entries';
import { JOURNAL_SETS, type JournalSetRow } from './journal-posting';
import { openingBankAccounts } from './opening-balances';

/** Entries of several sets at once (a list page), grouped by set, in the order they were made. */
export function entriesBySet(ctx: EngineContext, setIds: readonly number[]): Map<number, JournalEntryRow[]> {
  const bySet = new Map<number, JournalEntryRow[]>();
  if (setIds.length === 0) return bySet;
  const rows = ctx.db.select().from(journalEntries).where(inArray(journalEntries.journalSetId, [...setIds])).orderBy(journalEntries.id).all();
  for (const row of rows) bySet.set(row.journalSetId, [...(bySet.get(row.journalSetId) ?? []), row]);
  return bySet;
}

function codesOf(ctx: EngineContext, entries: readonly JournalEntryRow[]): Map<number, string> {
  const ids = [...new Set(entries.map((row) => row.categoryId))];
  if (ids.length === 0) return new Map();
  const rows = ctx.db.select({ id: categories.id, code: categories.nominalCode }).from(categories).where(inArray(categories.id, ids)).all();
  return new Map(rows.map((row) => [row.id, row.code]));
}

const linkTo = (ctx: EngineContext, resource: string, id: number | null) => (id !== null ? recordUrl(ctx, resource, id) : undefined);

function entryRecord(ctx: EngineContext, setUrl: string, row: JournalEntryRow, code: string, currency: string): ApiRecord {
  return {
    url: `${setUrl}/journal_entries/${row.id}`,
    category: recordUrl(ctx, 'categories', code),
    debit_value: decimal(fromMinor(row.debitMinor, currency)),
    description: row.description ?? undefined,
    user: linkTo(ctx, 'users', row.userId),
    capital_asset_type: linkTo(ctx, 'capital_asset_types', row.capitalAssetTypeId),
    property: linkTo(ctx, 'properties', row.propertyId),
    contact: linkTo(ctx, 'contacts', row.contactId),
    bank_account: linkTo(ctx, 'bank_accounts', row.bankAccountId),
    stock_item: linkTo(ctx, 'stock_items', row.stockItemId),
    stock_altering_quantity: row.stockAlteringQuantity ?? undefined,
  };
}

/**
 * The opening balances' read-only bank legs, written as the live service writes them (golden
 * journal_sets.json): an account opened with 1000.0 shows a debit_value of -1000.0, in its own currency.
 */
function bankAccountLegs(ctx: EngineContext): ApiRecord[] {
  return openingBankAccounts(ctx).map((account) => ({
    url: recordUrl(ctx, 'bank_accounts', account.id),
    description: account.name,
    debit_value: decimal(fromMinor(-account.openingBalanceMinor, account.currency)),
  }));
}

/** A journal set as the live service shows it: no created_at, and the opening balances without date or tag. */
export function journalSetRecord(ctx: EngineContext, set: JournalSetRow, entries: readonly JournalEntryRow[]): ApiRecord {
  const currency = loadCompany(ctx).currency;
  const url = recordUrl(ctx, JOURNAL_SETS, set.id);
  const codes = codesOf(ctx, entries);
  const record: ApiRecord = {
    url,
    dated_on: set.datedOn !== null ? date(set.datedOn) : undefined,
    description: set.description,
    tag: set.tag ?? undefined,
    journal_entries: entries.map((row) => entryRecord(ctx, url, row, codes.get(row.categoryId)!, currency)),
    updated_at: timestamp(set.updatedAt),
  };
  if (!set.isOpeningBalances) return record;
  return { ...record, bank_accounts: bankAccountLegs(ctx), stock_items: [] };
}

/** The opening balances before anything has been entered: no entries, and whatever the accounts hold. */
export function emptyOpeningBalancesRecord(ctx: EngineContext): ApiRecord {
  return {
    url: `${ctx.origin}/v2/${JOURNAL_SETS}/opening_balances`,
    description: OPENING_BALANCES_DESCRIPTION,
    journal_entries: [],
    bank_accounts: bankAccountLegs(ctx),
    stock_items: [],
  };
}
