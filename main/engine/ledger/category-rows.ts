import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema';
import type { EngineContext } from '../context';
import { preparedPerConnection } from '../prepared';

/**
 * The chart's rows as documents look them up to post: by code, by id, a bank account's 750-N. Every
 * explanation, bill and expense asks several times, and a bulk accept once a line or more: built and
 * prepared once per connection, as building the query and preparing it cost more than running it.
 */

export type CategoryRow = typeof categories.$inferSelect;

const byCode = preparedPerConnection((db: Db) => db.select().from(categories).where(eq(categories.nominalCode, sql.placeholder('code'))).prepare());
const byId = preparedPerConnection((db: Db) => db.select().from(categories).where(eq(categories.id, sql.placeholder('id'))).prepare());
const ofBankAccount = preparedPerConnection((db: Db) => db.select().from(categories).where(eq(categories.bankAccountId, sql.placeholder('account'))).prepare());
const subAccount = preparedPerConnection((db: Db) =>
  db
    .select({ code: categories.nominalCode })
    .from(categories)
    .where(and(eq(categories.baseCode, sql.placeholder('base')), ne(categories.nominalCode, sql.placeholder('base'))))
    .limit(1)
    .prepare(),
);

export const categoryWithCode = (ctx: Pick<EngineContext, 'db'>, code: string): CategoryRow | undefined => byCode(ctx.db).get({ code });

export const categoryWithId = (ctx: Pick<EngineContext, 'db'>, id: number): CategoryRow | undefined => byId(ctx.db).get({ id });

/** The 750-N category of a bank account. */
export const bankCategoryOf = (ctx: Pick<EngineContext, 'db'>, accountId: number): CategoryRow | undefined => ofBankAccount(ctx.db).get({ account: accountId });

/** The code of one sub account of a base code, when it has any. */
export const aSubAccountOf = (ctx: Pick<EngineContext, 'db'>, baseCode: string): string | undefined => subAccount(ctx.db).get({ base: baseCode })?.code;
