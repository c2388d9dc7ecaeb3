import { MoneyError, toMinor } from '../../../shared/money';
import type { ParsedStatement } from '../../importers/types';
import type { EngineContext } from '../context';
import { csvClosingBalance } from './csv-closing-balance';
import type { IncomingLine } from './incoming-line';

export interface ClosingBalance {
  amount: string;
  date?: string;
}

/**
 * The closing balance a file printed for the statement it imports: OFX LEDGERBAL, CAMT.053 CLBD,
 * MT940 :62F: (the parsers read those), else a CSV's running balance on its newest row.
 */
export function statementClosingBalance(bytes: Uint8Array, parsed: ParsedStatement, index: number): ClosingBalance | undefined {
  const own = parsed.accounts[index]?.closingBalance;
  if (own) return own;
  return parsed.csv ? csvClosingBalance(bytes, parsed) : undefined;
}

/**
 * Keeps an import's closing balance beside its upload, so Reconcile can offer it. Dated as the file
 * dates it, else by its last line (the balance is the one after the lines it lists). A balance with
 * more decimals than the account's currency cannot be compared and is not kept.
 */
export function rememberClosingBalance(ctx: EngineContext, uploadId: number, account: { id: number; currency: string }, closing: ClosingBalance | undefined, lines: readonly IncomingLine[]): void {
  if (!closing) return;
  const statementDate = closing.date ?? lines.reduce<string | null>((latest, line) => (latest === null || line.datedOn > latest ? line.datedOn : latest), null);
  if (statementDate === null) return;
  let minor: number;
  try {
    minor = toMinor(closing.amount, account.currency);
  } catch (error) {
    if (error instanceof MoneyError) return;
    throw error;
  }
  ctx.book.sqlite
    .prepare('INSERT INTO statement_closing_balances (upload_id, bank_account_id, statement_date, closing_balance_minor) VALUES (?, ?, ?, ?)')
    .run(uploadId, account.id, statementDate, minor);
}
