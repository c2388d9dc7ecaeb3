import { and, eq } from 'drizzle-orm';
import { CONTACT_OPENING_CATEGORIES, type JournalEntryInput } from '../../../shared/api/journal_sets';
import { PROPERTY_COMPANY_TYPE } from '../../../shared/api/properties';
import { MoneyError, toMinor } from '../../../shared/money';
import { capitalAssetTypes, categories, contacts, journalEntries, properties, users } from '../../db/schema';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { idFromUrl, keyFromUrl } from '../urls';
import { SUB_ACCOUNT_BASES } from './chart';

export type CategoryRow = typeof categories.$inferSelect;
export type JournalEntryRow = typeof journalEntries.$inferSelect;

/** What one entry stores, once its rules have been checked. */
export interface EntryValues {
  categoryId: number;
  debitMinor: number;
  description: string | null;
  userId: number | null;
  capitalAssetTypeId: number | null;
  propertyId: number | null;
  contactId: number | null;
}

/** Where an entry is written: a dated set, or the opening balances (the only place for contacts). */
export interface EntrySetting {
  opening: boolean;
  companyType: string;
  currency: string;
}

/** The first code of the profit and loss account's range is 001 and the balance sheet starts at 600. */
/** Where the opening balances' difference goes (the live service's Automatic Balancing Entry). */
export const SUSPENSE = '999';

const isProfitAndLoss = (category: CategoryRow) => Number(category.baseCode) < 600;

/** "47", 47 and ".../categories/047" all name 047; a sub account keeps its suffix ("902-3"). */
function categoryCode(value: string | number, field: string): string {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const code = /^\d/.test(text) ? text : keyFromUrl(value, 'categories', field);
  const match = /^(\d{1,3})(-\d+)?$/.exec(code);
  if (!match) throw unprocessable(`${field} must be the url or nominal code of a category`);
  return `${match[1]!.padStart(3, '0')}${match[2] ?? ''}`;
}

function categoryByCode(ctx: EngineContext, code: string): CategoryRow | undefined {
  return ctx.db.select().from(categories).where(eq(categories.nominalCode, code)).get();
}

const present = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/**
 * A category whose accounts are kept per record (user 900-910, capital asset type 601-607) is given as
 * its top-level code plus the record (902 and a user), which resolves to that record's sub account
 * (902-N), or as the sub account itself, where the record is implied; a record that contradicts the sub
 * account is refused.
 */
function perRecordCategory(
  ctx: EngineContext,
  category: CategoryRow,
  link: string | number | null | undefined,
  kind: { field: string; resource: string; owner: 'userId' | 'capitalAssetTypeId'; exists: (id: number) => boolean },
  where: string,
): CategoryRow {
  const isSub = category.nominalCode !== category.baseCode;
  if (!present(link)) {
    if (isSub) return category;
    throw unprocessable(`${where}.${kind.field} is required for category ${category.nominalCode} (or give the sub account, such as ${category.nominalCode}-1)`);
  }
  const id = idFromUrl(link, kind.resource, `${where}.${kind.field}`);
  if (!kind.exists(id)) throw unprocessable(`${where}.${kind.field} is not a ${kind.field.replace(/_/g, ' ')} of this company`);
  if (isSub) {
    if (category[kind.owner] !== id) throw unprocessable(`${where}.${kind.field} does not match category ${category.nominalCode}, which belongs to another ${kind.field.replace(/_/g, ' ')}`);
    return category;
  }
  const sub = ctx.db
    .select()
    .from(categories)
    .where(and(eq(categories.baseCode, category.baseCode), eq(categories[kind.owner], id)))
    .get();
  if (!sub) throw unprocessable(`${where}.${kind.field} has no ${category.baseCode} sub account`);
  return sub;
}

function exists(ctx: EngineContext, table: typeof users | typeof capitalAssetTypes | typeof properties | typeof contacts, id: number): boolean {
  return ctx.db.select({ id: table.id }).from(table).where(eq(table.id, id)).get() !== undefined;
}

/** The links an entry keeps when a PUT changes other fields of it but not its category. */
function carriedLinks(current: JournalEntryRow | null, input: JournalEntryInput) {
  const carry = current !== null && input.category === undefined;
  const keep = <T>(sent: T | undefined, stored: number | null): T | number | null | undefined => (sent !== undefined ? sent : carry ? stored : undefined);
  return {
    user: keep(input.user, current?.userId ?? null),
    capitalAssetType: keep(input.capital_asset_type, current?.capitalAssetTypeId ?? null),
    property: keep(input.property, current?.propertyId ?? null),
    contact: keep(input.contact, current?.contactId ?? null),
  };
}

function debitOf(value: string, currency: string, where: string): number {
  try {
    return toMinor(value, currency);
  } catch (error) {
    if (error instanceof MoneyError) throw unprocessable(`${where}.debit_value ${error.message}`);
    throw error;
  }
}

/**
 * Checks one entry against the rules of spec 2.2 and works out what it stores. `current` is the entry a
 * PUT changes (fields not sent keep their values), null for a new entry. `where` names the entry in
 * messages, as journal_entries.2.
 */
export function resolveEntry(ctx: EngineContext, input: JournalEntryInput, current: JournalEntryRow | null, setting: EntrySetting, where: string): EntryValues {
  if (present(input.bank_account)) {
    throw unprocessable(`${where}.bank_account: journalling to or from bank accounts is no longer possible (bank_account is historical data only)`);
  }
  if (present(input.stock_item)) throw unprocessable(`${where}.stock_item is not a stock item of this company (this book holds no stock items)`);
  if (present(input.stock_altering_quantity)) throw unprocessable(`${where}.stock_altering_quantity applies only to an entry with a stock_item`);

  const currentCategory = current ? ctx.db.select().from(categories).where(eq(categories.id, current.categoryId)).get()! : null;
  // A stored per-record entry is read back as its top-level code plus its record, so that a PUT may
  // move it to another user or asset type by sending just that link.
  const code = input.category !== undefined ? categoryCode(input.category, `${where}.category`) : currentCategory?.baseCode;
  if (code === undefined) throw unprocessable(`${where}.category is required`);
  let category = categoryByCode(ctx, code);
  if (!category) throw unprocessable(`${where}.category ${code} does not exist`);
  // The opening balances are balanced on Suspense by the engine (the Automatic Balancing Entry).
  if (setting.opening && category.nominalCode === SUSPENSE) {
    throw unprocessable(`${where}.category ${SUSPENSE} (Suspense) is where the opening balances are balanced automatically; it cannot be entered`);
  }
  if (category.baseCode === '750') {
    throw unprocessable(`${where}.category cannot be a bank account (750); journalling to or from bank accounts is no longer possible`);
  }

  const links = carriedLinks(current, input);
  const base = Number(category.baseCode);
  if (SUB_ACCOUNT_BASES.user(base)) {
    category = perRecordCategory(ctx, category, links.user, { field: 'user', resource: 'users', owner: 'userId', exists: (id) => exists(ctx, users, id) }, where);
  } else if (present(links.user)) {
    throw unprocessable(`${where}.user applies only to user categories (900 to 910)`);
  }
  if (SUB_ACCOUNT_BASES.capitalAssetType(base)) {
    category = perRecordCategory(
      ctx,
      category,
      links.capitalAssetType,
      { field: 'capital_asset_type', resource: 'capital_asset_types', owner: 'capitalAssetTypeId', exists: (id) => exists(ctx, capitalAssetTypes, id) },
      where,
    );
  } else if (present(links.capitalAssetType)) {
    throw unprocessable(`${where}.capital_asset_type applies only to capital asset categories (601 to 607)`);
  }

  let propertyId: number | null = null;
  if (present(links.property)) {
    if (setting.companyType !== PROPERTY_COMPANY_TYPE) throw unprocessable(`${where}.property applies only to ${PROPERTY_COMPANY_TYPE} companies`);
    if (!isProfitAndLoss(category)) throw unprocessable(`${where}.property applies only to profit and loss categories (below 600), not ${category.nominalCode}`);
    propertyId = idFromUrl(links.property, 'properties', `${where}.property`);
    if (!exists(ctx, properties, propertyId)) throw unprocessable(`${where}.property is not a property of this company`);
  }

  let contactId: number | null = null;
  if (present(links.contact)) {
    if (!setting.opening) throw unprocessable(`${where}.contact is only valid in the opening balances`);
    if (!(CONTACT_OPENING_CATEGORIES as readonly string[]).includes(category.nominalCode)) {
      throw unprocessable(`${where}.contact needs category Trade Debtors (681) or Trade Creditors (796)`);
    }
    contactId = idFromUrl(links.contact, 'contacts', `${where}.contact`);
    if (!exists(ctx, contacts, contactId)) throw unprocessable(`${where}.contact is not a contact of this company`);
  }

  let debitMinor: number;
  if (input.debit_value !== undefined) debitMinor = debitOf(input.debit_value, setting.currency, where);
  else if (current) debitMinor = current.debitMinor;
  else throw unprocessable(`${where}.debit_value is required`);

  const description = input.description !== undefined ? input.description : (current?.description ?? null);
  return {
    categoryId: category.id,
    debitMinor,
    description,
    userId: category.userId,
    capitalAssetTypeId: category.capitalAssetTypeId,
    propertyId,
    contactId,
  };
}

/**
 * Whether any journal entry names a record. Records with entries cannot be deleted: an entry of zero
 * posts nothing, so the postings alone do not show that the record is in use.
 */
export function hasJournalEntries(ctx: Pick<EngineContext, 'db'>, link: 'userId' | 'capitalAssetTypeId' | 'propertyId', id: number): boolean {
  return ctx.db.select({ id: journalEntries.id }).from(journalEntries).where(eq(journalEntries[link], id)).limit(1).get() !== undefined;
}
