import type { StatementAccount } from '../../importers/types';
import { sameAccount, type AccountIdentity } from './statement-lines';

export interface CandidateAccount extends AccountIdentity {
  id: number;
}

const clean = (value: string | null | undefined) => (value ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/**
 * The one bank account a statement's account is, by IBAN or account number (with the sort code when
 * both give one) as the upload itself decides, or by sort code alone when the file gives nothing
 * else. Null when none matches or several do: the user chooses then, never the engine.
 */
export function matchBankAccount(statement: StatementAccount, accounts: readonly CandidateAccount[]): CandidateAccount | null {
  let matches = accounts.filter((account) => sameAccount(statement, account));
  if (matches.length === 0 && !statement.iban && !statement.accountNumber && statement.sortCode) {
    matches = accounts.filter((account) => account.sortCode !== null && clean(account.sortCode) === clean(statement.sortCode));
  }
  // A statement in another currency is not this account, however its number reads.
  if (statement.currency) matches = matches.filter((account) => account.currency === statement.currency!.toUpperCase());
  return matches.length === 1 ? matches[0]! : null;
}
