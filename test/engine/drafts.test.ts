import { describe, expect, it } from 'vitest';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, type TestBook } from './harness';

const STATE = {
  contact: 'http://127.0.0.1:9999/v2/contacts/1',
  reference: 'INV-7',
  lines: [{ description: 'Consulting', quantity: '2', price: '150.00' }],
  parts: [{ amount: '-12.50', category: '285' }],
  files: [{ name: 'receipt.png', type: 'image/png', base64: 'iVBORw0KGgo=' }],
};

const put = (t: TestBook, key: string, draft: unknown, token?: string) => t.json('PUT', `/v2/drafts/${encodeURIComponent(key)}`, { body: { draft }, token });
const invoiceDraft = (label = 'Invoice for Client Co') => ({ section: 'invoices', label, state: STATE });

/** Every table but drafts, so a draft write is seen to touch nothing else (change log and sync outbox included). */
function outsideDrafts(t: TestBook) {
  const { drafts: _drafts, ...rest } = bookSnapshot(t);
  return rest;
}

describe('/v2/drafts (Ledgerdesk extension, issue 19 item 1)', () => {
  it('PUT keeps a draft by editor key, GET returns its state exactly, a second PUT replaces it', async () => {
    const t = createTestBook();
    const first = await put(t, 'invoices:new-a1', invoiceDraft());
    expect(first.status).toBe(200);
    expect(first.body.draft).toEqual({ key: 'invoices:new-a1', section: 'invoices', label: 'Invoice for Client Co', created_at: '2026-11-22T10:00:00.000Z', updated_at: '2026-11-22T10:00:00.000Z' });
    expect((await t.json('GET', '/v2/drafts/invoices:new-a1')).body.draft.state).toEqual(STATE);

    t.clock.set('2026-11-22T10:05:00.000Z');
    const changed = { ...STATE, reference: 'INV-8' };
    await put(t, 'invoices:new-a1', { section: 'invoices', label: 'Invoice for Client Co', state: changed });
    const read = await t.json('GET', '/v2/drafts/invoices%3Anew-a1');
    expect(read.body.draft).toMatchObject({ created_at: '2026-11-22T10:00:00.000Z', updated_at: '2026-11-22T10:05:00.000Z', state: changed });
  });

  it('lists the live drafts newest first without their state, by section when asked; each user sees only theirs', async () => {
    const t = createTestBook();
    await put(t, 'invoices:new-a1', invoiceDraft());
    t.clock.set('2026-11-22T10:01:00.000Z');
    await put(t, 'bills:4', { section: 'bills', label: 'Bill from ACME', state: { reference: 'A-1' } });
    const list = await t.json('GET', '/v2/drafts');
    expect(list.body.drafts.map((draft: { key: string }) => draft.key)).toEqual(['bills:4', 'invoices:new-a1']);
    expect(list.body.drafts[0].state).toBeUndefined();
    expect((await t.json('GET', '/v2/drafts?section=bills')).body.drafts.map((draft: { label: string }) => draft.label)).toEqual(['Bill from ACME']);

    const other = await t.userWithLevel(5);
    expect((await t.json('GET', '/v2/drafts', { token: other })).body.drafts).toEqual([]);
    expect((await t.json('GET', '/v2/drafts/bills:4', { token: other })).status).toBe(404);
  });

  it('DELETE discards a draft, POST …/restore brings it back exactly; a saved draft is gone for good', async () => {
    const t = createTestBook();
    await put(t, 'invoices:new-a1', invoiceDraft());
    expect((await t.json('DELETE', '/v2/drafts/invoices:new-a1')).status).toBe(200);
    expect((await t.json('GET', '/v2/drafts')).body.drafts).toEqual([]);
    expect((await t.json('GET', '/v2/drafts/invoices:new-a1')).status).toBe(404);

    const restored = await t.json('POST', '/v2/drafts/invoices:new-a1/restore');
    expect(restored.status).toBe(200);
    expect(restored.body.draft.state).toEqual(STATE);
    expect((await t.json('GET', '/v2/drafts')).body.drafts).toHaveLength(1);

    expect((await t.json('DELETE', '/v2/drafts/invoices:new-a1?saved=true')).status).toBe(200);
    const again = await t.json('POST', '/v2/drafts/invoices:new-a1/restore');
    expect(again.status).toBe(404);
    expect(again.body.errors[0].message).toBe('There is no discarded draft invoices:new-a1 to bring back');
    expect(t.book.sqlite.prepare('SELECT count(*) FROM drafts').pluck().get()).toBe(0);
  });

  it('a discarded draft can be brought back for a day; the next discard after that forgets it', async () => {
    const t = createTestBook();
    await put(t, 'bills:4', { section: 'bills', label: 'Bill from ACME', state: {} });
    await t.json('DELETE', '/v2/drafts/bills:4');
    t.clock.set('2026-11-23T10:00:01.000Z');
    await put(t, 'bills:5', { section: 'bills', label: 'Bill from Other', state: {} });
    await t.json('DELETE', '/v2/drafts/bills:5');
    expect((await t.json('POST', '/v2/drafts/bills:4/restore')).status).toBe(404);
    expect((await t.json('POST', '/v2/drafts/bills:5/restore')).status).toBe(200);
  });

  it('never writes the change log, the sync outbox or any table but drafts', async () => {
    const t = createTestBook();
    const before = outsideDrafts(t);
    const changesBefore = t.changeCount();
    await put(t, 'invoices:new-a1', invoiceDraft());
    await put(t, 'invoices:new-a1', invoiceDraft('Invoice for Other Co'));
    await t.json('DELETE', '/v2/drafts/invoices:new-a1');
    await t.json('POST', '/v2/drafts/invoices:new-a1/restore');
    await t.json('DELETE', '/v2/drafts/invoices:new-a1?saved=true');
    expect(t.changeCount()).toBe(changesBefore);
    expect(outsideDrafts(t)).toEqual(before);
  });

  it('refuses bad input with a sentence and changes nothing', async () => {
    const t = createTestBook();
    await put(t, 'bills:4', { section: 'bills', label: 'Bill from ACME', state: { reference: 'A-1' } });
    const before = bookSnapshot(t);
    const cases: [string, unknown, number, RegExp][] = [
      ['Bills 4', invoiceDraft(), 400, /is not an editor key/],
      ['bills:4', undefined, 422, /root key draft/],
      ['bills:4', { section: 'bills', label: '  ', state: {} }, 422, /^label is required$/],
      ['bills:4', { section: 'bills', label: 'Bill', state: 'text' }, 422, /^state must be an object/],
      ['bills:4', { section: 'Bills!', label: 'Bill', state: {} }, 422, /^section must be a section id/],
      ['bills:4', { section: 'invoices', label: 'Bill', state: {} }, 422, /belongs to the section before its colon/],
      ['bills:4', { section: 'bills', label: 'x'.repeat(201), state: {} }, 422, /^label is too long/],
    ];
    for (const [key, draft, status, message] of cases) {
      const response = await t.json('PUT', `/v2/drafts/${encodeURIComponent(key)}`, draft === undefined ? { body: { other: {} } } : { body: { draft } });
      expect(response.status, key).toBe(status);
      expect(response.body.errors[0].message).toMatch(message);
    }
    expect((await t.json('DELETE', '/v2/drafts/bills:4?saved=maybe')).status).toBe(400);
    expect((await t.json('DELETE', '/v2/drafts/bills:9')).status).toBe(404);
    expect((await t.json('POST', '/v2/drafts/bills:4/restore')).status).toBe(404);
    expect(bookSnapshot(t)).toEqual(before);
  });
});
