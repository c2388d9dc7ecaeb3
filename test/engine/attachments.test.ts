import { describe, expect, it } from 'vitest';
import { bankAccount, explain, oneTransaction, transactions } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';

const NEW_API = { 'X-Api-Version': '2026-09-01' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const file = (bytes: Buffer, name = 'receipt.pdf', type = 'application/pdf') => ({ data: bytes.toString('base64'), file_name: name, content_type: type, description: name });

async function explained(t: TestBook, headers?: Record<string, string>, extra: Record<string, unknown> = {}) {
  const account = await bankAccount(t);
  const transaction = await oneTransaction(t, account, { dated_on: '2026-10-01', amount: '-42.50' });
  const response = await explain(t, { bank_transaction: transaction.url, category: '285', gross_value: '-42.50', ...extra }, headers);
  if (response.status !== 201) throw new Error(JSON.stringify(response.body));
  return { account, url: new URL(response.body.bank_transaction_explanation.url).pathname, record: response.body.bank_transaction_explanation };
}

describe('before API version 2026-09-01 (and before 1 December 2026)', () => {
  it('writes one attachment inline on the explanation and returns the singular attachment', async () => {
    const t = createTestBook();
    const { url, record, account } = await explained(t, undefined, { attachment: file(PDF) });
    expect(record.attachment).toMatchObject({ file_name: 'receipt.pdf', content_type: 'application/pdf', file_size: PDF.length });
    expect(record.attachments).toBeUndefined();
    const [row] = await transactions(t, account);
    expect(row.attachment.file_name).toBe('receipt.pdf');
    expect(row.attachments).toBeUndefined();
    const replaced = await t.json('PUT', url, { body: { bank_transaction_explanation: { attachment: file(PNG, 'photo.png', 'image/png') } } });
    expect(replaced.body.bank_transaction_explanation.attachment.file_name).toBe('photo.png');
    expect((await t.json('GET', `${url}/attachments`)).status).toBe(404);
  });
});

describe('from API version 2026-09-01', () => {
  it('carries an attachments array and changes files only through the attachments endpoints', async () => {
    const t = createTestBook();
    const { url, record } = await explained(t, NEW_API);
    expect(record.attachments).toEqual([]);
    expect(record.attachment).toBeUndefined();
    const inline = await t.json('PUT', url, { headers: NEW_API, body: { bank_transaction_explanation: { attachment: file(PDF) } } });
    expect(inline.status).toBe(422);
    const added = await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: [file(PDF), file(PNG, 'photo.png', 'image/png')] } });
    expect(added.status).toBe(201);
    expect(added.body.attachments.map((row: any) => row.file_name)).toEqual(['receipt.pdf', 'photo.png']);
    const [first, second] = added.body.attachments;
    const changed = await t.json('PUT', `${url}/attachments`, {
      headers: NEW_API,
      body: { attachments: [{ url: first.url, _destroy: true }, { url: second.url, description: 'front of receipt' }, file(PDF, 'second.pdf')] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.attachments.map((row: any) => [row.file_name, row.description])).toEqual([
      ['photo.png', 'front of receipt'],
      ['second.pdf', 'second.pdf'],
    ]);
    const listed = await t.json('GET', `${url}/attachments`, { headers: NEW_API });
    expect(listed.body.attachments).toHaveLength(2);
    const explanation = await t.json('GET', url, { headers: NEW_API });
    expect(explanation.body.bank_transaction_explanation.attachments).toHaveLength(2);
  });

  it('is the default for every request from 1 December 2026 by the engine clock', async () => {
    const t = createTestBook();
    t.clock.set('2026-12-01T00:00:00.000Z');
    const { record } = await explained(t);
    expect(record.attachments).toEqual([]);
    expect(record.attachment).toBeUndefined();
  });

  it('adds at most 10 a call and holds at most 50, refusing the whole call beyond that', async () => {
    const t = createTestBook();
    const { url } = await explained(t, NEW_API);
    const eleven = Array.from({ length: 11 }, (_, index) => file(PDF, `r${index}.pdf`));
    expect((await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: eleven } })).status).toBe(422);
    for (let call = 0; call < 5; call += 1) {
      const response = await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: eleven.slice(0, 10) } });
      expect(response.status).toBe(201);
    }
    const full = await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: [file(PDF)] } });
    expect(full.status).toBe(422);
    expect(full.body.errors[0].message).toContain('at most 50');
    expect((await t.json('GET', `${url}/attachments`, { headers: NEW_API })).body.attachments).toHaveLength(50);
  });

  it('checks the declared type against the bytes and the 5 MB limit, and keeps one copy of equal files', async () => {
    const t = createTestBook();
    const { url } = await explained(t, NEW_API);
    const lying = await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: [file(PNG, 'x.pdf', 'application/pdf')] } });
    expect(lying.status).toBe(422);
    expect(lying.body.errors[0].message).toContain('image/png');
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: [file(big)] } })).status).toBe(422);
    expect((await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: [{ ...file(PDF), data: '***' }] } })).status).toBe(422);
    await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: [file(PDF, 'a.pdf'), file(PDF, 'b.pdf')] } });
    expect(t.book.sqlite.prepare('SELECT count(*) FROM attachment_blobs').pluck().get()).toBe(1);
  });
});

describe('attachments and their content urls', () => {
  it('serves the bytes at content_src until expires_at, without a token, and never with a forged signature', async () => {
    const t = createTestBook();
    const { url } = await explained(t, NEW_API);
    const added = await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: [file(PDF)] } });
    const attachment = added.body.attachments[0];
    const read = await t.json('GET', new URL(attachment.url).pathname);
    expect(read.body.attachment).toMatchObject({ file_name: 'receipt.pdf', file_size: PDF.length });
    const src = new URL(attachment.content_src);
    const download = await t.request('GET', `${src.pathname}${src.search}`, { token: null });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    const forged = new URL(src);
    forged.searchParams.set('expires_at', '2099-01-01T00:00:00.000Z');
    expect((await t.request('GET', `${forged.pathname}${forged.search}`, { token: null })).status).toBe(403);
    t.clock.set('2026-11-22T11:00:00.001Z');
    expect((await t.request('GET', `${src.pathname}${src.search}`, { token: null })).status).toBe(403);
  });

  it('needs the access level of the item, and DELETE removes it', async () => {
    const t = createTestBook();
    const { url } = await explained(t, NEW_API);
    const added = await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: [file(PDF)] } });
    const path = new URL(added.body.attachments[0].url).pathname;
    const bills = await t.userWithLevel(5);
    expect((await t.json('GET', path, { token: bills })).status).toBe(403);
    expect((await t.json('DELETE', path, { token: bills })).status).toBe(403);
    expect((await t.json('DELETE', path)).status).toBe(200);
    expect((await t.json('GET', path)).status).toBe(404);
    // The bytes stay while the removal can be undone (attachment-restore.test.ts); the owner's delete drops them.
    expect(t.book.sqlite.prepare('SELECT count(*) FROM attachment_blobs').pluck().get()).toBe(1);
    expect((await t.json('POST', `${path}/restore`, { token: bills })).status).toBe(403);
  });
});

describe('what the audit found (issue 13)', () => {
  it('downloads a file named outside Latin-1 with an RFC 5987 filename* and an ASCII fallback', async () => {
    const t = createTestBook();
    const { url } = await explained(t, NEW_API);
    const names = ['💸money.csv', 'Café reçu (copy).pdf', 'квитанция.pdf'];
    const added = await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: names.map((name) => file(PDF, name)) } });
    expect(added.status).toBe(201);
    const dispositions: string[] = [];
    for (const attachment of added.body.attachments) {
      const src = new URL(attachment.content_src);
      const download = await t.request('GET', `${src.pathname}${src.search}`, { token: null });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
      dispositions.push(download.headers.get('content-disposition')!);
    }
    expect(dispositions).toEqual([
      `attachment; filename="_money.csv"; filename*=UTF-8''%F0%9F%92%B8money.csv`,
      `attachment; filename="Cafe recu (copy).pdf"; filename*=UTF-8''Caf%C3%A9%20re%C3%A7u%20%28copy%29.pdf`,
      `attachment; filename="attachment.pdf"; filename*=UTF-8''%D0%BA%D0%B2%D0%B8%D1%82%D0%B0%D0%BD%D1%86%D0%B8%D1%8F.pdf`,
    ]);
    // A client reading filename* gets the name back exactly.
    expect(decodeURIComponent(dispositions[0]!.split("UTF-8''")[1]!)).toBe('💸money.csv');
  });

  it('answers a content url without a valid signature the same for an id that exists and one that does not', async () => {
    const t = createTestBook();
    const { url } = await explained(t, NEW_API);
    const added = await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: [file(PDF)] } });
    const existing = new URL(added.body.attachments[0].url).pathname;
    const answers = [];
    for (const path of [existing, '/v2/attachments/999999']) {
      const response = await t.request('GET', `${path}/content`, { token: null });
      answers.push({ status: response.status, body: await response.text() });
    }
    expect(answers[0]!.status).toBe(403);
    expect(answers[1]).toEqual(answers[0]);
  });

  it('refuses adding, changing or removing a file of an explanation in a locked period, and changes nothing', async () => {
    const t = createTestBook();
    const { url } = await explained(t, NEW_API);
    const added = await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: [file(PDF)] } });
    const attachmentUrl = added.body.attachments[0].url as string;
    const lock = await t.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: '2026-10-31' } } });
    expect(lock.status).toBe(204);
    const before = t.changeCount();

    const refusals = [
      await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: [file(PNG, 'photo.png', 'image/png')] } }),
      await t.json('PUT', `${url}/attachments`, { headers: NEW_API, body: { attachments: [{ url: attachmentUrl, description: 'changed' }] } }),
      await t.json('PUT', `${url}/attachments`, { headers: NEW_API, body: { attachments: [{ url: attachmentUrl, _destroy: true }] } }),
      await t.json('DELETE', new URL(attachmentUrl).pathname),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(422);
      expect(JSON.stringify(refused.body)).toMatch(/books are locked up to 2026-10-31/);
    }
    expect(t.changeCount()).toBe(before);
    const listed = await t.json('GET', `${url}/attachments`, { headers: NEW_API });
    expect(listed.body.attachments).toHaveLength(1);
    expect(listed.body.attachments[0].description).toBe('receipt.pdf');
  });
});

describe("a transfer's other side", () => {
  it('keeps a file attached there with the transfer, through a later change of the transfer', async () => {
    // The other side is made again from the transfer on every change: a file attached to it was left
    // owned by an explanation that no longer existed, and vanished from both registers.
    const t = createTestBook();
    const from = await bankAccount(t, { name: 'Current' });
    const to = await bankAccount(t, { name: 'Savings', account_number: '99999999' });
    const line = await oneTransaction(t, from, { dated_on: '2026-10-01', amount: '-500.00' });
    const made = await explain(t, { bank_transaction: line.url, transfer_bank_account: to, gross_value: '-500.00' }, NEW_API);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const source = new URL(made.body.bank_transaction_explanation.url).pathname;
    const sourceId = Number(source.split('/').pop());
    const otherSide = t.book.sqlite.prepare('SELECT id FROM bank_transaction_explanations WHERE transfer_source_id = ?').pluck().get(sourceId) as number;
    const added = await t.json('POST', `/v2/bank_transaction_explanations/${otherSide}/attachments`, { headers: NEW_API, body: { attachments: [file(PDF, 'transfer-advice.pdf')] } });
    expect(added.status).toBe(201);
    expect((await t.json('PUT', source, { headers: NEW_API, body: { bank_transaction_explanation: { description: 'To savings' } } })).status).toBe(200);
    const kept = await t.json('GET', `${source}/attachments`, { headers: NEW_API });
    expect(kept.body.attachments.map((row: { file_name: string }) => row.file_name)).toEqual(['transfer-advice.pdf']);
    const orphans = t.book.sqlite.prepare("SELECT count(*) FROM attachments a WHERE a.owner_resource = 'bank_transaction_explanations' AND NOT EXISTS (SELECT 1 FROM bank_transaction_explanations e WHERE e.id = a.owner_id)").pluck().get();
    expect(orphans).toBe(0);
  });
});
