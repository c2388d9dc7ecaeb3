import { world, type Replica, type World } from './replicas';

export type Book = Replica['book'] | World['remote']['book'];

export const path = (url: string) => url.replace(/^.*?\/v2\//, '/v2/');

/** Adds a person to a book and answers their url; `before` people first so ids differ between books. */
export async function person(book: Book, email: string, before: string[] = []): Promise<string> {
  for (const other of before) await book.call('POST', '/v2/users', { user: { email: other, first_name: 'Other', last_name: 'Person', role: 'Employee', permission_level: 0 } });
  const created = await book.call('POST', '/v2/users', { user: { email, first_name: 'Pat', last_name: 'Lee', role: 'Employee', permission_level: 0 } });
  if (created.status !== 201) throw new Error(`could not add ${email}: ${JSON.stringify(created.body)}`);
  return created.body.user.url as string;
}

/** The email of the user a url names in a book. */
export async function emailAt(book: Book, url: string): Promise<string> {
  return (await book.call('GET', path(url))).body.user.email as string;
}

/** Pat on A, the remote and B with other ids on each: A has two people before them, the remote none, B one. */
export async function threeBooks(seed: number) {
  const w = world(seed);
  const a = w.replica('a');
  const b = w.replica('b');
  const pat = await person(a.book, 'pat@example.com', ['x@example.com', 'y@example.com']);
  await person(w.remote.book, 'pat@example.com');
  await person(b.book, 'pat@example.com', ['z@example.com']);
  return { w, a, b, pat };
}
