import { isNotNull } from 'drizzle-orm';
import { blob, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { flag, id, timestamps } from './columns';

export const bankAccounts = sqliteTable('bank_accounts', {
  id: id(),
  type: text('type').notNull(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  isPersonal: flag('is_personal').notNull(),
  isPrimary: flag('is_primary').notNull(),
  status: text('status').notNull(),
  bankName: text('bank_name'),
  openingBalanceMinor: integer('opening_balance_minor').notNull(),
  bankCode: text('bank_code').notNull(),
  accountNumber: text('account_number'),
  sortCode: text('sort_code'),
  secondarySortCode: text('secondary_sort_code'),
  iban: text('iban'),
  bic: text('bic'),
  email: text('email'),
  bankGuessEnabled: flag('bank_guess_enabled').notNull(),
  ...timestamps,
});

export const bankFeeds = sqliteTable('bank_feeds', {
  id: id(),
  bankAccountId: integer('bank_account_id').notNull().references(() => bankAccounts.id, { onDelete: 'cascade' }),
  state: text('state').notNull(),
  feedType: text('feed_type').notNull(),
  bankServiceName: text('bank_service_name').notNull(),
  scaExpiresAt: text('sca_expires_at'),
  ...timestamps,
});

/** One statement upload: the batch its lines arrived in, for `last_uploaded` and for undoing an import. */
export const statementUploads = sqliteTable(
  'statement_uploads',
  {
    id: id(),
    bankAccountId: integer('bank_account_id').notNull().references(() => bankAccounts.id, { onDelete: 'cascade' }),
    /** json, xml, or the file format the importer found (ofx, qfx, csv ...). */
    source: text('source').notNull(),
    fileName: text('file_name'),
    lineCount: integer('line_count').notNull(),
    addedCount: integer('added_count').notNull(),
    uploadedAt: text('uploaded_at').notNull(),
  },
  (table) => [index('statement_uploads_account').on(table.bankAccountId, table.id)],
);

export const bankTransactions = sqliteTable(
  'bank_transactions',
  {
    id: id(),
    bankAccountId: integer('bank_account_id').notNull().references(() => bankAccounts.id),
    datedOn: text('dated_on').notNull(),
    description: text('description').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    /** The bank's own id for the line (OFX FITID), when it gave one. */
    transactionId: text('transaction_id'),
    isManual: flag('is_manual').notNull(),
    uploadedAt: text('uploaded_at'),
    markedForReview: flag('marked_for_review').notNull(),
    /** The statement upload that added the line; null for manual lines and transfer counterparts. */
    uploadId: integer('upload_id').references(() => statementUploads.id),
    /** OFX-style type the line arrived with (CREDIT, DEBIT, POS ...). */
    transactionType: text('transaction_type'),
    ...timestamps,
  },
  (table) => [
    // The register's index, in its order (dated_on, then id), so a page is read without a sort; the
    // running balance sums the amounts of an account's lines after a (dated_on, id), and with the
    // amount in the index that sum never reads the table. One index for both: every index is paid
    // again by each line a statement upload inserts (migration 0020).
    index('bank_transactions_register').on(table.bankAccountId, table.datedOn, table.id, table.amountMinor),
    // Deduplication looks lines up by these two keys; both must stay indexed for large accounts. The
    // description comes second so the same index counts an account's lines with a matching description.
    index('bank_transactions_dedup').on(table.bankAccountId, table.description, table.datedOn, table.amountMinor),
    index('bank_transactions_fitid').on(table.bankAccountId, table.transactionId),
    index('bank_transactions_upload').on(table.uploadId),
  ],
);

/**
 * How a bank transaction is explained: a category (with sales tax), a transfer to another own account,
 * and later a paid invoice or bill. Several explanations may split one transaction.
 */
export const bankTransactionExplanations = sqliteTable(
  'bank_transaction_explanations',
  {
    id: id(),
    bankTransactionId: integer('bank_transaction_id').notNull().references(() => bankTransactions.id),
    bankAccountId: integer('bank_account_id').notNull().references(() => bankAccounts.id),
    datedOn: text('dated_on').notNull(),
    description: text('description').notNull(),
    categoryId: integer('category_id'),
    /** In the company's native currency; its sign is the transaction's (money in positive). */
    grossMinor: integer('gross_minor').notNull(),
    /** In the bank account's currency when that is not the native one; counts against the transaction. */
    foreignGrossMinor: integer('foreign_gross_minor'),
    /** The rate as given or derived (decimal text such as "20.0"); null with a manual amount or no tax. */
    salesTaxRate: text('sales_tax_rate'),
    salesTaxMinor: integer('sales_tax_minor').notNull(),
    manualSalesTaxMinor: integer('manual_sales_tax_minor'),
    salesTaxStatus: text('sales_tax_status'),
    /** How the tax was asked for: auto (from the category), rate, manual or status; kept so a later change re-applies it. */
    salesTaxMode: text('sales_tax_mode', { enum: ['auto', 'rate', 'manual', 'status'] }).notNull(),
    ecStatus: text('ec_status'),
    placeOfSupply: text('place_of_supply'),
    entryType: text('entry_type').notNull(),
    transferBankAccountId: integer('transfer_bank_account_id').references(() => bankAccounts.id),
    /** The transaction this transfer created on the other account, removed with the explanation. */
    transferTransactionId: integer('transfer_transaction_id').references(() => bankTransactions.id),
    /** Set on the counterpart explanation of a transfer: the explanation that posts both legs. */
    transferSourceId: integer('transfer_source_id'),
    markedForReview: flag('marked_for_review').notNull(),
    /** The invoice or bill this explanation pays (with the sales and purchases issue). */
    paidInvoiceId: integer('paid_invoice_id'),
    paidBillId: integer('paid_bill_id'),
    /** The project an explanation by category counts for (a payment counts for its document's own). */
    projectId: integer('project_id'),
    ...timestamps,
  },
  (table) => [
    index('explanations_transaction').on(table.bankTransactionId),
    index('explanations_account_date').on(table.bankAccountId, table.datedOn),
    // What pays a document is read by its id (settlements, due amounts): migration 0025.
    index('explanations_paid_invoice').on(table.paidInvoiceId).where(isNotNull(table.paidInvoiceId)),
    index('explanations_paid_bill').on(table.paidBillId).where(isNotNull(table.paidBillId)),
    // A transfer's made line and its counterpart are read by these ids (statement imports, every transfer write): migration 0027.
    index('explanations_transfer_transaction').on(table.transferTransactionId).where(isNotNull(table.transferTransactionId)),
    index('explanations_transfer_source').on(table.transferSourceId).where(isNotNull(table.transferSourceId)),
  ],
);

/** Files attached to records; the bytes live once per content hash in attachment_blobs. */
export const attachments = sqliteTable(
  'attachments',
  {
    id: id(),
    ownerResource: text('owner_resource').notNull(),
    ownerId: integer('owner_id').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    description: text('description'),
    fileSize: integer('file_size').notNull(),
    contentHash: text('content_hash').notNull(),
    ...timestamps,
  },
  (table) => [index('attachments_owner').on(table.ownerResource, table.ownerId)],
);

export const attachmentBlobs = sqliteTable('attachment_blobs', {
  contentHash: text('content_hash').primaryKey(),
  bytes: blob('bytes', { mode: 'buffer' }).notNull(),
});
