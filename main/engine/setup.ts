import { isUkCompany, type CompanyType } from '../../shared/api/company';
import { Level } from '../../shared/api/permissions';
import { capitalAssetTypes, categories, company, users } from '../db/schema';
import { saveToken } from './auth';
import { storeSetupCompleted } from './company-settings';
import { buildContext, type EngineContext, type EngineDeps } from './context';
import { createSubAccounts, defaultChart } from './ledger/chart';
import { IPC_ORIGIN } from '../../shared/bridge';

export interface BookOptions {
  type: CompanyType;
  name: string;
  /** YYYY-MM-DD; the first day the books cover. */
  startDate: string;
  /** YYYY-MM-DD; defaults to defaultFirstYearEnd(startDate, type). */
  firstAccountingYearEnd?: string;
  currency?: string;
  vatRegistered?: boolean;
  vatRegistrationNumber?: string;
  cisSubcontractor?: boolean;
  owner: { email: string; firstName: string; lastName: string };
  /** A bearer token to store for the owner (Full access). */
  ownerToken?: string;
  /**
   * Whether the company was set up in full when the book was made (a command line with its details,
   * a test book); a desktop book made with defaults leaves it false, so the app opens on its first run.
   */
  setupCompleted?: boolean;
}

export const SYSTEM_CAPITAL_ASSET_TYPES = ['Computer Equipment', 'Fixtures and Fittings', 'Motor Vehicles', 'Other Capital Asset'];

/** The role the person who creates the book holds, by company type. */
export function ownerRole(type: CompanyType): string {
  if (type === 'UkLimitedCompany') return 'Director';
  if (type === 'UkPartnership') return 'Partner';
  return 'Owner';
}

/**
 * The first year end a new book gets when none is given. A limited company's is its first accounting
 * reference date, the last day of the month in which the first anniversary of incorporation falls
 * (Companies Act 2006 s391(4)): 2024-04-12 -> 2025-04-30, as the live service sets it. Other
 * businesses have no such date in law: a year on, on the last day of the month before (2024-04-12 ->
 * 2025-03-31), so the first year is never longer than twelve months.
 */
export function defaultFirstYearEnd(startDate: string, type: CompanyType): string {
  const [year, month] = startDate.split('-').map(Number) as [number, number];
  const monthOfEnd = type === 'UkLimitedCompany' ? month : month - 1;
  const end = new Date(Date.UTC(year + 1, monthOfEnd, 0));
  return end.toISOString().slice(0, 10);
}

/** Adds the company type's default chart; codes already taken (custom categories kept on a type change) are skipped. */
export function seedChart(ctx: EngineContext, type: CompanyType, takenCodes: ReadonlySet<string> = new Set()): void {
  for (const entry of defaultChart(type)) {
    if (takenCodes.has(entry.nominal_code)) continue;
    const row = ctx.db
      .insert(categories)
      .values({
        nominalCode: entry.nominal_code,
        baseCode: entry.nominal_code,
        listGroup: entry.group,
        description: entry.description,
        groupDescription: entry.group_description ?? null,
        autoSalesTaxRate: entry.auto_sales_tax_rate ?? null,
        allowableForTax: entry.allowable_for_tax ?? null,
        taxReportingName: entry.tax_reporting_name ?? null,
        isCustom: false,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: categories.id })
      .get();
    ctx.recordChange('categories', row.id, 'create');
  }
}

function seedCapitalAssetTypes(ctx: EngineContext): void {
  for (const name of SYSTEM_CAPITAL_ASSET_TYPES) {
    const row = ctx.db
      .insert(capitalAssetTypes)
      .values({ name, systemDefault: true, createdAt: ctx.now, updatedAt: ctx.now })
      .returning({ id: capitalAssetTypes.id })
      .get();
    ctx.recordChange('capital_asset_types', row.id, 'create');
    createSubAccounts(ctx, { kind: 'capitalAssetType', id: row.id, name });
  }
}

function subdomainOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'company';
}

/** Whether the book already has its company (a book file is set up once). */
export function hasCompany(deps: EngineDeps): boolean {
  return deps.book.db.select({ id: company.id }).from(company).get() !== undefined;
}

/**
 * Creates the company, its owner with Full access, the default chart of accounts for the company
 * type, the four system capital asset types and every sub account they need, in one transaction.
 */
export function createBook(deps: EngineDeps, options: BookOptions): { ownerId: number } {
  const now = deps.clock.now().toISOString();
  return deps.book.sqlite.transaction(() => {
    if (hasCompany(deps)) throw new Error('This book already has a company');
    const uk = isUkCompany(options.type);
    deps.book.db
      .insert(company)
      .values({
        id: 1,
        type: options.type,
        name: options.name,
        subdomain: subdomainOf(options.name),
        companyStartDate: options.startDate,
        firstAccountingYearEnd: options.firstAccountingYearEnd ?? defaultFirstYearEnd(options.startDate, options.type),
        currency: options.currency ?? (options.type === 'Us' ? 'USD' : 'GBP'),
        mileageUnits: uk ? 'miles' : 'km',
        country: options.type === 'Us' ? 'United States' : uk ? 'United Kingdom' : '',
        vatRegistered: options.vatRegistered ?? false,
        vatRegistrationNumber: options.vatRegistrationNumber ?? null,
        salesTaxEffectiveDate: options.vatRegistered ? options.startDate : null,
        vatPeriodMonths: 3,
        initialVatBasis: 'Invoice',
        ecVatReportingEnabled: false,
        cisSubcontractor: uk && (options.cisSubcontractor ?? false),
        cisContractor: false,
        createdAt: now,
        updatedAt: now,
      })
      .run();
    const owner = deps.book.db
      .insert(users)
      .values({
        email: options.owner.email,
        firstName: options.owner.firstName,
        lastName: options.owner.lastName,
        role: ownerRole(options.type),
        permissionLevel: Level.Full,
        openingMileage: '0.0',
        hidden: false,
        sendInvitation: false,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    const ctx = buildContext(deps, owner, IPC_ORIGIN, null);
    ctx.recordChange('company', 1, 'create');
    ctx.recordChange('users', owner.id, 'create');
    seedChart(ctx, options.type);
    seedCapitalAssetTypes(ctx);
    createSubAccounts(ctx, { kind: 'user', id: owner.id, name: `${owner.firstName} ${owner.lastName}` });
    if (options.setupCompleted) storeSetupCompleted(deps.book.db, true);
    if (options.ownerToken) saveToken(deps.book.db, owner.id, options.ownerToken, 'owner', now);
    return { ownerId: owner.id };
  })();
}
