import { Level } from '../../../shared/api/permissions';
import { batchRecord, undoBatch, type UploadRow } from '../banking/statement-batches';
import type { EngineContext } from '../context';
import { notFound } from '../errors';
import { pageHeaders, pageOf } from '../pagination';
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

function deleteUpload(request: RouteRequest) {
  undoBatch(request.ctx, findUpload(request.ctx, request.params.id!));
  return deleted();
}

export const statementUploadRoutes: Route[] = [
  { method: 'GET', path: '/v2/statement_uploads', level: Level.Banking, handle: listUploads },
  { method: 'GET', path: '/v2/statement_uploads/:id{[0-9]+}', level: Level.Banking, handle: getUpload },
  { method: 'DELETE', path: '/v2/statement_uploads/:id{[0-9]+}', level: Level.Banking, handle: deleteUpload },
];
