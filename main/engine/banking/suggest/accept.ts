import { and, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { fromMinor } from '../../../../shared/money';
import type { AcceptSuggestionsInput } from '../../../../shared/api/suggestions';
import { bankAccounts, bankTransactions, bills, categories, invoices } from '../../../db/schema';
import { loadCompany } from '../../company-record';
import type { EngineContext } from '../../context';
import { ApiError, unprocessable } from '../../errors';
import { recordUrl } from '../../urls';
import { decimal, type ApiRecord } from '../../values';
import { createExplanation } from '../explain';
import { EXPLANATIONS, type TransactionRow } from '../records';
import { CONFIDENT, type Guess, type GuessLine } from './guess';
import { guesser } from './suggest';
import { suggestionRecord } from './suggestion-record';
import { guessLines } from './with-suggestions';

/**
 * Bulk acceptance: every confident suggestion among the lines asked for, explained in the one
 * transaction of the request (so one change set, and one undo takes it all back), and the summary the
 * desk shows before it asks: how many lines, what total, to what.
 */

interface Chosen {
  row: TransactionRow;
  line: GuessLine;
  guess: Guess;
}

function linesAsked(ctx: EngineContext, input: AcceptSuggestionsInput): TransactionRow[] {
  if (input.bank_transactions) {
    const ids = input.bank_transactions.map((value, index) => {
      const text = String(value).trim();
      const id = /^\d{1,15}$/.test(text) ? Number(text) : Number(/\/v2\/bank_transactions\/(\d{1,15})\/?$/.exec(text)?.[1] ?? NaN);
      if (!Number.isSafeInteger(id)) throw unprocessable(`bank_transactions[${index}] must be the url of a bank transaction`);
      return id;
    });
    const rows = ids.length === 0 ? [] : ctx.db.select().from(bankTransactions).where(inArray(bankTransactions.id, ids)).all();
    const found = new Set(rows.map((row) => row.id));
    const missing = ids.findIndex((id) => !found.has(id));
    if (missing >= 0) throw unprocessable(`bank_transactions[${missing}] is not a bank transaction of this company`);
    return rows;
  }
  const text = String(input.bank_account).trim();
  const accountId = /^\d{1,15}$/.test(text) ? Number(text) : Number(/\/v2\/bank_accounts\/(\d{1,15})\/?$/.exec(text)?.[1] ?? NaN);
  const account = Number.isSafeInteger(accountId) ? ctx.db.select().from(bankAccounts).where(eq(bankAccounts.id, accountId)).get() : undefined;
  if (!account) throw unprocessable('bank_account is not a bank account of this company');
  const conditions: SQL[] = [eq(bankTransactions.bankAccountId, account.id)];
  if (input.from_date) conditions.push(gte(bankTransactions.datedOn, input.from_date));
  if (input.to_date) conditions.push(lte(bankTransactions.datedOn, input.to_date));
  return ctx.db.select().from(bankTransactions).where(and(...conditions)).all();
}

/** What would be accepted: confident suggestions that explain the line, on accounts in the company's currency. */
function chooseLines(ctx: EngineContext, rows: readonly TransactionRow[]): Chosen[] {
  const native = loadCompany(ctx).currency;
  const guess = guesser(ctx);
  const lines = guessLines(ctx, rows);
  const chosen: Chosen[] = [];
  lines.forEach((line, index) => {
    // A foreign-currency line needs its value in both currencies, which no suggestion knows.
    if (line.remainingMinor === 0 || line.currency !== native) return;
    const found = guess(line);
    if (!found || found.confidence < CONFIDENT) return;
    if (found.categoryCode === undefined && found.transferAccountId === undefined && found.paidInvoiceId === undefined && found.paidBillId === undefined) return;
    chosen.push({ row: rows[index]!, line, guess: found });
  });
  return chosen.sort((a, b) => (a.row.datedOn < b.row.datedOn ? -1 : a.row.datedOn > b.row.datedOn ? 1 : a.row.id - b.row.id));
}

function groupOf(ctx: EngineContext, guess: Guess): { kind: string; url: string; name: string } {
  if (guess.categoryCode !== undefined) {
    const name = ctx.db.select({ name: categories.description }).from(categories).where(eq(categories.nominalCode, guess.categoryCode)).get()?.name ?? guess.categoryCode;
    return { kind: 'category', url: `${ctx.origin}/v2/categories/${guess.categoryCode}`, name };
  }
  if (guess.transferAccountId !== undefined) {
    const name = ctx.db.select({ name: bankAccounts.name }).from(bankAccounts).where(eq(bankAccounts.id, guess.transferAccountId)).get()?.name ?? '';
    return { kind: 'transfer', url: recordUrl(ctx, 'bank_accounts', guess.transferAccountId), name };
  }
  if (guess.paidInvoiceId !== undefined) {
    const name = ctx.db.select({ name: invoices.reference }).from(invoices).where(eq(invoices.id, guess.paidInvoiceId)).get()?.name ?? '';
    return { kind: 'invoice', url: suggestionRecord(ctx, guess).paid_invoice as string, name };
  }
  const name = ctx.db.select({ name: bills.reference }).from(bills).where(eq(bills.id, guess.paidBillId!)).get()?.name ?? '';
  return { kind: 'bill', url: recordUrl(ctx, 'bills', guess.paidBillId!), name };
}

function summary(ctx: EngineContext, chosen: readonly Chosen[]): ApiRecord {
  const native = loadCompany(ctx).currency;
  const groups = new Map<string, { kind: string; url: string; name: string; count: number; totalMinor: number }>();
  let moneyIn = 0;
  let moneyOut = 0;
  for (const { line, guess } of chosen) {
    if (line.remainingMinor > 0) moneyIn += line.remainingMinor;
    else moneyOut += line.remainingMinor;
    const group = groupOf(ctx, guess);
    const entry = groups.get(group.url) ?? { ...group, count: 0, totalMinor: 0 };
    entry.count += 1;
    entry.totalMinor += line.remainingMinor;
    groups.set(group.url, entry);
  }
  return {
    count: chosen.length,
    total: decimal(fromMinor(moneyIn + moneyOut, native)),
    money_in: decimal(fromMinor(moneyIn, native)),
    money_out: decimal(fromMinor(moneyOut, native)),
    groups: [...groups.values()]
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
      .map((group) => ({ kind: group.kind, url: group.url, name: group.name, count: group.count, total: decimal(fromMinor(group.totalMinor, native)) })),
    bank_transactions: chosen.map(({ row }) => recordUrl(ctx, 'bank_transactions', row.id)),
  };
}

/** The summary of what accepting would do; writes nothing. */
export function previewAcceptance(ctx: EngineContext, input: AcceptSuggestionsInput): ApiRecord {
  return summary(ctx, chooseLines(ctx, linesAsked(ctx, input)));
}

/**
 * Explains every chosen line through the same path as a single explanation (same checks, postings,
 * change log). A line the explanation refuses (its period locked since, its bill paid meanwhile) is
 * left as it was and reported; its savepoint keeps the others.
 */
export function acceptSuggestions(ctx: EngineContext, input: AcceptSuggestionsInput): ApiRecord {
  const native = loadCompany(ctx).currency;
  const chosen = chooseLines(ctx, linesAsked(ctx, input));
  const accepted: Chosen[] = [];
  const explanations: string[] = [];
  const skipped: ApiRecord[] = [];
  for (const item of chosen) {
    const { row, line, guess } = item;
    try {
      const explanation = ctx.book.sqlite.transaction(() =>
        createExplanation(ctx, row, {
          bank_transaction: row.id,
          gross_value: fromMinor(line.remainingMinor, native),
          description: guess.description,
          category: guess.categoryCode,
          sales_tax_rate: guess.categoryCode !== undefined ? guess.salesTaxRate : undefined,
          transfer_bank_account: guess.transferAccountId,
          paid_invoice: guess.paidInvoiceId,
          paid_bill: guess.paidBillId,
          marked_for_review: guess.markForReview,
        }),
      )();
      accepted.push(item);
      explanations.push(recordUrl(ctx, EXPLANATIONS, explanation.id));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      skipped.push({ bank_transaction: recordUrl(ctx, 'bank_transactions', row.id), message: error.message });
    }
  }
  return { ...summary(ctx, accepted), bank_transaction_explanations: explanations, skipped };
}
