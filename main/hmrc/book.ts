import { eq } from 'drizzle-orm';
import { IPC_ORIGIN } from '../../shared/bridge';
import { apiTokens } from '../db/schema';
import type { Engine } from '../engine/app';
import { issueToken, ownerEmail, type OpenEngine } from '../engine/open';

/**
 * The book as main/hmrc reaches it: engine.fetch with the bearer token of whoever asked (the person
 * at the window, or the owner for the CLI), so the filing states land in the change log as that
 * person's edits and the sync carries them to the online service like any other.
 */
export interface BookAnswer {
  status: number;
  body: Record<string, unknown>;
}

export class BookRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type BookCaller = (method: 'GET' | 'PUT', path: string, body?: unknown) => Promise<BookAnswer>;

export function bookCaller(engine: Engine, authorization: string, origin = IPC_ORIGIN): BookCaller {
  return async (method, path, body) => {
    const headers = new Headers({ Authorization: authorization, Accept: 'application/json' });
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    const response = await engine.fetch(new Request(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
    const parsed = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      const messages = Array.isArray(parsed.errors) ? (parsed.errors as { message?: string }[]).map((error) => error.message).join(' ') : `The book answered ${response.status}`;
      throw new BookRefusal(response.status, messages);
    }
    return { status: response.status, body: parsed };
  };
}

const OWNER_TOKEN_LABEL = 'hmrc-cli';

/**
 * For a door with no person's token (the CLI): the book as its owner, through a token made for this
 * run and removed after it, so none is left behind in the book.
 */
export async function asOwner<T>(opened: OpenEngine, run: (book: BookCaller) => Promise<T>): Promise<T> {
  const token = issueToken(opened.deps, ownerEmail(opened.deps), undefined, OWNER_TOKEN_LABEL);
  try {
    return await run(bookCaller(opened.engine, `Bearer ${token}`));
  } finally {
    opened.deps.book.db.delete(apiTokens).where(eq(apiTokens.label, OWNER_TOKEN_LABEL)).run();
  }
}
