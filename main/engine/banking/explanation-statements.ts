import type Database from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankAccounts, bankTransactionExplanations } from '../../db/schema';
import type { EngineContext } from '../context';
import { preparedPerConnection, rowPlaceholders } from '../prepared';

/**
 * The reads and writes an explanation makes for every line it explains, each built and prepared once
 * per connection. Built again on every call, the query builder and SQLite's prepare were most of a
 * bulk accept's time (10,000 lines: 30 s of CPU; docs/api-notes.md). The SQL is the builder's own and
 * the rows come back mapped as before, so what is read and written does not change.
 */

export type AccountRow = typeof bankAccounts.$inferSelect;
type ExplanationRow = typeof bankTransactionExplanations.$inferSelect;
/** Every column of a new explanation: one left out would throw (rowPlaceholders), so the type asks for all. */
export type NewExplanation = Required<Omit<typeof bankTransactionExplanations.$inferInsert, 'id'>>;

const accountQuery = preparedPerConnection((db: Db) => db.select().from(bankAccounts).where(eq(bankAccounts.id, sql.placeholder('id'))).prepare());
const lineExplanationsQuery = preparedPerConnection((db: Db) =>
  db.select().from(bankTransactionExplanations).where(eq(bankTransactionExplanations.bankTransactionId, sql.placeholder('line'))).prepare(),
);
const explanationQuery = preparedPerConnection((db: Db) => db.select().from(bankTransactionExplanations).where(eq(bankTransactionExplanations.id, sql.placeholder('id'))).prepare());
const insertExplanationQuery = preparedPerConnection((db: Db) => db.insert(bankTransactionExplanations).values(rowPlaceholders(bankTransactionExplanations, 'id')).returning().prepare());
const touchLineQuery = preparedPerConnection((sqlite: Database.Database) => sqlite.prepare<[string, number]>('UPDATE bank_transactions SET updated_at = ? WHERE id = ?'));

export const accountById = (ctx: EngineContext, id: number): AccountRow | undefined => accountQuery(ctx.db).get({ id });

export const explanationsOfLine = (ctx: EngineContext, lineId: number): ExplanationRow[] => lineExplanationsQuery(ctx.db).all({ line: lineId });

export const explanationById = (ctx: EngineContext, id: number): ExplanationRow | undefined => explanationQuery(ctx.db).get({ id });

export const insertExplanation = (ctx: EngineContext, row: NewExplanation): ExplanationRow => insertExplanationQuery(ctx.db).get(row)!;

/** Marks a bank line changed by this request (its updated_at). */
export const touchLine = (ctx: EngineContext, lineId: number): void => void touchLineQuery(ctx.book.sqlite).run(ctx.now, lineId);
