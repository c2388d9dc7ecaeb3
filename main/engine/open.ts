import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { openBook, type OpenBookOptions } from '../db/client';
import { users } from '../db/schema';
import { createEngine, type Engine } from './app';
import { revokeTokens, saveToken } from './auth';
import { systemClock, type Clock, type EngineDeps, type Ids } from './context';
import { createBook, hasCompany, type BookOptions } from './setup';
import type { WorkBoard } from './work/board';

export interface OpenEngineOptions {
  /** The book file, or ":memory:". */
  file: string;
  clock?: Clock;
  ids?: Ids;
  /** How to set up the company when the book is new. */
  create: BookOptions;
  /** How the file is opened: whether it may be created, the busy timeout, backups. */
  book?: Omit<OpenBookOptions, 'now'>;
  /** Where long work reports its progress (the engine host's writer). */
  work?: WorkBoard;
}

export interface OpenEngine {
  engine: Engine;
  deps: EngineDeps;
  /** True when this call created the company. */
  created: boolean;
  close(): void;
}

/** 32 random bytes, URL-safe: what a bearer token is made of outside tests. */
export const randomIds: Ids = { token: () => randomBytes(32).toString('base64url') };

/** Opens a book file (migrating it, creating the company if it has none) and builds the engine on it. */
export function openEngine(options: OpenEngineOptions): OpenEngine {
  const clock = options.clock ?? systemClock;
  const book = openBook(options.file, { ...options.book, now: () => clock.now() });
  const deps: EngineDeps = { book, clock, ids: options.ids ?? randomIds, ...(options.work ? { work: options.work } : {}) };
  try {
    const created = !hasCompany(deps);
    if (created) createBook(deps, options.create);
    return { engine: createEngine(deps), deps, created, close: () => book.close() };
  } catch (error) {
    book.close();
    throw error;
  }
}

export class UnknownUserError extends Error {}

/** Stores a token for the user with this email (a new random one unless given) and returns it. */
export function issueToken(deps: EngineDeps, email: string, token = deps.ids.token(), label = 'cli', expiresAt: string | null = null): string {
  const user = deps.book.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  if (!user) throw new UnknownUserError(`No user with email ${email} in this book`);
  saveToken(deps.book.db, user.id, token, label, deps.clock.now().toISOString(), expiresAt);
  return token;
}

/** Forgets every token of the user with `email`; answers how many there were. */
export function revokeUserTokens(deps: EngineDeps, email: string): number {
  const user = deps.book.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  if (!user) throw new UnknownUserError(`No user with email ${email} in this book`);
  return revokeTokens(deps.book.db, { userId: user.id });
}

/** The email of the book's first Full-access user: who `serve --token` and browser mode act as. */
export function ownerEmail(deps: EngineDeps): string {
  const owner = deps.book.db.select({ email: users.email }).from(users).where(eq(users.permissionLevel, 8)).orderBy(users.id).limit(1).get();
  if (!owner) throw new Error('This book has no Full-access user');
  return owner.email;
}
