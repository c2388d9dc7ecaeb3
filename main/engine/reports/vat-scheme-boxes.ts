import type { CompanyRow } from '../company-record';
import type { EngineContext } from '../context';
import { schemeSegments, type SchemeSegment, type VatSchemeHistory } from '../vat-scheme';
import { cashBasisParts, invoiceBasisParts, unpaidOnLeavingCash } from './vat-basis';
import { wholePounds, type VatBoxes } from './vat-boxes';
import { cutRange, flatRateCuts, flatRateTurnover, flatRateVat, isLimitedCostTrader, type FlatRateStretch } from './vat-flat-rate';
import { addParts, type VatParts } from './vat-parts';
import type { VatPeriod } from './vat-periods';

type Company = Pick<CompanyRow, 'currency' | 'salesTaxEffectiveDate' | 'vatPeriodMonths'>;

/** What a stretch of a segment holds, read on the segment's basis. */
function partsOf(ctx: Pick<EngineContext, 'book'>, segment: SchemeSegment, from: string, to: string, currency: string): VatParts {
  const sqlite = ctx.book.sqlite;
  const parts = segment.cashSince !== null ? cashBasisParts(sqlite, from, to, segment.cashSince, currency) : invoiceBasisParts(sqlite, from, to);
  // The unpaid VAT of a cash accounting run falls on the first day after it (its segment's first stretch).
  if (segment.leftCash && from === segment.startsOn) return addParts(parts, unpaidOnLeavingCash(sqlite, segment.leftCash.since, segment.leftCash.until, currency));
  return parts;
}

interface Sums {
  box1: number;
  box2: number;
  box4: number;
  box6: number;
  box7: number;
  box8: number;
  box9: number;
}

/** The normal method's boxes from parts (VAT Notice 700/12 section 4). */
function addStandard(sums: Sums, parts: VatParts): void {
  sums.box1 += parts.salesVat + parts.selfAccountedVat;
  sums.box2 += parts.acquisitionVat;
  sums.box4 += parts.inputVat + parts.selfAccountedInput;
  sums.box6 += parts.sales + parts.deemedSupplies;
  sums.box7 += parts.purchases;
  sums.box8 += parts.ecGoodsSupplied;
  sums.box9 += parts.ecGoodsAcquired;
}

/** What the flat rate scheme made of a period: what the ledger holds and what the return says instead. */
export interface FlatRateSummary {
  /** The flat rate stretches read, each [startsOn, endsOn]. */
  ranges: { startsOn: string; endsOn: string }[];
  /** VAT charged to customers on the flat rate stretches (819), which the company keeps. */
  chargedVat: number;
  /** The flat rate VAT due instead (box 1 less the reverse charge outside the flat rate). */
  flatRateVat: number;
  /** All VAT the ledger holds as reclaimed (818) on the flat rate stretches, the reverse charge's included. */
  reclaimedVat: number;
  /** Of that, what the return still reclaims: capital goods of £2,000 or more (box 4). */
  capitalVat: number;
  /** And the reverse charge's VAT, accounted for outside the scheme and reclaimed in box 4 too. */
  reverseChargeVat: number;
}

/**
 * The flat rate scheme's boxes (VAT Notice 733 section 7): box 1 the flat rate VAT; box 2 acquisitions
 * as usual; box 4 only the VAT on capital expenditure goods of £2,000 or more (section 15); box 6 the
 * flat rate turnover, VAT included; box 7 the capital goods claimed and any acquisitions; 8 and 9 as
 * usual. The reverse charge is outside the scheme and goes on the return as under normal accounting
 * (Notice 733 section 6.4: "record them in boxes 1 and 4 of your VAT return, as you would under normal
 * accounting"; for the domestic reverse charge regulation 55C(6) and HMRC VATREVCON35100): its VAT in
 * boxes 1 and 4, the service from abroad's value in box 6 (the supply the buyer makes to itself) and
 * the purchase's net in box 7, as addStandard does.
 */
function addFlatRate(sums: Sums, stretches: readonly FlatRateStretch[], registeredOn: string, periodMonths: number): FlatRateSummary {
  const summary: FlatRateSummary = { ranges: stretches.map(({ startsOn, endsOn }) => ({ startsOn, endsOn })), chargedVat: 0, flatRateVat: 0, reclaimedVat: 0, capitalVat: 0, reverseChargeVat: 0 };
  if (stretches.length === 0) return summary;
  const limitedCost = isLimitedCostTrader(stretches, periodMonths);
  summary.flatRateVat = flatRateVat(stretches, registeredOn, limitedCost);
  sums.box1 += summary.flatRateVat;
  for (const { parts } of stretches) {
    sums.box1 += parts.selfAccountedVat;
    sums.box2 += parts.acquisitionVat;
    sums.box4 += parts.capitalVat + parts.reverseChargeInput;
    sums.box6 += flatRateTurnover(parts) + parts.deemedSupplies;
    sums.box7 += parts.capitalNet + parts.ecGoodsAcquired + parts.reverseChargeNet;
    sums.box8 += parts.ecGoodsSupplied;
    sums.box9 += parts.ecGoodsAcquired;
    summary.chargedVat += parts.salesVat;
    summary.reclaimedVat += parts.inputVat + parts.selfAccountedInput;
    summary.capitalVat += parts.capitalVat;
    summary.reverseChargeVat += parts.reverseChargeInput;
  }
  return summary;
}

/**
 * A period's boxes under the company's schemes: the period is cut where the scheme changes, each
 * part is read on its basis (invoice or cash) and turned into boxes by its scheme (normal or flat
 * rate, itself cut where its rate changes), and the parts are added. Boxes 6 to 9 lose their pence
 * once, at the end.
 */
export function schemeVatBoxes(ctx: Pick<EngineContext, 'book'>, company: Company, history: VatSchemeHistory, period: VatPeriod): VatBoxes {
  return schemeVatFigures(ctx, company, history, period).boxes;
}

/** The boxes, and what the flat rate scheme made of the period (for the ledger's flat rate adjustment). */
export function schemeVatFigures(ctx: Pick<EngineContext, 'book'>, company: Company, history: VatSchemeHistory, period: VatPeriod): { boxes: VatBoxes; flatRate: FlatRateSummary } {
  const registeredOn = company.salesTaxEffectiveDate ?? period.startsOn;
  const sums: Sums = { box1: 0, box2: 0, box4: 0, box6: 0, box7: 0, box8: 0, box9: 0 };
  const stretches: FlatRateStretch[] = [];
  for (const segment of schemeSegments(history, registeredOn, period.startsOn, period.endsOn)) {
    const sector = segment.scheme.frsSector;
    if (sector === null) {
      addStandard(sums, partsOf(ctx, segment, segment.startsOn, segment.endsOn, company.currency));
      continue;
    }
    for (const piece of cutRange(segment.startsOn, segment.endsOn, flatRateCuts(sector, registeredOn, segment.startsOn, segment.endsOn))) {
      stretches.push({ ...piece, sector, parts: partsOf(ctx, segment, piece.startsOn, piece.endsOn, company.currency) });
    }
  }
  const flatRate = addFlatRate(sums, stretches, registeredOn, company.vatPeriodMonths);
  const box3 = sums.box1 + sums.box2;
  const boxes: VatBoxes = {
    1: sums.box1,
    2: sums.box2,
    3: box3,
    4: sums.box4,
    5: box3 - sums.box4,
    6: wholePounds(sums.box6),
    7: wholePounds(sums.box7),
    8: wholePounds(sums.box8),
    9: wholePounds(sums.box9),
  };
  return { boxes, flatRate };
}
