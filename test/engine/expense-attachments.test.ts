import { describe, expect, it } from 'vitest';
import { createTestBook, ORIGIN, type TestBook } from './harness';
import { lockBooks, postExpense } from './purchases-helpers';

/** An expense's receipts (api-notes: expense receipts): the explanation's attachments endpoints, on an expense. */
const NEW_API = { 'X-Api-Version': '2026-09-01' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const file = (bytes: Buffer, name = 'receipt.pdf', type = 'application/pdf') => ({ data: bytes.toString('base64'), file_name: name, content_type: type });

async function expense(t: TestBook, token?: string, user = t.ownerId) {
  const response = await postExpense(t, { user: `${ORIGIN}/v2/users/${user}`, category: `${ORIGIN}/v2/categories/285`, gross_value: '-12.34', dated_on: '2026-10-01', description: 'Lunch' }, token);
  if (response.status !== 201) throw new Error(JSON.stringify(response.body));
  return new URL(response.body.expense.url).pathname;
}

describe('receipts on an expense', () => {
  it('adds, lists and removes files, and deleting the expense deletes them', async () => {
    const t = createTestBook();
    const url = await expense(t);
    const added = await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: [file(PDF)] } });
    expect(added.status).toBe(201);
    expect(added.body.attachments).toMatchObject([{ file_name: 'receipt.pdf', content_type: 'application/pdf', file_size: PDF.length }]);
    const listed = await t.json('GET', `${url}/attachments`, { headers: NEW_API });
    expect(listed.body.attachments.map((row: { file_name: string }) => row.file_name)).toEqual(['receipt.pdf']);
    const attachment = new URL(added.body.attachments[0].url).pathname;
    expect((await t.json('GET', attachment, { headers: NEW_API })).body.attachment.file_name).toBe('receipt.pdf');

    expect((await t.json('DELETE', url)).status).toBe(200);
    expect((await t.json('GET', attachment, { headers: NEW_API })).status).toBe(404);
  });

  it('refuses bad files with a sentence and keeps nothing', async () => {
    const t = createTestBook();
    const url = await expense(t);
    const before = t.changeCount();
    const lying = await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: [file(Buffer.from('not a picture'), 'p.png', 'image/png')] } });
    expect(lying.status).toBe(422);
    expect(lying.body.errors[0].message).toBe('attachment content_type is image/png but the file is not of that type');
    const big = await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: [file(Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]))] } });
    expect(big.status).toBe(422);
    expect(big.body.errors[0].message).toBe('attachment is larger than 5 MB');
    expect(t.changeCount()).toBe(before);
    expect((await t.json('GET', `${url}/attachments`, { headers: NEW_API })).body.attachments).toEqual([]);
  });

  it('needs API version 2026-09-01 before 1 December 2026, like the explanations', async () => {
    const t = createTestBook();
    const url = await expense(t);
    expect((await t.json('POST', `${url}/attachments`, { body: { attachments: [file(PDF)] } })).status).toBe(404);
  });

  it('keeps another user’s receipts from a user below level 7', async () => {
    const t = createTestBook();
    const url = await expense(t);
    const added = await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: [file(PDF)] } });
    const attachment = new URL(added.body.attachments[0].url).pathname;
    const token = await t.userWithLevel(2);
    expect((await t.json('GET', `${url}/attachments`, { headers: NEW_API, token })).status).toBe(403);
    expect((await t.json('POST', `${url}/attachments`, { headers: NEW_API, token, body: { attachments: [file(PDF)] } })).status).toBe(403);
    expect((await t.json('GET', attachment, { headers: NEW_API, token })).status).toBe(403);
    expect((await t.json('DELETE', attachment, { headers: NEW_API, token })).status).toBe(403);
  });

  it('refuses a file on an expense dated in a locked period', async () => {
    const t = createTestBook();
    const url = await expense(t);
    const added = await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: [file(PDF)] } });
    lockBooks(t, '2026-10-31');
    const refused = await t.json('POST', `${url}/attachments`, { headers: NEW_API, body: { attachments: [file(PDF, 'second.pdf')] } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toMatch(/^The books are locked up to/);
    expect((await t.json('DELETE', new URL(added.body.attachments[0].url).pathname, { headers: NEW_API })).status).toBe(422);
  });
});
