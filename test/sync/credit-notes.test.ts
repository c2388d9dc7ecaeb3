import { describe, expect, it } from 'vitest';
import { accountIn, linesOf, upload } from './lines';
import { path, type Book } from './people';
import { world, type World } from './replicas';

const RECONCILIATIONS = '/v2/credit_note_reconciliations';
const EXPLANATIONS = '/v2/bank_transaction_explanations';

async function documentIn(book: Book, kind: 'invoices' | 'credit_notes', reference: string): Promise<Record<string, any> | undefined> {
  const list = (await book.call('GET', `/v2/${kind}?view=all&per_page=100`)).body[kind] as Record<string, any>[];
  const found = list.find((document) => document.reference === reference);
  return found ? ((await book.call('GET', path(found.url))).body[kind === 'invoices' ? 'invoice' : 'credit_note'] as Record<string, any>) : undefined;
}

/** A credit note as a person compares two books: its fields and totals, its contact by name, its items without urls. */
async function seenNote(book: Book, reference: string) {
  const note = (await documentIn(book, 'credit_notes', reference))!;
  const contact = (await book.call('GET', path(note.contact))).body.contact.organisation_name;
  const items = (note.credit_note_items as Record<string, any>[]).map(({ description, price, quantity, item_type, category }) => ({ description, price, quantity, item_type, category: category ? path(category) : null }));
  return { reference: note.reference, contact, dated_on: note.dated_on, comments: note.comments ?? null, total_value: note.total_value, status: note.status, items };
}

/** A book's reconciliations as a person reads them: which credit note against which invoice, when, how much. */
async function seenReconciliations(book: Book): Promise<string[]> {
  const list = (await book.call('GET', `${RECONCILIATIONS}?per_page=100`)).body.credit_note_reconciliations as Record<string, any>[];
  const seen: string[] = [];
  for (const row of list) {
    const note = (await book.call('GET', path(row.credit_note))).body.credit_note.reference;
    const invoice = (await book.call('GET', path(row.invoice))).body.invoice.reference;
    seen.push(`${note} against ${invoice} ${row.dated_on} ${row.gross_value}`);
  }
  return seen.sort();
}

const move = async (book: Book, kind: 'invoices' | 'credit_notes', reference: string, transition: string) => {
  const answer = await book.call('PUT', `${path((await documentIn(book, kind, reference))!.url)}/transitions/${transition}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

const writesTo = (w: World, prefix: string) => w.remote.log.filter((entry) => entry.method !== 'GET' && entry.path.startsWith(prefix)).map((entry) => `${entry.method} ${entry.path.replace(/\/\d+/, '/:id')}`);

/** Acme Ltd with invoice 001 (150.00, sent) and a draft credit note for 30.00 against the design work. */
async function acmeWithNote(book: Book, { send = true } = {}) {
  const contact = (await book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } })).body.contact.url;
  const invoice = await book.call('POST', '/v2/invoices', { invoice: { contact, dated_on: '2026-11-10', payment_terms_in_days: 30, invoice_items: [{ description: 'Design work', item_type: 'Hours', quantity: '3', price: '50.00', category: '/v2/categories/001' }] } });
  expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
  const note = await book.call('POST', '/v2/credit_notes', { credit_note: { contact, dated_on: '2026-11-15', payment_terms_in_days: 30, comments: 'Hour not worked', credit_note_items: [{ description: 'Design work', item_type: 'Hours', quantity: '1', price: '-30.00', category: '/v2/categories/001' }] } });
  expect(note.status, JSON.stringify(note.body)).toBe(201);
  if (send) {
    await move(book, 'invoices', invoice.body.invoice.reference, 'mark_as_sent');
    await move(book, 'credit_notes', note.body.credit_note.reference, 'mark_as_sent');
  }
  return { invoice: invoice.body.invoice.url as string, note: note.body.credit_note.url as string, reference: note.body.credit_note.reference as string };
}

async function threeBooks(seed: number, send = true) {
  const w = world(seed);
  const a = w.replica('a');
  const b = w.replica('b');
  const made = await acmeWithNote(a.book, { send });
  await a.sync();
  await b.sync();
  return { w, a, b, ...made };
}

describe('credit notes sync', { timeout: 120_000 }, () => {
  it('a credit note made offline reaches the remote and the other book with its number, contact, items, totals and stage; its reconciliation links the same two documents', async () => {
    const w = world(121);
    const a = w.replica('a');
    const b = w.replica('b');
    const made = await acmeWithNote(a.book);
    const reconciled = await a.book.call('POST', RECONCILIATIONS, { credit_note_reconciliation: { credit_note: made.note, invoice: made.invoice, gross_value: '30.00' } });
    expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(201);
    await a.sync();
    await b.sync();
    expect(w.remote.creates).toEqual(['/v2/contacts', '/v2/invoices', '/v2/credit_notes', RECONCILIATIONS]);
    expect(writesTo(w, '/v2/credit_notes')).toEqual(['POST /v2/credit_notes', 'PUT /v2/credit_notes/:id/transitions/mark_as_sent']);
    const remote = await seenNote(w.remote.book, made.reference);
    expect(remote).toMatchObject({ contact: 'Acme Ltd', dated_on: '2026-11-15', total_value: '-30.0', status: 'Refunded', comments: 'Hour not worked' });
    expect(remote.items).toEqual([{ description: 'Design work', item_type: 'Hours', quantity: '1.0', price: '-30.0', category: '/v2/categories/001' }]);
    expect(await seenNote(a.book, made.reference)).toEqual(remote);
    expect(await seenNote(b.book, made.reference)).toEqual(remote);
    const links = [`${made.reference} against 001 2026-11-15 30.0`];
    for (const book of [w.remote.book, a.book, b.book]) {
      expect(await seenReconciliations(book)).toEqual(links);
      // The invoice owes 120.00 everywhere once the credit is set against it.
      expect((await documentIn(book, 'invoices', '001'))!.due_value).toBe('120.0');
    }
    expect(await a.sync()).toMatchObject({ pushed: 0, pulled: 0, conflicts: 0 });
    expect(await b.sync()).toMatchObject({ pushed: 0, pulled: 0, conflicts: 0 });

    // Taken off on the other book: gone from the remote and from the first, the invoice owing 150.00 again.
    const onB = (await b.book.call('GET', RECONCILIATIONS)).body.credit_note_reconciliations[0].url;
    expect((await b.book.call('DELETE', path(onB))).status).toBe(200);
    await b.sync();
    await a.sync();
    for (const book of [w.remote.book, a.book, b.book]) {
      expect(await seenReconciliations(book)).toEqual([]);
      expect((await documentIn(book, 'invoices', '001'))!.due_value).toBe('150.0');
    }
  });

  it('edits to different fields on two books merge; the same field changed on both is a conflict with both values', async () => {
    const { w, a, b, reference } = await threeBooks(122, false);
    const onA = (await documentIn(a.book, 'credit_notes', reference))!;
    const onB = (await documentIn(b.book, 'credit_notes', reference))!;
    expect((await a.book.call('PUT', path(onA.url), { credit_note: { comments: 'Agreed by phone' } })).status).toBe(200);
    const item = onB.credit_note_items[0];
    expect((await b.book.call('PUT', path(onB.url), { credit_note: { credit_note_items: [{ url: item.url, quantity: '2' }] } })).status).toBe(200);
    await b.sync();
    expect((await a.sync()).conflicts).toBe(0);
    await b.sync();
    const merged = await seenNote(w.remote.book, reference);
    expect(merged).toMatchObject({ comments: 'Agreed by phone', total_value: '-60.0' });
    expect(await seenNote(a.book, reference)).toEqual(merged);
    expect(await seenNote(b.book, reference)).toEqual(merged);

    await a.book.call('PUT', path(onA.url), { credit_note: { comments: 'Mine' } });
    await b.book.call('PUT', path(onB.url), { credit_note: { comments: 'Theirs' } });
    await b.sync();
    expect((await a.sync()).conflicts).toBe(1);
    expect(a.service.reviewList()).toEqual([expect.objectContaining({ kind: 'conflict', family: 'credit_notes', label: `Credit note ${reference}`, fields: [{ field: 'comments', base: 'Agreed by phone', mine: 'Mine', theirs: 'Theirs' }] })]);
    expect((await seenNote(w.remote.book, reference)).comments).toBe('Theirs');
    expect((await seenNote(a.book, reference)).comments).toBe('Mine');
  });

  it('a create whose answer was lost is found on the remote by its reference (a reconciliation by its two documents), not made twice', async () => {
    for (const fault of ['error-after', 'reset', 'slow-after'] as const) {
      const w = world(123);
      const a = w.replica('a');
      const made = await acmeWithNote(a.book);
      await a.book.call('POST', RECONCILIATIONS, { credit_note_reconciliation: { credit_note: made.note, invoice: made.invoice, gross_value: '10' } });
      w.remote.force(fault, (method, where) => method === 'POST' && where === '/v2/credit_notes');
      w.remote.force(fault, (method, where) => method === 'POST' && where === RECONCILIATIONS);
      await a.sync();
      await a.sync();
      expect(w.remote.creates, fault).toEqual(['/v2/contacts', '/v2/invoices', '/v2/credit_notes', RECONCILIATIONS]);
      expect(await a.sync()).toMatchObject({ pushed: 0, pulled: 0 });
      expect(await seenNote(a.book, made.reference)).toEqual(await seenNote(w.remote.book, made.reference));
      expect(await seenReconciliations(w.remote.book)).toEqual([`${made.reference} against 001 2026-11-15 10.0`]);
      expect(a.service.reviewList()).toEqual([]);
    }
  });

  it('deleted on one book and edited on the other is kept for review, either way round', async () => {
    const { w, a, b, reference } = await threeBooks(124, false);
    expect((await a.book.call('DELETE', path((await documentIn(a.book, 'credit_notes', reference))!.url))).status).toBe(200);
    await b.book.call('PUT', path((await documentIn(b.book, 'credit_notes', reference))!.url), { credit_note: { comments: 'Still owed' } });
    await b.sync();
    expect((await a.sync()).conflicts).toBe(1);
    expect(a.service.reviewList()).toEqual([expect.objectContaining({ kind: 'deleted-here', family: 'credit_notes' })]);
    expect((await seenNote(w.remote.book, reference)).comments).toBe('Still owed');

    const other = await threeBooks(125, false);
    expect((await other.b.book.call('DELETE', path((await documentIn(other.b.book, 'credit_notes', other.reference))!.url))).status).toBe(200);
    await other.b.sync();
    expect(await documentIn(other.w.remote.book, 'credit_notes', other.reference)).toBeUndefined();
    await other.a.book.call('PUT', path((await documentIn(other.a.book, 'credit_notes', other.reference))!.url), { credit_note: { comments: 'Still owed' } });
    expect((await other.a.sync()).conflicts).toBe(1);
    expect(other.a.service.reviewList()).toEqual([expect.objectContaining({ kind: 'deleted-there', family: 'credit_notes' })]);
    expect((await seenNote(other.a.book, other.reference)).comments).toBe('Still owed');
  });

  it('a credit note for a customer deleted on the remote waits for the decision on the customer, then follows it there', async () => {
    const w = world(127);
    const a = w.replica('a');
    const beta = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Beta Ltd' } })).body.contact.url;
    await a.sync();
    const there = (await w.remote.book.call('GET', '/v2/contacts?view=all')).body.contacts.find((contact: Record<string, any>) => contact.organisation_name === 'Beta Ltd');
    expect((await w.remote.book.call('DELETE', path(there.url))).status).toBe(200);
    const note = await a.book.call('POST', '/v2/credit_notes', { credit_note: { contact: beta, dated_on: '2026-11-15', credit_note_items: [{ description: 'Goodwill', item_type: 'Services', quantity: '1', price: '-10' }] } });
    expect(note.status).toBe(201);
    const round = await a.sync();
    // The book will not delete a customer with a credit note: the user decides. The credit note is not
    // sent naming a customer the remote no longer has (it would be refused), nor dropped: it waits.
    expect(round).toMatchObject({ refused: 0 });
    expect(a.service.reviewList()).toEqual([expect.objectContaining({ kind: 'deleted-there', family: 'contacts', label: 'Contact Beta Ltd' })]);
    expect(writesTo(w, '/v2/credit_notes')).toEqual([]);
    expect(a.service.status()).toMatchObject({ review: 1 });

    // Letting it go here too is impossible while the credit note names it: said at once, and the item
    // stays open for the decision that can be carried out (not closed only to come back next round).
    const item = a.service.reviewList()[0]!;
    await expect(a.service.resolve(item.id, { choice: 'theirs' })).rejects.toThrow('Contact Beta Ltd cannot be deleted from this book (This contact has credit notes and cannot be deleted; hide it instead (status Hidden)). Keep yours to send it back to the online service.');
    expect(a.service.reviewList()).toEqual([expect.objectContaining({ id: item.id, kind: 'deleted-there' })]);
    expect((await a.book.call('GET', path(beta))).status).toBe(200);

    await a.service.resolve(item.id, { choice: 'mine' });
    await a.sync();
    expect(a.service.reviewList()).toEqual([]);
    expect(await seenNote(w.remote.book, note.body.credit_note.reference)).toMatchObject({ contact: 'Beta Ltd', total_value: '-10.0' });
    expect(await a.sync()).toMatchObject({ pushed: 0, pulled: 0 });
  });

  it('first link: the same credit note and reconciliation on both sides are linked, not doubled', async () => {
    const w = world(128);
    const a = w.replica('a');
    // Another customer first on the remote, so the same records have other ids on each side.
    await w.remote.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Zed Ltd' } });
    for (const book of [w.remote.book, a.book]) {
      const made = await acmeWithNote(book);
      expect((await book.call('POST', RECONCILIATIONS, { credit_note_reconciliation: { credit_note: made.note, invoice: made.invoice, gross_value: '30' } })).status).toBe(201);
    }
    const plan = await a.service.planLink();
    for (const family of ['credit_notes', 'credit_note_reconciliations']) {
      const found = plan.families.find((candidate) => candidate.family === family)!;
      expect(found, family).toMatchObject({ linked: [expect.objectContaining({ differs: [] })], createHere: [], createThere: [] });
    }
    await a.service.applyLink(plan);
    await a.sync();
    expect(w.remote.creates).toEqual([]);
    expect(await seenReconciliations(a.book)).toEqual(await seenReconciliations(w.remote.book));
    expect(await a.sync()).toMatchObject({ pushed: 0, pulled: 0, conflicts: 0 });
  });

  it('money out refunding a credit note is explained against it on every side, no longer held', async () => {
    const { w, a, b, reference, note } = await threeBooks(126);
    const account = await accountIn(a.book);
    await upload(a.book, account, [{ dated_on: '2026-11-20', amount: -30, description: 'Refund Acme', transaction_type: 'DEBIT' }]);
    const line = (await linesOf(a.book, account))[0]!.url;
    const explained = await a.book.call('POST', EXPLANATIONS, { bank_transaction_explanation: { bank_transaction: line, dated_on: '2026-11-20', gross_value: '-30', paid_invoice: note } });
    expect(explained.status, JSON.stringify(explained.body)).toBe(201);
    expect(await a.sync()).toMatchObject({ refused: 0, conflicts: 0 });
    expect(a.service.status()).toMatchObject({ review: 0, waiting: 0 });
    await b.sync();
    for (const book of [w.remote.book, a.book, b.book]) {
      const list = (await book.call('GET', `${EXPLANATIONS}?bank_account=${encodeURIComponent(await accountIn(book))}`)).body.bank_transaction_explanations as Record<string, any>[];
      expect(list).toHaveLength(1);
      expect(path(list[0]!.paid_invoice)).toMatch(/^\/v2\/credit_notes\/\d+$/);
      expect((await book.call('GET', path(list[0]!.paid_invoice))).body.credit_note.reference).toBe(reference);
      expect((await seenNote(book, reference)).status).toBe('Refunded');
    }
    expect(await a.sync()).toMatchObject({ pushed: 0, pulled: 0 });
    expect(await b.sync()).toMatchObject({ pushed: 0, pulled: 0 });
  });
});
