import { bankAccounts } from '../../../db/schema';
import type { EngineContext } from '../../context';
import { badRequest } from '../../errors';
import type { ApiRecord } from '../../values';
import type Database from 'better-sqlite3';
import { preparedPerConnection } from '../../prepared';
import type { TransactionRow } from '../records';
import type { GuessLine } from './guess';
import { lineText } from './payee';
import { guesser } from './suggest';
import { suggestionRecord } from './suggestion-record';

/** `suggestions=false` leaves the field out (a tool that only reads lines need not pay for guesses). */
export function wantsSuggestions(query: URLSearchParams): boolean {
  const value = query.get('suggestions');
  if (value !== null && value !== 'true' && value !== 'false') throw badRequest('suggestions must be true or false');
  return value !== 'false';
}

const explainedSums = preparedPerConnection((sqlite: Database.Database) =>
  sqlite.prepare(
    `SELECT bank_transaction_id, SUM(COALESCE(foreign_gross_minor, gross_minor)) FROM bank_transaction_explanations
     WHERE bank_transaction_id IN (SELECT value FROM json_each(?)) GROUP BY bank_transaction_id`,
  ),
);

/** What each line has explained so far (in its account's currency), in one query for the lot. */
export function explainedSoFar(ctx: EngineContext, rows: readonly TransactionRow[]): Map<number, number> {
  if (rows.length === 0) return new Map();
  const sums = explainedSums(ctx.book.sqlite).raw().all(JSON.stringify(rows.map((row) => row.id))) as [number, number][];
  return new Map(sums);
}

/** The lines as the guessers see them: each with what is left to explain and its account's currency. */
export function guessLines(ctx: EngineContext, rows: readonly TransactionRow[], explained: ReadonlyMap<number, number> = explainedSoFar(ctx, rows)): GuessLine[] {
  const currencies = new Map(ctx.db.select({ id: bankAccounts.id, currency: bankAccounts.currency }).from(bankAccounts).all().map((row) => [row.id, row.currency]));
  return rows.map((row) => ({
    id: row.id,
    bankAccountId: row.bankAccountId,
    datedOn: row.datedOn,
    description: lineText(row.description),
    remainingMinor: row.amountMinor - (explained.get(row.id) ?? 0),
    currency: currencies.get(row.bankAccountId)!,
  }));
}

/**
 * Adds `suggested_explanation` to each record of a line with something left to explain: the guess, or
 * null when there is none. A fully explained line's record is left as it was.
 */
export function addSuggestions(ctx: EngineContext, rows: readonly TransactionRow[], records: ApiRecord[]): void {
  const guess = guesser(ctx);
  guessLines(ctx, rows).forEach((line, index) => {
    if (line.remainingMinor === 0) return;
    const found = guess(line);
    records[index]!.suggested_explanation = found ? suggestionRecord(ctx, found) : null;
  });
}

/** The list and single read's one call: suggestions on the records unless the query turns them off. */
export function suggestOnRecords(ctx: EngineContext, query: URLSearchParams, rows: readonly TransactionRow[], records: ApiRecord[]): void {
  if (!wantsSuggestions(query)) return;
  addSuggestions(ctx, rows, records);
}
