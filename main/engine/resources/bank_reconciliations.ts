import { reconciliationInputSchema } from '../../../shared/api/bank_reconciliations';
import { Level } from '../../../shared/api/permissions';
import { fromMinor } from '../../../shared/money';
import { findReconciliation, lastReconciliation, RECONCILIATION_COLUMNS, readAsked, statementFigures, type ReconciliationRow } from '../banking/reconciliation-figures';
import { previewRecord, reconciliationDetail, reconciliationRecord } from '../banking/reconciliation-records';
import { reconciliationTable } from '../banking/reconciliation-report';
import { reconcile, unreconcile } from '../banking/reconciliation-write';
import type { EngineContext } from '../context';
import { badRequest, notFound } from '../errors';
import { pageHeaders, pageOf } from '../pagination';
import { payload } from '../payload';
import { reportPdf } from '../reports/pdf/report-pdf';
import { created, deleted, ok, type Route, type RouteRequest } from '../route';
import { idFromUrl, recordUrl } from '../urls';
import { date, decimal } from '../values';
import { findBankAccount } from './bank_accounts';
import { loadCompany } from '../company-record';

/**
 * /v2/bank_reconciliations, a Ledgerdesk extension (docs/api-notes.md, "Reconcile to the statement"):
 * each bank account's statements reconciled with the book, the preview that shows the difference
 * and the lines that make it, the closing balance the last import printed, and the printed report.
 */

/** bank_account from the query (a url or an id): required, and a 404 when it is not this company's. */
function accountFromQuery(ctx: EngineContext, query: URLSearchParams) {
  const value = query.get('bank_account');
  if (!value) throw badRequest('bank_account is required: the url of the bank account');
  try {
    return findBankAccount(ctx, idFromUrl(value, 'bank_accounts', 'bank_account'));
  } catch {
    throw notFound('bank_account is not a bank account of this company');
  }
}

/** The account's history, latest statement first. */
function listReconciliations(request: RouteRequest) {
  const { ctx, query } = request;
  const account = accountFromQuery(ctx, query);
  const sqlite = ctx.book.sqlite;
  const total = sqlite.prepare('SELECT count(*) FROM bank_reconciliations WHERE bank_account_id = ?').pluck().get(account.id) as number;
  const page = pageOf(query);
  const rows = sqlite
    .prepare(`SELECT ${RECONCILIATION_COLUMNS} FROM bank_reconciliations WHERE bank_account_id = ? ORDER BY statement_date DESC, id DESC LIMIT ? OFFSET ?`)
    .all(account.id, page.limit, page.offset) as ReconciliationRow[];
  return { status: 200, body: { bank_reconciliations: rows.map((row) => reconciliationRecord(ctx, row, account)) }, headers: pageHeaders(request.url, page, total) };
}

function previewReconciliation(request: RouteRequest) {
  const { ctx } = request;
  const input = payload(request, 'bank_reconciliation', reconciliationInputSchema);
  return ok({ bank_reconciliation_preview: previewRecord(ctx, statementFigures(ctx, readAsked(ctx, input))) });
}

function createReconciliation(request: RouteRequest) {
  const { ctx } = request;
  const input = payload(request, 'bank_reconciliation', reconciliationInputSchema);
  const row = reconcile(ctx, statementFigures(ctx, readAsked(ctx, input)));
  const record = reconciliationDetail(ctx, row);
  return created({ bank_reconciliation: record }, record.url as string);
}

/**
 * The closing balance the account's latest import printed, when it is for a later day than the last
 * reconciliation (an older one has nothing left to reconcile); null otherwise.
 */
function statementBalance(request: RouteRequest) {
  const { ctx, query } = request;
  const account = accountFromQuery(ctx, query);
  const last = lastReconciliation(ctx, account.id);
  const row = ctx.book.sqlite
    .prepare(
      `SELECT b.upload_id AS uploadId, b.statement_date AS statementDate, b.closing_balance_minor AS closingMinor, u.file_name AS fileName
       FROM statement_closing_balances b JOIN statement_uploads u ON u.id = b.upload_id WHERE b.bank_account_id = ? ORDER BY b.upload_id DESC LIMIT 1`,
    )
    .get(account.id) as { uploadId: number; statementDate: string; closingMinor: number; fileName: string | null } | undefined;
  if (!row || (last && row.statementDate <= last.statementDate)) return ok({ statement_balance: null });
  return ok({
    statement_balance: {
      statement_date: date(row.statementDate),
      closing_balance: decimal(fromMinor(row.closingMinor, account.currency)),
      statement_upload: recordUrl(ctx, 'statement_uploads', row.uploadId),
      file_name: row.fileName ?? undefined,
    },
  });
}

function reconciliationPdf(request: RouteRequest) {
  const { ctx } = request;
  const row = findReconciliation(ctx, request.params.id!);
  const account = findBankAccount(ctx, row.bankAccountId);
  const detail = JSON.parse(JSON.stringify(reconciliationDetail(ctx, row))) as Record<string, unknown>;
  const company = loadCompany(ctx);
  const bytes = reportPdf(reconciliationTable(detail, account.name), { company: company.name, currency: account.currency, createdAt: new Date(ctx.now) });
  return ok({ pdf: { content: Buffer.from(bytes).toString('base64') } });
}

const BANKING = Level.Banking;
const BY_ID = '/v2/bank_reconciliations/:id{[0-9]+}';

export const bankReconciliationRoutes: Route[] = [
  { method: 'GET', path: '/v2/bank_reconciliations', level: BANKING, handle: listReconciliations },
  { method: 'GET', path: '/v2/bank_reconciliations/statement_balance', level: BANKING, handle: statementBalance },
  { method: 'POST', path: '/v2/bank_reconciliations/preview', level: BANKING, handle: previewReconciliation },
  { method: 'POST', path: '/v2/bank_reconciliations', level: BANKING, handle: createReconciliation },
  { method: 'GET', path: BY_ID, level: BANKING, handle: ({ ctx, params }) => ok({ bank_reconciliation: reconciliationDetail(ctx, findReconciliation(ctx, params.id!)) }) },
  { method: 'GET', path: `${BY_ID}/pdf`, level: BANKING, handle: reconciliationPdf },
  {
    method: 'DELETE',
    path: BY_ID,
    level: BANKING,
    handle: ({ ctx, params }) => {
      unreconcile(ctx, findReconciliation(ctx, params.id!));
      return deleted();
    },
  },
];
