import type Database from 'better-sqlite3';
import { lineWords } from '../banking/line-words';

/**
 * Rules a write route enforces that no single row shows, so undo and redo, which put rows back as
 * they were, check them too before anything is written. Without them an undo took back a return
 * HMRC had accepted (and its lock), or a reconciliation a later one starts from.
 */

export interface MovedRow {
  table: string;
  /** What the row is now (what the set left, for an undo), null when it is not there. */
  current: Record<string, unknown> | null;
  /** What the row becomes, null when it goes. */
  target: Record<string, unknown> | null;
}

/** Why the set may not be applied, as the end of a sentence; null when nothing stands in its way. */
export function standingRuleBroken(sqlite: Database.Database, rows: readonly MovedRow[], setId: number): string | null {
  for (const row of rows) {
    if (row.table === 'vat_return_states' && row.current?.filing_status === 'filed' && row.target?.filing_status !== 'filed') {
      return `the VAT return for the period ending ${String(row.current.period_ends_on)} was filed with HMRC, which holds it; a return HMRC has accepted cannot be taken back (put any mistake right on a later return)`;
    }
  }
  const goingReconciliations = new Set(rows.filter((row) => row.table === 'bank_reconciliations' && row.current && !row.target).map((row) => Number(row.current!.id)));
  for (const id of goingReconciliations) {
    const gone = rows.find((row) => row.table === 'bank_reconciliations' && Number(row.current?.id) === id)!.current!;
    const later = sqlite
      .prepare('SELECT id, statement_date FROM bank_reconciliations WHERE bank_account_id = ? AND (statement_date > ? OR (statement_date = ? AND id > ?)) ORDER BY statement_date, id')
      .all(gone.bank_account_id, gone.statement_date, gone.statement_date, id) as { id: number; statement_date: string }[];
    const resting = later.find((each) => !goingReconciliations.has(each.id));
    if (resting) return `the reconciliation for the statement of ${resting.statement_date} starts from this one's balance; take that one back first`;
  }
  return lineBackInStatementReconciledSince(sqlite, rows, setId);
}

/**
 * A bank line the set puts back, dated inside a statement reconciled after the set was made, is a line
 * that statement did not have when the person checked it (an import taken back in Banking › Imports,
 * October reconciled, then the import's removal undone). A statement upload asks first in that case
 * (statement-reconciled.ts); undo cannot ask, so it is refused until that reconciliation is taken back.
 * A reconciliation made before the set saw the line, so putting it back restores what it was made with.
 */
function lineBackInStatementReconciledSince(sqlite: Database.Database, rows: readonly MovedRow[], setId: number): string | null {
  const back = rows.filter((row) => row.table === 'bank_transactions' && !row.current && row.target).map((row) => row.target!);
  if (back.length === 0) return null;
  const madeUpTo = sqlite.prepare('SELECT last_change FROM change_sets WHERE id = ?').pluck().get(setId) as number | undefined;
  if (madeUpTo === undefined) return null;
  // Only the change log after the set is read (a range of its key), not the whole log per statement.
  const latestSince = sqlite.prepare(
    `SELECT r.statement_date AS statementDate, a.name FROM bank_reconciliations r JOIN bank_accounts a ON a.id = r.bank_account_id
     WHERE r.bank_account_id = ?
       AND CAST(r.id AS TEXT) IN (SELECT record_id FROM changes WHERE id > ? AND resource = 'bank_reconciliations' AND operation = 'create')
     ORDER BY r.statement_date DESC LIMIT 1`,
  );
  const statements = new Map<number, { statementDate: string; name: string } | undefined>();
  for (const line of back) {
    const accountId = Number(line.bank_account_id);
    if (!statements.has(accountId)) statements.set(accountId, latestSince.get(accountId, madeUpTo) as { statementDate: string; name: string } | undefined);
    const statement = statements.get(accountId);
    if (!statement || String(line.dated_on) > statement.statementDate) continue;
    const words = lineWords(String(line.description ?? ''));
    return `it would put back the line of ${String(line.dated_on)}${words === '' ? '' : ` "${words}"`} in ${statement.name}, and the statement to ${statement.statementDate} reconciled since does not have it; take that reconciliation back first`;
  }
  return null;
}
