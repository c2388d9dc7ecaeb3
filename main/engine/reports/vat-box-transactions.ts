import type { VatBoxNumber } from '../../../shared/api/vat_returns';
import type { EngineContext } from '../context';
import { ACQUISITION_DOCUMENT, DEEMED_SUPPLY_LINE, EC_GOODS, NET_LINE_ON_RETURN, SALE_LINE, VAT_CHARGED, VAT_RECLAIMED } from './vat-boxes';
import type { VatPeriod } from './vat-periods';

/** One posting behind a box, with what it adds to that box (native minor units, the box's sign). */
export interface VatBoxPosting {
  id: number;
  datedOn: string;
  description: string;
  sourceResource: string;
  sourceId: number;
  nominalCode: string;
  categoryName: string;
  amountMinor: number;
}

/**
 * Which postings make each box that is read from the ledger, and the sign that turns a posting's debit
 * into its part of the box. The conditions are the very ones vat-boxes.ts sums (shared fragments), so
 * the list cannot drift from the figure.
 */
const LEDGER_BOXES: Readonly<Record<1 | 2 | 4 | 6 | 7 | 8 | 9, { where: string; sign: 1 | -1 | string }>> = {
  1: { where: `c.base_code = '${VAT_CHARGED}' AND NOT ${ACQUISITION_DOCUMENT}`, sign: -1 },
  2: { where: `c.base_code = '${VAT_CHARGED}' AND ${ACQUISITION_DOCUMENT}`, sign: -1 },
  4: { where: `c.base_code = '${VAT_RECLAIMED}'`, sign: 1 },
  // Sales (credits) and the services supplied to itself under the reverse charge (debits).
  6: { where: `${NET_LINE_ON_RETURN} AND (${SALE_LINE} OR ${DEEMED_SUPPLY_LINE})`, sign: `CASE WHEN ${SALE_LINE} THEN -1 ELSE 1 END` },
  7: { where: `${NET_LINE_ON_RETURN} AND NOT ${SALE_LINE}`, sign: 1 },
  8: { where: `${NET_LINE_ON_RETURN} AND ${SALE_LINE} AND p.ec_status = '${EC_GOODS}'`, sign: -1 },
  9: { where: `${NET_LINE_ON_RETURN} AND NOT ${SALE_LINE} AND p.ec_status = '${EC_GOODS}'`, sign: 1 },
};

type LedgerBox = keyof typeof LEDGER_BOXES;

/** Boxes worked from others: 3 = 1 + 2, 5 = 3 - 4 (a posting in box 4 counts against box 5). */
const COMPOSED: Readonly<Record<3 | 5, readonly (readonly [LedgerBox, 1 | -1])[]>> = {
  3: [
    [1, 1],
    [2, 1],
  ],
  5: [
    [1, 1],
    [2, 1],
    [4, -1],
  ],
};

const isComposed = (box: VatBoxNumber): box is 3 | 5 => box === 3 || box === 5;

function ledgerBoxPostings(ctx: Pick<EngineContext, 'book'>, period: VatPeriod, box: LedgerBox, sign: 1 | -1): VatBoxPosting[] {
  const source = LEDGER_BOXES[box];
  return ctx.book.sqlite
    .prepare<{ from: string; to: string; sign: number }, VatBoxPosting>(
      `SELECT p.id, p.dated_on AS datedOn, p.description, p.source_resource AS sourceResource, p.source_id AS sourceId,
         c.nominal_code AS nominalCode, c.description AS categoryName, p.debit_minor * (${source.sign}) * @sign AS amountMinor
       FROM postings p JOIN categories c ON c.id = p.category_id
       WHERE p.category_id IN (SELECT id FROM categories) AND p.dated_on BETWEEN @from AND @to
         AND p.debit_minor <> 0 AND ${source.where}`,
    )
    .all({ from: period.startsOn, to: period.endsOn, sign });
}

/**
 * The postings behind one box of a period's return as the ledger stands, in date order (postings of
 * nothing left out). Their amounts add up to the box to the penny; for boxes 6 to 9 the box is that
 * sum with the pence left off.
 */
export function vatBoxPostings(ctx: Pick<EngineContext, 'book'>, period: VatPeriod, box: VatBoxNumber): VatBoxPosting[] {
  const parts = isComposed(box) ? COMPOSED[box] : ([[box, 1]] as const);
  const rows = parts.flatMap(([part, sign]) => ledgerBoxPostings(ctx, period, part, sign));
  return rows.sort((a, b) => (a.datedOn === b.datedOn ? a.id - b.id : a.datedOn < b.datedOn ? -1 : 1));
}
