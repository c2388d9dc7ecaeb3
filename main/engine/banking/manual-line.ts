import { bankTransactions } from '../../db/schema';
import type { EngineContext } from '../context';
import type { TransactionRow } from './records';

/** A bank line that did not come from a statement: a transfer's other side, or money recorded by hand. */
export function insertManualLine(
  ctx: EngineContext,
  line: Pick<TransactionRow, 'bankAccountId' | 'datedOn' | 'description' | 'amountMinor' | 'transactionType'>,
): TransactionRow {
  const row = ctx.db
    .insert(bankTransactions)
    .values({ ...line, transactionId: null, isManual: true, uploadedAt: null, markedForReview: false, uploadId: null, createdAt: ctx.now, updatedAt: ctx.now })
    .returning()
    .get();
  ctx.recordChange('bank_transactions', row.id, 'create');
  return row;
}
