import { eq } from 'drizzle-orm';
import {
  CATEGORY_FIELDS,
  CATEGORY_FIELDS_BY_GROUP,
  LIST_KEY_OF_GROUP,
  NOMINAL_CODE_RANGES,
  categoryCreateSchema,
  categoryUpdateSchema,
  formatNominalCode,
  type AutoSalesTaxRate,
  type CategoryGroup,
  type CategoryListGroup,
  type ConcreteCategoryGroup,
} from '../../../shared/api/categories';
import { Level } from '../../../shared/api/permissions';
import { displayTaxReportingName, taxReportingNames } from '../../../shared/api/tax-reporting-names';
import { categories } from '../../db/schema';
import { hiddenCategoryCodes, storeCategoryHidden } from '../category-visibility';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { badRequest, notFound, unprocessable } from '../errors';
import { ValidationError, issueMessages, rootOf } from '../payload';
import { created, ok, type Route, type RouteRequest } from '../route';
import { recordUrl } from '../urls';
import type { ApiRecord } from '../values';

type CategoryRow = typeof categories.$inferSelect;

const isSubAccount = (row: CategoryRow) => row.nominalCode !== row.baseCode;

/**
 * `hidden` and `custom` are Ledgerdesk extensions, present only when true so a standard category keeps
 * the live record's keys exactly. `hidden` is looked up when the caller has not read the set already.
 */
export function categoryRecord(ctx: EngineContext, row: CategoryRow, hidden: ReadonlySet<string> = hiddenCategoryCodes(ctx.db)): ApiRecord {
  return {
    url: recordUrl(ctx, 'categories', row.nominalCode),
    description: row.description,
    nominal_code: row.nominalCode,
    group_description: row.groupDescription ?? undefined,
    allowable_for_tax: row.allowableForTax ?? undefined,
    tax_reporting_name: row.taxReportingName ?? undefined,
    auto_sales_tax_rate: row.autoSalesTaxRate ?? undefined,
    bank_account: row.bankAccountId !== null ? recordUrl(ctx, 'bank_accounts', row.bankAccountId) : undefined,
    capital_asset_type: row.capitalAssetTypeId !== null ? recordUrl(ctx, 'capital_asset_types', row.capitalAssetTypeId) : undefined,
    user: row.userId !== null ? recordUrl(ctx, 'users', row.userId) : undefined,
    custom: row.isCustom ? true : undefined,
    hidden: hidden.has(row.nominalCode) ? true : undefined,
  };
}

const listKeyOf = (row: CategoryRow) => LIST_KEY_OF_GROUP[row.listGroup as CategoryListGroup];

/** "750-12" sorts after "750-9": by base code, then by the sub code as a number. */
function byCode(a: CategoryRow, b: CategoryRow): number {
  if (a.baseCode !== b.baseCode) return a.baseCode < b.baseCode ? -1 : 1;
  const sub = (row: CategoryRow) => (isSubAccount(row) ? Number(row.nominalCode.slice(row.baseCode.length + 1)) : -1);
  return sub(a) - sub(b);
}

// The live service lists income and spending by name and the general ledger by code.
function byDescription(a: CategoryRow, b: CategoryRow): number {
  if (a.description !== b.description) return a.description < b.description ? -1 : 1;
  return byCode(a, b);
}

function subAccountsWanted(query: URLSearchParams): boolean {
  const value = query.get('sub_accounts');
  if (value === null || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw badRequest('sub_accounts must be true or false');
}

/**
 * The chart grouped under its four keys. With sub accounts, each top-level account that has them is
 * replaced by them; the rest stay. The chart is small and the live service does not page it.
 */
function listCategories(request: RouteRequest) {
  const { ctx } = request;
  const withSubAccounts = subAccountsWanted(request.query);
  const rows = ctx.db.select().from(categories).all();
  const basesWithSubAccounts = new Set(rows.filter(isSubAccount).map((row) => row.baseCode));
  const shown = rows.filter((row) => (withSubAccounts ? isSubAccount(row) || !basesWithSubAccounts.has(row.baseCode) : !isSubAccount(row)));
  const grouped = {
    admin_expenses_categories: [] as CategoryRow[],
    cost_of_sales_categories: [] as CategoryRow[],
    income_categories: [] as CategoryRow[],
    general_categories: [] as CategoryRow[],
  };
  for (const row of shown) grouped[listKeyOf(row)].push(row);
  const hidden = hiddenCategoryCodes(ctx.db);
  const render = (list: CategoryRow[], order: typeof byCode) => list.sort(order).map((row) => categoryRecord(ctx, row, hidden));
  return ok({
    admin_expenses_categories: render(grouped.admin_expenses_categories, byDescription),
    cost_of_sales_categories: render(grouped.cost_of_sales_categories, byDescription),
    income_categories: render(grouped.income_categories, byDescription),
    general_categories: render(grouped.general_categories, byCode),
  });
}

export function findCategory(ctx: EngineContext, nominalCode: string): CategoryRow {
  const row = ctx.db.select().from(categories).where(eq(categories.nominalCode, nominalCode)).get();
  if (!row) throw notFound(`No category with nominal code ${nominalCode}`);
  return row;
}

const inRange = (code: string, group: ConcreteCategoryGroup) => {
  const [low, high] = NOMINAL_CODE_RANGES[group];
  return Number(code) >= low && Number(code) <= high;
};

const rangeText = (group: ConcreteCategoryGroup) => NOMINAL_CODE_RANGES[group].map(formatNominalCode).join(' to ');

const BALANCE_SHEET_GROUPS = ['current_assets', 'liabilities', 'equities'] as const;

/** `general` names no range of its own: the code says which balance sheet group is meant. */
function concreteGroup(group: CategoryGroup, code: string): ConcreteCategoryGroup {
  if (group !== 'general') return group;
  const found = BALANCE_SHEET_GROUPS.find((candidate) => inRange(code, candidate));
  if (!found) {
    throw unprocessable(`nominal_code for a general category must be within ${BALANCE_SHEET_GROUPS.map(rangeText).join(', ')}`);
  }
  return found;
}

const LIST_GROUP: Readonly<Record<ConcreteCategoryGroup, CategoryListGroup>> = {
  income: 'income',
  cost_of_sales: 'cost_of_sales',
  admin_expenses: 'admin_expenses',
  current_assets: 'general',
  liabilities: 'general',
  equities: 'general',
};

// A general category is one of the balance sheet groups, which share these fields.
const BALANCE_SHEET_FIELDS: readonly string[] = ['description', 'nominal_code', 'tax_reporting_name'];

/** The fields a request actually set: null counts as not sent. */
function sentFields(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== null && value !== undefined));
}

/**
 * A category field another group uses is refused rather than dropped: silently ignoring a tax
 * treatment the user chose would file their costs somewhere they did not ask for. Fields that are
 * not category fields at all are ignored, as on every endpoint.
 */
function refuseForeignFields(group: CategoryGroup, sent: Record<string, unknown>): void {
  const allowed: readonly string[] = group === 'general' ? BALANCE_SHEET_FIELDS : CATEGORY_FIELDS_BY_GROUP[group];
  const foreign = CATEGORY_FIELDS.filter((field) => field in sent && !allowed.includes(field));
  if (foreign.length > 0) {
    throw unprocessable(`${foreign.join(', ')} ${foreign.length === 1 ? 'is' : 'are'} not allowed for ${group.replace(/_/g, ' ')} categories`);
  }
}

function taxReportingDisplay(ctx: EngineContext, group: ConcreteCategoryGroup, id: string | undefined): string | null {
  if (group !== 'cost_of_sales' && group !== 'admin_expenses' && group !== 'current_assets' && group !== 'liabilities') return null;
  const company = loadCompany(ctx);
  const list = taxReportingNames(company.type, group, { cisContractor: company.cisContractor });
  if (id === undefined || id === '') throw unprocessable(`tax_reporting_name is required for ${group.replace(/_/g, ' ')} categories`);
  const display = displayTaxReportingName(list, id);
  if (!display) {
    throw unprocessable(`tax_reporting_name ${id} is not available for a ${company.type} company; use one of ${list.map((name) => name.id).join(', ')}`);
  }
  return display;
}

const VATABLE: readonly AutoSalesTaxRate[] = ['Standard rate', 'Reduced rate'];

function groupDescription(group: ConcreteCategoryGroup, rate: AutoSalesTaxRate): string | null {
  const treatment = VATABLE.includes(rate) ? 'normally VATable' : 'normally Zero-VAT';
  if (group === 'income') return 'Income (normally VATable)';
  if (group === 'cost_of_sales') return `Cost of sales (${treatment})`;
  if (group === 'admin_expenses') return `Admin expenses (${treatment})`;
  return null;
}

function createCategory(request: RouteRequest) {
  const { ctx } = request;
  const sent = sentFields(rootOf(request, 'category'));
  // The group decides which fields are allowed, so it is read before the fields it rules on.
  const groupOnly = categoryCreateSchema.pick({ category_group: true }).safeParse(sent);
  if (!groupOnly.success) throw new ValidationError(issueMessages(groupOnly.error));
  const named = groupOnly.data.category_group;
  refuseForeignFields(named, sent);
  const parsed = categoryCreateSchema.safeParse(sent);
  if (!parsed.success) throw new ValidationError(issueMessages(parsed.error));
  const input = parsed.data;
  const group = concreteGroup(named, input.nominal_code);
  refuseForeignFields(group, sent);
  if (!inRange(input.nominal_code, group)) {
    throw unprocessable(`nominal_code for ${group.replace(/_/g, ' ')} categories must be from ${rangeText(group)}`);
  }
  if (ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.nominalCode, input.nominal_code)).get()) {
    throw unprocessable(`nominal_code ${input.nominal_code} is already taken`);
  }
  const spending = group === 'cost_of_sales' || group === 'admin_expenses';
  const rate: AutoSalesTaxRate = input.auto_sales_tax_rate ?? 'Standard rate';
  const row = ctx.db
    .insert(categories)
    .values({
      nominalCode: input.nominal_code,
      baseCode: input.nominal_code,
      listGroup: LIST_GROUP[group],
      description: input.description,
      groupDescription: groupDescription(group, rate),
      autoSalesTaxRate: spending || group === 'income' ? rate : null,
      allowableForTax: spending ? (input.allowable_for_tax ?? true) : null,
      taxReportingName: taxReportingDisplay(ctx, group, input.tax_reporting_name),
      isCustom: true,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning()
    .get();
  ctx.recordChange('categories', row.id, 'create');
  const record = categoryRecord(ctx, row);
  return created({ [listKeyOf(row)]: record }, record.url as string);
}

/** The group a stored category was created in, read back from its list group and code. */
function storedGroup(row: CategoryRow): ConcreteCategoryGroup {
  if (row.listGroup !== 'general') return row.listGroup as ConcreteCategoryGroup;
  return BALANCE_SHEET_GROUPS.find((candidate) => inRange(row.nominalCode, candidate)) ?? 'current_assets';
}

/**
 * PUT /v2/categories/:nominal_code (Ledgerdesk extension; the reference shows no update). Only a
 * category the user added is renamed or retreated, because the standard chart's names and tax
 * treatments are what the year-end accounts are mapped from; any top-level category may be hidden.
 */
function updateCategory(request: RouteRequest) {
  const { ctx } = request;
  const row = findCategory(ctx, request.params.nominal_code!);
  const sent = sentFields(rootOf(request, 'category'));
  if ('nominal_code' in sent && String(sent.nominal_code).padStart(3, '0') !== row.nominalCode) {
    throw unprocessable('nominal_code cannot change: the postings of this category are filed under it');
  }
  if ('category_group' in sent) throw unprocessable('category_group cannot change: the postings of this category are filed under it');
  delete sent.nominal_code;
  const parsed = categoryUpdateSchema.safeParse(sent);
  if (!parsed.success) throw new ValidationError(issueMessages(parsed.error));
  const { hidden, ...changes } = parsed.data;
  const changed = Object.keys(changes);
  if (changed.length > 0 && !row.isCustom) {
    throw unprocessable(`${changed.join(', ')} of a standard category cannot change; add a category of your own instead (a standard one can be hidden)`);
  }
  if (hidden !== undefined && isSubAccount(row)) {
    throw unprocessable('hidden cannot be set on a sub account: it follows the bank account, user or asset type it belongs to');
  }
  const group = storedGroup(row);
  refuseForeignFields(group, changes);
  const rate = (changes.auto_sales_tax_rate ?? row.autoSalesTaxRate ?? 'Standard rate') as AutoSalesTaxRate;
  const updates: Partial<typeof categories.$inferInsert> = {};
  if (changes.description !== undefined) updates.description = changes.description;
  if (changes.allowable_for_tax !== undefined) updates.allowableForTax = changes.allowable_for_tax;
  if (changes.auto_sales_tax_rate !== undefined) {
    updates.autoSalesTaxRate = changes.auto_sales_tax_rate;
    updates.groupDescription = groupDescription(group, rate);
  }
  if (changes.tax_reporting_name !== undefined) updates.taxReportingName = taxReportingDisplay(ctx, group, changes.tax_reporting_name);
  if (Object.keys(updates).length > 0) ctx.db.update(categories).set({ ...updates, updatedAt: ctx.now }).where(eq(categories.id, row.id)).run();
  if (hidden !== undefined) {
    storeCategoryHidden(ctx.db, row.nominalCode, hidden);
    // The hidden flag lives beside the row; the row's time still says the category changed, for sync and audit.
    if (Object.keys(updates).length === 0) ctx.db.update(categories).set({ updatedAt: ctx.now }).where(eq(categories.id, row.id)).run();
  }
  ctx.recordChange('categories', row.id, 'update');
  const updated = findCategory(ctx, row.nominalCode);
  return ok({ [listKeyOf(updated)]: categoryRecord(ctx, updated) });
}

export const categoryRoutes: Route[] = [
  { method: 'GET', path: '/v2/categories', level: Level.MyMoney, handle: listCategories },
  {
    method: 'GET',
    path: '/v2/categories/:nominal_code',
    level: Level.MyMoney,
    handle: ({ ctx, params }) => {
      const row = findCategory(ctx, params.nominal_code!);
      return ok({ [listKeyOf(row)]: categoryRecord(ctx, row) });
    },
  },
  // Adding to the chart of accounts changes where the books report things: an accounting decision.
  { method: 'POST', path: '/v2/categories', level: Level.TaxAccountingAndUsers, handle: createCategory },
  { method: 'PUT', path: '/v2/categories/:nominal_code', level: Level.TaxAccountingAndUsers, handle: updateCategory },
];
