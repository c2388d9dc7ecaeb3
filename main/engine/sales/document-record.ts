import { eq } from 'drizzle-orm';
import { fromMinor } from '../../../shared/money';
import { categories } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { CIS_BANDS } from '../resources/cis_bands';
import { recordUrl } from '../urls';
import { date, decimal, timestamp, type ApiRecord } from '../values';
import { contactName } from './contact-name';
import { contactOf, documentUrl, estimateOfInvoice, itemsOf, KINDS, type DocumentRow, type ItemRow } from './documents';
import { nativeAmounts } from './native-amounts';
import { settledMinor, settlementsOf } from './settlements';
import { documentState } from './status';

function categoryUrl(ctx: EngineContext, id: number | null): string | undefined {
  if (id === null) return undefined;
  const row = ctx.db.select({ code: categories.nominalCode }).from(categories).where(eq(categories.id, id)).get();
  return row ? `${ctx.origin}/v2/categories/${row.code}` : undefined;
}

/** The url of the estimate an invoice was raised from (Ledgerdesk keeps the link both ways). */
function linkedEstimate(ctx: EngineContext, invoiceId: number): string | undefined {
  const id = estimateOfInvoice(ctx, invoiceId);
  return id !== undefined ? recordUrl(ctx, 'estimates', id) : undefined;
}

export function itemRecord(ctx: EngineContext, row: DocumentRow, item: ItemRow): ApiRecord {
  return {
    url: recordUrl(ctx, KINDS[row.kind].itemResource, item.id),
    position: item.position,
    description: item.description,
    item_type: item.itemType,
    price: decimal(item.price),
    quantity: decimal(item.quantity),
    sales_tax_rate: item.salesTaxRate !== null ? decimal(item.salesTaxRate) : undefined,
    sales_tax_status: item.salesTaxStatus ?? undefined,
    category: categoryUrl(ctx, item.categoryId),
    // The flag only means something on a CIS invoice; elsewhere the live service shows false.
    suffers_cis_deduction: row.cisRate !== null && item.suffersCisDeduction,
  };
}

/** The fields every kind of sales document has, recurring templates included. */
export function documentBase(ctx: EngineContext, row: DocumentRow, items: readonly ItemRow[]): ApiRecord {
  const money = (minor: number) => decimal(fromMinor(minor, row.currency));
  const band = row.cisRate !== null ? CIS_BANDS.find((entry) => entry.name === row.cisRate) : undefined;
  return {
    contact: recordUrl(ctx, 'contacts', row.contactId),
    contact_name: contactName(contactOf(ctx, row.contactId)),
    project: row.projectId !== null ? recordUrl(ctx, 'projects', row.projectId) : undefined,
    reference: row.reference,
    dated_on: date(row.datedOn),
    due_on: row.kind !== 'recurring_template' ? date(row.dueOn) : undefined,
    payment_terms_in_days: row.paymentTermsInDays,
    currency: row.currency,
    exchange_rate: decimal(row.exchangeRate),
    net_value: money(row.netMinor),
    sales_tax_value: money(row.salesTaxMinor),
    total_value: money(row.totalMinor),
    cis_rate: row.cisRate ?? undefined,
    cis_deduction_rate: band ? decimal(band.deduction_rate) : undefined,
    cis_deduction: band ? money(row.cisDeductionMinor) : undefined,
    comments: row.comments ?? undefined,
    omit_header: row.omitHeader,
    always_show_bic_and_iban: row.alwaysShowBicAndIban,
    discount_percent: row.discountPercent !== null ? decimal(row.discountPercent) : undefined,
    // Both flags are in the live service's answers for invoices; credit notes show only the second.
    show_project_name: row.kind !== 'credit_note' ? row.showProjectName : undefined,
    is_interim_uk_vat: row.isInterimUkVat,
    ec_status: row.ecStatus ?? undefined,
    place_of_supply: row.placeOfSupply ?? undefined,
    involves_sales_tax: items.some((item) => item.salesTaxStatus !== null),
    // No third-party payment provider can be connected to an offline book.
    payment_methods: {},
  };
}

export function itemsRecord(ctx: EngineContext, row: DocumentRow, items: readonly ItemRow[]): ApiRecord {
  return { [KINDS[row.kind].itemsKey]: items.map((item) => itemRecord(ctx, row, item)) };
}

/** An invoice or credit note as the live service shows it, with what is paid and due by now. */
export function documentRecord(ctx: EngineContext, row: DocumentRow, options: { items: boolean }): ApiRecord {
  const native = loadCompany(ctx).currency;
  const items = itemsOf(ctx, row.id);
  const settlements = settlementsOf(ctx, row.id);
  const settled = settledMinor(settlements);
  const state = documentState(row, settled, ctx.today);
  const money = (minor: number) => decimal(fromMinor(minor, row.currency));
  const settledOn = (state.status === 'Paid' || state.status === 'Refunded') && settlements.length > 0 ? date(settlements[settlements.length - 1]!.datedOn) : undefined;
  const nativeValues = row.currency !== native ? nativeAmounts(row, items, native) : null;
  const creditNote = row.kind === 'credit_note';
  return {
    url: documentUrl(ctx, row),
    ...documentBase(ctx, row, items),
    paid_value: creditNote ? undefined : money(settled),
    refunded_value: creditNote ? money(settled) : undefined,
    due_value: money(state.dueMinor),
    paid_on: creditNote ? undefined : settledOn,
    refunded_on: creditNote ? settledOn : undefined,
    native_net_value: nativeValues ? decimal(fromMinor(nativeValues.netMinor, native)) : undefined,
    native_sales_tax_value: nativeValues ? decimal(fromMinor(nativeValues.taxMinor, native)) : undefined,
    native_total_value: nativeValues ? decimal(fromMinor(nativeValues.totalMinor, native)) : undefined,
    status: state.status,
    long_status: state.longStatus,
    estimate: row.kind === 'invoice' ? linkedEstimate(ctx, row.id) : undefined,
    payment_methods: creditNote ? undefined : {},
    created_at: timestamp(row.createdAt),
    updated_at: timestamp(row.updatedAt),
    ...(options.items ? itemsRecord(ctx, row, items) : {}),
  };
}
