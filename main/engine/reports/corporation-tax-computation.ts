import type Database from 'better-sqlite3';
import { allowancesFor, EMPTY_POOLS, POOL_NAMES, type PoolOfPeriod, type PoolValues, type TaxAsset } from './capital-allowances';
import { chargeableTimeline, corporationTaxDueOn, yearFraction, type ChargeablePeriod } from './chargeable-periods';
import { corporationTaxEstimate, type TaxPart } from './corporation-tax';
import { booksDates } from './books-dates';
import { addDays } from './dates';
import { openingHoldsYearToDate, openingSetId } from './opening-source';
import { disallowedCodes, taxAdjustedProfit } from './tax-adjusted-profit';
import { lossRelief } from './trading-losses';

/**
 * The corporation tax computation behind the profit and loss's estimate, for a report's period: the
 * profit adjusted for tax, less capital allowances and plus balancing charges (from the asset
 * register, pools run from the first asset), less trading losses brought forward (from the book's
 * earlier periods), taxed by each financial year's rates. The report's period is cut where a
 * chargeable period ends (a long first year is two), and the part of a chargeable period before the
 * report starts is run as a period of its own, so a report for any dates reads the history before it.
 */
export interface ComputedPeriod extends ChargeablePeriod {
  taxableProfitMinor: number;
  lossesUsedMinor: number;
  taxMinor: number;
  /** When this chargeable period's tax is due (its whole period's end, when the report stops before it). */
  paymentDueOn: string;
}

export interface CorporationTaxComputation {
  adjustedProfitMinor: number;
  capitalAllowancesMinor: number;
  balancingChargesMinor: number;
  lossesBroughtForwardMinor: number;
  /** Losses brought forward into the report's period that relieve its profit. */
  lossesUsedMinor: number;
  lossesCarriedForwardMinor: number;
  /** The adjusted profit less allowances, plus charges, less losses used; negative for a loss. */
  taxableProfitMinor: number;
  taxMinor: number;
  parts: TaxPart[];
  pools: PoolOfPeriod[];
  periods: ComputedPeriod[];
  paymentDueOn: string;
}

/** The register's system type for vehicles, whose assets are taken to be cars; other types named for cars too. */
const CAR_TYPE = 'Motor Vehicles';
const CAR_NAME = /\bcars?\b/i;

function taxAssets(sqlite: Database.Database): TaxAsset[] {
  const rows = sqlite
    .prepare<[], { purchasedOn: string; costMinor: number; disposedOn: string | null; proceeds: number | null; typeName: string; systemDefault: number }>(
      `SELECT a.purchased_on AS purchasedOn, a.cost_minor AS costMinor, a.disposed_on AS disposedOn, a.disposal_proceeds_minor AS proceeds,
         t.name AS typeName, t.system_default AS systemDefault
       FROM capital_assets a JOIN capital_asset_types t ON t.id = a.capital_asset_type_id`,
    )
    .all();
  return rows.map((row) => {
    const car = (row.systemDefault === 1 && row.typeName === CAR_TYPE) || CAR_NAME.test(row.typeName);
    return { purchasedOn: row.purchasedOn, costMinor: row.costMinor, disposedOn: row.disposedOn, disposalProceedsMinor: row.proceeds ?? 0, pool: car ? 'special_rate' : 'main', annualInvestmentAllowance: !car };
  });
}

interface Piece extends ChargeablePeriod {
  /** The end of the chargeable period the piece is part of. */
  periodTo: string;
  inBooks: boolean;
  inReport: boolean;
}

/** The timeline cut at the report's start and end: what comes before it, then the report's own pieces. */
function piecesUpTo(timeline: readonly (ChargeablePeriod & { inBooks: boolean })[], report: ChargeablePeriod): Piece[] {
  const pieces: Piece[] = [];
  for (const period of timeline) {
    if (period.from > report.to) break;
    const common = { periodTo: period.to, inBooks: period.inBooks };
    if (period.from < report.from) pieces.push({ ...common, from: period.from, to: period.to < report.from ? period.to : addDays(report.from, -1), inReport: false });
    if (period.to >= report.from) pieces.push({ ...common, from: period.from > report.from ? period.from : report.from, to: period.to < report.to ? period.to : report.to, inReport: true });
  }
  return pieces;
}

/** Null when part of the report's period is before FY2015, whose rates the estimate does not hold. */
export function corporationTaxComputation(sqlite: Database.Database, report: ChargeablePeriod): CorporationTaxComputation | null {
  // The years are counted from the first accounting year's start, before the books' own start when the
  // company moved here part-way through a year; the opening balances then hold that year to date, which
  // counts in its profit (CTA 2009 s9), so they are left out only when they are the years before.
  const dates = booksDates(sqlite);
  const assets = taxAssets(sqlite);
  const earliest = [report.from, dates.firstYearStart, ...assets.map((asset) => asset.purchasedOn)].reduce((a, b) => (a < b ? a : b));
  const pieces = piecesUpTo(chargeableTimeline(dates.firstYearStart, dates.firstYearEnd, earliest, report.to), report);
  const disallowed = disallowedCodes(sqlite);
  const opening = openingHoldsYearToDate(sqlite) ? null : openingSetId(sqlite);

  let pools: PoolValues = EMPTY_POOLS;
  let losses = 0;
  let lossesBroughtForwardMinor: number | null = null;
  const reportPools: PoolOfPeriod[][] = [];
  const periods: ComputedPeriod[] = [];
  const parts: TaxPart[] = [];
  let adjustedProfitMinor = 0;
  let capitalAllowancesMinor = 0;
  let balancingChargesMinor = 0;
  let tradingMinor = 0;
  let lossesUsedInReport = 0;
  for (const piece of pieces) {
    if (piece.inReport && lossesBroughtForwardMinor === null) lossesBroughtForwardMinor = losses;
    const allowances = allowancesFor(piece, pools, assets);
    pools = allowances.carriedForward;
    // Before the books the profits are not known: the pools run, no loss is made or used.
    if (!piece.inBooks && !piece.inReport) continue;
    const profit = taxAdjustedProfit(sqlite, piece, disallowed, opening);
    const trading = profit - allowances.allowancesMinor + allowances.balancingChargesMinor;
    const used = lossRelief(losses, trading, yearFraction(piece));
    losses += Math.max(0, -trading) - used;
    if (!piece.inReport) continue;
    const estimate = corporationTaxEstimate(trading - used, piece.from, piece.to);
    if (!estimate) return null;
    reportPools.push(allowances.pools);
    periods.push({ from: piece.from, to: piece.to, taxableProfitMinor: trading - used, lossesUsedMinor: used, taxMinor: estimate.taxMinor, paymentDueOn: corporationTaxDueOn(piece.periodTo) });
    parts.push(...estimate.parts);
    adjustedProfitMinor += profit;
    capitalAllowancesMinor += allowances.allowancesMinor;
    balancingChargesMinor += allowances.balancingChargesMinor;
    tradingMinor += trading;
    lossesUsedInReport += used;
  }
  const broughtForward = lossesBroughtForwardMinor ?? 0;
  // Losses are used earliest first, so those brought in are used before any the report's own period makes.
  const lossesUsedMinor = Math.min(lossesUsedInReport, broughtForward);
  return {
    adjustedProfitMinor,
    capitalAllowancesMinor,
    balancingChargesMinor,
    lossesBroughtForwardMinor: broughtForward,
    lossesUsedMinor,
    lossesCarriedForwardMinor: losses,
    taxableProfitMinor: tradingMinor - lossesUsedMinor,
    taxMinor: periods.reduce((sum, period) => sum + period.taxMinor, 0),
    parts,
    pools: POOL_NAMES.map((pool, index) => poolOverReport(pool, reportPools.map((piecePools) => piecePools[index]!))),
    periods,
    paymentDueOn: periods.at(-1)!.paymentDueOn,
  };
}

/** A pool across the report's pieces: brought forward at its start, carried forward at its end, the rest added up. */
function poolOverReport(pool: PoolOfPeriod['pool'], pieces: readonly PoolOfPeriod[]): PoolOfPeriod {
  const sum = (key: keyof Omit<PoolOfPeriod, 'pool'>) => pieces.reduce((total, piece) => total + piece[key], 0);
  return {
    pool,
    broughtForwardMinor: pieces[0]?.broughtForwardMinor ?? 0,
    additionsMinor: sum('additionsMinor'),
    annualInvestmentAllowanceMinor: sum('annualInvestmentAllowanceMinor'),
    disposalValuesMinor: sum('disposalValuesMinor'),
    writingDownAllowanceMinor: sum('writingDownAllowanceMinor'),
    smallPoolAllowanceMinor: sum('smallPoolAllowanceMinor'),
    balancingChargeMinor: sum('balancingChargeMinor'),
    carriedForwardMinor: pieces.at(-1)?.carriedForwardMinor ?? 0,
  };
}
