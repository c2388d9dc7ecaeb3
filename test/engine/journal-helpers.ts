import type { TestBook } from './harness';

export type Entry = Record<string, unknown>;

/** One journal entry: a category (code or url), a debit (credits negative) and anything else. */
export const entry = (category: string, debit: string, extra: Entry = {}): Entry => ({ category, debit_value: debit, ...extra });

export function postSet(t: TestBook, fields: Record<string, unknown>, token?: string) {
  return t.json('POST', '/v2/journal_sets', { body: { journal_set: { dated_on: '2026-08-16', description: 'Journal', ...fields } }, token });
}

/** Creates a journal set and returns its record. */
export async function createSet(t: TestBook, fields: Record<string, unknown>): Promise<any> {
  const response = await postSet(t, fields);
  if (response.status !== 201) throw new Error(`journal set: ${JSON.stringify(response.body)}`);
  return response.body.journal_set;
}

export function putSet(t: TestBook, url: string, fields: Record<string, unknown>, token?: string) {
  return t.json('PUT', new URL(url).pathname, { body: { journal_set: fields }, token });
}

export function putOpening(t: TestBook, entries: Entry[], token?: string) {
  return t.json('PUT', '/v2/journal_sets/opening_balances', { body: { journal_set: { journal_entries: entries } }, token });
}

/** A contact row, as the contacts resource stores one; returns its url. */
export function contact(t: TestBook, name: string): string {
  const result = t.book.sqlite
    .prepare(
      `INSERT INTO contacts (organisation_name, country, contact_name_on_invoices, charge_sales_tax, status, locale, created_at, updated_at)
       VALUES (?, 'United Kingdom', 1, 'Auto', 'Active', 'en', '2026-11-22T10:00:00.000Z', '2026-11-22T10:00:00.000Z')`,
    )
    .run(name);
  return `http://127.0.0.1:9999/v2/contacts/${result.lastInsertRowid}`;
}

/** Creates a user with a role and returns its url (users get their 900-910 sub accounts). */
export async function user(t: TestBook, firstName: string, role = 'Employee'): Promise<string> {
  const response = await t.json('POST', '/v2/users', {
    body: { user: { email: `${firstName.toLowerCase()}@example.com`, first_name: firstName, last_name: 'Example', role, permission_level: 0 } },
  });
  if (response.status !== 201) throw new Error(`user: ${JSON.stringify(response.body)}`);
  return response.body.user.url;
}

/** What a source document posted, by nominal code, in minor units. */
export function posted(t: TestBook, source: string, id: number): Record<string, number> {
  const rows = t.book.sqlite
    .prepare(
      `SELECT c.nominal_code AS code, sum(p.debit_minor) AS debit FROM postings p JOIN categories c ON c.id = p.category_id
       WHERE p.source_resource = ? AND p.source_id = ? GROUP BY c.nominal_code ORDER BY c.nominal_code`,
    )
    .all(source, id) as { code: string; debit: number }[];
  return Object.fromEntries(rows.map((row) => [row.code, row.debit]));
}

export const setId = (url: string) => Number(new URL(url).pathname.split('/')[3]);
