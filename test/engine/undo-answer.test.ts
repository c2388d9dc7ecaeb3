import { describe, expect, it } from 'vitest';
import { createTestBook } from './harness';
import { contact, invoice } from './sales-helpers';
import { redo, undo } from './undo-helpers';

// The undo and redo answers name the change-log entries the step wrote, so the desk can tell the records
// its own Ctrl+Z took away from ones deleted meanwhile elsewhere (a sync round) before the log is read.

describe('an undo or redo answer names what it changed', () => {
  it('the undo of a new invoice names its delete, with the id the book changes carry', async () => {
    const t = createTestBook();
    const made = await invoice(t, { contact: await contact(t) });
    const id = new URL(made.url).pathname.split('/').pop();
    const before = (await t.json('GET', '/v2/book/changes')).body.latest as number;

    const undone = await undo(t);
    expect(undone.status).toBe(200);
    const logged = (await t.json('GET', `/v2/book/changes?after=${before}`)).body.changes as { id: number; resource: string; record_id: string; operation: string }[];
    expect(undone.body.changes).toEqual(logged.map(({ id: at, resource, record_id, operation }) => ({ id: at, resource, record_id, operation })));
    expect(undone.body.changes).toContainEqual(expect.objectContaining({ resource: 'invoices', record_id: id, operation: 'delete' }));

    const redone = await redo(t);
    expect(redone.status).toBe(200);
    expect(redone.body.changes).toContainEqual(expect.objectContaining({ resource: 'invoices', record_id: id, operation: 'create' }));
    expect(Math.min(...redone.body.changes.map((change: { id: number }) => change.id))).toBeGreaterThan(Math.max(...undone.body.changes.map((change: { id: number }) => change.id)));
  });

  it('a refused step answers its sentence and names nothing', async () => {
    const t = createTestBook();
    const reply = await undo(t);
    expect(reply.status).toBe(422);
    expect(reply.body.changes).toBeUndefined();
  });
});
