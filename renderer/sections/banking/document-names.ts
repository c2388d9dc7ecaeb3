/**
 * The names of the invoices and bills the register's lines pay ("Invoice 001 · Acme · £120.00"), read
 * for the documents the lines read so far name, a page's worth at a time, through the lists' urls=
 * filter. The register read every invoice and bill to name them: on a two-year book ten pages of
 * 100, most of the engine's time for opening it, for the few documents the first page names.
 */
import { pathOf, type ApiResult } from '../../lib/api';
import type { BankTransaction } from '../../lib/api/bank_transactions';
import { listBillsByUrl } from '../../lib/api/bills';
import { listDocuments } from '../../lib/api/sales_documents';
import { formatMoney } from '../../lib/format';

/** What the engine's urls= filter takes at most in one request. */
export const BATCH = 100;

type Named = readonly (readonly [string, string])[];

/** How the names are read: by default the engine's invoice and bill lists, filtered by urls. */
export interface NameReaders {
  invoices(urls: readonly string[]): Promise<ApiResult<Named>>;
  bills(urls: readonly string[]): Promise<ApiResult<Named>>;
}

const engineReaders: NameReaders = {
  async invoices(urls) {
    const read = await listDocuments('invoice', 'all', { urls: urls.join(',') });
    return read.ok ? { ok: true, value: read.value.map((invoice) => [invoice.url, `Invoice ${invoice.reference} · ${invoice.contact_name} · ${formatMoney(invoice.total_value, invoice.currency)}`] as const) } : read;
  },
  async bills(urls) {
    const read = await listBillsByUrl(urls);
    return read.ok ? { ok: true, value: read.value.map((bill) => [bill.url, `Bill ${bill.reference} · ${bill.contact_name} · ${formatMoney(bill.total_value, bill.currency)}`] as const) } : read;
  },
};

export class DocumentNames {
  /** By url; a document not named yet (or gone from the book) is absent, and its line says "Pays an invoice". */
  names: ReadonlyMap<string, string> = new Map();

  // Urls asked for (answered or on their way): bookkeeping nothing on screen shows.
  private readonly asked = new Set<string>();
  private queued: string[] = [];
  private flushing = false;
  /** Bumped by refresh: answers to asks made before it are dropped, as they may be out of date. */
  private generation = 0;

  /** `onchange` gets each new map of names (a new object each time, for a Svelte state to hold). */
  constructor(
    private readonly onchange: (names: ReadonlyMap<string, string>) => void,
    private readonly readers: NameReaders = engineReaders,
  ) {}

  /** Names these documents (invoice and bill urls; others are ignored), each read once until refresh. */
  want(urls: Iterable<string>) {
    for (const url of urls) {
      if (this.asked.has(url) || !isNamed(url)) continue;
      this.asked.add(url);
      this.queued.push(url);
    }
    if (this.queued.length === 0 || this.flushing) return;
    this.flushing = true;
    // The lines of one page, and what a page's effects add in the same turn, go in one request.
    queueMicrotask(() => void this.flush());
  }

  /** Invoices, bills or contacts changed: every document named so far is read again. */
  refresh() {
    const all = [...this.asked];
    this.asked.clear();
    this.queued = [];
    this.generation += 1;
    this.want(all);
  }

  private async flush() {
    const generation = this.generation;
    const urls = this.queued;
    this.queued = [];
    this.flushing = false;
    const invoices = urls.filter((url) => pathOf(url).startsWith('/v2/invoices/'));
    const bills = urls.filter((url) => pathOf(url).startsWith('/v2/bills/'));
    const reads: Promise<void>[] = [];
    for (let at = 0; at < invoices.length; at += BATCH) reads.push(this.read('invoices', invoices.slice(at, at + BATCH), generation));
    for (let at = 0; at < bills.length; at += BATCH) reads.push(this.read('bills', bills.slice(at, at + BATCH), generation));
    await Promise.all(reads);
  }

  private async read(kind: keyof NameReaders, urls: string[], generation: number) {
    const read = await this.readers[kind](urls);
    if (read.ok) this.merge(urls, read.value, generation);
    else this.forget(urls, generation);
  }

  /** The answer names some of `urls`; the rest are not in the book (any more) and lose their name. */
  private merge(urls: readonly string[], named: Named, generation: number) {
    if (generation !== this.generation) return;
    const next = new Map(this.names);
    for (const url of urls) next.delete(url);
    for (const [url, name] of named) next.set(url, name);
    this.names = next;
    this.onchange(next);
  }

  /** A refused read: those documents are asked for again the next time a line names them. */
  private forget(urls: readonly string[], generation: number) {
    if (generation !== this.generation) return;
    for (const url of urls) this.asked.delete(url);
  }
}

const isNamed = (url: string) => /^\/v2\/(invoices|bills)\/\d+$/.test(pathOf(url));

/** The invoices and bills these lines pay, or that the engine suggests they pay. */
export function* paidDocuments(lines: readonly (BankTransaction | undefined)[]): Generator<string> {
  for (const line of lines) {
    if (!line) continue;
    for (const explanation of line.bank_transaction_explanations) {
      if (explanation.paid_invoice) yield explanation.paid_invoice;
      if (explanation.paid_bill) yield explanation.paid_bill;
    }
    const suggestion = line.suggested_explanation;
    if (suggestion?.paid_invoice) yield suggestion.paid_invoice;
    if (suggestion?.paid_bill) yield suggestion.paid_bill;
  }
}
