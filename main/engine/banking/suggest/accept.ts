import { fromMinor } from '../../../../shared/money';
import type { AcceptSuggestionsInput } from '../../../../shared/api/suggestions';
import type { ExplanationInput } from '../../../../shared/api/bank_transaction_explanations';
import { loadCompany } from '../../company-record';
import type { EngineContext } from '../../context';
import { ApiError } from '../../errors';
import { keepingFiledVatReturns } from '../../ledger/filed-vat-returns';
import { recordUrl } from '../../urls';
import type { ApiRecord } from '../../values';
import { createExplanation } from '../explain';
import { EXPLANATIONS, type TransactionRow } from '../records';
import { refusalCheck } from './accept-refusals';
import { linesAsked } from './accept-scope';
import { summary, type Chosen } from './accept-summary';
import { CONFIDENT, type Guess } from './guess';
import { guesser } from './suggest';
import { treatmentInput } from './treatment';
import { guessLines } from './with-suggestions';

/**
 * Bulk acceptance: every confident suggestion among the lines asked for, explained in the one
 * transaction of the request (so one change set, and one undo takes it all back), and the summary the
 * desk shows before it asks: how many lines, what total, to what, and which lines it will leave and why.
 */

interface Skipped {
  row: TransactionRow;
  message: string;
}

interface Choice {
  chosen: Chosen[];
  /** Lines with a confident suggestion that accepting would not explain (accept-refusals.ts). */
  refused: Skipped[];
}

const byDate = (a: TransactionRow, b: TransactionRow) => (a.datedOn < b.datedOn ? -1 : a.datedOn > b.datedOn ? 1 : a.id - b.id);

/**
 * What would be accepted: confident suggestions that explain the line, on accounts in the company's
 * currency, that the explanation will not refuse for its date, its reconciliation or its own account.
 * The preview and the acceptance both choose here, so the count the person confirms is what happens.
 */
function chooseLines(ctx: EngineContext, rows: readonly TransactionRow[], native: string): Choice {
  const guess = guesser(ctx);
  const lines = guessLines(ctx, rows);
  const candidates: Chosen[] = [];
  lines.forEach((line, index) => {
    // A foreign-currency line needs its value in both currencies, which no suggestion knows.
    if (line.remainingMinor === 0 || line.currency !== native) return;
    const found = guess(line);
    if (!found || found.confidence < CONFIDENT) return;
    if (found.categoryCode === undefined && found.transferAccountId === undefined && found.paidInvoiceId === undefined && found.paidBillId === undefined) return;
    candidates.push({ row: rows[index]!, line, guess: found });
  });
  const refusal = refusalCheck(ctx, candidates.map(({ row }) => row));
  const choice: Choice = { chosen: [], refused: [] };
  for (const candidate of candidates.sort((a, b) => byDate(a.row, b.row))) {
    const message = refusal(candidate.row, candidate.guess);
    if (message === null) choice.chosen.push(candidate);
    else choice.refused.push({ row: candidate.row, message });
  }
  return choice;
}

const skippedRecords = (ctx: EngineContext, skipped: readonly Skipped[]): ApiRecord[] =>
  skipped.map(({ row, message }) => ({ bank_transaction: recordUrl(ctx, 'bank_transactions', row.id), message }));

/** The summary of what accepting would do, and the lines it would leave with the reason; writes nothing. */
export function previewAcceptance(ctx: EngineContext, input: AcceptSuggestionsInput): ApiRecord {
  const native = loadCompany(ctx).currency;
  const { chosen, refused } = chooseLines(ctx, linesAsked(ctx, input), native);
  return { ...summary(ctx, chosen, native), skipped: skippedRecords(ctx, refused) };
}

/** The explanation a suggestion stands for, of what is left of the line. */
function explanationOf(row: TransactionRow, remainingMinor: number, guess: Guess, native: string): ExplanationInput & { gross_value: string } {
  return {
    bank_transaction: row.id,
    gross_value: fromMinor(remainingMinor, native),
    description: guess.description,
    category: guess.categoryCode,
    ...(guess.categoryCode !== undefined ? treatmentInput(guess) : {}),
    // A match's project is its document's own, which the payment counts for: only a category takes one.
    project: guess.categoryCode !== undefined ? guess.projectId : undefined,
    transfer_bank_account: guess.transferAccountId,
    paid_invoice: guess.paidInvoiceId,
    paid_bill: guess.paidBillId,
    marked_for_review: guess.markForReview,
  };
}

/**
 * Explains every chosen line through the same path as a single explanation (same checks, postings,
 * change log). A line the explanation still refuses (its bill paid meanwhile, a MOSS rate no longer
 * in force) is left as it was and reported beside the refused ones; its savepoint keeps the others.
 */
export function acceptSuggestions(ctx: EngineContext, input: AcceptSuggestionsInput): ApiRecord {
  const native = loadCompany(ctx).currency;
  const { chosen, refused } = chooseLines(ctx, linesAsked(ctx, input), native);
  // A savepoint each, checked on its own: a line whose VAT would move a filed return is left with its reason, the rest stand.
  const explainSaved = (row: TransactionRow, fields: ExplanationInput) => keepingFiledVatReturns(ctx, () => createExplanation(ctx, row, fields));
  const accepted: Chosen[] = [];
  const explanations: string[] = [];
  const failed: Skipped[] = [];
  for (const item of chosen) {
    const { row, line, guess } = item;
    try {
      const explanation = explainSaved(row, explanationOf(row, line.remainingMinor, guess, native));
      accepted.push(item);
      explanations.push(recordUrl(ctx, EXPLANATIONS, explanation.id));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      failed.push({ row, message: error.message });
    }
  }
  const skipped = [...refused, ...failed].sort((a, b) => byDate(a.row, b.row));
  return { ...summary(ctx, accepted, native), bank_transaction_explanations: explanations, skipped: skippedRecords(ctx, skipped) };
}
