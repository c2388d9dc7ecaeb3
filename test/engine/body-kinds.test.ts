import { describe, expect, it } from 'vitest';
import { clockFromEnvironment } from '../../main/engine/context';
import { createTestBook } from './harness';

describe('file uploads only where a file is expected', () => {
  it('answers a multipart body on a JSON endpoint with 415 and creates nothing', async () => {
    const t = createTestBook();
    const form = new FormData();
    form.set('user', new Blob(['{"email":"x@example.com"}']), 'user.json');
    const before = t.changeCount();
    const response = await t.engine.fetch(new Request('http://127.0.0.1:9999/v2/users', { method: 'POST', headers: { Authorization: 'Bearer owner-token' }, body: form }));
    expect(response.status).toBe(415);
    expect(t.changeCount()).toBe(before);
  });
});

describe('LEDGERDESK_NOW', () => {
  it('reads a time without a zone as UTC, whatever the machine is set to', () => {
    expect(clockFromEnvironment('2026-11-22T10:00:00').now().toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(clockFromEnvironment('2026-11-22T10:00:00+01:00').now().toISOString()).toBe('2026-11-22T09:00:00.000Z');
  });
});
