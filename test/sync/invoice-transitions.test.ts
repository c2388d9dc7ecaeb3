import { describe, expect, it } from 'vitest';
import { world } from './replicas';
import { path, type Book } from './people';

async function invoiceIn(book: Book, reference: string): Promise<Record<string, any>> {
  const list = (await book.call('GET', '/v2/invoices?view=all&per_page=100')).body.invoices as Record<string, any>[];
  return list.find((invoice) => invoice.reference === reference)!;
}

const statusIn = async (book: Book, reference: string) => (await invoiceIn(book, reference)).status as string;
const move = async (book: Book, reference: string, transition: string) => {
  const answer = await book.call('PUT', `${path((await invoiceIn(book, reference)).url)}/transitions/${transition}`);
  expect(answer.status).toBe(200);
};

async function draftInvoice(book: Book) {
  const contact = (await book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } })).body.contact.url;
  const created = await book.call('POST', '/v2/invoices', { invoice: { contact, dated_on: '2026-11-20', payment_terms_in_days: 30, invoice_items: [{ description: 'Design work', item_type: 'Hours', quantity: '3', price: '50.00' }] } });
  expect(created.status).toBe(201);
}

async function threeBooks(seed: number) {
  const w = world(seed);
  const a = w.replica('a');
  const b = w.replica('b');
  await draftInvoice(a.book);
  await a.sync();
  await b.sync();
  return { w, a, b };
}

/** What reached the remote as writes to invoices, in order (method and path; bodies never carry a status). */
const invoiceWrites = (w: ReturnType<typeof world>) => w.remote.log.filter((entry) => entry.method !== 'GET' && entry.path.startsWith('/v2/invoices')).map((entry) => `${entry.method} ${entry.path.replace(/\/\d+/, '/:id')}`);

describe('invoice transitions sync', { timeout: 90_000 }, () => {
  it('an invoice marked as sent here is marked as sent there by its transition, and the other book follows', async () => {
    const { w, a, b } = await threeBooks(91);
    await move(a.book, '001', 'mark_as_sent');
    expect(await a.sync()).toMatchObject({ pushed: 1, conflicts: 0, refused: 0 });
    expect(invoiceWrites(w)).toEqual(['POST /v2/invoices', 'PUT /v2/invoices/:id/transitions/mark_as_sent']);
    expect(await statusIn(w.remote.book, '001')).toBe('Open');
    expect(await b.sync()).toMatchObject({ pulled: 1, conflicts: 0 });
    expect(await statusIn(b.book, '001')).toBe('Open');
    expect(await a.sync()).toMatchObject({ pushed: 0, pulled: 0 });
    expect(await b.sync()).toMatchObject({ pushed: 0, pulled: 0 });
    // Cancelled there, then back to draft here after pulling it: each move is a transition.
    await move(b.book, '001', 'mark_as_cancelled');
    await b.sync();
    await a.sync();
    expect(await statusIn(a.book, '001')).toBe('Cancelled');
    await move(a.book, '001', 'mark_as_draft');
    await a.sync();
    await b.sync();
    expect(await statusIn(w.remote.book, '001')).toBe('Draft');
    expect(await statusIn(b.book, '001')).toBe('Draft');
    expect(invoiceWrites(w).filter((write) => write.includes('transitions'))).toEqual([
      'PUT /v2/invoices/:id/transitions/mark_as_sent',
      'PUT /v2/invoices/:id/transitions/mark_as_cancelled',
      'PUT /v2/invoices/:id/transitions/mark_as_draft',
    ]);
  });

  it('an invoice made and sent offline is created as a draft, then marked as sent; the other book gets it sent', async () => {
    const w = world(92);
    const a = w.replica('a');
    const b = w.replica('b');
    await draftInvoice(a.book);
    await move(a.book, '001', 'mark_as_sent');
    await a.sync();
    expect(invoiceWrites(w)).toEqual(['POST /v2/invoices', 'PUT /v2/invoices/:id/transitions/mark_as_sent']);
    expect(await statusIn(w.remote.book, '001')).toBe('Open');
    await b.sync();
    expect(await statusIn(b.book, '001')).toBe('Open');
    expect(await b.sync()).toMatchObject({ pushed: 0, pulled: 0 });
  });

  it('a transition whose answer was lost is checked by reading the invoice, not sent again', async () => {
    for (const fault of ['error-after', 'slow-after', 'reset'] as const) {
      const { w, a } = await threeBooks(93);
      await move(a.book, '001', 'mark_as_sent');
      w.remote.force(fault, (method, where) => method === 'PUT' && where.endsWith('/transitions/mark_as_sent'));
      expect(await a.sync()).toMatchObject({ conflicts: 0, refused: 0 });
      expect(invoiceWrites(w).filter((write) => write.includes('transitions'))).toEqual(['PUT /v2/invoices/:id/transitions/mark_as_sent']);
      expect(await statusIn(w.remote.book, '001')).toBe('Open');
      expect(await a.sync()).toMatchObject({ pushed: 0, pulled: 0 });
    }
  });

  it('a transition lost before it reached the remote is not sent again in that round; the next round reads the invoice and sends it once', async () => {
    const { w, a } = await threeBooks(94);
    await move(a.book, '001', 'mark_as_sent');
    w.remote.force('error-before', (method, where) => method === 'PUT' && where.endsWith('/transitions/mark_as_sent'));
    expect(await a.sync()).toMatchObject({ pushed: 0, refused: 0 });
    expect(await statusIn(w.remote.book, '001')).toBe('Draft');
    // The 503, a read of the invoice (still a draft), and nothing more for it in that round.
    const transitions = () => w.remote.log.filter((entry) => entry.path.endsWith('/transitions/mark_as_sent')).length;
    const after = w.remote.log.slice(w.remote.log.findIndex((entry) => entry.path.endsWith('/transitions/mark_as_sent')));
    expect(after.slice(0, 2).map((entry) => `${entry.method} ${entry.path.replace(/\/\d+/, '/:id')}`)).toEqual(['PUT /v2/invoices/:id/transitions/mark_as_sent', 'GET /v2/invoices/:id']);
    expect(transitions()).toBe(1);
    expect(await a.sync()).toMatchObject({ pushed: 1, refused: 0 });
    expect(await statusIn(w.remote.book, '001')).toBe('Open');
    expect(transitions()).toBe(2);
  });

  it('a transition the remote refuses goes to review with its reason; the invoice stays sent here', async () => {
    const w = world(96, { refuse: (_method, where) => (where.endsWith('/transitions/mark_as_sent') ? 'The accounts are locked to 30 November 2026' : null) });
    const a = w.replica('a');
    await draftInvoice(a.book);
    await a.sync();
    await move(a.book, '001', 'mark_as_sent');
    expect(await a.sync()).toMatchObject({ refused: 1 });
    expect(a.service.reviewList()).toEqual([expect.objectContaining({ kind: 'refused', family: 'invoices', reason: expect.stringContaining('locked to 30 November 2026') })]);
    expect(await statusIn(w.remote.book, '001')).toBe('Draft');
    expect(await statusIn(a.book, '001')).toBe('Open');
  });

  it('a stage changed here and a comment there merge; two different stages are a conflict', async () => {
    const { w, a, b } = await threeBooks(95);
    await move(a.book, '001', 'mark_as_sent');
    await b.book.call('PUT', path((await invoiceIn(b.book, '001')).url), { invoice: { comments: 'Net 30' } });
    await b.sync();
    expect((await a.sync()).conflicts).toBe(0);
    await b.sync();
    for (const book of [w.remote.book, a.book, b.book]) expect(await invoiceIn(book, '001')).toMatchObject({ status: 'Open', comments: 'Net 30' });

    await move(a.book, '001', 'mark_as_cancelled');
    await move(b.book, '001', 'mark_as_draft');
    await b.sync();
    expect((await a.sync()).conflicts).toBe(1);
    expect(a.service.reviewList()[0]).toMatchObject({ kind: 'conflict', family: 'invoices', fields: [{ field: 'stage', mine: 'Cancelled', theirs: 'Draft' }] });
    await a.service.resolve(a.service.reviewList()[0]!.id, { choice: 'mine' });
    expect(await statusIn(w.remote.book, '001')).toBe('Cancelled');
    await b.sync();

    // Edited in review to a third stage: both sides move there by transitions.
    await move(a.book, '001', 'mark_as_draft');
    await move(b.book, '001', 'mark_as_sent');
    await b.sync();
    expect((await a.sync()).conflicts).toBe(1);
    await a.service.resolve(a.service.reviewList()[0]!.id, { choice: 'edit', values: { stage: 'Cancelled' } });
    await b.sync();
    for (const book of [w.remote.book, a.book, b.book]) expect(await statusIn(book, '001')).toBe('Cancelled');
  });
});
