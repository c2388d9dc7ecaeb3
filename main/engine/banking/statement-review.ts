import type { ParseOptions } from '../../importers/types';
import type { bankAccounts } from '../../db/schema';
import type { UploadedFile } from '../codec/body';
import type { EngineContext } from '../context';
import { badRequest, notFound, unprocessable } from '../errors';
import type { RouteRequest, RouteResult } from '../route';
import { idFromUrl } from '../urls';
import { findBankAccount } from '../resources/bank_accounts';
import { mappingFromFields } from './csv-mapping-fields';
import { rememberMapping, rememberedMapping, rememberedMappings } from './csv-mapping-memory';
import { csvHeader } from './csv-sample';
import { batchRecord, batchState } from './statement-batches';
import { importLines } from './statement-import';
import { rememberClosingBalance } from './statement-closing';
import { emptyStatement, linesFromFile } from './statement-lines';
import { buildPreview } from './statement-preview';
import { reviewOptions, type ReviewOptions } from './statement-review-fields';
import { parseForReview, withRememberedMapping } from './statement-review-parse';

/**
 * The import review's two requests: the preview (Ledgerdesk's own endpoint) and the reviewed upload
 * (the statement upload with the review's fields). Both read the file the same way, so the rows the
 * preview numbered are the rows the upload gets.
 */

type AccountRow = typeof bankAccounts.$inferSelect;

function statementFile(request: RouteRequest): UploadedFile {
  const file = request.body.files.statement;
  if (!file) {
    if (request.body.fields.statement !== undefined) throw badRequest('statement must be a file');
    throw emptyStatement();
  }
  if (file.bytes.length === 0) throw emptyStatement();
  return file;
}

/** bank_account from the query or the form; absent is fine here, unknown is a 404 as for the upload. */
function askedAccount(request: RouteRequest): AccountRow | null {
  const value = request.query.get('bank_account') ?? request.body.fields.bank_account;
  if (!value) return null;
  let id: number;
  try {
    id = idFromUrl(value, 'bank_accounts', 'bank_account');
  } catch {
    throw notFound('bank_account is not a bank account of this company');
  }
  return findBankAccount(request.ctx, id);
}

/** POST /v2/bank_transactions/statement/preview: answers 200 with `statement_preview`; writes nothing. */
export function previewStatement(request: RouteRequest): RouteResult {
  const file = statementFile(request);
  const options = reviewOptions(request.body.fields);
  return { status: 200, body: { statement_preview: buildPreview(request.ctx, file, options, askedAccount(request)) } };
}

/**
 * The statement upload with `rows`, `column_mapping` or `date_order`: the rows chosen in the review,
 * in one transaction, answered with the batch and what became of each chosen row. A mapping sent
 * with a CSV that imports is remembered for the account. `reconciledConfirmed`: confirm_reconciled=true
 * was sent, so chosen rows inside a reconciled statement go in (else a 409, statement-reconciled.ts).
 */
export function reviewedUpload(ctx: EngineContext, account: AccountRow, file: UploadedFile, fields: Record<string, string>, reconciledConfirmed: boolean): RouteResult {
  const options = reviewOptions(fields);
  const parseOptions = readingOptions(ctx, account, file, options);
  const identity = { accountNumber: account.accountNumber, sortCode: account.sortCode, iban: account.iban, currency: account.currency };
  const { lines, format, closingBalance } = linesFromFile(file, identity, parseOptions);
  const outOfRange = options.rows?.find((row) => row >= lines.length);
  if (outOfRange !== undefined) throw unprocessable(`rows names row ${outOfRange}, but the statement has ${lines.length} rows (numbered from 0); nothing was imported`);
  const outcome = importLines(ctx, account.id, lines, { source: format, fileName: file.name || null, rows: options.rows, reconciledConfirmed });
  rememberClosingBalance(ctx, outcome.uploadId, account, closingBalance, lines);
  if (options.columnMapping && (format === 'csv' || format === 'freeagent-csv')) {
    const header = csvHeader(file.bytes, mappingFromFields(options.columnMapping));
    rememberMapping(ctx, account.id, header ? { mapping: options.columnMapping, header } : { mapping: options.columnMapping });
  }
  const row = { id: outcome.uploadId, bankAccountId: account.id, source: format, fileName: file.name || null, lineCount: lines.length, addedCount: outcome.added, uploadedAt: ctx.now };
  const chosen = options.rows ?? lines.map((_, index) => index);
  const added = new Set(outcome.addedLines);
  return {
    status: 200,
    body: {
      statement_upload: {
        ...batchRecord(ctx, row, batchState(ctx, outcome.uploadId)),
        chosen_count: chosen.length,
        skipped_rows: chosen.filter((index) => !added.has(index)),
        added_rows: outcome.addedLines,
        auto_explained_count: outcome.autoExplained,
      },
    },
  };
}

/** The mapping given, else the one remembered for the account when the file is laid out as before. */
function readingOptions(ctx: EngineContext, account: AccountRow, file: UploadedFile, options: ReviewOptions): Omit<ParseOptions, 'fileName'> {
  if (options.columnMapping) return parseForReview(file, options).options;
  const plain = options.dateOrder ? { dateOrder: options.dateOrder } : {};
  if (rememberedMappings(ctx, account.id).length === 0) return plain;
  const first = parseForReview(file, options);
  const remembered = first.parsed.csv ? rememberedMapping(ctx, account.id, first.parsed.csv.header ?? null) : null;
  const read = withRememberedMapping(file, first, remembered, options.dateOrder);
  return read.mappingSource === 'remembered' ? read.options : plain;
}
