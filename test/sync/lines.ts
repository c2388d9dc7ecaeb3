import { expect } from 'vitest';
import type { Replica, World } from './replicas';

/** Helpers for statement-line sync tests: a bank account, an upload, and the lines as a person reads them. */
export type Book = Replica['book'] | World['remote']['book'];

export const path = (url: string) => url.replace(/^.*?\/v2\//, '/v2/');

export interface Line {
  dated_on: string;
  amount: number;
  description: string;
  transaction_type?: string;
  fitid?: string;
}

export async function accountIn(book: Book, name = 'Current', number = '11112222'): Promise<string> {
  const list = (await book.call('GET', '/v2/bank_accounts?per_page=100')).body.bank_accounts as { url: string; name: string }[];
  const found = list.find((account) => account.name === name);
  if (found) return path(found.url);
  const created = await book.call('POST', '/v2/bank_accounts', { bank_account: { name, type: 'StandardBankAccount', opening_balance: '0', account_number: number, sort_code: '12-34-56' } });
  expect(created.status).toBe(201);
  return path(created.body.bank_account.url);
}

export async function upload(book: Book, account: string, lines: readonly Line[]): Promise<void> {
  const answer = await book.call('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(account)}`, { statement: lines });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** Every line of the account, page by page. */
export async function linesOf(book: Book, account: string): Promise<Record<string, any>[]> {
  const all: Record<string, any>[] = [];
  for (let page = 1; ; page += 1) {
    const rows = (await book.call('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&per_page=100&page=${page}`)).body.bank_transactions as Record<string, any>[];
    all.push(...rows);
    if (rows.length < 100) return all;
  }
}

/** The account's lines as a person compares two books: date, amount, description, fitid; sorted. */
export async function seenLines(book: Book, name = 'Current'): Promise<string[]> {
  const account = await accountIn(book, name);
  return (await linesOf(book, account)).map((line) => `${line.dated_on} ${line.amount} ${line.description} ${line.transaction_id ?? '-'}`).sort();
}

export const statement: Line[] = [
  { dated_on: '2026-11-02', amount: -3.2, description: 'Coffee Shop', transaction_type: 'POS' },
  { dated_on: '2026-11-02', amount: -3.2, description: 'Coffee Shop', transaction_type: 'POS' },
  { dated_on: '2026-11-03', amount: 1200, description: 'Acme Ltd', transaction_type: 'CREDIT', fitid: 'F-1' },
  { dated_on: '2026-11-04', amount: -42.5, description: 'Hotel', transaction_type: 'DEBIT' },
];

/** `count` statement lines over 300 days, some of them identical (same day, amount and payee). */
export function manyLines(count: number, payee = 'Payee'): Line[] {
  return Array.from({ length: count }, (_, n) => ({
    dated_on: new Date(Date.UTC(2025, 10, 1) + (n % 300) * 86_400_000).toISOString().slice(0, 10),
    amount: (((n * 7919) % 20_000) - 10_000) / 100,
    description: `${payee} ${n % 700}`,
    transaction_type: 'OTHER',
  }));
}

/** Requests of a remote log by what they are for: statement-line lists (without probes and counts), uploads, per family. */
export function requestsByKind(log: readonly { method: string; path: string }[]) {
  const listsOf = (family: string) => log.filter((entry) => entry.method === 'GET' && entry.path.startsWith(`/v2/${family}?`) && !entry.path.includes('updated_since=2999') && !entry.path.includes('per_page=1&') && !entry.path.endsWith('per_page=1'));
  return {
    lineLists: listsOf('bank_transactions').length,
    uploads: log.filter((entry) => entry.method === 'POST' && entry.path.startsWith('/v2/bank_transactions/statement')).length,
    perFamily: (families: readonly string[]) => Object.fromEntries(families.map((family) => [family, log.filter((entry) => entry.path.startsWith(`/v2/${family}?`) || entry.path.startsWith(`/v2/${family}/`)).length])),
  };
}
