import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
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
    ...timestamps,
  },
  (table) => [index('bank_transactions_account_date').on(table.bankAccountId, table.datedOn)],
);
