import type { Db } from '../../db/client';
import { bankTransactions } from '../../db/schema';
import type { EngineContext } from '../context';
import { preparedPerConnection, rowPlaceholders } from '../prepared';
import type { TransactionRow } from './records';

// A transfer with no waiting line makes one for each line a bulk accept explains: prepared once per connection.
const insertQuery = preparedPerConnection((db: Db) => db.insert(bankTransactions).values(rowPlaceholders(bankTransactions, 'id')).returning().prepare());

/** A bank line that did not come from a statement: a transfer's other side, or money recorded by hand. */
export function insertManualLine(
  ctx: EngineContext,
  line: Pick<TransactionRow, 'bankAccountId' | 'datedOn' | 'description' | 'amountMinor' | 'transactionType'>,
): TransactionRow {
  const values: Required<Omit<typeof bankTransactions.$inferInsert, 'id'>> = {
    ...line,
    transactionId: null,
    isManual: true,
    uploadedAt: null,
    markedForReview: false,
    uploadId: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  const row = insertQuery(ctx.db).get(values)!;
  ctx.recordChange('bank_transactions', row.id, 'create');
  return row;
}
