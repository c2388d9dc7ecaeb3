import { describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../main/engine/codec/body';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, ORIGIN, OWNER_TOKEN, type TestBook } from './harness';

const MB = 1024 * 1024;

/** A valid user payload padded with an unknown field to exactly `size` bytes. */
function paddedUserBody(size: number, email = 'big@example.com'): string {
  const base = JSON.stringify({ user: { email, first_name: 'Big', last_name: 'Body', role: 'Employee', padding: '' } });
  return base.replace('"padding":""', `"padding":"${'x'.repeat(size - base.length)}"`);
}

interface CountingStream {
  stream: ReadableStream<Uint8Array>;
  pulled(): number;
}

/** An endless body that counts what the engine reads from it, to prove it stops early. */
function endlessBody(chunk = MB): CountingStream {
  let pulled = 0;
  const bytes = new Uint8Array(chunk).fill(0x61);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulled += bytes.byteLength;
        controller.enqueue(bytes);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

function streamedPost(t: TestBook, body: ReadableStream<Uint8Array>, headers: Record<string, string>): Promise<Response> {
  const init = { method: 'POST', body, duplex: 'half', headers: { Authorization: `Bearer ${OWNER_TOKEN}`, ...headers } };
  return t.engine.fetch(new Request(`${ORIGIN}/v2/users`, init as RequestInit));
}

describe('body size limit (10 MB)', () => {
  it('accepts a body of exactly 10 MB and refuses one byte more with 413', async () => {
    const t = createTestBook();
    const exact = paddedUserBody(BODY_LIMIT);
    expect(exact.length).toBe(10 * MB);
    const accepted = await t.json('POST', '/v2/users', { raw: exact, headers: { 'content-type': 'application/json' } });
    expect(accepted.status).toBe(201);

    const before = bookSnapshot(t);
    const over = paddedUserBody(BODY_LIMIT + 1, 'big2@example.com');
    expect(over.length).toBe(BODY_LIMIT + 1);
    const refused = await t.json('POST', '/v2/users', { raw: over, headers: { 'content-type': 'application/json' } });
    expect(refused.status).toBe(413);
    expect(refused.body.errors[0].message).toMatch(/larger than 10 MB/);
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('refuses a body whose Content-Length is over the limit without reading it', async () => {
    const t = createTestBook();
    const body = endlessBody();
    const response = await streamedPost(t, body.stream, { 'content-type': 'application/json', 'content-length': String(BODY_LIMIT + 1) });
    expect(response.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(MB);
  });

  it('stops reading an endless body with no Content-Length once it passes the limit', async () => {
    const t = createTestBook();
    const before = bookSnapshot(t);
    const body = endlessBody();
    const response = await streamedPost(t, body.stream, { 'content-type': 'application/json' });
    expect(response.status).toBe(413);
    expect(body.pulled()).toBeGreaterThan(BODY_LIMIT);
    expect(body.pulled()).toBeLessThanOrEqual(BODY_LIMIT + 2 * MB);
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('does not trust a Content-Length that understates the body', async () => {
    const t = createTestBook();
    const body = endlessBody();
    const response = await streamedPost(t, body.stream, { 'content-type': 'application/xml', 'content-length': '100' });
    expect(response.status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(BODY_LIMIT + 2 * MB);
  });

  it('applies to PUT as well as POST', async () => {
    const t = createTestBook();
    const response = await t.json('PUT', '/v2/users/me', { raw: paddedUserBody(BODY_LIMIT + 10), headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(413);
  });
});

describe('Content-Type and encoding', () => {
  it('refuses a type it cannot read with 415, naming the type', async () => {
    const t = createTestBook();
    const before = bookSnapshot(t);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream', 'text/csv']) {
      const response = await t.json('POST', '/v2/bank_accounts', {
        raw: '{"bank_account":{"name":"A","opening_balance":"0"}}',
        headers: { 'content-type': type },
      });
      expect(response.status, type).toBe(415);
      expect(response.body.errors[0].message).toContain(type);
    }
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('reads JSON sent with a charset parameter, a +json type, or no Content-Type', async () => {
    const t = createTestBook();
    const body = (name: string) => JSON.stringify({ bank_account: { name, opening_balance: '0' } });
    for (const [name, type] of [['charset', 'application/json; charset=utf-8'], ['vendor', 'application/vnd.api+json']] as const) {
      const response = await t.json('POST', '/v2/bank_accounts', { raw: body(name), headers: { 'content-type': type } });
      expect(response.status, type).toBe(201);
    }
    // Bytes, not a string: fetch would label a string body text/plain.
    const untyped = await t.json('POST', '/v2/bank_accounts', { raw: new TextEncoder().encode(body('untyped')) });
    expect(untyped.status).toBe(201);
  });

  it('refuses a body that is not UTF-8 with 400, in JSON and in XML', async () => {
    const t = createTestBook();
    const before = bookSnapshot(t);
    const latin1 = new Uint8Array([...new TextEncoder().encode('{"bank_account":{"name":"Caf'), 0xe9, ...new TextEncoder().encode('","opening_balance":"0"}}')]);
    const json = await t.json('POST', '/v2/bank_accounts', { raw: latin1, headers: { 'content-type': 'application/json' } });
    expect(json.status).toBe(400);
    expect(json.body.errors[0].message).toMatch(/UTF-8/);

    const xmlBytes = new Uint8Array([...new TextEncoder().encode('<freeagent><bank-account><name>Caf'), 0xe9, ...new TextEncoder().encode('</name><opening-balance>0</opening-balance></bank-account></freeagent>')]);
    const xml = await t.json('POST', '/v2/bank_accounts', { raw: xmlBytes, headers: { 'content-type': 'application/xml', accept: 'application/json' } });
    expect(xml.status).toBe(400);

    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from('{"a":1}').flatMap((char) => [char.charCodeAt(0), 0])]);
    expect((await t.json('POST', '/v2/bank_accounts', { raw: utf16, headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('accepts UTF-8 with a byte order mark and keeps non-ASCII text intact', async () => {
    const t = createTestBook();
    const text = '\uFEFF{"bank_account":{"name":"Café Ünïcødé ☕","opening_balance":"0"}}';
    const response = await t.json('POST', '/v2/bank_accounts', { raw: new TextEncoder().encode(text), headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(201);
    expect(response.body.bank_account.name).toBe('Café Ünïcødé ☕');
  });
});
