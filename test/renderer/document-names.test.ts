import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../renderer/lib/api';
import { BATCH, DocumentNames, paidDocuments, type NameReaders } from '../../renderer/sections/banking/document-names';

// The register names what its lines pay by reading only those invoices and bills (urls=), a page's
// lines at a time, where it read every invoice and bill of the book on opening.

const O = 'ledgerdesk://local';
const invoice = (n: number) => `${O}/v2/invoices/${n}`;
const bill = (n: number) => `${O}/v2/bills/${n}`;

/**
 * Readers over a fake book: each request reads the book when it is made and answers a turn later;
 * every request is kept; failNext makes the next one refused, slowNext makes it answer after `ms`.
 */
function fakeBook(book: Map<string, string>) {
  const asked: { kind: string; urls: readonly string[] }[] = [];
  let fail = false;
  let slow = 0;
  let inFlight = 0;
  const reader =
    (kind: string) =>
    async (urls: readonly string[]): Promise<ApiResult<readonly (readonly [string, string])[]>> => {
      asked.push({ kind, urls });
      inFlight += 1;
      const refused = fail;
      const delay = slow;
      fail = false;
      slow = 0;
      const value = urls.filter((url) => book.has(url)).map((url) => [url, book.get(url)!] as const);
      await new Promise((resolve) => setTimeout(resolve, delay));
      inFlight -= 1;
      return refused ? ({ ok: false, error: { status: 500, messages: ['refused'] } } as unknown as ApiResult<never>) : { ok: true, value };
    };
  const readers: NameReaders = { invoices: reader('invoices'), bills: reader('bills') };
  const turn = () => new Promise((resolve) => setTimeout(resolve, 0));
  /**
   * Waits for the state, not for time: a turn lets the reads asked for start, then every read answers
   * and a last turn lets the names take in the answers.
   */
  const idle = async () => {
    await turn();
    while (inFlight > 0) await turn();
    await turn();
  };
  return { readers, asked, idle, failNext: () => (fail = true), slowNext: (ms: number) => (slow = ms) };
}

describe('the names of the documents the register lines pay', () => {
  it('reads what one turn asks for in one request per kind, and each document once', async () => {
    const book = new Map([
      [invoice(1), 'Invoice 001'],
      [invoice(2), 'Invoice 002'],
      [bill(7), 'Bill B-7'],
    ]);
    const fake = fakeBook(book);
    const seen: ReadonlyMap<string, string>[] = [];
    const names = new DocumentNames((named) => seen.push(named), fake.readers);
    names.want([invoice(1), bill(7), `${O}/v2/categories/285`]);
    names.want([invoice(2), invoice(1)]);
    await fake.idle();
    expect(fake.asked).toEqual([
      { kind: 'invoices', urls: [invoice(1), invoice(2)] },
      { kind: 'bills', urls: [bill(7)] },
    ]);
    expect(Object.fromEntries(names.names)).toEqual({ [invoice(1)]: 'Invoice 001', [invoice(2)]: 'Invoice 002', [bill(7)]: 'Bill B-7' });
    expect(seen.at(-1)).toBe(names.names);
    names.want([invoice(2), bill(7)]);
    await fake.idle();
    expect(fake.asked).toHaveLength(2);
  });

  it(`asks at most ${BATCH} in a request`, async () => {
    const book = new Map(Array.from({ length: 250 }, (_, n) => [invoice(n + 1), `Invoice ${n + 1}`] as const));
    const fake = fakeBook(book);
    const names = new DocumentNames(() => {}, fake.readers);
    names.want(book.keys());
    await fake.idle();
    expect(fake.asked.map((request) => request.urls.length)).toEqual([100, 100, 50]);
    expect(names.names.size).toBe(250);
  });

  it('on refresh reads every named document again: a changed name changes, a deleted one goes', async () => {
    const book = new Map([
      [invoice(1), 'Invoice 001 · Acme'],
      [invoice(2), 'Invoice 002 · Acme'],
    ]);
    const fake = fakeBook(book);
    const names = new DocumentNames(() => {}, fake.readers);
    names.want([invoice(1), invoice(2)]);
    await fake.idle();
    book.set(invoice(1), 'Invoice 001 · Acme Trading');
    book.delete(invoice(2));
    names.refresh();
    await fake.idle();
    expect(Object.fromEntries(names.names)).toEqual({ [invoice(1)]: 'Invoice 001 · Acme Trading' });
  });

  it('drops an answer asked for before a refresh, and asks again after a refused read', async () => {
    const book = new Map([[invoice(1), 'Old name']]);
    const fake = fakeBook(book);
    const names = new DocumentNames(() => {}, fake.readers);
    fake.slowNext(30);
    names.want([invoice(1)]);
    await Promise.resolve();
    expect(fake.asked).toHaveLength(1);
    book.set(invoice(1), 'New name');
    names.refresh();
    await fake.idle();
    expect(fake.asked).toHaveLength(2);
    expect(names.names.get(invoice(1))).toBe('New name');

    fake.failNext();
    names.want([bill(3)]);
    await fake.idle();
    expect(names.names.has(bill(3))).toBe(false);
    book.set(bill(3), 'Bill 3');
    names.want([bill(3)]);
    await fake.idle();
    expect(names.names.get(bill(3))).toBe('Bill 3');
  });

  it("finds the documents in lines' explanations and suggestions", () => {
    const line = (explanations: object[], suggestion: object | null) => ({ bank_transaction_explanations: explanations, suggested_explanation: suggestion }) as never;
    const urls = [...paidDocuments([line([{ paid_invoice: invoice(1) }, { category: 'x' }], null), undefined, line([], { paid_bill: bill(4) }), line([{ paid_bill: bill(5) }], { paid_invoice: invoice(6) })])];
    expect(urls).toEqual([invoice(1), bill(4), bill(5), invoice(6)]);
  });
});
