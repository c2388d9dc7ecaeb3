import type Database from 'better-sqlite3';

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
export function standingRuleBroken(sqlite: Database.Database, rows: readonly MovedRow[]): string | null {
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
  return null;
}
