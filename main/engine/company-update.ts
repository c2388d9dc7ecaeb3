import { eq, ne, or } from 'drizzle-orm';
import { isUkCompany, type CompanyType, type CompanyUpdate } from '../../shared/api/company';
import { ROLES_BY_COMPANY_TYPE, type UserRole } from '../../shared/api/users';
import { defaultFirstPeriodEnd, firstPeriodEndChoices, isMonthEnd } from '../../shared/vat-stagger';
import {
  bankAccounts,
  bankTransactionExplanations,
  bankTransactions,
  bills,
  capitalAssetTypes,
  categories,
  company,
  expenses,
  invoices,
  journalSets,
  postings,
  properties,
  recurringInvoices,
  users,
} from '../db/schema';
import { loadCompany, type CompanyRow } from './company-record';
import { storeFirstAccountingYearStart, storeFirstVatPeriodEnd, storeSetupCompleted } from './company-settings';
import { repostAssetsBoughtBefore } from './assets/ledger';
import type { EngineContext } from './context';
import { unprocessable } from './errors';
import { createSubAccounts } from './ledger/chart';
import { filedVatReturnEnds, furthestLock, lockedToDate } from './ledger/locks';
import { JOURNAL_SETS } from './ledger/journal-posting';
import { openingSet, syncBankOpeningBalances } from './ledger/opening-balances';
import { addMonths } from './reports/dates';
import { ownerRole, seedChart } from './setup';
import { updateVatScheme } from './vat-scheme-update';

/** The company as it will be after the update: the stored row with the sent fields laid over it. */
interface NextCompany {
  name: string;
  type: CompanyType;
  companyStartDate: string;
  /** The first accounting year's first day: companyStartDate unless the books start part-way through it. */
  firstAccountingYearStart: string;
  firstAccountingYearEnd: string;
  vatRegistered: boolean;
  vatRegistrationNumber: string | null;
  salesTaxEffectiveDate: string | null;
  vatPeriodMonths: number;
  firstVatPeriodEndsOn: string | null;
  initialVatBasis: string;
  currency: string;
  cisSubcontractor: boolean;
  cisContractor: boolean;
}

/** What holds a transaction, by the words a refusal uses for it. */
const TRANSACTION_TABLES = [
  ['postings', postings],
  ['bank transactions', bankTransactions],
  ['bank transaction explanations', bankTransactionExplanations],
  ['invoices or credit notes', invoices],
  ['recurring invoices', recurringInvoices],
  ['bills', bills],
  ['expenses', expenses],
  ['journal sets', journalSets],
] as const;

function firstHeldTransactionKind(ctx: EngineContext): string | null {
  for (const [words, table] of TRANSACTION_TABLES) {
    if (ctx.db.select({ id: table.id }).from(table).limit(1).get()) return words;
  }
  return null;
}

function merge(current: CompanyRow, input: CompanyUpdate): NextCompany {
  const vatRegistered = input.sales_tax_registration_status === undefined ? current.vatRegistered : input.sales_tax_registration_status === 'Registered';
  const companyStartDate = input.company_start_date ?? current.companyStartDate;
  // A year start set apart from the books' start stays where it was put; one that is the books' start
  // (the usual, and what null sets) moves with it.
  const setApart = current.firstAccountingYearStart === current.companyStartDate ? null : current.firstAccountingYearStart;
  const yearStart = input.first_accounting_year_start === undefined ? setApart : input.first_accounting_year_start;
  const next: NextCompany = {
    name: input.name ?? current.name,
    type: input.type ?? current.type,
    companyStartDate,
    firstAccountingYearStart: yearStart ?? companyStartDate,
    firstAccountingYearEnd: input.first_accounting_year_end ?? current.firstAccountingYearEnd,
    vatRegistered,
    vatRegistrationNumber: input.sales_tax_registration_number === undefined ? current.vatRegistrationNumber : input.sales_tax_registration_number,
    salesTaxEffectiveDate: input.sales_tax_effective_date ?? current.salesTaxEffectiveDate,
    vatPeriodMonths: input.vat_period_months ?? current.vatPeriodMonths,
    firstVatPeriodEndsOn: input.first_vat_period_ends_on === undefined ? current.firstVatPeriodEndsOn : input.first_vat_period_ends_on,
    initialVatBasis: input.initial_vat_basis ?? current.initialVatBasis,
    currency: input.currency ?? current.currency,
    cisSubcontractor: input.cis_subcontractor ?? current.cisSubcontractor,
    cisContractor: input.cis_contractor ?? current.cisContractor,
  };
  // A stagger chosen for other dates or another frequency means nothing for the new ones: unless a
  // new one is sent, the first period goes back to the default for the registration sent.
  const reshaped = next.salesTaxEffectiveDate !== current.salesTaxEffectiveDate || next.vatPeriodMonths !== current.vatPeriodMonths;
  if (reshaped && input.first_vat_period_ends_on === undefined) next.firstVatPeriodEndsOn = null;
  if (!vatRegistered) {
    // Not registered: nothing of a registration is kept, so registering again starts clean.
    next.vatRegistrationNumber = null;
    next.salesTaxEffectiveDate = null;
    next.firstVatPeriodEndsOn = null;
  }
  return next;
}

/**
 * The books start (company_start_date) inside their first accounting year, which runs from its first
 * day (first_accounting_year_start, the books' start unless they start part-way through it) to
 * first_accounting_year_end: the years are counted from that year whatever day the books start on
 * (CA 2006 s390, CTA 2009 s9).
 */
function checkDates(next: NextCompany, input: CompanyUpdate): void {
  const yearStart = next.firstAccountingYearStart;
  if (yearStart > next.companyStartDate) {
    throw unprocessable(
      input.first_accounting_year_start === undefined
        ? `company_start_date must be on or after the first day of the accounting year the books start in (${yearStart})`
        : `first_accounting_year_start must be on or before the company start date (${next.companyStartDate}): the books start in their first accounting year`,
    );
  }
  if (next.firstAccountingYearEnd < next.companyStartDate) {
    throw unprocessable(`first_accounting_year_end must be on or after the company start date (${next.companyStartDate})`);
  }
  // Companies House allows a first accounting period of up to 18 months.
  const latest = addMonths(yearStart, 18);
  if (next.firstAccountingYearEnd >= latest) {
    const from = yearStart === next.companyStartDate ? 'the company start date' : `the first accounting year's start (${yearStart})`;
    throw unprocessable(`first_accounting_year_end must be less than 18 months after ${from} (before ${latest})`);
  }
}

function checkVatRegistration(next: NextCompany): void {
  if (!next.vatRegistered) return;
  if (!isUkCompany(next.type)) throw unprocessable('sales_tax_registration_status can be Registered only for a UK company (VAT is a UK tax)');
  if (!next.vatRegistrationNumber) throw unprocessable('sales_tax_registration_number is required when the company is registered for VAT');
  const effective = next.salesTaxEffectiveDate;
  if (!effective) throw unprocessable('sales_tax_effective_date is required when the company is registered for VAT');
  if (effective < next.companyStartDate) {
    throw unprocessable(`sales_tax_effective_date must be on or after the company start date (${next.companyStartDate})`);
  }
  const firstEnd = next.firstVatPeriodEndsOn;
  if (firstEnd === null) return;
  const choices = firstPeriodEndChoices(effective, next.vatPeriodMonths);
  if (!isMonthEnd(firstEnd) || !choices.includes(firstEnd)) {
    throw unprocessable(`first_vat_period_ends_on must be a month end from ${choices[0]} to ${choices.at(-1)} (VAT periods end on month ends, and the first is at most one period longer than the registration month)`);
  }
}

function checkCis(next: NextCompany): void {
  if (isUkCompany(next.type)) return;
  if (next.cisSubcontractor) throw unprocessable('cis_subcontractor can be true only for a UK company (CIS is a UK scheme)');
  if (next.cisContractor) throw unprocessable('cis_contractor can be true only for a UK company (CIS is a UK scheme)');
}

/** The first VAT period's end as the periods are counted: the one chosen, else the default. */
function firstEndOf(company: Pick<NextCompany, 'salesTaxEffectiveDate' | 'vatPeriodMonths' | 'firstVatPeriodEndsOn'>): string | null {
  if (!company.salesTaxEffectiveDate) return null;
  return company.firstVatPeriodEndsOn ?? defaultFirstPeriodEnd(company.salesTaxEffectiveDate, company.vatPeriodMonths);
}

/** Which VAT field the update moves, if any: the one a refusal names. */
function movedVatField(current: CompanyRow, next: NextCompany): keyof CompanyUpdate | null {
  if (next.vatRegistered !== current.vatRegistered) return 'sales_tax_registration_status';
  // The basis decides which periods the VAT already counted falls in, registered or not yet.
  if (next.initialVatBasis !== current.initialVatBasis) return 'initial_vat_basis';
  if (!next.vatRegistered) return null;
  if (next.salesTaxEffectiveDate !== current.salesTaxEffectiveDate) return 'sales_tax_effective_date';
  if (next.vatPeriodMonths !== current.vatPeriodMonths) return 'vat_period_months';
  // The default stagger sent back as a date (as the settings form does) is no change.
  if (firstEndOf(next) !== firstEndOf(current)) return 'first_vat_period_ends_on';
  return null;
}

/**
 * Registration, its date, frequency and stagger shape every VAT return. Once one is filed they are
 * fixed (its figures and dates are with HMRC); and a lock covering the registration date closes it too,
 * since moving it would change what VAT the locked days carried. The number alone may be corrected.
 */
function checkVatMove(ctx: EngineContext, current: CompanyRow, next: NextCompany): void {
  const field = movedVatField(current, next);
  if (field === null) return;
  const filed = filedVatReturnEnds(ctx)[0];
  if (filed !== undefined) {
    throw unprocessable(`${field} cannot change: the VAT return for the period ending ${filed} has been filed, so the VAT registration is fixed (mark the returns as unfiled first)`);
  }
  const locked = lockedToDate(ctx);
  const touched = [current.vatRegistered ? current.salesTaxEffectiveDate : null, next.vatRegistered ? next.salesTaxEffectiveDate : null];
  const hit = touched.find((day): day is string => day !== null && locked !== null && day <= locked);
  if (hit) throw unprocessable(`${field} cannot change: the books are locked up to ${locked}, and the VAT registration from ${hit} falls in the locked period`);
}

/** Amounts are stored in the book's currency: it can change only while nothing has been entered. */
function checkCurrencyMove(ctx: EngineContext, current: CompanyRow, next: NextCompany): void {
  if (next.currency === current.currency) return;
  const held = firstHeldTransactionKind(ctx);
  if (held) throw unprocessable(`currency cannot change once the book holds transactions (it has ${held})`);
}

/** The start date is the first day of the books: nothing may be dated before it, and locks and filed returns fix it. */
function checkStartMove(ctx: EngineContext, current: CompanyRow, next: NextCompany): void {
  if (next.companyStartDate === current.companyStartDate) return;
  const filed = filedVatReturnEnds(ctx)[0];
  if (filed !== undefined) throw unprocessable(`company_start_date cannot change: the VAT return for the period ending ${filed} has been filed`);
  const locked = lockedToDate(ctx);
  const earlier = current.companyStartDate < next.companyStartDate ? current.companyStartDate : next.companyStartDate;
  if (locked !== null && earlier <= locked) throw unprocessable(`company_start_date cannot change: the books are locked up to ${locked}`);
  // The opening balances are dated the start date and move with it; everything else must stay on or after it.
  const opening = openingSet(ctx);
  const notOpening = opening ? or(ne(postings.sourceResource, JOURNAL_SETS), ne(postings.sourceId, opening.id)) : undefined;
  const dated = [
    ctx.db.select({ on: postings.datedOn }).from(postings).where(notOpening).orderBy(postings.datedOn).limit(1).get()?.on,
    ctx.db.select({ on: bankTransactions.datedOn }).from(bankTransactions).orderBy(bankTransactions.datedOn).limit(1).get()?.on,
  ].filter((day): day is string => day !== undefined && day < next.companyStartDate);
  if (dated.length > 0) {
    throw unprocessable(`company_start_date must be on or before ${dated.sort()[0]}: the books hold a transaction dated then, and nothing can be dated before the start`);
  }
}

/**
 * The first year end fixes every accounting year after it, so moving it makes a closed year longer or
 * shorter. The live service lets it change only while no account lock exists; here a lock (the user's
 * or a filed VAT return's) covering the old or the new year end refuses it, and one before both leaves
 * the closed days inside the first year either way.
 */
function checkYearEndMove(ctx: EngineContext, current: CompanyRow, next: NextCompany): void {
  if (next.firstAccountingYearEnd === current.firstAccountingYearEnd) return;
  const lock = furthestLock(ctx);
  const earlier = current.firstAccountingYearEnd < next.firstAccountingYearEnd ? current.firstAccountingYearEnd : next.firstAccountingYearEnd;
  if (lock === null || earlier > lock.date) return;
  throw unprocessable(
    `first_accounting_year_end cannot change: the books are locked up to ${lock.date} by ${lock.by}, and the accounting year ending ${earlier} falls in the locked period (lift the lock first)`,
  );
}

/**
 * A company type brings its own chart of accounts and roles, so it can change only while the book
 * holds no transaction: the chart is then rebuilt for the new type with nothing posted to it.
 */
function checkTypeChange(ctx: EngineContext, current: CompanyRow, next: NextCompany): void {
  if (next.type === current.type) return;
  const held = firstHeldTransactionKind(ctx);
  if (held) throw unprocessable(`type cannot change once the book holds transactions (it has ${held})`);
  if (next.type !== 'UkUnincorporatedLandlord' && ctx.db.select({ id: properties.id }).from(properties).limit(1).get()) {
    throw unprocessable('type cannot change from a landlord while the book holds properties: only landlords have properties');
  }
  const allowed = ROLES_BY_COMPANY_TYPE[next.type];
  const previousOwnerRole = ownerRole(current.type);
  for (const user of ctx.db.select().from(users).all()) {
    const role = user.role as UserRole;
    if (allowed.includes(role) || role === previousOwnerRole) continue;
    throw unprocessable(`type cannot change: ${user.firstName} ${user.lastName} is a ${role}, a role a ${next.type} company does not have (change their role first)`);
  }
}

/** The owner's role follows the type (a sole trader has an Owner, a limited company a Director). */
function moveOwnerRoles(ctx: EngineContext, from: CompanyType, to: CompanyType): void {
  const old = ownerRole(from);
  if (ROLES_BY_COMPANY_TYPE[to].includes(old as UserRole)) return;
  const moved = ctx.db.update(users).set({ role: ownerRole(to), updatedAt: ctx.now }).where(eq(users.role, old)).returning({ id: users.id }).all();
  for (const row of moved) ctx.recordChange('users', row.id, 'update');
}

/** Replaces the default chart with the new type's, keeping custom categories, and gives every record its sub accounts again. */
function rebuildChart(ctx: EngineContext, type: CompanyType): void {
  const removed = ctx.db.delete(categories).where(eq(categories.isCustom, false)).returning({ id: categories.id }).all();
  for (const row of removed) ctx.recordChange('categories', row.id, 'delete');
  const kept = new Set(ctx.db.select({ code: categories.nominalCode }).from(categories).all().map((row) => row.code));
  seedChart(ctx, type, kept);
  for (const account of ctx.db.select().from(bankAccounts).all()) createSubAccounts(ctx, { kind: 'bankAccount', id: account.id, name: account.name });
  for (const user of ctx.db.select().from(users).all()) createSubAccounts(ctx, { kind: 'user', id: user.id, name: `${user.firstName} ${user.lastName}` });
  for (const asset of ctx.db.select().from(capitalAssetTypes).all()) createSubAccounts(ctx, { kind: 'capitalAssetType', id: asset.id, name: asset.name });
}

const optional = (value: string | null | undefined, current: string | null) => (value === undefined ? current : value);

/**
 * PUT /v2/company: checks every rule against the company as it would be, then writes the row, the
 * book settings and what a type change brings, in the request's one transaction. A refusal names
 * its field and changes nothing.
 */
export function updateCompany(ctx: EngineContext, input: CompanyUpdate): void {
  const current = loadCompany(ctx);
  const next = merge(current, input);
  checkDates(next, input);
  checkVatRegistration(next);
  checkCis(next);
  checkTypeChange(ctx, current, next);
  checkStartMove(ctx, current, next);
  checkYearEndMove(ctx, current, next);
  checkVatMove(ctx, current, next);
  checkCurrencyMove(ctx, current, next);
  const initialVatBasis = updateVatScheme(ctx, current, input, next);

  const uk = isUkCompany(next.type);
  ctx.db
    .update(company)
    .set({
      name: next.name,
      type: next.type,
      companyStartDate: next.companyStartDate,
      firstAccountingYearEnd: next.firstAccountingYearEnd,
      mileageUnits: uk ? 'miles' : current.type === next.type ? current.mileageUnits : 'km',
      country: uk ? 'United Kingdom' : next.type === 'Us' ? 'United States' : current.type === next.type ? current.country : '',
      address1: optional(input.address1, current.address1),
      address2: optional(input.address2, current.address2),
      address3: optional(input.address3, current.address3),
      town: optional(input.town, current.town),
      region: optional(input.region, current.region),
      postcode: optional(input.postcode, current.postcode),
      companyRegistrationNumber: optional(input.company_registration_number, current.companyRegistrationNumber),
      businessCategory: optional(input.business_category, current.businessCategory),
      vatRegistered: next.vatRegistered,
      vatRegistrationNumber: next.vatRegistrationNumber,
      salesTaxEffectiveDate: next.salesTaxEffectiveDate,
      vatPeriodMonths: next.vatPeriodMonths,
      initialVatBasis,
      currency: next.currency,
      ecVatReportingEnabled: input.ec_vat_reporting_enabled ?? current.ecVatReportingEnabled,
      cisSubcontractor: next.cisSubcontractor,
      cisContractor: next.cisContractor,
      updatedAt: ctx.now,
    })
    .run();
  storeFirstVatPeriodEnd(ctx.db, next.firstVatPeriodEndsOn);
  storeFirstAccountingYearStart(ctx.db, next.firstAccountingYearStart === next.companyStartDate ? null : next.firstAccountingYearStart);
  if (input.setup_completed !== undefined) storeSetupCompleted(ctx.db, input.setup_completed);
  ctx.recordChange('company', current.id, 'update');

  if (next.type !== current.type) {
    moveOwnerRoles(ctx, current.type, next.type);
    rebuildChart(ctx, next.type);
  }
  // The opening balances are dated the start date; a new start moves them with it, and what an asset
  // bought before the start posts depends on the start.
  if (next.companyStartDate !== current.companyStartDate) {
    syncBankOpeningBalances(ctx);
    repostAssetsBoughtBefore(ctx, current.companyStartDate > next.companyStartDate ? current.companyStartDate : next.companyStartDate);
  }
}
