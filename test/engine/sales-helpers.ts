import { bankAccount, explain, oneTransaction } from './banking-helpers';
import type { TestBook } from './harness';

/** Creates a contact and returns its url. */
export async function contact(t: TestBook, fields: Record<string, unknown> = {}): Promise<string> {
  const response = await t.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Acme Ltd', ...fields } } });
  if (response.status !== 201) throw new Error(`contact: ${JSON.stringify(response.body)}`);
  return response.body.contact.url as string;
}

export const item = (fields: Record<string, unknown> = {}) => ({ description: 'Work', item_type: 'Hours', price: '100', quantity: '1', ...fields });

/** Creates a draft invoice (one 100.00 item unless told otherwise) and returns the response. */
export function createInvoice(t: TestBook, fields: Record<string, unknown> = {}) {
  return t.json('POST', '/v2/invoices', { body: { invoice: { dated_on: '2026-11-01', invoice_items: [item()], ...fields } } });
}

export async function invoice(t: TestBook, fields: Record<string, unknown> = {}): Promise<any> {
  const response = await createInvoice(t, fields);
  if (response.status !== 201) throw new Error(`invoice: ${JSON.stringify(response.body)}`);
  return response.body.invoice;
}

export async function transition(t: TestBook, url: string, name: string): Promise<{ status: number; body: any }> {
  return t.json('PUT', `${new URL(url).pathname}/transitions/${name}`);
}

/** A draft invoice, sent; returns its record. */
export async function sentInvoice(t: TestBook, fields: Record<string, unknown> = {}): Promise<any> {
  const draft = await invoice(t, fields);
  const sent = await transition(t, draft.url, 'mark_as_sent');
  if (sent.status !== 200) throw new Error(`send: ${JSON.stringify(sent.body)}`);
  return sent.body.invoice;
}

export async function creditNote(t: TestBook, fields: Record<string, unknown> = {}, send = true): Promise<any> {
  const response = await t.json('POST', '/v2/credit_notes', {
    body: { credit_note: { dated_on: '2026-11-02', credit_note_items: [item({ price: '-40' })], ...fields } },
  });
  if (response.status !== 201) throw new Error(`credit note: ${JSON.stringify(response.body)}`);
  if (!send) return response.body.credit_note;
  const sent = await transition(t, response.body.credit_note.url, 'mark_as_sent');
  if (sent.status !== 200) throw new Error(`send credit note: ${JSON.stringify(sent.body)}`);
  return sent.body.credit_note;
}

/** Money arriving in a (new or given) bank account, explained as paying a document. */
export async function pay(t: TestBook, documentUrl: string, amount: string, options: { account?: string; dated_on?: string; extra?: Record<string, unknown> } = {}) {
  const account = options.account ?? (await bankAccount(t));
  const line = await oneTransaction(t, account, { dated_on: options.dated_on ?? '2026-11-10', amount, description: `payment ${documentUrl} ${amount}` });
  return explain(t, { bank_transaction: line.url, paid_invoice: documentUrl, gross_value: amount, ...options.extra });
}

export const get = async (t: TestBook, url: string) => (await t.json('GET', new URL(url).pathname)).body;
