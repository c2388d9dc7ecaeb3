import { describe, expect, it } from 'vitest';
import { accountIn, linesOf, path, statement, upload, type Book } from './lines';
import { canonical, world, type Replica, type World } from './replicas';
import type { LiveOptions } from './live-service';
import { EXPLANATIONS, hotelExplanation, receipt, versioned } from './attachment-requests';

/** The receipt's bytes in a book, downloaded as a person would open it, or null when it has none. */
async function receiptIn(book: Book): Promise<string | null> {
  const explanation = await hotelExplanation(book);
  if (!explanation) return null;
  const files = (await versioned(book, 'GET', `${explanation}/attachments`)).body.attachments as { content_src: string }[];
  if (files.length === 0) return null;
  return Buffer.from(await (await book.engine.fetch(new Request(files[0]!.content_src))).arrayBuffer()).toString('utf8');
}

/**
 * Book a with a bank account, its statement, the hotel line explained with the receipt attached, and
 * invoice 001 for 251.00; synced to the remote and into book b through the live answers.
 */
async function company(seed: number, live: LiveOptions): Promise<{ w: World; a: Replica; b: Replica }> {
  const w = world(seed, { live });
  const a = w.replica('a');
  const b = w.replica('b');
  const account = await accountIn(a.book);
  await upload(a.book, account, statement);
  const line = (await linesOf(a.book, account)).find((candidate) => String(candidate.description).startsWith('Hotel'))!.url;
  const explained = await a.book.call('POST', EXPLANATIONS, { bank_transaction_explanation: { bank_transaction: line, dated_on: '2026-11-04', gross_value: '-42.5', category: '/v2/categories/285', description: 'Conference stay' } });
  expect(explained.status, JSON.stringify(explained.body)).toBe(201);
  const attached = await versioned(a.book, 'POST', `${path(explained.body.bank_transaction_explanation.url)}/attachments`, { attachments: [{ data: receipt.bytes.toString('base64'), file_name: receipt.name, content_type: receipt.type }] });
  expect(attached.status).toBe(201);
  const contact = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } })).body.contact.url;
  const invoice = await a.book.call('POST', '/v2/invoices', { invoice: { contact, dated_on: '2026-11-20', payment_terms_in_days: 30, invoice_items: [{ description: 'Design work', item_type: 'Hours', quantity: '2', price: '125.50' }] } });
  expect(invoice.status).toBe(201);
  await a.sync();
  await b.sync();
  return { w, a, b };
}

const changesIn = (replica: Replica) => replica.book.book.sqlite.prepare('SELECT count(*) FROM changes').pluck().get() as number;
const writes = (w: World) => w.remote.log.filter((entry) => entry.method !== 'GET').length;

describe('answers as the live service writes them', { timeout: 120_000 }, () => {
  it('money spelt 251, "251.0" or "251.00" from one answer to the next is the same money: no round rewrites a record or raises a conflict', async () => {
    const { w, a, b } = await company(401, { respellMoney: true });
    expect(await canonical(b.book)).toBe(await canonical(w.remote.book));
    const before = { a: changesIn(a), b: changesIn(b), writes: writes(w) };
    // Every round reads the records again (sweeps are due every round here), each answer spelt anew.
    for (let round = 0; round < 4; round += 1) {
      for (const replica of [a, b]) expect(await replica.sync()).toMatchObject({ pulled: 0, pushed: 0, conflicts: 0, refused: 0 });
    }
    expect({ a: changesIn(a), b: changesIn(b), writes: writes(w) }).toEqual(before);
    expect([...a.service.reviewList(), ...b.service.reviewList()]).toEqual([]);
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
    expect(await canonical(b.book)).toBe(await canonical(w.remote.book));
  });

  it('records, pages and Location naming another host than the configured one are followed on the configured one, with the token only there; signed file links elsewhere are fetched without it', async () => {
    const { w, a, b } = await company(402, { host: 'https://api.alias.test', filesHost: 'https://files.alias.test' });
    // Enough contacts for several pages of 100, whose Link names the other host.
    for (let i = 0; i < 230; i += 1) await w.remote.book.call('POST', '/v2/contacts', { contact: { organisation_name: `Customer ${String(i).padStart(3, '0')}` } });
    await b.sync();
    await a.sync();
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
    expect(await canonical(b.book)).toBe(await canonical(w.remote.book));
    expect(await receiptIn(b.book)).toBe(receipt.bytes.toString('utf8'));
    const api = w.remote.log.filter((entry) => entry.origin !== 'https://files.alias.test');
    expect(new Set(api.map((entry) => entry.origin))).toEqual(new Set(['http://remote.test']));
    expect(w.remote.log.some((entry) => entry.origin === 'https://files.alias.test')).toBe(true);
    expect(w.remote.tokensLeaked).toBe(0);
    expect(await a.sync()).toMatchObject({ pulled: 0, pushed: 0, conflicts: 0, refused: 0 });
  });
});
