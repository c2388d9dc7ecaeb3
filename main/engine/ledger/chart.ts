import { and, eq } from 'drizzle-orm';
import type { CompanyType } from '../../../shared/api/company';
import ukLimitedCompany from '../../../resources/charts/UkLimitedCompany.json';
import ukPartnership from '../../../resources/charts/UkPartnership.json';
import ukSoleTrader from '../../../resources/charts/UkSoleTrader.json';
import ukUnincorporatedLandlord from '../../../resources/charts/UkUnincorporatedLandlord.json';
import universal from '../../../resources/charts/Universal.json';
import us from '../../../resources/charts/Us.json';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema';
import type { EngineContext } from '../context';

export type ListGroup = 'income' | 'cost_of_sales' | 'admin_expenses' | 'general';

export interface ChartEntry {
  nominal_code: string;
  description: string;
  group: string;
  group_description?: string;
  auto_sales_tax_rate?: string;
  allowable_for_tax?: boolean;
  tax_reporting_name?: string;
}

const CHARTS: Readonly<Record<CompanyType, readonly ChartEntry[]>> = {
  UkLimitedCompany: ukLimitedCompany,
  UkSoleTrader: ukSoleTrader,
  UkPartnership: ukPartnership,
  UkUnincorporatedLandlord: ukUnincorporatedLandlord,
  Universal: universal,
  Us: us,
};

/** The default chart of accounts a new book of this company type starts with. */
export function defaultChart(type: CompanyType): readonly ChartEntry[] {
  return CHARTS[type];
}

/** Codes that get one sub account per record of a kind (spec 2.10). */
export const SUB_ACCOUNT_BASES = {
  bankAccount: (code: number) => code === 750,
  user: (code: number) => code >= 900 && code <= 910,
  capitalAssetType: (code: number) => code >= 601 && code <= 607,
} as const;

export type SubAccountOwner =
  | { kind: 'bankAccount'; id: number; name: string }
  | { kind: 'user'; id: number; name: string }
  | { kind: 'capitalAssetType'; id: number; name: string };

const OWNER_COLUMN = { bankAccount: 'bankAccountId', user: 'userId', capitalAssetType: 'capitalAssetTypeId' } as const;

function topLevelBases(db: Db, kind: SubAccountOwner['kind']): (typeof categories.$inferSelect)[] {
  return db
    .select()
    .from(categories)
    .all()
    .filter((row) => row.nominalCode === row.baseCode && SUB_ACCOUNT_BASES[kind](Number(row.baseCode)));
}

/**
 * Creates the sub accounts that belong to a record: 750-N for a bank account, 900-N..910-N for a
 * user, 601-N..607-N for a capital asset type, where N is the record's id. Using the id keeps the
 * code stable for the record's life and unique without a counter.
 */
export function createSubAccounts(ctx: EngineContext, owner: SubAccountOwner): void {
  for (const base of topLevelBases(ctx.db, owner.kind)) {
    const row = ctx.db
      .insert(categories)
      .values({
        nominalCode: `${base.baseCode}-${owner.id}`,
        baseCode: base.baseCode,
        listGroup: base.listGroup,
        description: `${base.description}: ${owner.name}`,
        groupDescription: base.groupDescription,
        autoSalesTaxRate: base.autoSalesTaxRate,
        allowableForTax: base.allowableForTax,
        taxReportingName: base.taxReportingName,
        isCustom: false,
        [OWNER_COLUMN[owner.kind]]: owner.id,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: categories.id })
      .get();
    ctx.recordChange('categories', row.id, 'create');
  }
}

/** Renames a record's sub accounts when the record's name changes. */
export function renameSubAccounts(ctx: EngineContext, owner: SubAccountOwner): void {
  const column = categories[OWNER_COLUMN[owner.kind]];
  for (const base of topLevelBases(ctx.db, owner.kind)) {
    const updated = ctx.db
      .update(categories)
      .set({ description: `${base.description}: ${owner.name}`, updatedAt: ctx.now })
      .where(and(eq(column, owner.id), eq(categories.baseCode, base.baseCode)))
      .returning({ id: categories.id })
      .all();
    for (const row of updated) ctx.recordChange('categories', row.id, 'update');
  }
}

/** Removes a record's sub accounts (the record is being deleted and has no postings). */
export function deleteSubAccounts(ctx: EngineContext, owner: SubAccountOwner): void {
  const column = categories[OWNER_COLUMN[owner.kind]];
  const removed = ctx.db.delete(categories).where(eq(column, owner.id)).returning({ id: categories.id }).all();
  for (const row of removed) ctx.recordChange('categories', row.id, 'delete');
}
