import type { ImportMessage, ParsedStatement, StatementAccount, StatementFormat } from './types';

/** A result that imports nothing and says why. */
export function refused(format: StatementFormat | null, message: string, line?: number, warnings: ImportMessage[] = []): ParsedStatement {
  return { format, accounts: [], transactions: [], warnings, errors: [line === undefined ? { message } : { message, line }] };
}

export function message(text: string, line?: number): ImportMessage {
  return line === undefined ? { message: text } : { message: text, line };
}

/**
 * Collects the accounts of a file. A file with one statement per day for the same account (MT940,
 * CAMT.053) should show one account, not thirty, so accounts with the same identity are merged: the
 * first statement gives the opening balance and the last the closing one.
 */
export class AccountBook {
  readonly accounts: StatementAccount[] = [];
  private readonly byKey = new Map<string, number>();

  add(account: StatementAccount): number {
    const key = accountKey(account);
    const known = key === null ? undefined : this.byKey.get(key);
    if (known === undefined) {
      this.accounts.push(withoutUndefined(account));
      const index = this.accounts.length - 1;
      if (key !== null) this.byKey.set(key, index);
      return index;
    }
    const merged = this.accounts[known];
    for (const [field, value] of Object.entries(withoutUndefined(account)) as [keyof StatementAccount, never][]) {
      if (field === 'closingBalance') merged.closingBalance = value;
      else if (merged[field] === undefined) merged[field] = value;
    }
    return known;
  }
}

function accountKey(account: StatementAccount): string | null {
  const id = account.iban ?? account.accountNumber;
  if (!id) return null;
  return [id.replace(/\s+/g, ''), account.sortCode ?? '', account.bankId ?? '', account.currency ?? '', account.accountType ?? ''].join('|');
}

/** Drops keys whose value is undefined, so results compare and print cleanly. */
export function withoutUndefined<T extends object>(value: T): T {
  const copy: Record<string, unknown> = {};
  const fields = value as Record<string, unknown>;
  for (const key in fields) if (fields[key] !== undefined) copy[key] = fields[key];
  return copy as T;
}

/** Collapses runs of whitespace (banks pad fields to fixed widths) and trims. */
export function squeeze(text: string | undefined | null): string {
  if (!text) return '';
  if (plainAscii(text)) return text.trim();
  return /\s\s|[\t\n\r\f\v\u00a0]/.test(text) ? text.replace(/\s+/g, ' ').trim() : text.trim();
}

/**
 * ASCII with no whitespace but single spaces: nothing inside to squeeze. Read by hand because
 * squeeze runs on every field of every line, and this is cheaper than starting the regular
 * expression; anything beyond ASCII is left to it, since its \s knows every Unicode space.
 */
function plainAscii(text: string): boolean {
  let previous = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 127 || (code >= 9 && code <= 13) || (code === 32 && previous === 32)) return false;
    previous = code;
  }
  return true;
}
