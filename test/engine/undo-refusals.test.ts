import { describe, expect, it } from 'vitest';
import { bankAccount, explain, oneTransaction } from './banking-helpers';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBook } from '../../main/db/client';
import { createEngine } from '../../main/engine/app';
import { createBook } from '../../main/engine/setup';
import { countingIds, createTestBook, fixedClock, ORIGIN, OWNER_TOKEN, type TestBook } from './harness';
import { contact, item, pay } from './sales-helpers';
import { recordTables, redo, undo, undoLatest } from './undo-helpers';

const path = (url: string) => new URL(url).pathname;

/** The id of the change set on top of the user's undo stack. */
async function topSet(t: TestBook): Promise<string> {
  const list = await t.json('GET', '/v2/change_sets?per_page=1');
  return String(list.body.undo[0].url).split('/').pop()!;
}

const logged = (t: TestBook) => t.book.sqlite.prepare('SELECT resource, record_id AS id, operation, user_id AS user FROM changes ORDER BY id').all() as { resource: string; id: string; operation: string; user: number }[];

/** Expects a 422 with a sentence matching `message`, and the book, change log included, as it was. */
async function expectRefused(t: TestBook, send: () => Promise<{ status: number; body: any }>, message: RegExp): Promise<void> {
  const before = recordTables(t);
  const log = logged(t);
  const reply = await send();
  expect(reply.status, JSON.stringify(reply.body)).toBe(422);
  expect(reply.body.errors[0].message).toMatch(message);
  expect(recordTables(t)).toEqual(before);
  expect(logged(t)).toEqual(log);
}

describe('undo refuses what a later change depends on', () => {
  it('will not undo an invoice create after a payment was recorded on it, and says which change to undo first', async () => {
    const t = createTestBook({ vatRegistered: true });
    const owner = await contact(t);
    const created = await t.json('POST', '/v2/invoices', { body: { invoice: { contact: owner, dated_on: '2026-11-01', invoice_items: [item()] } } });
    const createSet = await topSet(t);
    await t.json('PUT', `${path(created.body.invoice.url)}/transitions/mark_as_sent`);
    const account = await bankAccount(t);
    expect((await pay(t, created.body.invoice.url, '60', { account })).status).toBe(201);
    await expectRefused(t, () => undo(t, createSet), /^“Created invoice 001” cannot be undone: “(created explanation|changed invoice 001)[^”]*” (depends on it|changed the same record afterwards); undo that first$/);
    // Undone in order (the payment, the line, the account, the sending), the create can go.
    for (let n = 0; n < 4; n += 1) await undoLatest(t);
    expect((await undo(t, createSet)).status).toBe(200);
    expect((await t.json('GET', path(created.body.invoice.url))).status).toBe(404);
  });

  it('will not undo a contact create once an invoice is made out to it', async () => {
    const t = createTestBook();
    const made = await t.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Acme' } } });
    const createSet = await topSet(t);
    await t.json('POST', '/v2/invoices', { body: { invoice: { contact: made.body.contact.url, dated_on: '2026-11-01', invoice_items: [item()] } } });
    await expectRefused(t, () => undo(t, createSet), /^“Created contact Acme” cannot be undone: “created invoice 001” depends on it; undo that first$/);
  });

  it('will not undo a change another user made to the record since', async () => {
    const t = createTestBook();
    const made = await t.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Acme' } } });
    const createSet = await topSet(t);
    const other = await t.userWithLevel(8);
    await t.json('PUT', path(made.body.contact.url), { body: { contact: { organisation_name: 'Acme Two' } }, token: other });
    await expectRefused(t, () => undo(t, createSet), /^“Created contact Acme” cannot be undone: “changed contact Acme Two” changed the same record afterwards; undo that first$/);
    // The other user's change is theirs: it is on their stack, not the owner's.
    expect((await t.json('GET', '/v2/change_sets', { token: other })).body.undo.map((set: any) => set.label)).toEqual(['changed contact Acme Two']);
  });

  it('will not undo or redo inside a locked period, saying what locked it', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const line = await oneTransaction(t, account, { dated_on: '2026-01-15', amount: '-20' });
    expect((await explain(t, { bank_transaction: line.url, category: '285', gross_value: '-20' })).status).toBe(201);
    const explained = await topSet(t);
    expect((await t.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: '2026-01-31' } } })).status).toBeLessThan(300);
    await expectRefused(t, () => undo(t, explained), /^“Created explanation[^”]*” cannot be undone: the books are locked up to 2026-01-31 by the lock date set on the books; nothing dated on or before then \(here 2026-01-15\) can be created, changed or deleted$/);
    // Undoing the lock first lets the explanation go; locking again keeps its redo out.
    await undoLatest(t);
    expect((await undo(t, explained)).status).toBe(200);
    await t.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: '2026-01-31' } } });
    await expectRefused(t, () => redo(t, explained), /cannot be redone: later edits replaced it$/);
  });

  it('answers 404 for a change set that is not the user’s, and 422 when there is nothing to redo', async () => {
    const t = createTestBook();
    await t.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Acme' } } });
    const mine = await topSet(t);
    const other = await t.userWithLevel(8);
    expect((await t.json('POST', `/v2/change_sets/${mine}/undo`, { token: other })).status).toBe(404);
    expect((await t.json('POST', '/v2/change_sets/abc/undo')).status).toBe(404);
    expect((await redo(t)).body.errors[0].message).toBe('There is nothing to redo');
  });
});

describe('undone and redone records sync like any edit', () => {
  it('appends the inverse change-log entries: a create undone is a delete, redone a create again', async () => {
    const t = createTestBook();
    const made = await t.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Acme' } } });
    const id = path(made.body.contact.url).split('/').pop();
    const tail = () => logged(t).filter((entry) => entry.resource === 'contacts').slice(-1)[0];
    expect(tail()).toEqual({ resource: 'contacts', id, operation: 'create', user: t.ownerId });
    await undoLatest(t);
    expect(tail()).toEqual({ resource: 'contacts', id, operation: 'delete', user: t.ownerId });
    await t.json('POST', '/v2/redo');
    expect(tail()).toEqual({ resource: 'contacts', id, operation: 'create', user: t.ownerId });
  });

  it('keeps the undo list in the book, so it survives closing and opening it again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-undo-'));
    try {
      const file = join(dir, 'book.ledgerdesk');
      const open = () => {
        const book = openBook(file, { backups: false });
        const engine = createEngine({ book, clock: fixedClock(), ids: countingIds() });
        const send = async (method: string, url: string, body?: unknown) => {
          const reply = await engine.fetch(new Request(`${ORIGIN}${url}`, { method, headers: { Authorization: `Bearer ${OWNER_TOKEN}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }));
          return { status: reply.status, body: (await reply.json()) as any };
        };
        return { book, send };
      };
      const first = open();
      createBook({ book: first.book, clock: fixedClock(), ids: countingIds() }, { type: 'UkLimitedCompany', name: 'Example Ltd', startDate: '2025-05-01', firstAccountingYearEnd: '2026-04-30', vatRegistered: false, cisSubcontractor: false, owner: { email: 'o@example.com', firstName: 'O', lastName: 'O' }, ownerToken: OWNER_TOKEN, setupCompleted: true });
      expect((await first.send('POST', '/v2/contacts', { contact: { organisation_name: 'Acme' } })).status).toBe(201);
      first.book.close();
      const second = open();
      expect((await second.send('GET', '/v2/change_sets')).body.undo[0].label).toBe('created contact Acme');
      const undone = await second.send('POST', '/v2/undo');
      expect(undone.body.change_set.label).toBe('created contact Acme');
      expect((await second.send('GET', '/v2/contacts')).body.contacts).toEqual([]);
      second.book.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('bulk statement imports keep their own undo', () => {
  it('makes no change set for an import of more than 2,000 lines, and DELETE /v2/statement_uploads still takes it back', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const lines = Array.from({ length: 2001 }, (_, n) => ({ dated_on: '2026-10-01', amount: `-${n + 1}`, description: `line ${n}` }));
    const before = recordTables(t);
    const sets = () => t.book.sqlite.prepare('SELECT count(*) FROM change_sets').pluck().get() as number;
    const made = sets();
    expect((await t.json('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(account)}`, { body: { statement: lines } })).status).toBe(200);
    expect(sets()).toBe(made);
    expect(t.book.sqlite.prepare('SELECT count(*) FROM change_set_rows WHERE set_id > (SELECT coalesce(max(id), 0) FROM change_sets)').pluck().get()).toBe(0);
    const upload = (await t.json('GET', '/v2/statement_uploads')).body.statement_uploads[0];
    expect((await t.json('DELETE', path(upload.url))).status).toBe(200);
    expect(recordTables(t).bank_transactions).toEqual(before.bank_transactions);
  });
});
