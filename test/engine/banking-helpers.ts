import type { TestBook } from './harness';

/** Creates a bank account and returns its url. */
export async function bankAccount(t: TestBook, fields: Record<string, unknown> = {}): Promise<string> {
  const response = await t.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Current', opening_balance: '0', ...fields } } });
  if (response.status !== 201) throw new Error(`bank account: ${JSON.stringify(response.body)}`);
  return response.body.bank_account.url as string;
}

export type Line = { dated_on: string; amount?: string | number; description?: string; fitid?: string; transaction_type?: string; reference?: string };

export function upload(t: TestBook, accountUrl: string, statement: unknown, headers?: Record<string, string>) {
  return t.json('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(accountUrl)}`, { body: { statement }, headers });
}

export async function transactions(t: TestBook, accountUrl: string, query = ''): Promise<any[]> {
  const response = await t.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(accountUrl)}&per_page=100${query}`);
  if (response.status !== 200) throw new Error(`list: ${JSON.stringify(response.body)}`);
  return response.body.bank_transactions;
}

/** Uploads one line and returns the transaction it made. */
export async function oneTransaction(t: TestBook, accountUrl: string, line: Line): Promise<any> {
  const before = new Set((await transactions(t, accountUrl)).map((row) => row.url));
  const response = await upload(t, accountUrl, [line]);
  if (response.status !== 200) throw new Error(`upload: ${JSON.stringify(response.body)}`);
  const added = (await transactions(t, accountUrl)).filter((row) => !before.has(row.url));
  if (added.length !== 1) throw new Error(`expected one new transaction, got ${added.length}`);
  return added[0];
}

export function explain(t: TestBook, fields: Record<string, unknown>, headers?: Record<string, string>) {
  return t.json('POST', '/v2/bank_transaction_explanations', { body: { bank_transaction_explanation: fields }, headers });
}

/** The sum of every posting's debit in the book: always zero. */
export function ledgerTotal(t: TestBook): number {
  return t.book.sqlite.prepare('SELECT coalesce(sum(debit_minor), 0) FROM postings').pluck().get() as number;
}

export function postingsOf(t: TestBook, source: string, id: number): { code: string; debit: number }[] {
  return t.book.sqlite
    .prepare(
      `SELECT c.nominal_code AS code, p.debit_minor AS debit FROM postings p JOIN categories c ON c.id = p.category_id
       WHERE p.source_resource = ? AND p.source_id = ? ORDER BY c.nominal_code`,
    )
    .all(source, id) as { code: string; debit: number }[];
}

export const idOf = (url: string) => Number(url.split('/').pop());
