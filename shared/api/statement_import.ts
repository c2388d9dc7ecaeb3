import { z } from 'zod';
import { date, decimal, requiredText, text, url } from './fields';

/**
 * The import review: Ledgerdesk's extensions of the statement upload (docs/api-notes.md). The engine
 * validates the review's fields with these schemas; the renderer reads the answers with them.
 *
 *   POST   /v2/bank_transactions/statement/preview   multipart `statement`, optional `date_order`, `column_mapping`
 *   POST   /v2/bank_transactions/statement           the upload, plus `rows`, `date_order`, `column_mapping`
 *   GET    /v2/statement_uploads[?bank_account=]     the batches, newest first
 *   DELETE /v2/statement_uploads/:id                 undo a batch while none of its lines is explained
 *   POST   /v2/statement_uploads                     redo an undone batch: its lines as they were listed
 *   GET    /v2/bank_transactions?statement_upload=   the lines a batch added (read before an undo)
 */

export const DATE_ORDERS = ['dmy', 'mdy', 'ymd'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * `transfer`: the row is the other side of a transfer already explained from another account, whose
 * line here the transfer made while the bank's was not in; importing the row puts it in that line's place.
 */
export const ROW_STATUSES = ['new', 'duplicate', 'possible_duplicate', 'transfer'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

/** Why a row is an exact duplicate: the bank's own id, or the spec's date, amount and description. */
export const DUPLICATE_REASONS = ['fitid', 'same_line'] as const;

/** Where the CSV mapping of a preview came from. */
export const MAPPING_SOURCES = ['guessed', 'remembered', 'given'] as const;

const column = z.number({ error: 'must be a column number' }).int({ error: 'must be a column number' }).min(0, { error: 'must be a column number' }).max(999, { error: 'must be a column number' });
const row = z.number({ error: 'must be a row number' }).int({ error: 'must be a row number' }).min(0, { error: 'must be a row number' });

/**
 * Which CSV columns mean what, with underscore names as everywhere in the API. Columns and rows count
 * from 0. One signed `amount` column, or `paid_in` and/or `paid_out`.
 */
export const csvColumnMappingSchema = z
  .object({
    delimiter: z.enum(CSV_DELIMITERS, { error: 'must be one of , ; | or a tab' }),
    header_row: row.optional(),
    first_data_row: row,
    date: column,
    date_order: z.enum(DATE_ORDERS, { error: 'must be dmy, mdy or ymd' }),
    decimal_comma: z.boolean({ error: 'must be true or false' }),
    amount: column.optional(),
    paid_in: column.optional(),
    paid_out: column.optional(),
    credit_debit: column.optional(),
    invert_sign: z.boolean({ error: 'must be true or false' }).optional(),
    /** Joined with spaces; when empty, the parser falls back to the payee (or type) column. */
    description: z.array(column, { error: 'must be a list of column numbers' }).max(64, { error: 'must name at most 64 columns' }),
    payee: column.optional(),
    memo: column.optional(),
    reference: column.optional(),
    fitid: column.optional(),
    currency: column.optional(),
    balance: column.optional(),
  })
  .refine((mapping) => mapping.amount !== undefined || mapping.paid_in !== undefined || mapping.paid_out !== undefined, {
    error: 'must name an amount column, or paid in and paid out columns',
    path: ['amount'],
  })
  .refine((mapping) => mapping.amount === undefined || (mapping.paid_in === undefined && mapping.paid_out === undefined), {
    error: 'cannot be given together with paid_in or paid_out',
    path: ['amount'],
  });
export type CsvColumnMappingFields = z.infer<typeof csvColumnMappingSchema>;

/** The `rows` field of a reviewed upload: the preview's row indexes to import, each once. */
export const chosenRowsSchema = z
  .array(row, { error: 'must be a list of row numbers' })
  .min(1, { error: 'must list at least one row to import' })
  .refine((rows) => new Set(rows).size === rows.length, { error: 'must list each row once' });

const message = z.object({ message: z.string(), line: z.number().optional() });

const existingLine = z.object({
  url: z.string(),
  dated_on: z.string(),
  amount: z.string(),
  description: z.string(),
});
export type ExistingLine = z.infer<typeof existingLine>;

export const previewRowSchema = z.object({
  index: z.number(),
  dated_on: z.string(),
  amount: z.string(),
  description: z.string(),
  reference: z.string().optional(),
  fitid: z.string().optional(),
  transaction_type: z.string(),
  /** Absent until the rows are compared with a bank account. */
  status: z.enum(ROW_STATUSES).optional(),
  duplicate_reason: z.enum(DUPLICATE_REASONS).optional(),
  /** The account's line this row repeats (duplicate), may repeat (possible duplicate) or replaces (the line a transfer made). */
  matches: existingLine.optional(),
});
export type PreviewRow = z.infer<typeof previewRowSchema>;

export const previewAccountSchema = z.object({
  account_number: z.string().optional(),
  sort_code: z.string().optional(),
  iban: z.string().optional(),
  currency: z.string().optional(),
  account_type: z.string().optional(),
  closing_balance: z.string().optional(),
  closing_balance_date: z.string().optional(),
  transaction_count: z.number(),
  /** The company's bank account this statement account matches, when exactly one does. */
  matched_bank_account: z.string().nullable(),
});

export const balanceCheckSchema = z.object({
  /** The day the balances are compared on: the statement's closing balance date, else its last row's. */
  as_of: z.string(),
  /** The account's balance on that day before the import. */
  before: z.string(),
  /** ... and after importing the rows marked new. */
  after: z.string(),
  closing_balance: z.string().optional(),
  /** closing_balance minus after; "0.0" when they agree. */
  difference: z.string().optional(),
});
export type BalanceCheck = z.infer<typeof balanceCheckSchema>;

export const csvPreviewSchema = z.object({
  mapping: csvColumnMappingSchema,
  mapping_source: z.enum(MAPPING_SOURCES),
  remembered_mapping: csvColumnMappingSchema.optional(),
  header: z.array(z.string()).optional(),
  /** The first rows of the file as cells, header included, to show under each column. */
  sample: z.array(z.array(z.string())),
  column_count: z.number(),
  /** No date in the file settles whether days or months come first: the user must say. */
  date_order_ambiguous: z.boolean(),
});
export type CsvPreview = z.infer<typeof csvPreviewSchema>;

export const statementPreviewSchema = z.object({
  file_name: z.string(),
  format: z.string().nullable(),
  warnings: z.array(message),
  errors: z.array(message),
  accounts: z.array(previewAccountSchema),
  /** Which of `accounts` the rows are from; null when the file's account is not settled yet. */
  statement_account: z.number().nullable(),
  /** The bank account the rows were compared with: the one asked for, or the one matched. */
  bank_account: z.string().nullable(),
  matched_bank_account: z.string().nullable(),
  currency: z.string(),
  csv: csvPreviewSchema.optional(),
  rows: z.array(previewRowSchema),
  counts: z.object({ new: z.number(), duplicate: z.number(), possible_duplicate: z.number(), transfer: z.number() }),
  balance: balanceCheckSchema.optional(),
  /** Rows an auto-explain bank rule will explain as they are imported (api-notes "Suggestions, bank rules and bulk accept"). */
  auto_explain: z
    .array(z.object({ row: z.number(), rule: z.string(), rule_name: z.string(), category: z.string().optional(), transfer_bank_account: z.string().optional() }))
    .optional(),
});
export type StatementPreview = z.infer<typeof statementPreviewSchema>;

export const statementUploadSchema = z.object({
  url: z.string(),
  bank_account: z.string(),
  source: z.string(),
  file_name: z.string().optional(),
  uploaded_at: z.string(),
  line_count: z.number(),
  added_count: z.number(),
  /** Lines of the batch still in the account. */
  transaction_count: z.number(),
  explained_count: z.number(),
  /** Whether DELETE would undo it now; `undo_refusal` says why not. */
  can_undo: z.boolean(),
  undo_refusal: z.string().optional(),
});
export type StatementUpload = z.infer<typeof statementUploadSchema>;

/** The answer to a reviewed upload: the batch, and what became of the rows chosen. */
export const reviewedUploadSchema = statementUploadSchema.extend({
  chosen_count: z.number(),
  /** Chosen rows the exact rule still skipped as already in the account. */
  skipped_rows: z.array(z.number()),
  added_rows: z.array(z.number()),
  /** Lines an auto-explain bank rule explained in the upload. */
  auto_explained_count: z.number().optional(),
});
export type ReviewedUpload = z.infer<typeof reviewedUploadSchema>;

/** A line of an undone upload as GET /v2/bank_transactions listed it: description as stored, amount signed. */
export const restoredLineSchema = z.object({
  dated_on: date,
  description: text(2000),
  amount: decimal,
  transaction_id: text(255).optional(),
});

/**
 * POST /v2/statement_uploads, root `statement_upload`: an undone upload done again, under the same
 * source and file name, its lines put back exactly as listed (no sign rule or description format
 * applied a second time); a line the account holds by then is skipped, as any upload skips it.
 */
export const uploadRedoSchema = z.object({
  bank_account: url,
  source: requiredText(32),
  file_name: text(255).optional(),
  lines: z.array(restoredLineSchema, { error: 'must be a list of lines' }).min(1, { error: 'must hold at least one line' }),
});
export type UploadRedo = z.infer<typeof uploadRedoSchema>;
