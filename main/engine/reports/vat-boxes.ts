import type Database from 'better-sqlite3';
import type { VatBoxNumber } from '../../../shared/api/vat_returns';
import type { EngineContext } from '../context';
import type { VatPeriod } from './vat-periods';

/** Box values in native minor units, boxes 1 to 9. */
export type VatBoxes = Record<VatBoxNumber, number>;

export const VAT_RECLAIMED = '818';
export const VAT_CHARGED = '819';
export const EC_GOODS = 'EC Goods';
const EC_VAT_MOSS = 'EC VAT MOSS';

/**
 * A document acquires EC goods when its net line is a taxable purchase marked EC Goods: a line outside
 * the income categories, and not a credit on a general one (that is a sale, see SALE_LINE). Under the
 * reverse charge such a document posts the VAT it owes as a credit to 819 and reclaims it with a debit
 * to 818; that 819 credit is box 2, not box 1. A refund of acquired goods (the supplier's credit, a
 * negative line on a cost category) reverses both, so its 819 debit reduces box 2 the same way
 * (VAT Notice 700, "changes in consideration": a credit note adjusts the VAT where it was accounted for).
 */
export const ACQUISITION_DOCUMENT = `EXISTS (
  SELECT 1 FROM postings n JOIN categories nc ON nc.id = n.category_id
  WHERE n.source_resource = p.source_resource AND n.source_id = p.source_id
    AND n.ec_status = '${EC_GOODS}' AND n.sales_tax_status = 'TAXABLE' AND nc.list_group <> 'income'
    AND NOT (nc.list_group = 'general' AND n.debit_minor < 0))`;

interface ControlTotals {
  charged: number;
  chargedOnAcquisitions: number;
  reclaimed: number;
}

function controlTotals(sqlite: Database.Database, period: VatPeriod): ControlTotals {
  return sqlite
    .prepare<{ from: string; to: string }, ControlTotals>(
      `SELECT
         coalesce(sum(CASE WHEN c.base_code = '${VAT_CHARGED}' THEN p.debit_minor END), 0) AS charged,
         coalesce(sum(CASE WHEN c.base_code = '${VAT_CHARGED}' AND ${ACQUISITION_DOCUMENT} THEN p.debit_minor END), 0) AS chargedOnAcquisitions,
         coalesce(sum(CASE WHEN c.base_code = '${VAT_RECLAIMED}' THEN p.debit_minor END), 0) AS reclaimed
       FROM postings p JOIN categories c ON c.id = p.category_id
       WHERE p.category_id IN (SELECT id FROM categories WHERE base_code IN ('${VAT_CHARGED}', '${VAT_RECLAIMED}'))
         AND p.dated_on BETWEEN @from AND @to`,
    )
    .get({ from: period.startsOn, to: period.endsOn })!;
}

/** A net line that is a sale (boxes 6 and 8) rather than a purchase (boxes 7 and 9). */
export const SALE_LINE = `(c.list_group = 'income' OR (c.list_group = 'general' AND p.debit_minor < 0))`;

/**
 * A purchase line on which the buyer accounted for the VAT on services bought from abroad: that is a
 * supply to itself as well as a purchase, so its net is an output in box 6 too (VAT Notice 700/12
 * section 4.6, 741A section 17). EC Services (before 2021) are always from abroad; a Reverse Charge
 * bill from a supplier in the UK is the domestic reverse charge (Notice 735 and the construction
 * reverse charge), where the customer's box 6 takes nothing. Expenses and bank lines name no supplier,
 * so their reverse charge is the common case, services bought from abroad.
 */
export const DEEMED_SUPPLY_LINE = `(p.sales_tax_status = 'TAXABLE' AND NOT ${SALE_LINE} AND (p.ec_status = 'EC Services' OR (p.ec_status = 'Reverse Charge' AND NOT EXISTS (
  SELECT 1 FROM bills b JOIN contacts ct ON ct.id = b.contact_id
  WHERE p.source_resource = 'bills' AND b.id = p.source_id AND ct.country = 'United Kingdom'))))`;

interface NetTotals {
  sales: number;
  deemedSupplies: number;
  purchases: number;
  ecGoodsSupplied: number;
  ecGoodsAcquired: number;
}

/** A net line that is on the return (postings p joined to categories c): see netTotals. */
export const NET_LINE_ON_RETURN = `p.sales_tax_status IN ('TAXABLE', 'EXEMPT') AND coalesce(p.ec_status, '') <> '${EC_VAT_MOSS}'`;


/**
 * Boxes 6 to 9 from the net lines of taxed documents. A line is in the return when it is TAXABLE
 * (any rate, zero included) or EXEMPT; OUT_OF_SCOPE lines and lines with no VAT treatment (journals,
 * dates before registration) are not, and MOSS sales go on the MOSS return instead. A line is a sale
 * on an income category, or a credit on a general one; every other line is a purchase.
 */
function netTotals(sqlite: Database.Database, period: VatPeriod): NetTotals {
  return sqlite
    .prepare<{ from: string; to: string }, NetTotals>(
      `SELECT
         coalesce(sum(CASE WHEN sale THEN -debit END), 0) AS sales,
         coalesce(sum(CASE WHEN NOT sale THEN debit END), 0) AS purchases,
         coalesce(sum(CASE WHEN deemed THEN debit END), 0) AS deemedSupplies,
         coalesce(sum(CASE WHEN sale AND ec = '${EC_GOODS}' THEN -debit END), 0) AS ecGoodsSupplied,
         coalesce(sum(CASE WHEN NOT sale AND ec = '${EC_GOODS}' THEN debit END), 0) AS ecGoodsAcquired
       FROM (
         SELECT p.debit_minor AS debit, p.ec_status AS ec,
           ${SALE_LINE} AS sale, ${DEEMED_SUPPLY_LINE} AS deemed
         FROM postings p JOIN categories c ON c.id = p.category_id
         -- Every category through the (category_id, dated_on) index: one range per category, no scan.
         WHERE p.category_id IN (SELECT id FROM categories) AND p.dated_on BETWEEN @from AND @to
           AND ${NET_LINE_ON_RETURN}
       )`,
    )
    .get({ from: period.startsOn, to: period.endsOn })!;
}

/** HMRC wants boxes 6 to 9 in whole pounds, pence left off (towards zero). */
export const wholePounds = (minor: number) => minor - (minor % 100);

/** Box 5 alone (what the list needs for each payment): box 3 - box 4. */
export function netVatDue(ctx: Pick<EngineContext, 'book'>, period: VatPeriod): number {
  const control = controlTotals(ctx.book.sqlite, period);
  return -control.charged - control.reclaimed;
}

/**
 * Every box for a period, from postings: box 1 the VAT charged (819) other than on EC acquisitions,
 * box 2 the VAT due on EC acquisitions, box 3 = 1 + 2, box 4 the VAT reclaimed (818, acquisitions
 * included), box 5 = 3 - 4 to the penny (negative: a repayment), boxes 6 to 9 the net values (box 6 with the
 * services the buyer supplied to itself under the reverse charge).
 * MOSS VAT (824) is not on this return.
 */
export function vatBoxes(ctx: Pick<EngineContext, 'book'>, period: VatPeriod): VatBoxes {
  const control = controlTotals(ctx.book.sqlite, period);
  const net = netTotals(ctx.book.sqlite, period);
  const box1 = -(control.charged - control.chargedOnAcquisitions);
  const box2 = -control.chargedOnAcquisitions;
  const box3 = box1 + box2;
  const box4 = control.reclaimed;
  return {
    1: box1,
    2: box2,
    3: box3,
    4: box4,
    5: box3 - box4,
    6: wholePounds(net.sales + net.deemedSupplies),
    7: wholePounds(net.purchases),
    8: wholePounds(net.ecGoodsSupplied),
    9: wholePounds(net.ecGoodsAcquired),
  };
}
