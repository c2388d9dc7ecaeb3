import type { SimBook } from './books';

const pathOf = (url: string) => url.replace(/^.*?\/v2\//, '/v2/');

type Row = Record<string, any>;

/**
 * The families the simulation writes besides contacts, projects and banking. Each record made carries a
 * marker that no edit changes (a comment, a description, a reference, a code), so the simulation can
 * count it on the remote afterwards: twice is a duplicate, never is a lost write.
 */
export const DOCUMENT_FAMILIES = ['invoices', 'credit_notes', 'bills', 'expenses', 'journal_sets', 'categories'] as const;
export type DocumentFamily = (typeof DOCUMENT_FAMILIES)[number];

const MARKER: Record<DocumentFamily, string> = {
  invoices: 'comments',
  credit_notes: 'comments',
  bills: 'reference',
  expenses: 'description',
  journal_sets: 'description',
  categories: 'nominal_code',
};

const ONE: Record<DocumentFamily, string> = { invoices: 'invoice', credit_notes: 'credit_note', bills: 'bill', expenses: 'expense', journal_sets: 'journal_set', categories: 'category' };

const LIST_QUERY: Record<DocumentFamily, string> = {
  invoices: 'view=all&nested_invoice_items=true',
  credit_notes: 'view=all&nested_credit_note_items=true',
  bills: 'view=all&nested_bill_items=true',
  expenses: 'view=all',
  journal_sets: '',
  categories: '',
};

/** Codes each actor adds categories under, apart so two books never add the same code (one category, by code, everywhere). */
const CODES: Record<string, string[]> = { a: ['210', '211', '212'], b: ['213', '214', '215'], acct: ['216', '217', '218'] };
const SIM_CODES = new Set(Object.values(CODES).flat());

/** Every record of a family in a book (categories: only those the simulation adds). */
export async function recordsOf(book: SimBook, family: DocumentFamily): Promise<Row[]> {
  if (family === 'categories') {
    const body = (await book.call('GET', '/v2/categories')).body as Record<string, Row[]>;
    return Object.values(body).flat().filter((row) => SIM_CODES.has(String(row.nominal_code)));
  }
  const all: Row[] = [];
  for (let page = 1; ; page += 1) {
    const rows = (await book.call('GET', `/v2/${family}?${LIST_QUERY[family]}&per_page=100&page=${page}`)).body[family] as Row[];
    all.push(...rows);
    if (rows.length < 100) return all;
  }
}

/** The marker of a record (or of a review item's copy of one), or '' when it has none. */
export function markerOf(family: string, record: Row | null | undefined): string {
  const field = MARKER[family as DocumentFamily];
  return field && record && typeof record[field] === 'string' ? `${family}:${record[field]}` : '';
}

const isDocument = (family: DocumentFamily) => family === 'invoices' || family === 'credit_notes';

/** A new record of `family`, its marker made of who and when; null when the book has nothing to hang it on. */
async function payloadFor(book: SimBook, family: DocumentFamily, actor: string, step: number, random: () => number): Promise<Row | null> {
  const mark = `${actor}-${family.slice(0, 2)}${step}`;
  const day = `2026-11-${String(10 + Math.floor(random() * 10))}`;
  const contacts = (await book.call('GET', '/v2/contacts?view=all&per_page=100')).body.contacts as Row[];
  const contact = contacts[Math.floor(random() * contacts.length)]?.url as string | undefined;
  const amount = String(5 * (1 + Math.floor(random() * 6)));
  switch (family) {
    case 'invoices':
      return contact ? { contact, dated_on: day, payment_terms_in_days: 30, comments: mark, invoice_items: [{ description: 'Work', item_type: 'Hours', quantity: '1', price: amount }] } : null;
    case 'credit_notes':
      return contact ? { contact, dated_on: day, payment_terms_in_days: 30, comments: mark, credit_note_items: [{ description: 'Credit', item_type: 'Hours', quantity: '1', price: `-${amount}` }] } : null;
    case 'bills':
      return contact ? { contact, reference: mark, dated_on: day, due_on: '2026-12-31', bill_items: [{ category: '/v2/categories/285', description: 'Supplies', total_value: amount }] } : null;
    case 'expenses': {
      const me = (await book.call('GET', '/v2/users/me')).body.user.url as string;
      return { user: me, category: '/v2/categories/285', dated_on: day, gross_value: `-${amount}`, description: mark };
    }
    case 'journal_sets':
      return { dated_on: day, description: mark, journal_entries: [{ category: '/v2/categories/285', debit_value: amount }, { category: '/v2/categories/290', debit_value: `-${amount}` }] };
    case 'categories': {
      const code = CODES[actor]![Math.floor(random() * 3)]!;
      return { category_group: 'admin_expenses', nominal_code: code, description: `Costs ${mark}`, allowable_for_tax: true };
    }
  }
}

/** A change to fields the marker is not in. */
function changeFor(family: DocumentFamily, record: Row, actor: string, step: number, random: () => number): Row {
  const amount = String(5 * (1 + Math.floor(random() * 6)));
  switch (family) {
    case 'invoices':
    case 'credit_notes': {
      const items = record[`${ONE[family]}_items`] as Row[];
      return random() < 0.5 || !items?.[0] ? { payment_terms_in_days: 7 * (1 + Math.floor(random() * 8)) } : { [`${ONE[family]}_items`]: [{ url: items[0].url, quantity: String(1 + Math.floor(random() * 4)) }] };
    }
    case 'bills':
      return random() < 0.5 ? { comments: `${actor}${step}` } : { due_on: `2026-12-${String(10 + Math.floor(random() * 18))}` };
    case 'expenses':
      return { gross_value: `-${amount}` };
    case 'journal_sets':
      return { journal_entries: [{ category: '/v2/categories/285', debit_value: amount }, { category: '/v2/categories/290', debit_value: `-${amount}` }] };
    case 'categories':
      return { allowable_for_tax: random() < 0.5 };
  }
}

export interface DocumentEvents {
  made(marker: string): void;
  deleted(marker: string): void;
}

/**
 * One person's (or the accountant's) work on sales, purchases, expenses, journals or the chart, chosen
 * by the seed: a record made, changed, moved between Draft, Sent and Cancelled, or deleted. Whatever the
 * book refuses (a sent invoice deleted, a code already used) is refused here too and changes nothing.
 */
export async function documentOperation(random: () => number, book: SimBook, actor: string, step: number, events: DocumentEvents): Promise<void> {
  if (random() < 0.2) return reconcileOrUndo(random, book, actor, step, events);
  const family = DOCUMENT_FAMILIES[Math.floor(random() * DOCUMENT_FAMILIES.length)]!;
  const records = await recordsOf(book, family);
  const target = records[Math.floor(random() * records.length)];
  const roll = random();
  if (roll < 0.4 || !target) {
    const payload = await payloadFor(book, family, actor, step, random);
    if (!payload) return;
    const made = await book.call('POST', `/v2/${family}`, { [ONE[family]]: payload });
    const marker = made.status === 201 ? markerOf(family, made.body[ONE[family]]) : '';
    if (marker) events.made(marker);
    return;
  }
  const at = family === 'categories' ? `/v2/categories/${String(target.nominal_code)}` : pathOf(String(target.url));
  if (roll < 0.7) {
    await book.call('PUT', at, { [ONE[family]]: changeFor(family, target, actor, step, random) });
  } else if (roll < 0.85 && isDocument(family)) {
    const transition = ['mark_as_sent', 'mark_as_sent', 'mark_as_draft', 'mark_as_cancelled'][Math.floor(random() * 4)]!;
    await book.call('PUT', `${at}/transitions/${transition}`);
  } else if (family !== 'categories') {
    const gone = await book.call('DELETE', at);
    if (gone.status < 300) events.deleted(markerOf(family, target));
  }
}

/**
 * A credit note set against an invoice of the same contact (both sent), or such a reconciliation taken
 * off again. Whatever the book refuses (nothing left to credit, a document not sent) changes nothing.
 */
async function reconcileOrUndo(random: () => number, book: SimBook, actor: string, step: number, events: DocumentEvents): Promise<void> {
  const existing = await reconciliationsOf(book);
  if (existing.length > 0 && random() < 0.3) {
    await book.call('DELETE', pathOf(String(existing[Math.floor(random() * existing.length)]!.url)));
    return;
  }
  const open = (rows: Row[]) => rows.filter((row) => row.status !== 'Cancelled');
  const invoices = open(await recordsOf(book, 'invoices'));
  let invoice = invoices[Math.floor(random() * invoices.length)];
  if (!invoice) {
    const payload = await payloadFor(book, 'invoices', actor, step, random);
    const made = payload ? await book.call('POST', '/v2/invoices', { invoice: payload }) : null;
    if (made?.status !== 201) return;
    invoice = made.body.invoice as Row;
    events.made(markerOf('invoices', invoice));
  }
  // The person issues a credit note to the invoice's customer when there is none yet, and sends both.
  let note = open(await recordsOf(book, 'credit_notes')).find((row) => row.contact === invoice.contact);
  if (!note) {
    const made = await book.call('POST', '/v2/credit_notes', { credit_note: { contact: invoice.contact, dated_on: invoice.dated_on, payment_terms_in_days: 30, comments: `${actor}-cr${step}`, credit_note_items: [{ description: 'Credit', item_type: 'Hours', quantity: '1', price: '-5' }] } });
    if (made.status !== 201) return;
    note = made.body.credit_note as Row;
    events.made(markerOf('credit_notes', note));
  }
  for (const document of [invoice, note]) if (document.status === 'Draft') await book.call('PUT', `${pathOf(String(document.url))}/transitions/mark_as_sent`);
  await book.call('POST', '/v2/credit_note_reconciliations', { credit_note_reconciliation: { credit_note: note.url, invoice: invoice.url, gross_value: '1' } });
}

async function reconciliationsOf(book: SimBook): Promise<Row[]> {
  return (await book.call('GET', '/v2/credit_note_reconciliations?per_page=100')).body.credit_note_reconciliations as Row[];
}

/** Every simulated family as a person compares books: links by what they name, no ids, nothing the server works out. */
export async function canonicalDocuments(book: SimBook, contactName: (url: unknown) => string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const path = (value: unknown) => (typeof value === 'string' ? pathOf(value) : '-');
  // Reconciliations name their documents by the documents' markers.
  const markers = new Map<string, string>();
  for (const family of DOCUMENT_FAMILIES) {
    const rows = await recordsOf(book, family);
    if (isDocument(family)) for (const row of rows) markers.set(pathOf(String(row.url)), String(row.comments));
    out[family] = rows
      .map((row) => {
        switch (family) {
          case 'invoices':
          case 'credit_notes': {
            const items = (row[`${ONE[family]}_items`] as Row[]).map((item) => `${item.description} ${item.quantity} ${item.price}`).join(';');
            return `${row.reference} ${contactName(row.contact)} ${row.dated_on} ${row.payment_terms_in_days} ${row.comments} ${row.status} ${row.total_value} ${items}`;
          }
          case 'bills':
            return `${row.reference} ${contactName(row.contact)} ${row.dated_on} ${row.due_on} ${row.comments ?? ''} ${row.total_value} ${(row.bill_items as Row[]).map((item) => `${path(item.category)} ${item.total_value}`).join(';')}`;
          case 'expenses':
            return `${row.dated_on} ${row.description} ${row.gross_value} ${path(row.category)}`;
          case 'journal_sets':
            return `${row.dated_on} ${row.description ?? ''} ${(row.journal_entries as Row[]).map((entry) => `${path(entry.category)} ${entry.debit_value}`).join(';')}`;
          case 'categories':
            return `${row.nominal_code} ${row.description} ${row.allowable_for_tax}`;
        }
      })
      .sort();
  }
  out.credit_note_reconciliations = (await reconciliationsOf(book)).map((row) => `${markers.get(pathOf(String(row.credit_note)))} against ${markers.get(pathOf(String(row.invoice)))} ${row.dated_on} ${row.gross_value}`).sort();
  return out;
}
