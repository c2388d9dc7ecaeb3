import { eq } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { isUkCompany } from '../../../shared/api/company';
import type { DocumentFields, ItemInput } from '../../../shared/api/invoices';
import { canonicalDecimal } from '../../../shared/money';
import { invoiceItems, invoices } from '../../db/schema';
import { loadCompany, type CompanyRow } from '../company-record';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { assertUnlocked } from '../ledger/locks';
import { mossCountry } from '../ledger/moss-rates';
import { CIS_BANDS } from '../resources/cis_bands';
import { vatRegisteredOn } from '../ledger/vat-registration';
import { toNativeMinor } from './currency';
import { addDays, daysBetween } from './dates';
import { contactOf, itemsOf, KINDS, type ContactRow, type DocumentKind, type DocumentRow } from './documents';
import { postDocument } from './document-postings';
import { itemValues, mergeItems, type ItemValues } from './items';
import { linkedContact, linkedProject } from './links';
import { nextReference } from './references';
import { repostSettlements } from './settlement-postings';
import { settledMinor, settlementsOf } from './settlements';

type DocumentValues = Omit<typeof invoices.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Invoices, credit notes and templates fall due this many days after their date unless told otherwise. */
export const DEFAULT_PAYMENT_TERMS = 30;

function contactFor(ctx: EngineContext, input: DocumentFields, current: DocumentRow | null): ContactRow {
  if (input.contact !== undefined) return linkedContact(ctx, input.contact);
  if (!current) throw unprocessable('contact is required');
  return contactOf(ctx, current.contactId);
}

/** A document's project is one of its contact's, also when the contact changes and the project stays. */
function projectFor(ctx: EngineContext, input: DocumentFields, current: DocumentRow | null, contact: ContactRow): number | null {
  if (input.project === null) return null;
  const project = input.project !== undefined ? linkedProject(ctx, input.project) : current?.projectId != null ? linkedProject(ctx, current.projectId) : null;
  if (project && project.contactId !== contact.id) throw unprocessable('project belongs to another contact');
  return project?.id ?? null;
}

/** due_on and payment_terms_in_days describe one date; when both are sent they must agree. */
function dueDate(input: DocumentFields, current: DocumentRow | null, contact: ContactRow, datedOn: string): { dueOn: string; terms: number } {
  if (input.due_on !== undefined) {
    if (input.due_on < datedOn) throw unprocessable('due_on must not be before dated_on');
    const terms = daysBetween(datedOn, input.due_on);
    if (input.payment_terms_in_days !== undefined && input.payment_terms_in_days !== terms) {
      throw unprocessable(`due_on is ${terms} days after dated_on but payment_terms_in_days is ${input.payment_terms_in_days}; send one of them`);
    }
    return { dueOn: input.due_on, terms };
  }
  const terms = input.payment_terms_in_days ?? current?.paymentTermsInDays ?? contact.defaultPaymentTermsInDays ?? DEFAULT_PAYMENT_TERMS;
  return { dueOn: addDays(datedOn, terms), terms };
}

/** A native document's rate is 1; a foreign one needs the rate it was issued at (there is no rate feed offline). */
function exchangeRate(input: DocumentFields, current: DocumentRow | null, currency: string, native: string): string {
  if (currency === native) {
    if (input.exchange_rate !== undefined && !new Decimal(input.exchange_rate).equals(1)) throw unprocessable(`exchange_rate must be 1 for a ${native} document`);
    return '1.0';
  }
  const rate = input.exchange_rate ?? (current?.currency === currency ? current.exchangeRate : undefined);
  if (rate === undefined) throw unprocessable(`exchange_rate is required for a ${currency} document: ${native} per 1 ${currency}`);
  if (!new Decimal(rate).greaterThan(0)) throw unprocessable('exchange_rate must be more than 0');
  return canonicalDecimal(rate);
}

function ecFields(input: DocumentFields, current: DocumentRow | null, company: CompanyRow): { ecStatus: string | null; placeOfSupply: string | null } {
  const ecStatus = input.ec_status !== undefined ? input.ec_status : (current?.ecStatus ?? null);
  const given = input.place_of_supply !== undefined ? input.place_of_supply : (current?.placeOfSupply ?? null);
  if (ecStatus !== 'EC VAT MOSS') {
    if (input.place_of_supply != null) throw unprocessable('place_of_supply is only for an EC VAT MOSS sale (ec_status EC VAT MOSS)');
    return { ecStatus, placeOfSupply: null };
  }
  if (!isUkCompany(company.type)) throw unprocessable('EC VAT MOSS is only for UK companies');
  if (!given) throw unprocessable('place_of_supply is required for an EC VAT MOSS sale');
  const country = mossCountry(given);
  if (!country) throw unprocessable('place_of_supply must be one of the 27 EU countries of the EC VAT MOSS list');
  return { ecStatus, placeOfSupply: country };
}

function cisRateFor(input: DocumentFields, current: DocumentRow | null, company: CompanyRow): string | null {
  const rate = input.cis_rate !== undefined ? input.cis_rate : (current?.cisRate ?? null);
  if (rate === null) return null;
  if (!isUkCompany(company.type) || !company.cisSubcontractor) throw unprocessable('cis_rate is only for UK companies registered for CIS as subcontractors');
  if (!CIS_BANDS.some((band) => band.name === rate)) throw unprocessable(`cis_rate must be one of ${CIS_BANDS.map((band) => band.name).join(', ')}`);
  return rate;
}

/** The contractor deducts at the band's rate from the labour items' net (never from VAT or materials). */
function cisDeduction(cisRate: string | null, items: readonly ItemValues[]): number {
  if (cisRate === null) return 0;
  const band = CIS_BANDS.find((entry) => entry.name === cisRate)!;
  const labour = items.filter((item) => item.suffersCisDeduction).reduce((sum, item) => sum + item.netMinor, 0);
  return new Decimal(labour).times(band.deduction_rate).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}

/** The document's discount: a percentage from 0 to 100, kept while not sent again; 0 means none. */
function discountFor(input: DocumentFields, current: DocumentRow | null): string | null {
  const given = input.discount_percent !== undefined ? input.discount_percent : (current?.discountPercent ?? null);
  if (given === null) return null;
  const percent = new Decimal(given);
  if (percent.isNegative() || percent.greaterThan(100)) throw unprocessable('discount_percent must be a percentage from 0 to 100');
  if (percent.decimalPlaces() > 2) throw unprocessable('discount_percent can have at most 2 decimal places');
  return percent.isZero() ? null : canonicalDecimal(given);
}

/** What only an estimate carries; other kinds ignore it. */
export interface EstimateExtras {
  estimateType?: string;
  includeSalesTaxOnTotalValue?: boolean;
}

/**
 * A new document starts as a draft. An estimate must say so: the live service refuses a new estimate
 * without a status ("status is not valid"), and clients written against it send one.
 */
function checkNewStatus(kind: DocumentKind, status: string | undefined): void {
  const label = KINDS[kind].label.toLowerCase();
  if (status === undefined && kind === 'estimate') throw unprocessable('status is not valid: a new estimate is created with status Draft');
  if (status !== undefined && status.toLowerCase() !== 'draft') {
    throw unprocessable(`status must be Draft on a new ${label}; send it with PUT /v2/${KINDS[kind].resource}/:id/transitions/mark_as_sent`);
  }
}

/** A sent document keeps its sign: an invoice is owed to the company, a credit note owed by it. */
export function checkSign(kind: DocumentKind, totalMinor: number): void {
  if (kind === 'invoice' && totalMinor < 0) throw unprocessable('An invoice that is sent cannot have a negative total; issue a credit note instead');
  if (kind === 'credit_note' && totalMinor > 0) throw unprocessable("A credit note's total must be negative (give its items negative prices)");
}

/**
 * Once something is paid or credited against a document, its currency and contact stay, and it may not
 * come to less than what has been settled.
 */
function checkSettled(current: DocumentRow, values: DocumentValues, settled: number): void {
  const label = KINDS[current.kind].label.toLowerCase();
  if (values.currency !== current.currency) throw unprocessable(`currency cannot change: this ${label} has payments or credit notes against it`);
  if (values.contactId !== current.contactId) throw unprocessable(`contact cannot change: this ${label} has payments or credit notes against it`);
  const receivable = values.totalMinor - values.cisDeductionMinor;
  const covers = current.kind === 'credit_note' ? receivable <= settled : receivable >= settled;
  if (!covers) throw unprocessable(`The ${label} would come to less than has already been paid or credited against it`);
}

function writeItems(ctx: EngineContext, documentId: number, items: readonly ItemValues[], removed: readonly number[]): void {
  for (const id of removed) ctx.db.delete(invoiceItems).where(eq(invoiceItems.id, id)).run();
  for (const item of items) {
    const { id, ...columns } = item;
    if (id === null) ctx.db.insert(invoiceItems).values({ ...columns, invoiceId: documentId, createdAt: ctx.now, updatedAt: ctx.now }).run();
    else ctx.db.update(invoiceItems).set({ ...columns, updatedAt: ctx.now }).where(eq(invoiceItems.id, id)).run();
  }
}

/**
 * Creates (current null) or updates a sales document of any kind from a payload: links, dates and
 * terms, currency, EC and CIS fields, items merged and taxed by the rules of section 1, totals
 * worked out (sales_tax_value is never taken from the payload), then the document's postings and
 * those of whatever settles it. Status only changes through the transitions.
 */
export function writeDocument(ctx: EngineContext, kind: DocumentKind, input: DocumentFields, items: readonly ItemInput[] | undefined, current: DocumentRow | null, extras: EstimateExtras = {}): DocumentRow {
  const company = loadCompany(ctx);
  const native = company.currency;
  if (!current) checkNewStatus(kind, input.status);
  if (current?.status === 'Invoiced') throw unprocessable('An invoiced estimate cannot be changed; its invoice carries the sale on');
  const contact = contactFor(ctx, input, current);
  const datedOn = input.dated_on ?? current?.datedOn;
  if (!datedOn) throw unprocessable('dated_on is required');
  // Nothing falls due on an estimate: its due_on is its date and is never shown.
  const { dueOn, terms } = kind === 'estimate' ? { dueOn: datedOn, terms: 0 } : dueDate(input, current, contact, datedOn);
  const currency = input.currency ?? current?.currency ?? native;
  const ec = ecFields(input, current, company);
  const cisRate = cisRateFor(input, current, company);
  const { drafts, removed } = mergeItems(ctx, KINDS[kind], current ? itemsOf(ctx, current.id) : [], items);
  const sale = { contact, ecStatus: ec.ecStatus, placeOfSupply: ec.placeOfSupply, datedOn, vatRegistered: vatRegisteredOn(company, datedOn) };
  const discountPercent = discountFor(input, current);
  const values = itemValues(drafts, currency, sale, discountPercent);
  const rate = exchangeRate(input, current, currency, native);
  const netMinor = values.reduce((sum, item) => sum + item.netMinor, 0);
  const salesTaxMinor = values.reduce((sum, item) => sum + item.salesTaxMinor, 0);
  const row: DocumentValues = {
    kind,
    contactId: contact.id,
    projectId: projectFor(ctx, input, current, contact),
    reference: input.reference ?? current?.reference ?? nextReference(ctx, kind),
    datedOn,
    dueOn,
    paymentTermsInDays: terms,
    currency,
    exchangeRate: rate,
    status: current?.status ?? 'Draft',
    comments: input.comments !== undefined ? input.comments : (current?.comments ?? null),
    omitHeader: input.omit_header ?? current?.omitHeader ?? false,
    alwaysShowBicAndIban: input.always_show_bic_and_iban ?? current?.alwaysShowBicAndIban ?? false,
    discountPercent,
    showProjectName: input.show_project_name ?? current?.showProjectName ?? false,
    isInterimUkVat: input.is_interim_uk_vat ?? current?.isInterimUkVat ?? false,
    ...ec,
    cisRate,
    netMinor,
    salesTaxMinor,
    cisDeductionMinor: cisDeduction(cisRate, values),
    totalMinor: netMinor + salesTaxMinor,
    // The total converted whole, as nativeAmounts posts it.
    nativeTotalMinor: toNativeMinor(netMinor + salesTaxMinor, currency, native, rate),
    sentAt: current?.sentAt ?? null,
    estimateType: kind === 'estimate' ? (extras.estimateType ?? current?.estimateType ?? 'Estimate') : null,
    includeSalesTaxOnTotalValue: extras.includeSalesTaxOnTotalValue ?? current?.includeSalesTaxOnTotalValue ?? true,
    convertedInvoiceId: current?.convertedInvoiceId ?? null,
  };
  // Templates and estimates post nothing, so a lock on the books does not hold them (api-notes: Estimates).
  if (kind === 'invoice' || kind === 'credit_note') assertUnlocked(ctx, current?.datedOn, datedOn);
  if (current?.status === 'Sent') checkSign(kind, row.totalMinor);
  // What a customer approves becomes an invoice, which can never be sent with a negative total.
  if (kind === 'estimate' && row.totalMinor < 0) throw unprocessable('An estimate cannot come to less than zero; take off the negative lines or the discount');
  const settlements = current ? settlementsOf(ctx, current.id) : [];
  if (current && settlements.length > 0) checkSettled(current, row, settledMinor(settlements));
  const stored = current
    ? ctx.db.update(invoices).set({ ...row, updatedAt: ctx.now }).where(eq(invoices.id, current.id)).returning().get()
    : ctx.db.insert(invoices).values({ ...row, createdAt: ctx.now, updatedAt: ctx.now }).returning().get();
  writeItems(ctx, stored.id, values, removed);
  // A template is part of its recurring profile, whose own change entry stands for it.
  if (kind !== 'recurring_template') ctx.recordChange(KINDS[kind].resource, stored.id, current ? 'update' : 'create');
  postDocument(ctx, stored);
  if (settlements.length > 0) repostSettlements(ctx, stored.id, { touch: false });
  return stored;
}
