import { fromMinor } from '../../../shared/money';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { recordUrl } from '../urls';
import { date, decimal, timestamp, type ApiRecord } from '../values';
import { itemRecord } from './document-record';
import { contactName } from './contact-name';
import { contactOf, documentUrl, itemsOf, type DocumentRow } from './documents';

/**
 * An estimate as the live service shows it (golden-responses/estimates.json): no due date, terms or
 * payments, the type the customer reads, and once invoiced the invoice it became.
 */
export function estimateRecord(ctx: EngineContext, row: DocumentRow, options: { items: boolean }): ApiRecord {
  const native = loadCompany(ctx).currency;
  const items = itemsOf(ctx, row.id);
  const money = (minor: number) => decimal(fromMinor(minor, row.currency));
  return {
    url: documentUrl(ctx, row),
    contact: recordUrl(ctx, 'contacts', row.contactId),
    contact_name: contactName(contactOf(ctx, row.contactId)),
    project: row.projectId !== null ? recordUrl(ctx, 'projects', row.projectId) : undefined,
    invoice: row.convertedInvoiceId !== null ? recordUrl(ctx, 'invoices', row.convertedInvoiceId) : undefined,
    reference: row.reference,
    estimate_type: row.estimateType ?? 'Estimate',
    status: row.status,
    dated_on: date(row.datedOn),
    currency: row.currency,
    exchange_rate: row.currency !== native ? decimal(row.exchangeRate) : undefined,
    net_value: money(row.netMinor),
    sales_tax_value: money(row.salesTaxMinor),
    total_value: money(row.totalMinor),
    discount_percent: row.discountPercent !== null ? decimal(row.discountPercent) : undefined,
    notes: row.comments ?? undefined,
    ec_status: row.ecStatus ?? undefined,
    place_of_supply: row.placeOfSupply ?? undefined,
    include_sales_tax_on_total_value: row.includeSalesTaxOnTotalValue,
    involves_sales_tax: items.some((item) => item.salesTaxStatus !== null),
    is_interim_uk_vat: row.isInterimUkVat,
    created_at: timestamp(row.createdAt),
    updated_at: timestamp(row.updatedAt),
    ...(options.items
      ? {
          estimate_items: items.map((item) => {
            // Estimates carry no CIS; their items show when they were written, as the live service's do.
            const { suffers_cis_deduction: _cis, ...fields } = itemRecord(ctx, row, item);
            return { ...fields, created_at: timestamp(item.createdAt), updated_at: timestamp(item.updatedAt) };
          }),
        }
      : {}),
  };
}
