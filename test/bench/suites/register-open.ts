import type { Suite } from '../bench';
import { BENCH_ORIGIN } from '../fixture';
import { createTwoYearBook, type TwoYearBook } from '../two-year-book';
import { benchLog as log } from '../browser';

// What opening the bank register asks of the engine on the two-year book (6,000 lines, 600 invoices,
// 400 bills, 800 expenses), in process as IPC sends it, each opening the whole set of requests the
// register makes before its first page is named: the account's locks, the rules, the categories, the
// first page of lines, the unexplained count and the last upload, and the documents the lines pay.
// Baseline: the documents as the register read them before, every invoice and bill (ten pages);
// against it, only those the first page names, through urls=. Before timing, the named records are
// checked byte for byte against the same records in the whole lists.

const account = encodeURIComponent(`${BENCH_ORIGIN}/v2/bank_accounts/1`);
const COMMON = [
  '/v2/account_locks',
  '/v2/bank_rules?page=1&per_page=100',
  '/v2/categories',
  `/v2/bank_transactions?bank_account=${account}&view=all&page=1&per_page=100&running_balance=true`,
  `/v2/bank_transactions?bank_account=${account}&view=unexplained&per_page=1`,
  `/v2/statement_uploads?bank_account=${account}&per_page=1`,
];
const FIRST_PAGE = COMMON[3]!;

async function read(book: TwoYearBook, path: string): Promise<any> {
  const response = await book.engine.fetch(new Request(`${BENCH_ORIGIN}${path}`, { headers: book.headers }));
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** Every page of a list, as the register's listDocuments and listBills read it. */
async function wholeList(book: TwoYearBook, path: string, key: string): Promise<any[]> {
  const rows: any[] = [];
  for (let page = 1; ; page += 1) {
    const body = await read(book, `${path}&page=${page}&per_page=100`);
    rows.push(...body[key]);
    if (body[key].length < 100) return rows;
  }
}

/** The invoices and bills a page of lines pays or is suggested to pay. */
function paidBy(page: any): { invoices: string[]; bills: string[] } {
  const urls = new Set<string>();
  for (const line of page.bank_transactions) {
    for (const explanation of [...line.bank_transaction_explanations, line.suggested_explanation ?? {}]) {
      if (explanation.paid_invoice) urls.add(explanation.paid_invoice);
      if (explanation.paid_bill) urls.add(explanation.paid_bill);
    }
  }
  return { invoices: [...urls].filter((url) => url.includes('/v2/invoices/')), bills: [...urls].filter((url) => url.includes('/v2/bills/')) };
}

const byUrl = (path: string, urls: readonly string[]) => `${path}&page=1&per_page=100&urls=${encodeURIComponent(urls.join(','))}`;

export const registerOpenSuite: Suite = {
  name: 'register open',
  async open() {
    log('building the two-year book');
    const book = await createTwoYearBook(undefined, (step) => log(`two-year book: ${step}`));
    const named = paidBy(await read(book, FIRST_PAGE));
    const all = {
      invoices: await wholeList(book, '/v2/invoices?view=all&sort=-dated_on', 'invoices'),
      bills: await wholeList(book, '/v2/bills?view=all', 'bills'),
    };
    const some = {
      invoices: (await read(book, byUrl('/v2/invoices?view=all&sort=-dated_on', named.invoices))).invoices as any[],
      bills: (await read(book, byUrl('/v2/bills?view=all', named.bills))).bills as any[],
    };
    for (const key of ['invoices', 'bills'] as const) {
      const whole = new Map(all[key].map((record) => [record.url, JSON.stringify(record)]));
      if (some[key].length !== named[key].length || some[key].some((record) => whole.get(record.url) !== JSON.stringify(record))) throw new Error(`${key} read by url differ from the whole list's`);
    }
    log(`first page names ${named.invoices.length} invoices and ${named.bills.length} bills, byte for byte as in the whole lists`);
    const openWith = (documents: () => Promise<unknown>) => async () => {
      for (const path of COMMON) await read(book, path);
      await documents();
    };
    const measure = { warmupMs: 3000, rounds: 7, roundMs: 1500 };
    return {
      benchmarks: [
        {
          name: 'engine.register_open.every_document',
          unit: 'openings/s',
          baseline: 'engine.register_open.every_document',
          measure,
          op: openWith(() => Promise.all([wholeList(book, '/v2/invoices?view=all&sort=-dated_on', 'invoices'), wholeList(book, '/v2/bills?view=all', 'bills')])),
        },
        {
          name: 'engine.register_open.named_documents',
          unit: 'openings/s',
          baseline: 'engine.register_open.every_document',
          measure,
          op: openWith(() => Promise.all([read(book, byUrl('/v2/invoices?view=all&sort=-dated_on', named.invoices)), read(book, byUrl('/v2/bills?view=all', named.bills))])),
        },
      ],
      close: () => book.dispose(),
    };
  },
};
