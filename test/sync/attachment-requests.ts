import { accountIn, path, type Book } from './lines';

// What the sync tests of explanation attachments share: the endpoint, the version header the
// attachments endpoints want, the hotel receipt, and the explanation the tests attach it to.

export const EXPLANATIONS = '/v2/bank_transaction_explanations';
/** The attachments endpoints answer from this version (the books' clock is before it is the default). */
const VERSION = '2026-09-01';

export const receipt = { name: 'hotel-receipt.txt', type: 'text/plain', bytes: Buffer.from('Hotel Ltd\nOne night, 4 Nov 2026\nTotal £42.50\n') };
export type AttachedFile = typeof receipt;

/** A request to a book's engine with the version header the attachments endpoints want. */
export async function versioned(book: Book, method: string, target: string, body?: unknown): Promise<{ status: number; body: any }> {
  const headers = new Headers({ Authorization: 'Bearer owner-token', Accept: 'application/json', 'X-Api-Version': VERSION });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await book.engine.fetch(new Request(`http://${book.name}.test${target}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** The path of the book's explanation of the Hotel line ("Conference stay"), or null when it has none. */
export async function hotelExplanation(book: Book): Promise<string | null> {
  const account = await accountIn(book);
  const list = (await book.call('GET', `${EXPLANATIONS}?bank_account=${encodeURIComponent(account)}`)).body.bank_transaction_explanations as { url: string; description: string }[];
  const found = list.find((explanation) => explanation.description === 'Conference stay');
  return found ? path(found.url) : null;
}
