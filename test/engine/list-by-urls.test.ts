import { describe, expect, it } from 'vitest';
import { createTestBook, ORIGIN, type TestBook } from './harness';
import { postBill } from './purchases-helpers';
import { contact, creditNote, item, sentInvoice } from './sales-helpers';

// GET /v2/invoices?urls=... and /v2/bills?urls=... (Ledgerdesk): only the documents named, for the
// bank register, which names what each line pays and read every invoice and bill to do it. A filter
// like contact=: the answer is the list's own records, order, paging and X-Total-Count, cut down.

const list = (t: TestBook, path: string) => t.json('GET', path);
const urlsQuery = (urls: readonly string[]) => encodeURIComponent(urls.join(','));

async function invoices(t: TestBook, count: number): Promise<string[]> {
  const customer = await contact(t, { organisation_name: 'Northwind' });
  const made: string[] = [];
  for (let n = 1; n <= count; n += 1) made.push((await sentInvoice(t, { contact: customer, dated_on: `2026-10-${String(n).padStart(2, '0')}`, invoice_items: [item({ price: String(n * 10) })] })).url);
  return made;
}

describe('GET /v2/invoices?urls=', () => {
  it('answers exactly the records the whole list holds for those urls, in its order, with its count', async () => {
    const t = createTestBook();
    const made = await invoices(t, 5);
    const whole = await list(t, '/v2/invoices?view=all&sort=-dated_on');
    const wanted = [made[3]!, made[0]!, `${made[1]!.replace(ORIGIN, 'http://elsewhere:1234')}`];
    const some = await list(t, `/v2/invoices?view=all&sort=-dated_on&urls=${urlsQuery(wanted)}`);
    expect(some.status).toBe(200);
    const byUrl = new Map(whole.body.invoices.map((record: any) => [record.url, record]));
    expect(some.body.invoices).toEqual([made[3], made[1], made[0]].map((url) => byUrl.get(url)));
    expect(some.headers.get('x-total-count')).toBe('3');
  });

  it('takes ids, leaves out what the book does not hold, and keeps the other filters', async () => {
    const t = createTestBook();
    const made = await invoices(t, 3);
    const ids = made.map((url) => url.split('/').pop());
    const some = await list(t, `/v2/invoices?view=all&urls=${ids[2]},999999,${ids[2]}`);
    expect(some.status).toBe(200);
    expect(some.body.invoices.map((record: any) => record.url)).toEqual([made[2]]);
    const draft = await list(t, `/v2/invoices?view=draft&urls=${urlsQuery(made)}`);
    expect(draft.body.invoices).toEqual([]);
  });

  it('never answers a credit note for an invoice url, nor an invoice on /v2/credit_notes', async () => {
    const t = createTestBook();
    const [invoiceUrl] = await invoices(t, 1);
    const note = await creditNote(t, { contact: await contact(t, { organisation_name: 'Southwind' }) });
    const asInvoice = await list(t, `/v2/invoices?view=all&urls=${note.url.split('/').pop()}`);
    expect(asInvoice.body.invoices).toEqual([]);
    const asNote = await list(t, `/v2/credit_notes?view=all&urls=${urlsQuery([note.url])}`);
    expect(asNote.body.credit_notes.map((record: any) => record.url)).toEqual([note.url]);
    const wrong = await list(t, `/v2/credit_notes?view=all&urls=${urlsQuery([invoiceUrl!])}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].message).toContain('credit note urls');
  });

  it('refuses with a 400 and a sentence: another resource, an empty list or part, more than 100', async () => {
    const t = createTestBook();
    await invoices(t, 1);
    for (const urls of [`${ORIGIN}/v2/bills/1`, '', 'abc', '1,,2', Array.from({ length: 101 }, (_, n) => n + 1).join(',')]) {
      const refused = await list(t, `/v2/invoices?view=all&urls=${encodeURIComponent(urls)}`);
      expect(refused.status, urls).toBe(400);
      expect(refused.body.errors[0].message, urls).toMatch(/^urls /);
    }
    const hundred = await list(t, `/v2/invoices?view=all&urls=${Array.from({ length: 100 }, (_, n) => n + 1).join(',')}`);
    expect(hundred.status).toBe(200);
    expect(hundred.body.invoices).toHaveLength(1);
  });
});

describe('GET /v2/bills?urls=', () => {
  it('answers exactly the records the whole list holds for those urls, and refuses an invoice url', async () => {
    const t = createTestBook();
    const supplier = await contact(t, { organisation_name: 'Office Supplies' });
    const made: string[] = [];
    for (let n = 1; n <= 4; n += 1) {
      const bill = await postBill(t, supplier, { reference: `B${n}`, dated_on: `2026-10-0${n}`, due_on: '2026-11-30', bill_items: [{ category: `${ORIGIN}/v2/categories/285`, total_value: `${n}0` }] });
      expect(bill.status).toBe(201);
      made.push(bill.body.bill.url);
    }
    const whole = await list(t, '/v2/bills?view=all');
    const some = await list(t, `/v2/bills?view=all&urls=${urlsQuery([made[0]!, made[2]!])}`);
    expect(some.status).toBe(200);
    const byUrl = new Map(whole.body.bills.map((record: any) => [record.url, record]));
    expect(some.body.bills).toEqual([made[2], made[0]].map((url) => byUrl.get(url)));
    expect(some.headers.get('x-total-count')).toBe('2');
    const refused = await list(t, `/v2/bills?urls=${urlsQuery([`${ORIGIN}/v2/invoices/1`])}`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].message).toContain('bill urls');
  });
});
