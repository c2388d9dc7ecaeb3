import { describe, expect, it } from 'vitest';
import { CHANGES_PAGE } from '../../main/engine/resources/book_changes';
import { bankAccount, oneTransaction } from './banking-helpers';
import { createTestBook } from './harness';

/** Issue 19 item 2: the desk reads the change log forward from a cursor to refresh what changed. */
describe('GET /v2/book/changes', () => {
  it('answers where the log stands without a cursor, then each write after it by resource, id and operation', async () => {
    const t = createTestBook();
    const start = await t.json('GET', '/v2/book/changes');
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ changes: [], more: false, reset: false });
    const latest = start.body.latest as number;
    expect(latest).toBeGreaterThan(0);

    const made = await t.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Acme Ltd' } } });
    const id = new URL(made.body.contact.url).pathname.split('/').pop();
    await t.json('PUT', `/v2/contacts/${id}`, { body: { contact: { town: 'Bath' } } });

    const read = await t.json('GET', `/v2/book/changes?after=${latest}`);
    expect(read.body.changes.map((change: { resource: string; record_id: string; operation: string }) => `${change.resource}/${change.record_id} ${change.operation}`)).toEqual([
      `contacts/${id} create`,
      `contacts/${id} update`,
    ]);
    expect(read.body.latest).toBe(read.body.changes[1].id);
    expect(read.body.more).toBe(false);

    const again = await t.json('GET', `/v2/book/changes?after=${read.body.latest}`);
    expect(again.body).toEqual({ changes: [], latest: read.body.latest, more: false, reset: false });
  });

  it('names a category by its nominal code (its url) as record_key, a deleted one too', async () => {
    const t = createTestBook();
    const { latest } = (await t.json('GET', '/v2/book/changes')).body;
    const made = await t.json('POST', '/v2/categories', { body: { category: { category_group: 'income', nominal_code: '047', description: 'Consulting' } } });
    expect(made.status).toBe(201);
    await t.json('PUT', '/v2/categories/047', { body: { category: { description: 'Consulting fees' } } });
    // Undo of the update, then of the create: the category is gone, its code must still be named.
    expect((await t.json('POST', '/v2/undo')).status).toBe(200);
    expect((await t.json('POST', '/v2/undo')).status).toBe(200);
    expect((await t.json('GET', '/v2/categories/047')).status).toBe(404);

    const read = await t.json('GET', `/v2/book/changes?after=${latest}`);
    const categoryChanges = read.body.changes.filter((change: { resource: string }) => change.resource === 'categories');
    expect(categoryChanges.map((change: { operation: string; record_key?: string }) => `${change.operation} ${change.record_key}`)).toEqual(['create 047', 'update 047', 'update 047', 'delete 047']);
    expect(categoryChanges[0].record_id).not.toBe('047');
    // Other resources are named by their id alone.
    const contact = await t.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Acme Ltd' } } });
    expect(contact.status).toBe(201);
    const after = await t.json('GET', `/v2/book/changes?after=${read.body.latest}`);
    expect(after.body.changes[0]).not.toHaveProperty('record_key');
  });

  it('names the bank line an explanation belongs to as record_owner, a deleted explanation too', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const line = await oneTransaction(t, account, { dated_on: '2026-10-03', amount: '-60', description: 'Train' });
    const lineId = new URL(line.url).pathname.split('/').pop();
    const { latest } = (await t.json('GET', '/v2/book/changes')).body;
    const made = await t.json('POST', '/v2/bank_transaction_explanations', { body: { bank_transaction_explanation: { bank_transaction: line.url, category: '285', gross_value: '-60' } } });
    expect(made.status).toBe(201);
    expect((await t.json('DELETE', new URL(made.body.bank_transaction_explanation.url).pathname)).status).toBe(200);
    const read = await t.json('GET', `/v2/book/changes?after=${latest}`);
    const owned = read.body.changes.filter((change: { resource: string }) => change.resource === 'bank_transaction_explanations');
    expect(owned.map((change: { operation: string; record_owner?: string }) => `${change.operation} ${change.record_owner}`)).toEqual([
      `create bank_transactions/${lineId}`,
      `delete bank_transactions/${lineId}`,
    ]);
  });

  it('pages a long run of changes and says there is more', async () => {
    const t = createTestBook();
    const { latest } = (await t.json('GET', '/v2/book/changes')).body;
    const insert = t.book.sqlite.prepare("INSERT INTO changes (resource, record_id, operation, at) VALUES ('contacts', ?, 'update', '2026-11-22T10:00:00.000Z')");
    for (let index = 0; index < CHANGES_PAGE + 5; index += 1) insert.run(String(index + 1));
    const first = await t.json('GET', `/v2/book/changes?after=${latest}`);
    expect(first.body.changes).toHaveLength(CHANGES_PAGE);
    expect(first.body.more).toBe(true);
    const second = await t.json('GET', `/v2/book/changes?after=${first.body.latest}`);
    expect(second.body.changes).toHaveLength(5);
    expect(second.body.more).toBe(false);
  });

  it('says to read everything again when the cursor is past the log (another book is open)', async () => {
    const t = createTestBook();
    const { latest } = (await t.json('GET', '/v2/book/changes')).body;
    const read = await t.json('GET', `/v2/book/changes?after=${latest + 1000}`);
    expect(read.body).toEqual({ changes: [], latest, more: false, reset: true });
  });

  it('refuses a cursor that is not a whole number with a 400 and a sentence', async () => {
    const t = createTestBook();
    for (const bad of ['-1', 'abc', '1.5', '']) {
      const read = await t.json('GET', `/v2/book/changes?after=${encodeURIComponent(bad)}`);
      expect(read.status).toBe(400);
      expect(read.body.errors[0].message).toMatch(/after must be a change-log id/);
    }
  });

  it('is read by a user of the lowest level, and refused without a token', async () => {
    const t = createTestBook();
    const token = await t.userWithLevel(1, 'Employee');
    expect((await t.json('GET', '/v2/book/changes', { token })).status).toBe(200);
    expect((await t.json('GET', '/v2/book/changes', { token: null })).status).toBe(401);
  });
});
