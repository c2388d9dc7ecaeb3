import { CONFIRM_RECONCILED } from '../../../shared/api/bank_reconciliations';
import type { EngineContext } from '../context';
import { ApiError } from '../errors';
import { formattedAmount } from './descriptions';
import type { IncomingLine } from './incoming-line';
import { lineWords } from './line-words';
import { latestReconciledStatement, RECONCILED_CONFLICT } from './reconciled-guard';

/**
 * An upload's new lines dated on or before the account's latest reconciled statement are lines that
 * statement, checked by the person, did not have: importing them moves the book away from it (a
 * forgotten October file imported after October was reconciled). Refused with 409 and nothing
 * written unless the person confirmed it. Lines the account already holds are not new (`fresh` leaves
 * them out), so a statement that overlaps a reconciled month still uploads what is after it.
 */
export function refuseReconciledLines(ctx: EngineContext, bankAccountId: number, lines: readonly IncomingLine[], fresh: readonly number[], confirmed: boolean): void {
  if (confirmed || fresh.length === 0) return;
  const statement = latestReconciledStatement(ctx, bankAccountId);
  if (!statement) return;
  let first: number | undefined;
  let count = 0;
  for (const index of fresh) {
    if (lines[index]!.datedOn > statement.statementDate) continue;
    count += 1;
    if (first === undefined || index < first) first = index;
  }
  if (first === undefined) return;
  const line = lines[first]!;
  const words = lineWords(line.description);
  const described = `statement line ${first + 1}: ${line.datedOn}${words === '' ? '' : ` "${words}"`}, ${line.amountMinor < 0 ? 'money out' : 'money in'}, ${formattedAmount(line.amountMinor, statement.currency)}`;
  const added = count === 1 ? `a line dated on or before then that the statement does not have (${described})` : `${count.toLocaleString('en-GB')} lines dated on or before then that the statement does not have (the first, ${described})`;
  throw new ApiError(
    RECONCILED_CONFLICT,
    `${statement.name} is reconciled with the statement to ${statement.statementDate}, and this upload would add ${added}. Nothing from this upload was imported; send ${CONFIRM_RECONCILED}=true to import ${count === 1 ? 'it' : 'them'} anyway`,
  );
}
