/**
 * Typed calls for /v2/bank_reconciliations (a Ledgerdesk extension, api-notes "Reconcile to the
 * statement"): the preview of a statement against the book, marking it reconciled, the account's
 * history, the closing balance the last import printed, the report, and removing the latest.
 */
import {
  reconciliationPreviewSchema,
  reconciliationSchema,
  statementBalanceSchema,
  type Reconciliation,
  type ReconciliationPreview,
  type StatementBalance,
} from '../../../shared/api/bank_reconciliations';
import { getAll, getOne, pathOf, send, type ApiResult } from '../api';
import { documentPdf } from './pdf';

export type { Reconciliation, ReconciliationPreview, StatementBalance };

export interface StatementAsked {
  accountUrl: string;
  statementDate: string;
  /** Decimal text for the engine. */
  closingBalance: string;
  /** Unreconciled lines up to the date that are not on the statement (every other one is). */
  excluded: readonly string[];
  statementUpload?: string;
}

function payload(asked: StatementAsked) {
  return {
    bank_reconciliation: {
      bank_account: asked.accountUrl,
      statement_date: asked.statementDate,
      closing_balance: asked.closingBalance,
      ...(asked.excluded.length > 0 ? { excluded_bank_transactions: asked.excluded } : {}),
      ...(asked.statementUpload ? { statement_upload: asked.statementUpload } : {}),
    },
  };
}

export function previewReconciliation(asked: StatementAsked): Promise<ApiResult<ReconciliationPreview>> {
  return getOne('POST', '/v2/bank_reconciliations/preview', 'bank_reconciliation_preview', reconciliationPreviewSchema, { body: payload(asked) });
}

export function createReconciliation(asked: StatementAsked): Promise<ApiResult<Reconciliation>> {
  return getOne('POST', '/v2/bank_reconciliations', 'bank_reconciliation', reconciliationSchema, { body: payload(asked) });
}

export function listReconciliations(accountUrl: string): Promise<ApiResult<Reconciliation[]>> {
  return getAll('/v2/bank_reconciliations', 'bank_reconciliations', reconciliationSchema, { bank_account: accountUrl });
}

/** The account's latest reconciled statement (the list is latest first), or null when none is reconciled. */
export async function latestReconciliation(accountUrl: string): Promise<ApiResult<Reconciliation | null>> {
  const listed = await getOne('GET', '/v2/bank_reconciliations', 'bank_reconciliations', reconciliationSchema.array(), { query: { bank_account: accountUrl, per_page: '1' } });
  return listed.ok ? { ok: true, value: listed.value[0] ?? null } : listed;
}

export function getReconciliation(url: string): Promise<ApiResult<Reconciliation>> {
  return getOne('GET', pathOf(url), 'bank_reconciliation', reconciliationSchema);
}

export async function deleteReconciliation(url: string): Promise<ApiResult<null>> {
  const sent = await send('DELETE', pathOf(url));
  return sent.ok ? { ok: true, value: null } : sent;
}

export function lastStatementBalance(accountUrl: string): Promise<ApiResult<StatementBalance>> {
  return getOne('GET', '/v2/bank_reconciliations/statement_balance', 'statement_balance', statementBalanceSchema, { query: { bank_account: accountUrl } });
}

/** The printed reconciliation, statement against book. */
export function reconciliationPdf(url: string): Promise<ApiResult<Uint8Array>> {
  return documentPdf(url);
}
