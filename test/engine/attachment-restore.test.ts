import { describe, expect, it } from 'vitest';
import { bankAccount, explain, oneTransaction } from './banking-helpers';
import { createTestBook, ORIGIN, type TestBook } from './harness';
import { postExpense } from './purchases-helpers';

/**
 * A removed attachment put back (POST /v2/attachments/:id/restore, a Ledgerdesk extension behind the
 * desk's Ctrl+Z after "Remove receipt"): the same file, name and description on the same record under
 * a new id; the last 20 removals can be put back, and the bytes of one forgotten are dropped.
 */
const NEW_API = { 'X-Api-Version': '2026-09-01' };
const pdf = (n = 0) => Buffer.from(`%PDF-1.4\n% receipt ${n}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
const file = (bytes: Buffer, name = 'receipt.pdf') => ({ data: bytes.toString('base64'), file_name: name, content_type: 'application/pdf', description: `${name} (front)` });
const path = (url: string) => new URL(url).pathname;

async function explanationWithFile(t: TestBook, bytes = pdf()) {
  const account = await bankAccount(t);
  const transaction = await oneTransaction(t, account, { dated_on: '2026-10-01', amount: '-42.50' });
  const response = await explain(t, { bank_transaction: transaction.url, category: '285', gross_value: '-42.50' }, NEW_API);
  const url = path(response.body.bank_transaction_explanation.url);
  const added = await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: [file(bytes)] } });
  expect(added.status).toBe(201);
  return { url, attachment: added.body.attachments[0] as { url: string; file_name: string } };
}

const blobCount = (t: TestBook) => (t.book.sqlite.prepare('SELECT count(*) FROM attachment_blobs').pluck().get() as number);

async function download(t: TestBook, attachmentUrl: string): Promise<Buffer> {
  const read = await t.json('GET', path(attachmentUrl), { headers: NEW_API });
  const src = new URL(read.body.attachment.content_src);
  const answer = await t.request('GET', `${src.pathname}${src.search}`, { token: null });
  return Buffer.from(await answer.arrayBuffer());
}

describe('putting a removed attachment back', () => {
  it('puts the same file back on the explanation under a new id, once', async () => {
    const t = createTestBook();
    const { url, attachment } = await explanationWithFile(t);
    expect((await t.json('DELETE', path(attachment.url), { headers: NEW_API })).status).toBe(200);
    expect((await t.json('GET', `${url}/attachments`, { headers: NEW_API })).body.attachments).toEqual([]);
    // The bytes are kept while the removal can be undone.
    expect(blobCount(t)).toBe(1);

    const before = t.changeCount();
    const restored = await t.json('POST', `${path(attachment.url)}/restore`, { headers: NEW_API });
    expect(restored.status).toBe(201);
    expect(restored.body.attachment).toMatchObject({ file_name: 'receipt.pdf', content_type: 'application/pdf', file_size: pdf().length, description: 'receipt.pdf (front)' });
    expect(restored.body.attachment.url).not.toBe(attachment.url);
    expect(t.changeCount()).toBeGreaterThan(before);
    const listed = await t.json('GET', `${url}/attachments`, { headers: NEW_API });
    expect(listed.body.attachments.map((each: { url: string }) => each.url)).toEqual([restored.body.attachment.url]);
    expect((await download(t, restored.body.attachment.url)).equals(pdf())).toBe(true);
    // The old id stays deleted, and a removal is put back only once.
    expect((await t.json('GET', path(attachment.url), { headers: NEW_API })).status).toBe(404);
    const again = await t.json('POST', `${path(attachment.url)}/restore`, { headers: NEW_API });
    expect(again.status).toBe(404);
    expect(again.body.errors[0].message).toMatch(/can be put back/);
  });

  it('puts back a file removed with PUT _destroy, and an expense’s receipt', async () => {
    const t = createTestBook();
    const { url, attachment } = await explanationWithFile(t);
    await t.json('PUT', `${url}/attachments`, { headers: NEW_API, body: { attachments: [{ url: attachment.url, _destroy: true }] } });
    expect((await t.json('POST', `${path(attachment.url)}/restore`, { headers: NEW_API })).status).toBe(201);

    const made = await postExpense(t, { user: `${ORIGIN}/v2/users/${t.ownerId}`, category: `${ORIGIN}/v2/categories/285`, gross_value: '-12.34', dated_on: '2026-10-01', description: 'Lunch' });
    const expense = path(made.body.expense.url);
    const added = await t.json('POST', `${expense}/attachments`, { headers: NEW_API, body: { attachments: [file(pdf(7), 'lunch.pdf')] } });
    const receipt = added.body.attachments[0].url as string;
    await t.json('DELETE', path(receipt), { headers: NEW_API });
    const restored = await t.json('POST', `${path(receipt)}/restore`, { headers: NEW_API });
    expect(restored.status).toBe(201);
    const listed = await t.json('GET', `${expense}/attachments`, { headers: NEW_API });
    expect(listed.body.attachments.map((each: { file_name: string }) => each.file_name)).toEqual(['lunch.pdf']);
    expect((await download(t, restored.body.attachment.url)).equals(pdf(7))).toBe(true);
  });

  it('refuses when the record is gone, the period is locked or the level is too low, and changes nothing', async () => {
    const t = createTestBook();
    const { url, attachment } = await explanationWithFile(t);
    await t.json('DELETE', path(attachment.url), { headers: NEW_API });

    const token = await t.userWithLevel(2);
    expect((await t.json('POST', `${path(attachment.url)}/restore`, { headers: NEW_API, token })).status).toBe(403);

    const lock = await t.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: '2026-10-31' } } });
    expect(lock.status).toBe(204);
    const before = t.changeCount();
    const locked = await t.json('POST', `${path(attachment.url)}/restore`, { headers: NEW_API });
    expect(locked.status).toBe(422);
    expect(JSON.stringify(locked.body)).toMatch(/books are locked up to 2026-10-31/);
    expect(t.changeCount()).toBe(before);
    expect((await t.json('DELETE', '/v2/account_locks')).status).toBe(204);

    expect((await t.json('DELETE', url, { headers: NEW_API })).status).toBe(200);
    const orphan = await t.json('POST', `${path(attachment.url)}/restore`, { headers: NEW_API });
    expect(orphan.status).toBe(422);
    expect(orphan.body.errors[0].message).toBe('The explanation receipt.pdf was attached to has been deleted; attach the file to another one');
    expect((await t.json('POST', '/v2/attachments/99999/restore', { headers: NEW_API })).status).toBe(404);
  });

  it('keeps the last 20 removals; an older one is forgotten and its bytes dropped', async () => {
    const t = createTestBook();
    const { url } = await explanationWithFile(t, pdf(100));
    const added = await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: Array.from({ length: 10 }, (_, n) => file(pdf(n), `r${n}.pdf`)) } });
    const more = await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: Array.from({ length: 10 }, (_, n) => file(pdf(n + 10), `r${n + 10}.pdf`)) } });
    const urls = [...added.body.attachments, ...more.body.attachments.slice(-10)].filter((each: { file_name: string }) => each.file_name !== 'receipt.pdf').map((each: { url: string }) => each.url as string);
    const firstOfAll = (await t.json('GET', `${url}/attachments`, { headers: NEW_API })).body.attachments[0].url as string;
    expect(urls).toHaveLength(20);
    await t.json('DELETE', path(firstOfAll), { headers: NEW_API });
    for (const each of urls) await t.json('DELETE', path(each), { headers: NEW_API });
    // 21 removals: the first is forgotten, its bytes gone; the 20 after it can still be put back.
    expect(blobCount(t)).toBe(20);
    expect((await t.json('POST', `${path(firstOfAll)}/restore`, { headers: NEW_API })).status).toBe(404);
    expect((await t.json('POST', `${path(urls[0]!)}/restore`, { headers: NEW_API })).status).toBe(201);
  });
});
