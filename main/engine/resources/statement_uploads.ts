import { Level } from '../../../shared/api/permissions';
import { uploadRedoSchema } from '../../../shared/api/statement_import';
import { MoneyError, toMinor } from '../../../shared/money';
import { importLines } from '../banking/statement-import';
import { confirmedByQuery } from '../banking/reconciled-guard';
import { batchRecord, undoBatch, type UploadRow } from '../banking/statement-batches';
import type { EngineContext } from '../context';
import { notFound, unprocessable } from '../errors';
import { pageHeaders, pageOf } from '../pagination';
import { payload } from '../payload';
import { deleted, ok, type Route, type RouteRequest } from '../route';
import { idFromUrl } from '../urls';
import { findBankAccount } from './bank_accounts';

/**
 * /v2/statement_uploads: a Ledgerdesk extension (docs/api-notes.md, "Import review"). Each statement
 * upload is a batch; the list shows them newest first, and DELETE undoes one.
 */

const COLUMNS = `id, bank_account_id AS bankAccountId, source, file_name AS fileName, line_count AS lineCount,
  added_count AS addedCount, uploaded_at AS uploadedAt`;

function findUpload(ctx: EngineContext, id: string): UploadRow {
  const row = /^\d{1,15}$/.test(id) ? (ctx.book.sqlite.prepare(`SELECT ${COLUMNS} FROM statement_uploads WHERE id = ?`).get(Number(id)) as UploadRow | undefined) : undefined;
  if (!row) throw notFound('Statement upload not found');
  return row;
}

function listUploads(request: RouteRequest) {
  const { ctx, query } = request;
  const value = query.get('bank_account');
  let accountId: number | null = null;
  if (value) {
    try {
      accountId = idFromUrl(value, 'bank_accounts', 'bank_account');
    } catch {
      throw notFound('bank_account is not a bank account of this company');
    }
    findBankAccount(ctx, accountId);
  }
  const where = accountId === null ? '' : 'WHERE bank_account_id = @account';
  const params = accountId === null ? {} : { account: accountId };
  const sqlite = ctx.book.sqlite;
  const total = sqlite.prepare(`SELECT count(*) FROM statement_uploads ${where}`).pluck().get(params) as number;
  const page = pageOf(query);
  const rows = sqlite.prepare(`SELECT ${COLUMNS} FROM statement_uploads ${where} ORDER BY id DESC LIMIT @limit OFFSET @offset`).all({ ...params, limit: page.limit, offset: page.offset }) as UploadRow[];
  return { status: 200, body: { statement_uploads: rows.map((row) => batchRecord(ctx, row)) }, headers: pageHeaders(request.url, page, total) };
}

function getUpload(request: RouteRequest) {
  return ok({ statement_upload: batchRecord(request.ctx, findUpload(request.ctx, request.params.id!)) });
}

/**
 * POST /v2/statement_uploads (uploadRedoSchema): an upload undone in the desk, done again. The lines
 * come back as they were listed, so a line's type is read from its stored description rather than
 * signing its amount by the type table again (an OFX transfer in is positive; the table's XFER is not).
 * A statement reconciled since the undo is asked about as for any upload (confirm_reconciled=true).
 */
function amountOf(amount: string, currency: string, index: number): number {
  try {
    return toMinor(amount, currency);
  } catch (error) {
    if (error instanceof MoneyError) throw unprocessable(`lines.${index}.amount ${error.message}`);
    throw error;
  }
}

function redoUpload(request: RouteRequest) {
  const { ctx } = request;
  const reconciledConfirmed = confirmedByQuery(request.query);
  const input = payload(request, 'statement_upload', uploadRedoSchema);
  let accountId: number;
  try {
    accountId = idFromUrl(input.bank_account, 'bank_accounts', 'bank_account');
  } catch {
    throw unprocessable('bank_account must be the url of a bank account');
  }
  const account = findBankAccount(ctx, accountId);
  const lines = input.lines.map((line, index) => ({
    datedOn: line.dated_on,
    amountMinor: amountOf(line.amount, account.currency, index),
    description: line.description,
    fitid: line.transaction_id ?? null,
    transactionType: /\/([A-Z_]+)\/$/.exec(line.description)?.[1] ?? 'OTHER',
  }));
  const outcome = importLines(ctx, account.id, lines, { source: input.source, fileName: input.file_name ?? null, reconciledConfirmed });
  return { status: 201, body: { statement_upload: batchRecord(ctx, findUpload(ctx, String(outcome.uploadId))) } };
}

function deleteUpload(request: RouteRequest) {
  undoBatch(request.ctx, findUpload(request.ctx, request.params.id!));
  return deleted();
}

export const statementUploadRoutes: Route[] = [
  { method: 'GET', path: '/v2/statement_uploads', level: Level.Banking, handle: listUploads },
  { method: 'GET', path: '/v2/statement_uploads/:id{[0-9]+}', level: Level.Banking, handle: getUpload },
  { method: 'DELETE', path: '/v2/statement_uploads/:id{[0-9]+}', level: Level.Banking, handle: deleteUpload },
  { method: 'POST', path: '/v2/statement_uploads', level: Level.Banking, handle: redoUpload },
];
