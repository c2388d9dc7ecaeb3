import { BENCH_ORIGIN, createBenchBook, type BenchBook } from './fixture';
import { ofx, upload } from './suites/statement-upload';

type Row = Parameters<typeof ofx>[0][number];

// The two-year book of docs/api-notes.md's "Reads on a two-year book": one current account of 6,000
// bank lines, 600 sent invoices and 400 bills each paid by a line, 800 expenses, and most of the
// other lines explained to a category (816 left unexplained). Built through the engine, in one
// SQLite transaction, so that every record is what the app would store.

export interface TwoYearSizes {
  lines: number;
  invoices: number;
  bills: number;
  expenses: number;
}

export const TWO_YEAR: TwoYearSizes = { lines: 6000, invoices: 600, bills: 400, expenses: 800 };

export interface TwoYearBook extends BenchBook {
  accountUrl: string;
}

const START = Date.UTC(2025, 4, 1);
const dayOf = (n: number, of: number, span = 580) => new Date(START + Math.floor((n * span) / of) * 86_400_000).toISOString().slice(0, 10);
const pounds = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
const minorOf = (value: string) => Math.round(Number(value) * 100);

export async function createTwoYearBook(sizes: TwoYearSizes = TWO_YEAR, log: (line: string) => void = () => {}): Promise<TwoYearBook> {
  const book = await createBenchBook(1, { setupCompleted: true });
  const headers = { ...book.headers, 'Content-Type': 'application/json' };
  const send = async (method: string, path: string, body?: unknown, expected = [200, 201]): Promise<any> => {
    const response = await book.engine.fetch(new Request(`${BENCH_ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
    const text = await response.text();
    if (!expected.includes(response.status)) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const accountId = book.bankAccountIds[0]!;
  const accountUrl = `${BENCH_ORIGIN}/v2/bank_accounts/${accountId}`;
  const sqlite = book.deps.book.sqlite;
  sqlite.exec('BEGIN');
  try {
    log('contacts');
    const customers: string[] = [];
    const suppliers: string[] = [];
    for (let n = 0; n < 60; n += 1) customers.push((await send('POST', '/v2/contacts', { contact: { organisation_name: `Customer ${n}` } })).contact.url);
    for (let n = 0; n < 40; n += 1) suppliers.push((await send('POST', '/v2/contacts', { contact: { organisation_name: `Supplier ${n}` } })).contact.url);
    log(`${sizes.invoices} invoices`);
    const invoices: { url: string; total: string }[] = [];
    for (let n = 0; n < sizes.invoices; n += 1) {
      const made = await send('POST', '/v2/invoices', {
        invoice: { contact: customers[n % customers.length], dated_on: dayOf(n, sizes.invoices, 560), payment_terms_in_days: 30, invoice_items: [{ description: `Work ${n}`, item_type: 'Hours', price: `${100 + (n % 37)}.${String(n % 100).padStart(2, '0')}`, quantity: String(1 + (n % 5)) }] },
      });
      const sent = await send('PUT', `${new URL(made.invoice.url).pathname}/transitions/mark_as_sent`);
      invoices.push({ url: sent.invoice.url, total: sent.invoice.total_value });
    }
    log(`${sizes.bills} bills`);
    const bills: { url: string; total: string }[] = [];
    for (let n = 0; n < sizes.bills; n += 1) {
      const made = await send('POST', '/v2/bills', {
        bill: { contact: suppliers[n % suppliers.length], reference: `B-${n}`, dated_on: dayOf(n, sizes.bills, 560), due_on: dayOf(n + 10, sizes.bills, 560), bill_items: [{ category: `${BENCH_ORIGIN}/v2/categories/285`, description: `Supplies ${n}`, total_value: `${20 + (n % 53)}.${String((n * 7) % 100).padStart(2, '0')}` }] },
      });
      bills.push({ url: made.bill.url, total: made.bill.total_value });
    }
    log(`${sizes.expenses} expenses`);
    const user = (await send('GET', '/v2/users/me')).user.url;
    for (let n = 0; n < sizes.expenses; n += 1) {
      await send('POST', '/v2/expenses', { expense: { user, category: '285', dated_on: dayOf(n, sizes.expenses), gross_value: `-${5 + (n % 40)}.${String(n % 100).padStart(2, '0')}`, description: `Train ${n}` } });
    }
    // Which line pays what: every tenth an invoice, every fifteenth (offset) a bill, the rest categories.
    type Use = { kind: 'invoice' | 'bill'; url: string } | { kind: 'category' } | { kind: 'none' };
    const uses: Use[] = [];
    const statement: Row[] = [];
    let nextInvoice = 0;
    let nextBill = 0;
    for (let n = 0; n < sizes.lines; n += 1) {
      let use: Use;
      let amountMinor: number;
      if (n % 10 === 0 && nextInvoice < invoices.length) {
        const paid = invoices[nextInvoice++]!;
        use = { kind: 'invoice', url: paid.url };
        amountMinor = minorOf(paid.total);
      } else if (n % 15 === 5 && nextBill < bills.length) {
        const paid = bills[nextBill++]!;
        use = { kind: 'bill', url: paid.url };
        amountMinor = -minorOf(paid.total);
      } else {
        use = n % 7 === 3 ? { kind: 'none' } : { kind: 'category' };
        amountMinor = ((n * 7919) % 40_000) - 25_000 || 100;
      }
      uses.push(use);
      statement.push({ date: dayOf(n, sizes.lines), amountMinor, description: `Payee ${n % 300} ref ${n}`, fitid: `two-year-${n}` });
    }
    log(`${sizes.lines} bank lines`);
    await upload(book, accountId, ofx(statement));
    const byFitid = new Map<string, { url: string; amount: string }>();
    for (let page = 1; ; page += 1) {
      const read = await send('GET', `/v2/bank_transactions?bank_account=${accountId}&per_page=100&page=${page}`);
      for (const line of read.bank_transactions) byFitid.set(String(line.transaction_id).replace('two-year-', ''), { url: line.url, amount: line.amount });
      if (read.bank_transactions.length < 100) break;
    }
    log('explanations');
    for (let n = 0; n < sizes.lines; n += 1) {
      const use = uses[n]!;
      if (use.kind === 'none') continue;
      const line = byFitid.get(String(n));
      if (!line) throw new Error(`line ${n} not found`);
      const gross = pounds(minorOf(line.amount));
      const fields =
        use.kind === 'invoice' ? { paid_invoice: use.url } : use.kind === 'bill' ? { paid_bill: use.url } : { category: `${BENCH_ORIGIN}/v2/categories/${minorOf(line.amount) > 0 ? '001' : '285'}`, description: `Line ${n}` };
      await send('POST', '/v2/bank_transaction_explanations', { bank_transaction_explanation: { bank_transaction: line.url, dated_on: dayOf(n, sizes.lines), gross_value: gross, ...fields } });
    }
    sqlite.exec('COMMIT');
  } catch (error) {
    sqlite.exec('ROLLBACK');
    book.dispose();
    throw error;
  }
  return { ...book, accountUrl };
}
