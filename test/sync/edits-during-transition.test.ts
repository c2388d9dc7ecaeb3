import { describe, expect, it } from 'vitest';
import { canonical, world, type Replica } from './replicas';
import { path, type Book } from './people';

async function documentIn(book: Book, family: 'invoices' | 'estimates', reference: string): Promise<Record<string, any>> {
  const list = (await book.call('GET', `/v2/${family}?view=all&per_page=100`)).body[family] as Record<string, any>[];
  const found = list.find((record) => record.reference === reference)!;
  return (await book.call('GET', path(found.url))).body[family === 'invoices' ? 'invoice' : 'estimate'];
}

const move = async (book: Book, family: 'invoices' | 'estimates', reference: string, transition: string) => {
  const answer = await book.call('PUT', `${path((await documentIn(book, family, reference)).url)}/transitions/${transition}`);
  expect(answer.status).toBe(200);
};

/**
 * A round that moves a document's stage (Draft to Sent, Sent to Approved) takes the record from the
 * transition's answer, which holds the record as it is when the move is made: with whatever the
 * accountant changed online while our transition was on its way. Only what the round wrote and the
 * stage may become agreed; the accountant's change must come here at the next round.
 */
describe('edits made online while a round moves a stage', { timeout: 60_000 }, () => {
  it("the accountant's comment saved while our mark_as_sent is out reaches the book", async () => {
    let once = false;
    const w = world(71, {
      whileWriting: async (method, target) => {
        if (once || method !== 'PUT' || !/^\/v2\/invoices\/\d+\/transitions\/mark_as_sent$/.test(target)) return;
        once = true;
        const online = await documentIn(w.remote.book, 'invoices', '001');
        expect((await w.remote.book.call('PUT', path(online.url), { invoice: { comments: 'Quote PO 4471 on payment' } })).status).toBe(200);
      },
    });
    const a: Replica = w.replica('a');
    const contact = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } })).body.contact.url;
    await a.book.call('POST', '/v2/invoices', { invoice: { contact, dated_on: '2026-11-20', payment_terms_in_days: 30, invoice_items: [{ description: 'Design work', item_type: 'Hours', quantity: '3', price: '50.00' }] } });
    await a.sync();
    await move(a.book, 'invoices', '001', 'mark_as_sent');
    await a.sync();
    expect(once).toBe(true);
    expect(await documentIn(w.remote.book, 'invoices', '001')).toMatchObject({ status: 'Open', comments: 'Quote PO 4471 on payment' });
    await a.sync();
    expect(await documentIn(a.book, 'invoices', '001')).toMatchObject({ status: 'Open', comments: 'Quote PO 4471 on payment' });
    expect(a.service.reviewList()).toEqual([]);
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
  });

  it("the accountant's note saved while our estimate is moved through Sent to Approved reaches the other book", async () => {
    let once = false;
    const w = world(72, {
      whileWriting: async (method, target) => {
        if (once || method !== 'PUT' || !/^\/v2\/estimates\/\d+\/transitions\/mark_as_approved$/.test(target)) return;
        once = true;
        const online = await documentIn(w.remote.book, 'estimates', 'EST-1');
        expect((await w.remote.book.call('PUT', path(online.url), { estimate: { notes: 'Valid for 30 days' } })).status).toBe(200);
      },
    });
    const a = w.replica('a');
    const b = w.replica('b');
    const contact = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } })).body.contact.url;
    await a.book.call('POST', '/v2/estimates', {
      estimate: { contact, reference: 'EST-1', dated_on: '2026-11-20', status: 'Draft', estimate_type: 'Quote', estimate_items: [{ description: 'Survey', item_type: 'Hours', quantity: '2', price: '80' }] },
    });
    await a.sync();
    await b.sync();
    await move(a.book, 'estimates', 'EST-1', 'mark_as_sent');
    await move(a.book, 'estimates', 'EST-1', 'mark_as_approved');
    await a.sync();
    expect(once).toBe(true);
    expect(await documentIn(w.remote.book, 'estimates', 'EST-1')).toMatchObject({ status: 'Approved', notes: 'Valid for 30 days' });
    await a.sync();
    await b.sync();
    expect(await documentIn(a.book, 'estimates', 'EST-1')).toMatchObject({ status: 'Approved', notes: 'Valid for 30 days' });
    expect(await documentIn(b.book, 'estimates', 'EST-1')).toMatchObject({ status: 'Approved', notes: 'Valid for 30 days' });
    expect(a.service.reviewList()).toEqual([]);
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
    expect(await canonical(b.book)).toBe(await canonical(w.remote.book));
  });
});
