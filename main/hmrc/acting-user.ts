import type { BookCaller } from './book';

/**
 * Who a call to HMRC acts for in the book: the user whose token asked (the person at the window, or
 * the owner for the CLI, see asOwner), by email, the address the book keeps unique to each user.
 * Gov-Client-User-IDs carries it beside the operating system's user, as HMRC asks for "the identifier
 * that the user signs into the application with".
 */
export async function actingUserEmail(book: BookCaller): Promise<string | undefined> {
  const user = (await book('GET', '/v2/users/me')).body.user as { email?: unknown } | undefined;
  return typeof user?.email === 'string' && user.email !== '' ? user.email : undefined;
}
