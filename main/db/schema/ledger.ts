import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bankAccounts } from './banking';
import { flag, id, timestamps } from './columns';
import { capitalAssetTypes } from './assets';
import { users } from './users';

/**
 * The chart of accounts. Top-level categories have a plain nominal code ("285"); sub accounts add
 * "-N" and point at the record they belong to (750-N a bank account, 900-910-N a user, 601-607-N a
 * capital asset type).
 */
export const categories = sqliteTable(
  'categories',
  {
    id: id(),
    nominalCode: text('nominal_code').notNull().unique(),
    /** The top-level code a sub account belongs to; equal to nominal_code for top-level rows. */
    baseCode: text('base_code').notNull(),
    /** income, cost_of_sales, admin_expenses or general: the key the category is listed under. */
    listGroup: text('list_group').notNull(),
    description: text('description').notNull(),
    groupDescription: text('group_description'),
    autoSalesTaxRate: text('auto_sales_tax_rate'),
    allowableForTax: flag('allowable_for_tax'),
    /** Display form, as responses give it. */
    taxReportingName: text('tax_reporting_name'),
    isCustom: flag('is_custom').notNull(),
    bankAccountId: integer('bank_account_id').references(() => bankAccounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    capitalAssetTypeId: integer('capital_asset_type_id').references(() => capitalAssetTypes.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (table) => [index('categories_base_code').on(table.baseCode)],
);

/** Double-entry postings (accounting transactions). The debits of all rows always sum to zero. */
export const postings = sqliteTable(
  'postings',
  {
    id: id(),
    datedOn: text('dated_on').notNull(),
    categoryId: integer('category_id').notNull().references(() => categories.id),
    debitMinor: integer('debit_minor').notNull(),
    description: text('description').notNull(),
    /** The resource and id of the document that posted this row, such as ("journal_sets", 4). */
    sourceResource: text('source_resource').notNull(),
    sourceId: integer('source_id').notNull(),
    foreignCurrency: text('foreign_currency'),
    foreignDebitMinor: integer('foreign_debit_minor'),
    /**
     * How the line stands for VAT, for the return's boxes: TAXABLE, EXEMPT or OUT_OF_SCOPE on net lines
     * of documents that had a tax treatment (null otherwise), and the document's ec_status.
     */
    salesTaxStatus: text('sales_tax_status'),
    ecStatus: text('ec_status'),
    ...timestamps,
  },
  (table) => [
    // debit_minor rides along so that the reports' sums per category and period are read from the
    // index alone: on 1,000,000 postings the profit and loss summary took 1.5 s fetching each row for
    // its amount, and 66 ms without (npm run bench -- reports).
    index('postings_category_date_debit').on(table.categoryId, table.datedOn, table.debitMinor),
    index('postings_source').on(table.sourceResource, table.sourceId),
    // The accounting transactions list reads a period in date order, whatever the category: without
    // this it sorted the whole period (1,000,000 postings: 380 ms for the first page, 4 s for page 2000).
    index('postings_dated_on').on(table.datedOn),
  ],
);
