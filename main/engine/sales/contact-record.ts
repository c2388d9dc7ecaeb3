import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { statementFor } from '../prepared';
import { recordUrl } from '../urls';
import { decimal, timestamp, type ApiRecord } from '../values';
import { fromMinor } from '../../../shared/money';
import { toNativeMinor } from './currency';
import type { ContactRow } from './documents';
import { dueSql } from './status';

/**
 * What the contact owes the company less what the company owes them, in the native currency: the
 * amounts still due on their sent invoices and credit notes less what is unpaid on their bills.
 */
export function accountBalanceMinor(ctx: EngineContext, contactId: number): number {
  const native = loadCompany(ctx).currency;
  // Asked for every contact a list page shows: statementFor prepares each text once per connection.
  const documents = statementFor(ctx.book.sqlite, `SELECT i.currency AS currency, i.exchange_rate AS rate, ${dueSql('i')} AS due FROM invoices i WHERE i.contact_id = ? AND i.kind IN ('invoice', 'credit_note') AND i.status = 'Sent'`)
    .all(contactId) as { currency: string; rate: string; due: number }[];
  // A bill is paid by money going out, so its payments' (negative) values bring it down to zero.
  const bills = statementFor(ctx.book.sqlite, `SELECT b.currency AS currency, b.exchange_rate AS rate, ${billOutstandingSql('b')} AS due FROM bills b WHERE b.contact_id = @contact`)
    .all({ contact: contactId, native }) as { currency: string; rate: string; due: number }[];
  const owed = documents.reduce((sum, row) => sum + toNativeMinor(row.due, row.currency, native, row.rate), 0);
  return owed - bills.reduce((sum, row) => sum + toNativeMinor(row.due, row.currency, native, row.rate), 0);
}

/**
 * What is left to pay on a bill in its own currency, as the bills resource counts it: a bill in the
 * native currency by the payments' gross, a foreign one by the amounts its own-currency account paid.
 * Needs the @native parameter.
 */
export function billOutstandingSql(alias: string): string {
  return `(${alias}.total_minor + COALESCE((SELECT SUM(CASE WHEN ${alias}.currency = @native THEN e.gross_minor ELSE COALESCE(e.foreign_gross_minor, e.gross_minor) END)
    FROM bank_transaction_explanations e WHERE e.paid_bill_id = ${alias}.id), 0))`;
}

function activeProjectsCount(ctx: EngineContext, contactId: number): number {
  return statementFor(ctx.book.sqlite, "SELECT count(*) FROM projects WHERE contact_id = ? AND status = 'Active'").pluck().get(contactId) as number;
}

export function contactRecord(ctx: EngineContext, row: ContactRow): ApiRecord {
  const optional = (value: string | null) => value ?? undefined;
  return {
    url: recordUrl(ctx, 'contacts', row.id),
    organisation_name: optional(row.organisationName),
    first_name: optional(row.firstName),
    last_name: optional(row.lastName),
    active_projects_count: activeProjectsCount(ctx, row.id),
    email: optional(row.email),
    billing_email: optional(row.billingEmail),
    phone_number: optional(row.phoneNumber),
    mobile: optional(row.mobile),
    address1: optional(row.address1),
    address2: optional(row.address2),
    address3: optional(row.address3),
    town: optional(row.town),
    region: optional(row.region),
    postcode: optional(row.postcode),
    country: row.country,
    contact_name_on_invoices: row.contactNameOnInvoices,
    charge_sales_tax: row.chargeSalesTax,
    sales_tax_registration_number: optional(row.salesTaxRegistrationNumber),
    status: row.status,
    default_payment_terms_in_days: row.defaultPaymentTermsInDays ?? undefined,
    locale: row.locale,
    account_balance: decimal(fromMinor(accountBalanceMinor(ctx, row.id), loadCompany(ctx).currency)),
    created_at: timestamp(row.createdAt),
    updated_at: timestamp(row.updatedAt),
  };
}
