import type Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { bankTransactionExplanations, bankTransactions } from '../../db/schema';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { preparedPerConnection } from '../prepared';
import { assertUnlocked } from '../ledger/locks';
import { formattedAmount, storedDescription } from './descriptions';
import { accountById, insertExplanation, touchLine } from './explanation-statements';
import { insertManualLine } from './manual-line';
import { assertLineAddedConfirmed, assertReconciledLinesConfirmed, type AddedLine } from './reconciled-guard';
import { EXPLANATIONS, type ExplanationRow, type TransactionRow } from './records';
import type { WriteConsent } from './write-consent';

/**
 * A transfer between own accounts is one movement of money seen on two statements. Its other side is
 * the other account's line of the opposite amount: when that line is already in the book, unexplained,
 * the transfer explains it (a counterpart explanation pointing back at the transfer); only when there is
 * none does the transfer make a manual line there. Making one beside the imported line counted the
 * money twice (Savings held two +500 lines, balance 1000.00).
 */

/**
 * Banks date the two sides of a transfer up to a few days apart (weekends, clearing). The same window
 * as the transfer suggestion (suggest/transfers.ts), so the line a transfer was suggested from is the
 * line it pairs with.
 */
export const TRANSFER_PAIRING_DAYS = 4;

export const transferEntryType = (grossMinor: number): string => (grossMinor > 0 ? 'Transfer from Another Account' : 'Transfer to Another Account');

/** The other side a transfer had before a change: the line, and when the transfer made it, what it was. */
export interface OtherSideBefore {
  lineId: number;
  /** Set when the transfer made that line itself (it goes with the transfer); null for a paired statement line. */
  made: AddedLine | null;
}

interface OpenLine {
  id: number;
  datedOn: string;
}

export function otherSideOf(ctx: EngineContext, source: ExplanationRow): OtherSideBefore | null {
  const counterpart = ctx.db
    .select({ lineId: bankTransactionExplanations.bankTransactionId })
    .from(bankTransactionExplanations)
    .where(eq(bankTransactionExplanations.transferSourceId, source.id))
    .get();
  if (!counterpart) return null;
  if (source.transferTransactionId === null) return { lineId: counterpart.lineId, made: null };
  const made = ctx.db
    .select({ bankAccountId: bankTransactions.bankAccountId, datedOn: bankTransactions.datedOn, amountMinor: bankTransactions.amountMinor })
    .from(bankTransactions)
    .where(eq(bankTransactions.id, source.transferTransactionId))
    .get();
  return { lineId: counterpart.lineId, made: made ?? null };
}

// Asked once for every transfer written (a bulk accept of transfers, once a line): prepared once per connection.
const oppositesQuery = preparedPerConnection((sqlite: Database.Database) =>
  sqlite.prepare<[{ account: number; amount: number; day: string; before: string; after: string }], OpenLine>(
    `SELECT t.id, t.dated_on AS datedOn FROM bank_transactions t
     WHERE t.bank_account_id = @account AND t.dated_on BETWEEN date(@day, @before) AND date(@day, @after) AND t.amount_minor = @amount
       AND NOT EXISTS (SELECT 1 FROM bank_transaction_explanations e WHERE e.bank_transaction_id = t.id)
     ORDER BY abs(julianday(t.dated_on) - julianday(@day)), t.dated_on, t.id`,
  ),
);

/** The account's unexplained lines of this amount within the window of the day, nearest first. */
function unexplainedOpposites(ctx: EngineContext, accountId: number, amountMinor: number, day: string): OpenLine[] {
  return oppositesQuery(ctx.book.sqlite).all({ account: accountId, amount: amountMinor, day, before: `-${TRANSFER_PAIRING_DAYS} days`, after: `+${TRANSFER_PAIRING_DAYS} days` });
}

/**
 * Which open line is the other side. One is it. Of several, the one the transfer was paired with
 * before a change stays; else a person's own request takes the nearest by date (any of them leaves
 * every balance right, and the API has no field to name one), and an automatic write refuses, so the
 * line is left for the person.
 */
function chooseOpposite(lines: readonly OpenLine[], keptLineId: number | null, consent: WriteConsent, describe: () => string): OpenLine | null {
  if (lines.length <= 1) return lines[0] ?? null;
  const kept = lines.find((line) => line.id === keptLineId);
  if (kept) return kept;
  if (consent.byPerson) return lines[0]!;
  throw unprocessable(`${describe()} (${lines.map((line) => line.datedOn).sort().join(', ')}), any of which could be this transfer's other side; it is left for you to explain`);
}

const sameLine = (a: AddedLine | null | undefined, b: AddedLine) => a != null && a.bankAccountId === b.bankAccountId && a.datedOn === b.datedOn && a.amountMinor === b.amountMinor;

function insertCounterpart(ctx: EngineContext, source: ExplanationRow, line: { id: number; bankAccountId: number; datedOn: string }): void {
  const counterpart = insertExplanation(ctx, {
    bankTransactionId: line.id,
    bankAccountId: line.bankAccountId,
    datedOn: line.datedOn,
    description: source.description,
    categoryId: null,
    grossMinor: -source.grossMinor,
    foreignGrossMinor: source.foreignGrossMinor !== null ? -source.foreignGrossMinor : null,
    salesTaxRate: null,
    salesTaxMinor: 0,
    manualSalesTaxMinor: null,
    salesTaxStatus: null,
    salesTaxMode: 'auto',
    ecStatus: null,
    placeOfSupply: null,
    entryType: transferEntryType(-source.grossMinor),
    transferBankAccountId: source.bankAccountId,
    transferTransactionId: null,
    transferSourceId: source.id,
    markedForReview: false,
    paidInvoiceId: null,
    paidBillId: null,
    projectId: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  ctx.recordChange(EXPLANATIONS, counterpart.id, 'create');
}

/**
 * Writes the transfer's other side: explains the other account's waiting line, or makes one. Every
 * line it writes passes the same checks as the line explained: the lock, and a reconciled statement
 * (explaining a reconciled line, or adding a line on or before a reconciled statement's date).
 */
export function writeOtherSide(ctx: EngineContext, source: ExplanationRow, explained: TransactionRow, consent: WriteConsent, before: OtherSideBefore | null): void {
  const other = accountById(ctx, source.transferBankAccountId!)!;
  const amountMinor = -(source.foreignGrossMinor ?? source.grossMinor);
  const opposites = unexplainedOpposites(ctx, other.id, amountMinor, explained.datedOn);
  const describe = () =>
    `${other.name} holds ${opposites.length} unexplained lines paying ${amountMinor > 0 ? 'in' : 'out'} ${formattedAmount(amountMinor, other.currency)} within ${TRANSFER_PAIRING_DAYS} days of ${explained.datedOn}`;
  const paired = chooseOpposite(opposites, before?.made === null ? before.lineId : null, consent, describe);
  if (paired) {
    assertUnlocked(ctx, paired.datedOn);
    assertReconciledLinesConfirmed(ctx, consent.reconciledConfirmed, [paired.id], 'explaining it as the other side of this transfer');
    insertCounterpart(ctx, source, { id: paired.id, bankAccountId: other.id, datedOn: paired.datedOn });
    touchLine(ctx, paired.id);
    return;
  }
  const added: AddedLine = { bankAccountId: other.id, datedOn: source.datedOn, amountMinor };
  // Written again just as it was (the transfer's words changed), the line changes no statement's balance.
  if (!sameLine(before?.made, added)) assertLineAddedConfirmed(ctx, consent.reconciledConfirmed, added, 'this transfer');
  const own = accountById(ctx, source.bankAccountId)!;
  const text = source.description || `Transfer ${amountMinor > 0 ? 'from' : 'to'} ${own.name}`;
  const line = insertManualLine(ctx, { ...added, description: storedDescription(text, '', 'XFER'), transactionType: 'XFER' });
  insertCounterpart(ctx, source, line);
  ctx.db.update(bankTransactionExplanations).set({ transferTransactionId: line.id }).where(eq(bankTransactionExplanations.id, source.id)).run();
}

/**
 * Takes the transfer's other side away: its counterpart explanation always, and the line only when the
 * transfer made it. A paired statement line stays, unexplained again, as it came from the bank.
 */
export function removeOtherSide(ctx: EngineContext, source: ExplanationRow): void {
  const counterparts = ctx.db.select().from(bankTransactionExplanations).where(eq(bankTransactionExplanations.transferSourceId, source.id)).all();
  for (const counterpart of counterparts) {
    ctx.db.delete(bankTransactionExplanations).where(eq(bankTransactionExplanations.id, counterpart.id)).run();
    ctx.recordChange(EXPLANATIONS, counterpart.id, 'delete');
    if (counterpart.bankTransactionId !== source.transferTransactionId) touchLine(ctx, counterpart.bankTransactionId);
  }
  if (source.transferTransactionId !== null) {
    ctx.db.update(bankTransactionExplanations).set({ transferTransactionId: null }).where(eq(bankTransactionExplanations.id, source.id)).run();
    ctx.db.delete(bankTransactions).where(eq(bankTransactions.id, source.transferTransactionId)).run();
    ctx.recordChange('bank_transactions', source.transferTransactionId, 'delete');
  }
}
