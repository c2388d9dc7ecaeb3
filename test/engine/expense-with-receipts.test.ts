import { describe, expect, it, vi } from 'vitest';
import { createTestBook, ORIGIN, type TestBook } from './harness';
import { recordTables, undoLatest } from './undo-helpers';

/**
 * An expense and its receipts in one request (issue 19 item 4; api-notes "An expense and its receipts
 * in one request"): `expense.attachments` on POST and PUT /v2/expenses writes the expense and its
 * files in one transaction and one change set; a refused file, or a fault at any write, leaves the
 * book as it was.
 */
const VERSION = { 'X-Api-Version': '2026-09-01' };
const PDF = { file_name: 'receipt.pdf', content_type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64') };
const LYING_PNG = { file_name: 'photo.png', content_type: 'image/png', data: Buffer.from('not a picture').toString('base64') };
const fields = (t: TestBook) => ({ user: `${ORIGIN}/v2/users/${t.ownerId}`, category: `${ORIGIN}/v2/categories/285`, gross_value: '-12.34', dated_on: '2026-10-01', description: 'Lunch' });
const post = (t: TestBook, attachments: unknown[], headers: Record<string, string> = VERSION) => t.json('POST', '/v2/expenses', { body: { expense: { ...fields(t), attachments } }, headers });
const setCount = (t: TestBook) => t.book.sqlite.prepare('SELECT count(*) FROM change_sets').pluck().get() as number;
const fileNames = async (t: TestBook, url: string) => (await t.json('GET', `${new URL(url).pathname}/attachments`, { headers: VERSION })).body.attachments.map((file: { file_name: string }) => file.file_name);

describe('an expense with its receipts in one request', () => {
  it('creates the expense and its files as one change set, which one undo takes back whole', async () => {
    const t = createTestBook();
    const before = recordTables(t);
    const sets = setCount(t);
    const reply = await post(t, [PDF, { ...PDF, file_name: 'second.pdf' }]);
    expect(reply.status).toBe(201);
    expect(await fileNames(t, reply.body.expense.url)).toEqual(['receipt.pdf', 'second.pdf']);
    expect(setCount(t)).toBe(sets + 1);
    expect(await undoLatest(t)).toMatch(/expense/);
    expect(recordTables(t)).toEqual(before);
  });

  it('adds files to an existing expense with its change, in one change set', async () => {
    const t = createTestBook();
    const made = await post(t, []);
    expect(made.status).toBe(201);
    const sets = setCount(t);
    const changed = await t.json('PUT', new URL(made.body.expense.url).pathname, { body: { expense: { description: 'Team lunch', attachments: [PDF] } }, headers: VERSION });
    expect(changed.status).toBe(200);
    expect(changed.body.expense.description).toBe('Team lunch');
    expect(await fileNames(t, made.body.expense.url)).toEqual(['receipt.pdf']);
    expect(setCount(t)).toBe(sets + 1);
  });

  it('a refused file leaves no expense, names the file by its place, and changes nothing', async () => {
    const t = createTestBook();
    const before = recordTables(t);
    const reply = await post(t, [PDF, LYING_PNG]);
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0].message).toBe('attachments[1]: attachment content_type is image/png but the file is not of that type');
    expect(recordTables(t)).toEqual(before);
    expect((await t.json('GET', '/v2/expenses')).body.expenses).toEqual([]);
  });

  it('a refused file on a change leaves the expense as it was', async () => {
    const t = createTestBook();
    const made = await post(t, []);
    const before = recordTables(t);
    const reply = await t.json('PUT', new URL(made.body.expense.url).pathname, { body: { expense: { description: 'Team lunch', attachments: [LYING_PNG] } }, headers: VERSION });
    expect(reply.status).toBe(422);
    expect(recordTables(t)).toEqual(before);
  });

  it('refuses files without the API version, more than 10, or not a list, writing nothing', async () => {
    const t = createTestBook();
    const before = recordTables(t);
    expect((await post(t, [PDF], {})).body.errors[0].message).toBe('attachments on an expense need X-Api-Version 2026-09-01 or later (the default from 1 December 2026)');
    expect((await post(t, Array.from({ length: 11 }, () => PDF))).body.errors[0].message).toBe('At most 10 attachments can be added in one call');
    const notList = await t.json('POST', '/v2/expenses', { body: { expense: { ...fields(t), attachments: PDF } }, headers: VERSION });
    expect(notList.status).toBe(422);
    expect(recordTables(t)).toEqual(before);
  });

  it('leaves the old state when a fault is thrown at any write it makes, the file\'s included', async () => {
    const t = createTestBook();
    const before = recordTables(t);
    const sqlite = t.book.sqlite;
    // The engine logs each fault as the bug it would be; here they are the point.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Counts every row the request writes and fails the k-th; which table it struck is noted outside
    // the database (a temp table's note would be rolled back with the rest).
    let hit = '';
    sqlite.function('note_fault', (table: unknown) => ((hit = String(table)), 0));
    sqlite.exec('CREATE TEMP TABLE fault (n INTEGER, at INTEGER); INSERT INTO temp.fault VALUES (0, 0);');
    for (const table of ['expenses', 'postings', 'attachments', 'attachment_blobs', 'changes']) {
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        sqlite.exec(`CREATE TEMP TRIGGER fault_${event}_${table} AFTER ${event} ON main.${table} BEGIN
          UPDATE temp.fault SET n = n + 1;
          SELECT CASE WHEN (SELECT n = at FROM temp.fault) THEN note_fault('${table}') + RAISE(ABORT, 'injected fault') END;
        END;`);
      }
    }
    const struck = new Set<string>();
    for (let at = 1; ; at += 1) {
      sqlite.prepare('UPDATE temp.fault SET n = 0, at = ?').run(at);
      hit = '';
      const reply = await post(t, [PDF]);
      if (reply.status === 201) break;
      struck.add(hit);
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(recordTables(t), `fault at write ${at}`).toEqual(before);
    }
    // The faults struck the expense, its postings and the file itself: the file's write is inside.
    expect([...struck]).toEqual(expect.arrayContaining(['expenses', 'postings', 'attachments', 'attachment_blobs']));
  });
});
