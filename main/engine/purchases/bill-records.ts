import { asc, eq, sql } from 'drizzle-orm';
import { fromMinor } from '../../../shared/money';
import type { Db } from '../../db/client';
import { billItems, contacts } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { preparedPerConnection } from '../prepared';
import { isUserLocked } from '../ledger/locks';
import { recordUrl } from '../urls';
import { date, decimal, timestamp, type ApiRecord } from '../values';
import type { BillItemRow } from './bill-items';
import { paidBy, paymentsOf, type BillRow } from './bill-payments';
import { billStatus, longStatus } from './bill-status';
import { categoryById, categoryUrl } from './categories';
import { contactName } from './links';
import { convertMinor } from './money';

// A list page builds its records one bill at a time: each read is prepared once per connection, not once per row.
const itemsQuery = preparedPerConnection((db: Db) => db.select().from(billItems).where(eq(billItems.billId, sql.placeholder('billId'))).orderBy(asc(billItems.id)).prepare());
const contactQuery = preparedPerConnection((db: Db) => db.select().from(contacts).where(eq(contacts.id, sql.placeholder('id'))).prepare());

export function itemsOf(ctx: EngineContext, billId: number): BillItemRow[] {
  return itemsQuery(ctx.db).all({ billId });
}

/**
 * A bill item as the live service returns it (golden bills.json): the total and the total without tax
 * positive, the tax negative, the rate when one applies and the manual amount when one was given.
 */
function itemRecord(ctx: EngineContext, bill: BillRow, item: BillItemRow): ApiRecord {
  const taxable = item.salesTaxStatus === 'TAXABLE';
  return {
    url: recordUrl(ctx, 'bill_items', item.id),
    bill: recordUrl(ctx, 'bills', bill.id),
    category: categoryUrl(ctx, categoryById(ctx, item.categoryId)),
    description: item.description || undefined,
    total_value: decimal(fromMinor(item.totalMinor, bill.currency)),
    total_value_ex_tax: decimal(fromMinor(item.totalMinor - item.salesTaxMinor, bill.currency)),
    sales_tax_rate: item.salesTaxRate !== null ? decimal(item.salesTaxRate) : undefined,
    sales_tax_value: taxable ? decimal(fromMinor(-item.salesTaxMinor, bill.currency)) : undefined,
    manual_sales_tax_amount: item.manualSalesTaxMinor !== null ? decimal(fromMinor(item.manualSalesTaxMinor, bill.currency)) : undefined,
    sales_tax_status: item.salesTaxStatus ?? undefined,
  };
}

/**
 * A bill as the live service returns it (golden bills.json), signs included: total, paid and due
 * positive for money owed, net and tax negative. Status and the paid and due values follow from the
 * payments (bank explanations with paid_bill) and the engine clock; items only when asked for.
 */
export function billRecord(ctx: EngineContext, bill: BillRow, withItems: boolean): ApiRecord {
  const native = loadCompany(ctx).currency;
  const payments = paymentsOf(ctx, bill.id);
  const paid = payments.reduce((sum, payment) => sum + paidBy(bill, native, payment), 0);
  const due = bill.totalMinor - paid;
  const status = billStatus(bill, paid, ctx.today);
  const settled = status === 'Paid' || status === 'Refunded';
  const items = itemsOf(ctx, bill.id);
  const contact = contactQuery(ctx.db).get({ id: bill.contactId })!;
  const money = (minor: number) => decimal(fromMinor(minor, bill.currency));
  return {
    url: recordUrl(ctx, 'bills', bill.id),
    contact: recordUrl(ctx, 'contacts', bill.contactId),
    contact_name: contactName(contact),
    reference: bill.reference,
    dated_on: date(bill.datedOn),
    due_on: date(bill.dueOn),
    paid_on: settled && payments.length > 0 ? date(payments.map((payment) => payment.datedOn).sort().at(-1)!) : undefined,
    currency: bill.currency,
    exchange_rate: bill.currency !== native ? decimal(bill.exchangeRate) : undefined,
    total_value: money(bill.totalMinor),
    net_value: money(-bill.netMinor),
    sales_tax_value: items.some((item) => item.salesTaxStatus === 'TAXABLE') ? money(-bill.salesTaxMinor) : undefined,
    paid_value: money(paid),
    due_value: money(due),
    native_due_value: decimal(fromMinor(convertMinor(due, bill.currency, native, bill.exchangeRate), native)),
    status,
    long_status: longStatus(status, bill.dueOn, ctx.today),
    // The live service's default (its web app's entry mode): false in the company's currency, true otherwise.
    input_total_values_inc_tax: bill.currency !== native,
    // Only the user lock refuses a change to a bill; a filed VAT return refuses only what would move its
    // boxes (filed-vat-returns.ts), so it does not make the bill locked.
    is_locked: isUserLocked(ctx, bill.datedOn),
    is_paid_by_hire_purchase: false,
    comments: bill.comments ?? undefined,
    ec_status: bill.ecStatus ?? undefined,
    project: bill.projectId !== null ? recordUrl(ctx, 'projects', bill.projectId) : undefined,
    bill_items: withItems ? items.map((item) => itemRecord(ctx, bill, item)) : undefined,
    created_at: timestamp(bill.createdAt),
    updated_at: timestamp(bill.updatedAt),
  };
}
