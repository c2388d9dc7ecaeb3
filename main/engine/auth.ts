import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiTokens, users } from '../db/schema';
import type { UserRow } from './context';
import { unauthorized } from './errors';
import { preparedPerConnection } from './prepared';

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Stores a bearer token for a user (only its hash is kept). */
export function saveToken(db: Db, userId: number, token: string, label: string, now: string, expiresAt: string | null = null): void {
  db.insert(apiTokens).values({ userId, tokenHash: hashToken(token), label, createdAt: now, expiresAt }).onConflictDoNothing().run();
}

/** Forgets one token, every token of a user, or every token with a label; answers how many went. */
export function revokeTokens(db: Db, which: { token: string } | { userId: number } | { label: string }): number {
  const where = 'token' in which ? eq(apiTokens.tokenHash, hashToken(which.token)) : 'userId' in which ? eq(apiTokens.userId, which.userId) : eq(apiTokens.label, which.label);
  return db.delete(apiTokens).where(where).run().changes;
}

// Every request runs this lookup, so it is prepared once per connection.
const tokenLookup = preparedPerConnection((db: Db) =>
  db
    .select({ user: users, expiresAt: apiTokens.expiresAt })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, sql.placeholder('hash')))
    .prepare(),
);

/** The user behind `Authorization: Bearer TOKEN`; no header, another scheme or an unknown token is 401. */
export function authenticate(db: Db, header: string | null, now: Date): UserRow {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) throw unauthorized();
  const row = tokenLookup(db).get({ hash: hashToken(match[1]!) });
  if (!row) throw unauthorized('The access token is not valid');
  // By the book's clock (the engine's), so tests and the app agree on when a token ended.
  if (row.expiresAt !== null && Date.parse(row.expiresAt) <= now.getTime()) throw unauthorized(`The access token expired at ${row.expiresAt}`);
  return row.user;
}
