import { and, eq, inArray } from 'drizzle-orm';
import { formattedAmount } from '../banking/descriptions';
import { capitalAssets, capitalAssetTypes, categories, postings } from '../../db/schema';
import type { EngineContext } from '../context';
import { JOURNAL_SETS } from '../ledger/journal-posting';
import { openingSet } from '../ledger/opening-balances';
import { termsOf, type CapitalAssetRow } from './ledger';
import { depreciationSchedule, type DepreciationPeriod } from './schedule';

/**
 * An asset bought before the books start posts neither its cost nor the depreciation charged before the
 * start (assets/ledger.ts): the opening balances hold them, one total per capital asset type. Here the
 * two are compared, so the person learns when the register and the opening balances disagree.
 *
 * A warning on the asset, never a refusal: the opening balances hold every asset of a type in one
 * figure, so they agree with the register only once the last of those assets is in it, and they may be
 * entered before or after the assets. Refusing would make the first of two assets impossible to enter.
 */

const COST_BASES = ['601', '602', '604'];
const DEPRECIATION_BASES = ['605', '606', '607'];

/** The schedule's charges dated before the books start, which the opening balances hold. */
export function chargedBeforeStart(schedule: readonly DepreciationPeriod[], start: string): number {
  return schedule.filter((period) => period.datedOn < start).reduce((sum, period) => sum + period.chargeMinor, 0);
}

/** Held at the start: bought before it and not disposed of before it (a disposal then is in the previous accounts). */
export function heldAtStart(row: CapitalAssetRow, start: string): boolean {
  return row.purchasedOn < start && (row.disposedOn === null || row.disposedOn >= start);
}

interface TypeAccounts {
  cost: string[];
  depreciation: string[];
  costIds: number[];
  depreciationIds: number[];
}

function typeAccounts(ctx: EngineContext, typeId: number): TypeAccounts {
  const rows = ctx.db
    .select({ id: categories.id, code: categories.nominalCode, base: categories.baseCode })
    .from(categories)
    .where(and(eq(categories.capitalAssetTypeId, typeId), inArray(categories.baseCode, [...COST_BASES, ...DEPRECIATION_BASES])))
    .orderBy(categories.baseCode)
    .all();
  const cost = rows.filter((row) => COST_BASES.includes(row.base));
  const depreciation = rows.filter((row) => DEPRECIATION_BASES.includes(row.base));
  return { cost: cost.map((row) => row.code), depreciation: depreciation.map((row) => row.code), costIds: cost.map((row) => row.id), depreciationIds: depreciation.map((row) => row.id) };
}

/** The debit the opening balances post to these accounts. */
function openingDebit(ctx: EngineContext, setId: number | undefined, accounts: readonly number[]): number {
  if (setId === undefined || accounts.length === 0) return 0;
  return ctx.db
    .select({ debitMinor: postings.debitMinor })
    .from(postings)
    .where(and(eq(postings.sourceResource, JOURNAL_SETS), eq(postings.sourceId, setId), inArray(postings.categoryId, [...accounts])))
    .all()
    .reduce((sum, line) => sum + line.debitMinor, 0);
}

/**
 * A sentence when the opening balances of the asset's type disagree with the register's assets of
 * that type held at the start (cost first, then the depreciation charged before the start); undefined
 * when they agree or when the asset was bought on or after the start.
 */
export function openingBalancesWarning(ctx: EngineContext, row: CapitalAssetRow, start: string, currency: string): string | undefined {
  if (!heldAtStart(row, start)) return undefined;
  // One sentence per type, worked out once per request and state of the book: a page of the register
  // would otherwise work every schedule of the type once for each of its assets.
  const known = warnings.get(ctx) ?? new Map<string, string | undefined>();
  warnings.set(ctx, known);
  const key = `${row.capitalAssetTypeId}|${start}|${ctx.changeCount()}`;
  if (!known.has(key)) known.set(key, typeWarning(ctx, row, start, currency));
  return known.get(key);
}

const warnings = new WeakMap<EngineContext, Map<string, string | undefined>>();

function typeWarning(ctx: EngineContext, row: CapitalAssetRow, start: string, currency: string): string | undefined {
  // As the person reads money elsewhere in the engine's sentences: "£1,500.00".
  const money = (minor: number) => `${minor < 0 ? '-' : ''}${formattedAmount(minor, currency)}`;
  const typeName = ctx.db.select({ name: capitalAssetTypes.name }).from(capitalAssetTypes).where(eq(capitalAssetTypes.id, row.capitalAssetTypeId)).get()?.name ?? 'this type';
  const accounts = typeAccounts(ctx, row.capitalAssetTypeId);
  const setId = openingSet(ctx)?.id;
  const held = ctx.db
    .select()
    .from(capitalAssets)
    .where(eq(capitalAssets.capitalAssetTypeId, row.capitalAssetTypeId))
    .all()
    .filter((asset) => heldAtStart(asset, start));
  const registerCost = held.reduce((sum, asset) => sum + asset.costMinor, 0);
  const openingCost = openingDebit(ctx, setId, accounts.costIds);
  if (openingCost !== registerCost) {
    return (
      `The opening balances hold a cost of ${money(openingCost)} for ${typeName} (${accounts.cost.join(', ')}), but the register's assets of that type bought before the books start on ${start} cost ${money(registerCost)}. ` +
      'An asset bought before the start posts neither its cost nor the depreciation charged before the start, which belong in the opening balances: make the two agree.'
    );
  }
  const registerDepreciation = held.reduce((sum, asset) => sum + chargedBeforeStart(depreciationSchedule(termsOf(ctx, asset)), start), 0);
  const openingDepreciation = -openingDebit(ctx, setId, accounts.depreciationIds);
  if (openingDepreciation !== registerDepreciation) {
    return (
      `The opening balances hold depreciation of ${money(openingDepreciation)} for ${typeName} (${accounts.depreciation.join(', ')}), but the schedules of the register's assets of that type bought before the books start on ${start} charged ${money(registerDepreciation)} before it. ` +
      "Depreciation from the start continues each schedule and a disposal takes all of it out, so make the two agree (the opening balances, or the asset's profile)."
    );
  }
  return undefined;
}
