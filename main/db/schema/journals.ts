import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { capitalAssetTypes, properties } from './assets';
import { bankAccounts } from './banking';
import { flag, id, timestamps } from './columns';
import { categories } from './ledger';
import { contacts } from './sales';
import { users } from './users';

/** A group of balanced journal entries on one day; the opening balances set has no date. */
export const journalSets = sqliteTable(
  'journal_sets',
  {
    id: id(),
    datedOn: text('dated_on'),
    description: text('description').notNull(),
    tag: text('tag'),
    isOpeningBalances: flag('is_opening_balances').notNull(),
    ...timestamps,
  },
  (table) => [index('journal_sets_dated_on').on(table.datedOn)],
);

export const journalEntries = sqliteTable(
  'journal_entries',
  {
    id: id(),
    journalSetId: integer('journal_set_id').notNull().references(() => journalSets.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull().references(() => categories.id),
    debitMinor: integer('debit_minor').notNull(),
    description: text('description'),
    userId: integer('user_id').references(() => users.id),
    capitalAssetTypeId: integer('capital_asset_type_id').references(() => capitalAssetTypes.id),
    stockItemId: integer('stock_item_id'),
    stockAlteringQuantity: integer('stock_altering_quantity'),
    propertyId: integer('property_id').references(() => properties.id),
    contactId: integer('contact_id').references(() => contacts.id),
    /** Historical data only; new entries may not journal to a bank account. */
    bankAccountId: integer('bank_account_id').references(() => bankAccounts.id),
    ...timestamps,
  },
  (table) => [index('journal_entries_set').on(table.journalSetId)],
);

/** The user lock (one row at most); other locks (filed returns) are derived from the returns. */
export const accountLocks = sqliteTable('account_locks', {
  id: integer('id').primaryKey(),
  lockedToDate: text('locked_to_date').notNull(),
  lockedByUserId: integer('locked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** What the user has done to a VAT return; the figures themselves are always computed from postings. */
export const vatReturnStates = sqliteTable('vat_return_states', {
  periodEndsOn: text('period_ends_on').primaryKey(),
  filingStatus: text('filing_status').notNull(),
  filedAt: text('filed_at'),
  filedReference: text('filed_reference'),
  /** The box values when the return was marked filed, as JSON; a filed return no longer moves. */
  filedBoxes: text('filed_boxes'),
  /** HMRC's period key the return was sent for (online filing only). */
  hmrcPeriodKey: text('hmrc_period_key'),
  /** HMRC's receipt as JSON: processing date, payment indicator, charge reference, receipt id and time. */
  hmrcReceipt: text('hmrc_receipt'),
  /** HMRC's refusal, in its words, while the return is rejected. */
  hmrcMessage: text('hmrc_message'),
  ...timestamps,
});

/** Payment marks, keyed by the return and the payment's due date (VAT and self assessment alike). */
export const returnPaymentMarks = sqliteTable(
  'return_payment_marks',
  {
    id: id(),
    /** "vat" or "self_assessment:<user id>". */
    returnKind: text('return_kind').notNull(),
    periodEndsOn: text('period_ends_on').notNull(),
    dueOn: text('due_on').notNull(),
    status: text('status').notNull(),
    ...timestamps,
  },
  (table) => [index('return_payment_marks_key').on(table.returnKind, table.periodEndsOn, table.dueOn)],
);

export const selfAssessmentReturnStates = sqliteTable(
  'self_assessment_return_states',
  {
    id: id(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    periodEndsOn: text('period_ends_on').notNull(),
    filingStatus: text('filing_status').notNull(),
    filedAt: text('filed_at'),
    filedReference: text('filed_reference'),
    ...timestamps,
  },
  (table) => [index('self_assessment_return_states_key').on(table.userId, table.periodEndsOn)],
);
