import type { PreviewRow } from '../../../shared/api/statement_import';
import { formatCount, formatDate, formatMoney } from '../../lib/format';

/**
 * The question the import review asks when the engine refuses rows dated inside a statement the
 * person reconciled (409, api-notes "Reconcile to the statement"): which rows, which statement, and
 * what importing them anyway does. Worded like the explain panel's "Change a reconciled line?".
 */
export interface ReconciledQuestion {
  title: string;
  message: string;
  confirmLabel: string;
}

/** The statement the engine held the rows to: the account's latest reconciliation, or null when it could not be read. */
export interface HeldStatement {
  accountName: string;
  statementDate: string;
}

/**
 * Chosen rows the upload would add on or before the statement date, first by row as the engine
 * names them. Duplicates are skipped by the upload, so they never ask.
 */
export function rowsInStatement(rows: readonly PreviewRow[], chosen: ReadonlySet<number>, statementDate: string): PreviewRow[] {
  return rows.filter((row) => chosen.has(row.index) && row.status !== 'duplicate' && row.dated_on <= statementDate);
}

const rowWords = (row: PreviewRow, currency: string) => [formatDate(row.dated_on), row.description || 'no description', formatMoney(row.amount, currency)].join(' · ');

export function reconciledQuestion(rows: readonly PreviewRow[], chosen: ReadonlySet<number>, currency: string, held: HeldStatement | null): ReconciledQuestion {
  const title = 'Import into a reconciled statement?';
  if (!held) {
    return {
      title,
      message: 'Some of the chosen rows fall in a statement you reconciled. Importing them means the book no longer agrees with that statement; Reconcile will show the difference.',
      confirmLabel: 'Import anyway',
    };
  }
  const inside = rowsInStatement(rows, chosen, held.statementDate);
  const statement = `the statement of ${held.accountName} to ${formatDate(held.statementDate)} that you reconciled`;
  const first = inside[0];
  const which =
    inside.length <= 1
      ? `This row falls in ${statement}${first ? `: ${rowWords(first, currency)}` : ''}.`
      : `${formatCount(inside.length)} of the chosen rows fall in ${statement} (the first: ${rowWords(first!, currency)}).`;
  return {
    title,
    message: `${which} Importing ${inside.length <= 1 ? 'it' : 'them'} anyway means the book no longer agrees with that statement; Reconcile will show the difference.`,
    confirmLabel: inside.length <= 1 ? 'Import it anyway' : 'Import them anyway',
  };
}
