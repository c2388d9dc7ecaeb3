import type { EngineContext } from '../context';
import type { ExplanationRow } from './records';

interface Counterpart {
  reconciliationId: number;
  bankAccountId: number;
  datedOn: string;
  amountMinor: number;
}

/**
 * Changing a transfer writes its other side's line again (explain.ts). When that line was
 * reconciled on the other account and comes back the same (account, date, amount), it stays
 * reconciled: the person changed the transfer's words, not the other statement.
 */
export function counterpartMark(ctx: EngineContext, explanation: ExplanationRow): Counterpart | undefined {
  if (explanation.transferTransactionId === null) return undefined;
  return ctx.book.sqlite
    .prepare(
      `SELECT l.reconciliation_id AS reconciliationId, t.bank_account_id AS bankAccountId, t.dated_on AS datedOn, t.amount_minor AS amountMinor
       FROM bank_transactions t JOIN bank_reconciliation_lines l ON l.bank_transaction_id = t.id WHERE t.id = ?`,
    )
    .get(explanation.transferTransactionId) as Counterpart | undefined;
}

export function keepCounterpartMark(ctx: EngineContext, mark: Counterpart | undefined, after: ExplanationRow): void {
  if (!mark || after.transferTransactionId === null) return;
  const line = ctx.book.sqlite
    .prepare('SELECT bank_account_id AS bankAccountId, dated_on AS datedOn, amount_minor AS amountMinor FROM bank_transactions WHERE id = ?')
    .get(after.transferTransactionId) as Omit<Counterpart, 'reconciliationId'> | undefined;
  if (!line || line.bankAccountId !== mark.bankAccountId || line.datedOn !== mark.datedOn || line.amountMinor !== mark.amountMinor) return;
  ctx.book.sqlite.prepare('INSERT INTO bank_reconciliation_lines (reconciliation_id, bank_transaction_id) VALUES (?, ?)').run(mark.reconciliationId, after.transferTransactionId);
}
