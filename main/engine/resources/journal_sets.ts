import { eq } from 'drizzle-orm';
import { journalSetCreateSchema, journalSetUpdateSchema, openingBalancesUpdateSchema } from '../../../shared/api/journal_sets';
import { Level } from '../../../shared/api/permissions';
import { journalSets } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { notFound, unprocessable } from '../errors';
import { applyEntryItems, checkBalanced, checkOneEntryPerContact, entriesOf } from '../ledger/journal-edits';
import type { EntrySetting } from '../ledger/journal-entries';
import { JOURNAL_SETS, postJournalSet, type JournalSetRow } from '../ledger/journal-posting';
import { emptyOpeningBalancesRecord, entriesBySet, journalSetRecord } from '../ledger/journal-records';
import { assertUnlocked } from '../ledger/locks';
import { balanceAndPostOpening, balancingEntry, ensureOpeningSet, openingDate, openingSet } from '../ledger/opening-balances';
import { pageHeaders, pageOf } from '../pagination';
import { payload } from '../payload';
import { periodConditions } from '../query-params';
import { countWhileUnchanged } from '../read-cache';
import { created, deleted, ok, type Route, type RouteRequest } from '../route';
import { removePostings } from '../ledger/postings';

function findSet(ctx: EngineContext, id: string): JournalSetRow {
  const row = /^\d+$/.test(id) ? ctx.db.select().from(journalSets).where(eq(journalSets.id, Number(id))).get() : undefined;
  if (!row) throw notFound('Journal set not found');
  return row;
}

const render = (ctx: EngineContext, set: JournalSetRow) => journalSetRecord(ctx, set, entriesOf(ctx, set.id));

function setting(ctx: EngineContext, opening: boolean): EntrySetting {
  const company = loadCompany(ctx);
  return { opening, companyType: company.type, currency: company.currency };
}

/** Nothing is dated before the books start; what was there before goes into the opening balances. */
function checkDate(ctx: EngineContext, datedOn: string): void {
  const start = loadCompany(ctx).companyStartDate;
  if (datedOn < start) throw unprocessable(`dated_on must not be before the company start date ${start}; enter earlier balances as opening balances`);
}

/**
 * Lists dated sets by date, oldest first, with the opening balances (which has no date) at the top as
 * the live service lists it. A date or tag filter leaves the opening balances out: it has neither.
 */
function listSets(request: RouteRequest) {
  const { ctx, query } = request;
  const period = periodConditions(query);
  const conditions = [...period.conditions];
  const params: Record<string, string | number> = { ...period.params };
  const tag = query.get('tag');
  if (tag !== null && tag !== '') {
    conditions.push('tag = @tag');
    params.tag = tag;
  }
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const sqlite = ctx.book.sqlite;
  const total = countWhileUnchanged(ctx, `SELECT count(*) FROM journal_sets ${where}`, params);
  const page = pageOf(query);
  const ids = sqlite
    .prepare(`SELECT id FROM journal_sets ${where} ORDER BY is_opening_balances DESC, dated_on, id LIMIT @limit OFFSET @offset`)
    .pluck()
    .all({ ...params, limit: page.limit, offset: page.offset }) as number[];
  const sets = ids.map((id) => findSet(ctx, String(id)));
  const entries = entriesBySet(ctx, ids);
  return {
    status: 200,
    body: { journal_sets: sets.map((set) => journalSetRecord(ctx, set, entries.get(set.id) ?? [])) },
    headers: pageHeaders(request.url, page, total),
  };
}

function createSet(request: RouteRequest) {
  const { ctx } = request;
  const input = payload(request, 'journal_set', journalSetCreateSchema);
  checkDate(ctx, input.dated_on);
  assertUnlocked(ctx, input.dated_on);
  const set = ctx.db
    .insert(journalSets)
    .values({ datedOn: input.dated_on, description: input.description, tag: input.tag ?? null, isOpeningBalances: false, createdAt: ctx.now, updatedAt: ctx.now })
    .returning()
    .get();
  ctx.recordChange(JOURNAL_SETS, set.id, 'create');
  applyEntryItems(ctx, set.id, input.journal_entries, { setting: setting(ctx, false), urlsAllowed: false });
  checkBalanced(entriesOf(ctx, set.id), loadCompany(ctx).currency);
  postJournalSet(ctx, { ...set, datedOn: input.dated_on });
  const record = render(ctx, set);
  return created({ journal_set: record }, record.url as string);
}

/**
 * The opening balances take only entries. What they leave unbalanced, with the bank accounts' opening
 * balances, the engine puts on Suspense as the Automatic Balancing Entry; an item naming that entry is
 * ignored, since it is worked out again on every change.
 */
function updateOpeningBalances(request: RouteRequest) {
  const { ctx } = request;
  const input = payload(request, 'journal_set', openingBalancesUpdateSchema);
  if (input.dated_on) throw unprocessable('dated_on does not apply to the opening balances');
  if (input.tag) throw unprocessable('tag does not apply to the opening balances');
  assertUnlocked(ctx, openingDate(ctx));
  const existed = openingSet(ctx) !== undefined;
  const set = ensureOpeningSet(ctx);
  if (input.journal_entries) {
    applyEntryItems(ctx, set.id, input.journal_entries, { setting: setting(ctx, true), urlsAllowed: true, managedEntryId: balancingEntry(ctx, set.id)?.id ?? null });
  }
  checkOneEntryPerContact(entriesOf(ctx, set.id));
  balanceAndPostOpening(ctx, set);
  const row = ctx.db.update(journalSets).set({ updatedAt: ctx.now }).where(eq(journalSets.id, set.id)).returning().get();
  if (existed) ctx.recordChange(JOURNAL_SETS, set.id, 'update');
  return ok({ journal_set: render(ctx, row) });
}

function updateSet(request: RouteRequest) {
  const { ctx } = request;
  const current = findSet(ctx, request.params.id!);
  if (current.isOpeningBalances) return updateOpeningBalances(request);
  const input = payload(request, 'journal_set', journalSetUpdateSchema);
  const datedOn = input.dated_on ?? current.datedOn!;
  assertUnlocked(ctx, current.datedOn, datedOn);
  checkDate(ctx, datedOn);
  // Tagged sets cannot be edited by users in the app, but the API may edit them (spec 2.2).
  const row = ctx.db
    .update(journalSets)
    .set({ datedOn, description: input.description, tag: input.tag, updatedAt: ctx.now })
    .where(eq(journalSets.id, current.id))
    .returning()
    .get();
  if (input.journal_entries) applyEntryItems(ctx, row.id, input.journal_entries, { setting: setting(ctx, false), urlsAllowed: true });
  checkBalanced(entriesOf(ctx, row.id), loadCompany(ctx).currency);
  postJournalSet(ctx, { ...row, datedOn });
  ctx.recordChange(JOURNAL_SETS, row.id, 'update');
  return ok({ journal_set: render(ctx, row) });
}

function deleteSet(request: RouteRequest) {
  const { ctx } = request;
  const set = findSet(ctx, request.params.id!);
  if (set.isOpeningBalances) throw unprocessable('The opening balances cannot be deleted; remove their entries with PUT /v2/journal_sets/opening_balances');
  assertUnlocked(ctx, set.datedOn);
  removePostings(ctx, JOURNAL_SETS, set.id);
  ctx.db.delete(journalSets).where(eq(journalSets.id, set.id)).run();
  ctx.recordChange(JOURNAL_SETS, set.id, 'delete');
  return deleted();
}

function getOpeningBalances(request: RouteRequest) {
  const { ctx } = request;
  const set = openingSet(ctx);
  return ok({ journal_set: set ? render(ctx, set) : emptyOpeningBalancesRecord(ctx) });
}

const LEVEL = Level.TaxAccountingAndUsers;
const BY_ID = '/v2/journal_sets/:id{[0-9]+}';
const OPENING = '/v2/journal_sets/opening_balances';

export const journalSetRoutes: Route[] = [
  { method: 'GET', path: '/v2/journal_sets', level: LEVEL, handle: listSets },
  { method: 'GET', path: OPENING, level: LEVEL, handle: getOpeningBalances },
  { method: 'GET', path: BY_ID, level: LEVEL, handle: ({ ctx, params }) => ok({ journal_set: render(ctx, findSet(ctx, params.id!)) }) },
  { method: 'POST', path: '/v2/journal_sets', level: LEVEL, handle: createSet },
  { method: 'PUT', path: OPENING, level: LEVEL, handle: updateOpeningBalances },
  { method: 'PUT', path: BY_ID, level: LEVEL, handle: updateSet },
  { method: 'DELETE', path: BY_ID, level: LEVEL, handle: deleteSet },
];
