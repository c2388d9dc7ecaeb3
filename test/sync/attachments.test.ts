import { describe, expect, it } from 'vitest';
import { world, type Replica, type World } from './replicas';
import { accountIn, linesOf, path, statement, upload, type Book } from './lines';
import { EXPLANATIONS, hotelExplanation, receipt, versioned, type AttachedFile as File } from './attachment-requests';

const invoice = { name: 'hotel-invoice.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n') };

/** The explanation's files as a person checks them: name, type and the bytes, downloaded through content_src. */
async function filesOf(book: Book): Promise<string[]> {
  const explanation = await hotelExplanation(book);
  if (!explanation) return [];
  const answer = await versioned(book, 'GET', `${explanation}/attachments`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const seen: string[] = [];
  for (const file of answer.body.attachments as { file_name: string; content_type: string; content_src: string }[]) {
    const download = await book.engine.fetch(new Request(file.content_src));
    expect(download.status).toBe(200);
    seen.push(`${file.file_name} ${file.content_type} ${Buffer.from(await download.arrayBuffer()).toString('base64')}`);
  }
  return seen.sort();
}

const seen = (...files: File[]) => files.map((file) => `${file.name} ${file.type} ${file.bytes.toString('base64')}`).sort();

async function attach(book: Book, file: File): Promise<string> {
  const explanation = (await hotelExplanation(book))!;
  const answer = await versioned(book, 'POST', `${explanation}/attachments`, { attachments: [{ data: file.bytes.toString('base64'), file_name: file.name, content_type: file.type }] });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return path((answer.body.attachments as { url: string; file_name: string }[]).find((made) => made.file_name === file.name)!.url);
}

async function fileUrl(book: Book, name: string): Promise<string> {
  const answer = await versioned(book, 'GET', `${(await hotelExplanation(book))!}/attachments`);
  return path((answer.body.attachments as { url: string; file_name: string }[]).find((file) => file.file_name === name)!.url);
}

/** Two books on one remote, the Hotel line explained on the first (with files, if given) and synced everywhere. */
async function explained(seed: number, files: File[] = [], faults: Parameters<typeof world>[1] = {}): Promise<{ w: World; a: Replica; b: Replica }> {
  const w = world(seed, faults);
  const a = w.replica('a');
  const b = w.replica('b');
  const account = await accountIn(a.book);
  await upload(a.book, account, statement);
  const line = (await linesOf(a.book, account)).find((candidate) => String(candidate.description).startsWith('Hotel'))!.url;
  const made = await a.book.call('POST', EXPLANATIONS, { bank_transaction_explanation: { bank_transaction: line, dated_on: '2026-11-04', gross_value: '-42.5', category: '/v2/categories/285', description: 'Conference stay' } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  for (const file of files) await attach(a.book, file);
  await a.sync();
  await b.sync();
  expect(await hotelExplanation(b.book)).not.toBeNull();
  return { w, a, b };
}

const attachmentPosts = (w: World) => w.remote.creates.filter((where) => where.endsWith('/attachments'));

describe('explanation attachments sync', { timeout: 120_000 }, () => {
  it('a file added here reaches the remote and the other book with the same bytes, and one added there comes here', async () => {
    const { w, a, b } = await explained(91);
    await attach(a.book, receipt);
    expect((await a.sync()).pushed).toBe(1);
    expect(await filesOf(w.remote.book)).toEqual(seen(receipt));
    expect((await b.sync()).pulled).toBe(1);
    expect(await filesOf(b.book)).toEqual(seen(receipt));

    await attach(b.book, invoice);
    await b.sync();
    await a.sync();
    expect(await filesOf(w.remote.book)).toEqual(seen(receipt, invoice));
    expect(await filesOf(a.book)).toEqual(seen(receipt, invoice));
    expect(await filesOf(b.book)).toEqual(seen(receipt, invoice));
    expect(attachmentPosts(w)).toHaveLength(2);
    // Nothing left to do: no file is sent or brought again.
    expect(await a.sync()).toMatchObject({ pulled: 0, pushed: 0, refused: 0 });
    expect(await b.sync()).toMatchObject({ pulled: 0, pushed: 0, refused: 0 });
    expect(attachmentPosts(w)).toHaveLength(2);
  });

  it('files the book held before its first link go to the remote with their explanation', async () => {
    const { w, a, b } = await explained(94, [receipt, invoice]);
    expect(await filesOf(w.remote.book)).toEqual(seen(receipt, invoice));
    expect(await filesOf(b.book)).toEqual(seen(receipt, invoice));
    expect(await a.sync()).toMatchObject({ pulled: 0, pushed: 0, refused: 0 });
    expect(attachmentPosts(w)).toHaveLength(2);
  });

  it('a file whose create answer was lost, or whose sync was killed after the remote made it, is made there once', async () => {
    const { w, a, b } = await explained(92);
    await attach(a.book, receipt);
    w.remote.force('error-after', (method, where) => method === 'POST' && where.endsWith('/attachments'));
    await a.sync();
    await a.sync();
    expect(attachmentPosts(w)).toHaveLength(1);
    expect(await filesOf(w.remote.book)).toEqual(seen(receipt));

    await attach(a.book, invoice);
    const stop = new AbortController();
    // The app is killed while the POST is out: the remote made the file, the book never heard.
    w.remote.force('error-after', (method, where) => method === 'POST' && where.endsWith('/attachments'), () => stop.abort());
    await expect(a.sync({ signal: stop.signal })).rejects.toThrow();
    expect(attachmentPosts(w)).toHaveLength(2);
    a.restart();
    // The pull meets the file on the explanation there and links it to ours by name, size and type.
    await a.sync();
    expect(a.service.status()).toMatchObject({ waiting: 0 });
    await b.sync();
    expect(await filesOf(w.remote.book)).toEqual(seen(receipt, invoice));
    expect(await filesOf(b.book)).toEqual(seen(receipt, invoice));
    expect(await filesOf(a.book)).toEqual(seen(receipt, invoice));
    expect(attachmentPosts(w)).toHaveLength(2);
  });

  it('a file removed on one side goes on the other; an explanation deleted takes its files everywhere', async () => {
    const { w, a, b } = await explained(93);
    await attach(a.book, receipt);
    await attach(a.book, invoice);
    await a.sync();
    await b.sync();
    expect(await filesOf(b.book)).toEqual(seen(receipt, invoice));

    expect((await a.book.call('DELETE', await fileUrl(a.book, receipt.name))).status).toBe(200);
    await a.sync();
    expect(await filesOf(w.remote.book)).toEqual(seen(invoice));
    await b.sync();
    expect(await filesOf(b.book)).toEqual(seen(invoice));

    // Removed there (by the accountant on the remote): gone here on the next sync.
    expect((await versioned(w.remote.book, 'PUT', `${(await hotelExplanation(w.remote.book))!}/attachments`, { attachments: [{ url: await fileUrl(w.remote.book, invoice.name), _destroy: true }] })).status).toBe(200);
    await a.sync();
    await b.sync();
    expect(await filesOf(a.book)).toEqual([]);
    expect(await filesOf(b.book)).toEqual([]);

    await attach(b.book, receipt);
    await b.sync();
    await a.sync();
    expect(await filesOf(a.book)).toEqual(seen(receipt));
    const requests = w.remote.log.length;
    expect((await a.book.call('DELETE', (await hotelExplanation(a.book))!)).status).toBe(200);
    await a.sync();
    // The explanation's delete takes its file there: no request of the file's own.
    expect(w.remote.log.slice(requests).filter((entry) => entry.path.includes('/attachments'))).toEqual([]);
    await b.sync();
    expect(await hotelExplanation(w.remote.book)).toBeNull();
    expect(await hotelExplanation(b.book)).toBeNull();
    expect(await a.sync()).toMatchObject({ pulled: 0, pushed: 0, refused: 0 });
  });

  it('a removed file put back (the desk\'s undo) reaches the remote and the other book again, once', async () => {
    const { w, a, b } = await explained(94, [receipt]);
    expect(await filesOf(b.book)).toEqual(seen(receipt));
    const removed = await fileUrl(a.book, receipt.name);
    expect((await a.book.call('DELETE', removed)).status).toBe(200);
    await a.sync();
    await b.sync();
    expect(await filesOf(w.remote.book)).toEqual([]);
    expect(await filesOf(b.book)).toEqual([]);

    // Put back after the removal went out: sent as a new file.
    expect((await a.book.call('POST', `${removed}/restore`)).status).toBe(201);
    await a.sync();
    await b.sync();
    expect(await filesOf(w.remote.book)).toEqual(seen(receipt));
    expect(await filesOf(b.book)).toEqual(seen(receipt));

    // Removed and put back between two syncs: the remote still holds the file, once.
    const again = await fileUrl(a.book, receipt.name);
    await a.book.call('DELETE', again);
    expect((await a.book.call('POST', `${again}/restore`)).status).toBe(201);
    await a.sync();
    await b.sync();
    expect(await filesOf(w.remote.book)).toEqual(seen(receipt));
    expect(await filesOf(a.book)).toEqual(seen(receipt));
    expect(await filesOf(b.book)).toEqual(seen(receipt));
    expect(await a.sync()).toMatchObject({ pulled: 0, pushed: 0, refused: 0 });
  });

  it('a file the remote refuses is counted and tried again each round, never dropped; an expense receipt stays in the book', async () => {
    let locked = true;
    const { w, a } = await explained(95, [], { refuse: (method, where) => (locked && method === 'POST' && where.endsWith('/attachments') ? 'The books are locked up to 2026-11-30' : null) });
    await attach(a.book, receipt);
    const me = (await a.book.call('GET', '/v2/users/me')).body.user.url as string;
    const expense = await a.book.call('POST', '/v2/expenses', { expense: { user: me, category: '/v2/categories/285', dated_on: '2026-11-20', gross_value: '-12.50', description: 'Taxi to client' } });
    expect(expense.status, JSON.stringify(expense.body)).toBe(201);
    const onExpense = await versioned(a.book, 'POST', `${path(expense.body.expense.url)}/attachments`, { attachments: [{ data: receipt.bytes.toString('base64'), file_name: 'taxi.txt', content_type: 'text/plain' }] });
    expect(onExpense.status, JSON.stringify(onExpense.body)).toBe(201);

    expect((await a.sync()).refused).toBe(1);
    expect(await filesOf(w.remote.book)).toEqual([]);
    expect(w.remote.log.filter((entry) => entry.path.startsWith('/v2/expenses/') && entry.path.includes('/attachments'))).toEqual([]);
    // The refused file still counts as a change waiting, so the window does not claim all is sent.
    expect(a.service.status().waiting).toBe(1);
    expect(await filesOf(a.book)).toEqual(seen(receipt));
    // Tried again each round: it goes once the remote takes it.
    expect((await a.sync()).refused).toBe(1);
    locked = false;
    expect((await a.sync()).pushed).toBe(1);
    expect(await filesOf(w.remote.book)).toEqual(seen(receipt));
    expect(w.remote.creates.some((where) => where.startsWith('/v2/expenses/') && where.endsWith('/attachments'))).toBe(false);
  });
});
