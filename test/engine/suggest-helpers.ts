import { transactions, upload } from './banking-helpers';
import type { TestBook } from './harness';

/** Uploads lines (dated, signed amounts) to an account through the statement endpoint. */
export async function uploadLines(t: TestBook, accountUrl: string, lines: { dated_on: string; amount: string; description: string }[]): Promise<void> {
  const response = await upload(t, accountUrl, lines);
  if (response.status !== 200) throw new Error(`upload: ${JSON.stringify(response.body)}`);
}

/** Every line of an account (paging past the first 100). */
export async function allLines(t: TestBook, accountUrl: string, query = ''): Promise<any[]> {
  const found: any[] = [];
  for (let page = 1; ; page += 1) {
    const rows = await transactions(t, accountUrl, `&page=${page}${query}`);
    found.push(...rows);
    if (rows.length < 100) return found;
  }
}

/** The line whose description is `description` (exactly one). */
export async function lineNamed(t: TestBook, accountUrl: string, description: string): Promise<any> {
  const rows = (await allLines(t, accountUrl)).filter((row) => row.description === description || row.description.startsWith(`${description}/`));
  if (rows.length !== 1) throw new Error(`expected one line "${description}", found ${rows.length}`);
  return rows[0];
}

export function createRule(t: TestBook, rule: Record<string, unknown>) {
  return t.json('POST', '/v2/bank_rules', { body: { bank_rule: rule } });
}

export const categoryUrl = (code: string) => `http://127.0.0.1:9999/v2/categories/${code}`;
