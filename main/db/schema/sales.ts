import { index, integer, sqliteTable, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { flag, id, postalAddress, timestamps } from './columns';
import { categories } from './ledger';
import { users } from './users';

export const contacts = sqliteTable('contacts', {
  id: id(),
  organisationName: text('organisation_name'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  email: text('email'),
  billingEmail: text('billing_email'),
  phoneNumber: text('phone_number'),
  mobile: text('mobile'),
  ...postalAddress(),
  contactNameOnInvoices: flag('contact_name_on_invoices').notNull(),
  /** Always, Never or Auto. */
  chargeSalesTax: text('charge_sales_tax').notNull(),
  salesTaxRegistrationNumber: text('sales_tax_registration_number'),
  /** Active or Hidden. */
  status: text('status').notNull(),
  defaultPaymentTermsInDays: integer('default_payment_terms_in_days'),
  locale: text('locale').notNull(),
  ...timestamps,
});

export const projects = sqliteTable(
  'projects',
  {
    id: id(),
    contactId: integer('contact_id').notNull().references(() => contacts.id),
    name: text('name').notNull(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    budget: text('budget'),
    budgetUnits: text('budget_units').notNull(),
    normalBillingRate: text('normal_billing_rate'),
    billingPeriod: text('billing_period'),
    hoursPerDay: text('hours_per_day'),
    startsOn: text('starts_on'),
    endsOn: text('ends_on'),
    ...timestamps,
  },
  (table) => [index('projects_contact').on(table.contactId)],
);

/** Notes hang off a contact or a project. */
export const notes = sqliteTable(
  'notes',
  {
    id: id(),
    parentResource: text('parent_resource').notNull(),
    parentId: integer('parent_id').notNull(),
    note: text('note').notNull(),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    author: text('author').notNull(),
    ...timestamps,
  },
  (table) => [index('notes_parent').on(table.parentResource, table.parentId)],
);

/**
 * Sales documents: invoices, credit notes (kind credit_note, negative values), the templates that
 * recurring invoices are issued from (kind recurring_template) and estimates (kind estimate, which post
 * nothing; their due_on is their date and is never shown). Totals are stored in minor units of the
 * document's currency and, for postings, of the native currency.
 */
export const invoices = sqliteTable(
  'invoices',
  {
    id: id(),
    kind: text('kind', { enum: ['invoice', 'credit_note', 'recurring_template', 'estimate'] }).notNull(),
    contactId: integer('contact_id').notNull().references(() => contacts.id),
    projectId: integer('project_id').references(() => projects.id),
    reference: text('reference').notNull(),
    datedOn: text('dated_on').notNull(),
    dueOn: text('due_on').notNull(),
    paymentTermsInDays: integer('payment_terms_in_days').notNull(),
    currency: text('currency').notNull(),
    /** Native units per one unit of the document's currency, as decimal text. */
    exchangeRate: text('exchange_rate').notNull(),
    /**
     * The stored status: Draft, Sent or Cancelled (Open, Overdue, Paid and Part paid are derived); an
     * estimate's is Draft, Sent, Approved, Rejected or Invoiced.
     */
    status: text('status').notNull(),
    comments: text('comments'),
    omitHeader: flag('omit_header').notNull(),
    alwaysShowBicAndIban: flag('always_show_bic_and_iban').notNull(),
    /** A percentage off every item before VAT, as decimal text; null for none. */
    discountPercent: text('discount_percent'),
    showProjectName: flag('show_project_name').notNull().default(false),
    isInterimUkVat: flag('is_interim_uk_vat').notNull().default(false),
    ecStatus: text('ec_status'),
    placeOfSupply: text('place_of_supply'),
    cisRate: text('cis_rate'),
    netMinor: integer('net_minor').notNull(),
    salesTaxMinor: integer('sales_tax_minor').notNull(),
    cisDeductionMinor: integer('cis_deduction_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    nativeTotalMinor: integer('native_total_minor').notNull(),
    sentAt: text('sent_at'),
    /** An estimate's kind as its customer reads it: Estimate, Quote or Proposal. */
    estimateType: text('estimate_type'),
    /** Whether an estimate's total shows VAT added (true) or net only. */
    includeSalesTaxOnTotalValue: flag('include_sales_tax_on_total_value').notNull().default(true),
    /** On an invoiced estimate, the invoice it became; the invoice finds its estimate through it. */
    convertedInvoiceId: integer('converted_invoice_id').references((): AnySQLiteColumn => invoices.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [index('invoices_contact').on(table.contactId), index('invoices_kind_date').on(table.kind, table.datedOn)],
);

export const invoiceItems = sqliteTable(
  'invoice_items',
  {
    id: id(),
    invoiceId: integer('invoice_id').notNull().references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    itemType: text('item_type').notNull(),
    /** Unit price and quantity as decimal text (prices may carry more places than the currency). */
    price: text('price').notNull(),
    quantity: text('quantity').notNull(),
    netMinor: integer('net_minor').notNull(),
    salesTaxRate: text('sales_tax_rate'),
    salesTaxStatus: text('sales_tax_status'),
    salesTaxMinor: integer('sales_tax_minor').notNull(),
    categoryId: integer('category_id').references(() => categories.id),
    /** On a CIS invoice, whether the item is labour that the contractor deducts CIS from. */
    suffersCisDeduction: flag('suffers_cis_deduction').notNull().default(false),
    ...timestamps,
  },
  (table) => [index('invoice_items_invoice').on(table.invoiceId)],
);

export const recurringInvoices = sqliteTable('recurring_invoices', {
  id: id(),
  templateInvoiceId: integer('template_invoice_id').notNull().references(() => invoices.id),
  frequency: text('frequency').notNull(),
  recurringStatus: text('recurring_status').notNull(),
  recurringEndDate: text('recurring_end_date'),
  nextRecursOn: text('next_recurs_on'),
  ...timestamps,
});

export const creditNoteReconciliations = sqliteTable(
  'credit_note_reconciliations',
  {
    id: id(),
    invoiceId: integer('invoice_id').notNull().references(() => invoices.id),
    creditNoteId: integer('credit_note_id').notNull().references(() => invoices.id),
    grossMinor: integer('gross_minor').notNull(),
    datedOn: text('dated_on').notNull(),
    currency: text('currency').notNull(),
    exchangeRate: text('exchange_rate').notNull(),
    ...timestamps,
  },
  // A document's settlements are read by its id on either side: migration 0025.
  (table) => [index('credit_note_reconciliations_invoice').on(table.invoiceId), index('credit_note_reconciliations_credit_note').on(table.creditNoteId)],
);

export const expenses = sqliteTable(
  'expenses',
  {
    id: id(),
    userId: integer('user_id').notNull().references(() => users.id),
    categoryId: integer('category_id').notNull().references(() => categories.id),
    projectId: integer('project_id').references(() => projects.id),
    datedOn: text('dated_on').notNull(),
    description: text('description').notNull(),
    receiptReference: text('receipt_reference'),
    currency: text('currency').notNull(),
    /** Signed like a bank line: money the user spent is negative. */
    grossMinor: integer('gross_minor').notNull(),
    nativeGrossMinor: integer('native_gross_minor').notNull(),
    salesTaxRate: text('sales_tax_rate'),
    salesTaxMinor: integer('sales_tax_minor').notNull(),
    manualSalesTaxMinor: integer('manual_sales_tax_minor'),
    salesTaxStatus: text('sales_tax_status'),
    salesTaxMode: text('sales_tax_mode').notNull(),
    ecStatus: text('ec_status'),
    ...timestamps,
  },
  (table) => [index('expenses_user_date').on(table.userId, table.datedOn)],
);

export const bills = sqliteTable(
  'bills',
  {
    id: id(),
    contactId: integer('contact_id').notNull().references(() => contacts.id),
    projectId: integer('project_id').references(() => projects.id),
    reference: text('reference').notNull(),
    datedOn: text('dated_on').notNull(),
    dueOn: text('due_on').notNull(),
    currency: text('currency').notNull(),
    exchangeRate: text('exchange_rate').notNull(),
    comments: text('comments'),
    ecStatus: text('ec_status'),
    netMinor: integer('net_minor').notNull(),
    salesTaxMinor: integer('sales_tax_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    nativeTotalMinor: integer('native_total_minor').notNull(),
    ...timestamps,
  },
  (table) => [index('bills_contact').on(table.contactId)],
);

export const billItems = sqliteTable(
  'bill_items',
  {
    id: id(),
    billId: integer('bill_id').notNull().references(() => bills.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull().references(() => categories.id),
    description: text('description').notNull(),
    /** Gross of the line in the bill's currency (positive: money owed). */
    totalMinor: integer('total_minor').notNull(),
    salesTaxRate: text('sales_tax_rate'),
    salesTaxMinor: integer('sales_tax_minor').notNull(),
    manualSalesTaxMinor: integer('manual_sales_tax_minor'),
    salesTaxStatus: text('sales_tax_status'),
    salesTaxMode: text('sales_tax_mode').notNull(),
    ...timestamps,
  },
  (table) => [index('bill_items_bill').on(table.billId)],
);
