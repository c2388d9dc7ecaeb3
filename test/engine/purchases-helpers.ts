import { accountLocks, contacts, projects } from '../../main/db/schema';
import { FIXED_NOW, ORIGIN, type TestBook } from './harness';

/**
 * Contacts and projects are inserted as rows: their API is another resource's, and a bill or expense
 * only needs them to exist.
 */
export function insertContact(t: TestBook, organisationName: string | null = 'Example Supplies Ltd', person: { firstName?: string; lastName?: string } = {}): string {
  const row = t.book.db
    .insert(contacts)
    .values({
      organisationName,
      firstName: person.firstName ?? null,
      lastName: person.lastName ?? null,
      country: 'United Kingdom',
      contactNameOnInvoices: true,
      chargeSalesTax: 'Auto',
      status: 'Active',
      locale: 'en',
      createdAt: FIXED_NOW,
      updatedAt: FIXED_NOW,
    })
    .returning({ id: contacts.id })
    .get();
  return `${ORIGIN}/v2/contacts/${row.id}`;
}

export function insertProject(t: TestBook, contactUrl: string, name = 'Website'): string {
  const row = t.book.db
    .insert(projects)
    .values({
      contactId: Number(contactUrl.split('/').pop()),
      name,
      status: 'Active',
      currency: 'GBP',
      budgetUnits: 'Hours',
      createdAt: FIXED_NOW,
      updatedAt: FIXED_NOW,
    })
    .returning({ id: projects.id })
    .get();
  return `${ORIGIN}/v2/projects/${row.id}`;
}

/** Locks the books up to a date, as PUT /v2/account_locks would. */
export function lockBooks(t: TestBook, lockedToDate: string): void {
  t.book.db.insert(accountLocks).values({ id: 1, lockedToDate, lockedByUserId: t.ownerId, createdAt: FIXED_NOW, updatedAt: FIXED_NOW }).run();
}

/** The id of the user a token belongs to. */
export async function userIdOf(t: TestBook, token: string): Promise<number> {
  const me = await t.json('GET', '/v2/users/me', { token });
  return Number(String(me.body.user.url).split('/').pop());
}

export function postExpense(t: TestBook, fields: Record<string, unknown>, token?: string) {
  return t.json('POST', '/v2/expenses', { body: { expense: { dated_on: '2026-08-16', description: 'Train fare', category: '285', ...fields } }, token });
}

/** Postings of one document with the VAT columns, ordered by code. */
export function postingRows(t: TestBook, source: string, id: number): { code: string; debit: number; status: string | null; ec: string | null; currency: string | null; foreign: number | null }[] {
  return t.book.sqlite
    .prepare(
      `SELECT c.nominal_code AS code, p.debit_minor AS debit, p.sales_tax_status AS status, p.ec_status AS ec,
              p.foreign_currency AS currency, p.foreign_debit_minor AS "foreign"
       FROM postings p JOIN categories c ON c.id = p.category_id
       WHERE p.source_resource = ? AND p.source_id = ? ORDER BY c.nominal_code`,
    )
    .all(source, id) as never;
}

/** A bill with one 60.00 item in Accommodation and Meals, the golden bill's shape; fields override. */
export function postBill(t: TestBook, contactUrl: string, fields: Record<string, unknown> = {}, token?: string) {
  return t.json('POST', '/v2/bills', {
    body: {
      bill: {
        contact: contactUrl,
        reference: '001',
        dated_on: '2026-08-16',
        due_on: '2026-09-16',
        bill_items: [{ category: `${ORIGIN}/v2/categories/285`, description: 'SDKTEST bill line', total_value: '60.0' }],
        ...fields,
      },
    },
    token,
  });
}

export function putBill(t: TestBook, url: string, fields: Record<string, unknown>, token?: string) {
  return t.json('PUT', `/v2/bills/${url.split('/').pop()}`, { body: { bill: fields }, token });
}
