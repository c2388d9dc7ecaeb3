import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { ACCEPT_LINES_MAX, type AcceptSuggestionsInput } from '../../../../shared/api/suggestions';
import { bankAccounts, bankTransactions } from '../../../db/schema';
import type { EngineContext } from '../../context';
import { unprocessable } from '../../errors';
import type { TransactionRow } from '../records';

/**
 * The lines an acceptance (or its preview) looks at: those named, or those of an account between the
 * dates that have something left to explain. Either way at most ACCEPT_LINES_MAX: they are all
 * explained in one transaction, which keeps every other write of the book waiting until it ends.
 */

/** Explanations have not yet covered the line's amount (in the account's currency, as explainedSoFar counts). */
const LEFT_TO_EXPLAIN = sql`${bankTransactions.amountMinor} <> coalesce((SELECT sum(coalesce(e.foreign_gross_minor, e.gross_minor))
  FROM bank_transaction_explanations e WHERE e.bank_transaction_id = ${bankTransactions.id}), 0)`;

const idIn = (text: string, segment: string) => Number((/^\d{1,15}$/.test(text) ? text : new RegExp(`/v2/${segment}/(\\d{1,15})/?$`).exec(text)?.[1]) ?? NaN);

function linesNamed(ctx: EngineContext, named: readonly (string | number)[]): TransactionRow[] {
  const ids = named.map((value, index) => {
    const id = idIn(String(value).trim(), 'bank_transactions');
    if (!Number.isSafeInteger(id)) throw unprocessable(`bank_transactions[${index}] must be the url of a bank transaction`);
    return id;
  });
  const rows = ids.length === 0 ? [] : ctx.db.select().from(bankTransactions).where(inArray(bankTransactions.id, ids)).all();
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0) throw unprocessable(`bank_transactions[${missing}] is not a bank transaction of this company`);
  return rows;
}

function period(input: AcceptSuggestionsInput): string {
  if (input.from_date && input.to_date) return ` between ${input.from_date} and ${input.to_date}`;
  if (input.from_date) return ` from ${input.from_date}`;
  if (input.to_date) return ` up to ${input.to_date}`;
  return '';
}

function accountLines(ctx: EngineContext, input: AcceptSuggestionsInput): TransactionRow[] {
  const accountId = idIn(String(input.bank_account).trim(), 'bank_accounts');
  const account = Number.isSafeInteger(accountId) ? ctx.db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.id, accountId)).get() : undefined;
  if (!account) throw unprocessable('bank_account is not a bank account of this company');
  const conditions: SQL[] = [eq(bankTransactions.bankAccountId, account.id), LEFT_TO_EXPLAIN];
  if (input.from_date) conditions.push(gte(bankTransactions.datedOn, input.from_date));
  if (input.to_date) conditions.push(lte(bankTransactions.datedOn, input.to_date));
  const rows = ctx.db.select().from(bankTransactions).where(and(...conditions)).all();
  if (rows.length > ACCEPT_LINES_MAX) {
    throw unprocessable(
      `bank_account has ${rows.length} lines with something left to explain${period(input)}; at most ${ACCEPT_LINES_MAX} are taken at a time: give from_date and to_date to accept them a part at a time`,
    );
  }
  return rows;
}

export function linesAsked(ctx: EngineContext, input: AcceptSuggestionsInput): TransactionRow[] {
  return input.bank_transactions ? linesNamed(ctx, input.bank_transactions) : accountLines(ctx, input);
}
