import Decimal from 'decimal.js';
import { roundMinor } from '../../../shared/money';
import { ACQUISITION_DOCUMENT, DEEMED_SUPPLY_LINE, NET_LINE_ON_RETURN, SALE_LINE, VAT_CHARGED, VAT_RECLAIMED } from './vat-boxes';

/**
 * What a VAT return is made of, in native minor units, before any scheme turns it into boxes. Signs
 * are the return's: VAT owed and sales positive, VAT reclaimed and purchases positive.
 */
export interface VatParts {
  /** VAT charged on sales (819), other than the buyer's own VAT under the reverse charge. */
  salesVat: number;
  /** VAT the company charged itself under the reverse charge on services bought (819). */
  selfAccountedVat: number;
  /** VAT due on EC acquisitions of goods (819 on an acquisition): box 2. */
  acquisitionVat: number;
  /** VAT suppliers charged (818). */
  inputVat: number;
  /** VAT reclaimed that the company charged itself (818 on acquisitions and the reverse charge). */
  selfAccountedInput: number;
  /**
   * Of that, the reverse charge's alone (services from abroad, the domestic reverse charge; not EC
   * goods acquired): outside the flat rate scheme, reclaimed in box 4 as under normal accounting.
   */
  reverseChargeInput: number;
  sales: number;
  deemedSupplies: number;
  purchases: number;
  /** The net of the purchase lines bought under the reverse charge (EC Services, Reverse Charge): box 7 under the flat rate scheme too. */
  reverseChargeNet: number;
  ecGoodsSupplied: number;
  ecGoodsAcquired: number;
  /** Capital expenditure goods of £2,000 or more including VAT (VAT Notice 733 section 15): net and VAT. */
  capitalNet: number;
  capitalVat: number;
  /** Relevant goods for the limited cost business test, VAT included (VAT Notice 733 section 4; regulation 55A(4)). */
  relevantGoods: number;
}

export const NO_PARTS: VatParts = {
  salesVat: 0, selfAccountedVat: 0, acquisitionVat: 0, inputVat: 0, selfAccountedInput: 0, reverseChargeInput: 0, sales: 0, deemedSupplies: 0,
  purchases: 0, reverseChargeNet: 0, ecGoodsSupplied: 0, ecGoodsAcquired: 0, capitalNet: 0, capitalVat: 0, relevantGoods: 0,
};

const FIELDS = Object.keys(NO_PARTS) as (keyof VatParts)[];

export function addParts(a: VatParts, b: VatParts): VatParts {
  const sum = { ...a };
  for (const field of FIELDS) sum[field] += b[field];
  return sum;
}

/**
 * The share of a document's parts that money settled: cumulative, so that the shares of all its
 * payments add up to the whole document exactly (each part rounded to the penny half away from zero).
 */
export function shareOfParts(parts: VatParts, settledBefore: number, settledUpTo: number, total: number): VatParts {
  const share = { ...NO_PARTS };
  if (total === 0) return share;
  const upTo = (settled: number, value: number) => roundMinor(new Decimal(value).times(settled).dividedBy(total));
  for (const field of FIELDS) share[field] = upTo(settledUpTo, parts[field]) - upTo(settledBefore, parts[field]);
  return share;
}

/** The threshold for a capital purchase the flat rate scheme still reclaims: £2,000 including VAT. */
export const CAPITAL_GOODS_THRESHOLD_MINOR = 200_000;

/** Under the limited cost test, cost of sales other than services: commission (102), hire (104), subcontractors (150). */
const NOT_GOODS = ['102', '104', '150'];
export const CAPITAL_PURCHASE = '602';

/**
 * A document bought goods and services under the reverse charge (or acquired EC goods) when a taxable
 * purchase line carries one of those EC statuses: its VAT lines are the company's own. `resource` and
 * `id` are the SQL expressions naming the document.
 */
export const selfAccountedDocument = (resource: string, id: string) => `EXISTS (
  SELECT 1 FROM postings n JOIN categories nc ON nc.id = n.category_id
  WHERE n.source_resource = ${resource} AND n.source_id = ${id}
    AND n.ec_status IN ('EC Goods', 'EC Services', 'Reverse Charge') AND n.sales_tax_status = 'TAXABLE' AND nc.list_group <> 'income'
    AND NOT (nc.list_group = 'general' AND n.debit_minor < 0))`;
const SELF_ACCOUNTED_DOCUMENT = selfAccountedDocument('p.source_resource', 'p.source_id');

/** Every posting with what the return needs to know of it; the filter is added by the caller. */
export const PART_ROWS_SQL = `SELECT p.source_resource AS resource, p.source_id AS sourceId, p.debit_minor AS debit, p.category_id AS categoryId,
    c.base_code AS baseCode, c.list_group AS listGroup, p.ec_status AS ec, p.sales_tax_status AS status,
    coalesce(${ACQUISITION_DOCUMENT}, 0) AS acquisition, coalesce(${SELF_ACCOUNTED_DOCUMENT}, 0) AS selfAccounted,
    coalesce(${NET_LINE_ON_RETURN}, 0) AS onReturn, coalesce(${SALE_LINE}, 0) AS sale, coalesce(${DEEMED_SUPPLY_LINE}, 0) AS deemed
  FROM postings p JOIN categories c ON c.id = p.category_id`;

export interface PartRow {
  resource: string;
  sourceId: number;
  debit: number;
  categoryId: number;
  baseCode: string;
  listGroup: string;
  ec: string | null;
  status: string | null;
  acquisition: number;
  selfAccounted: number;
  onReturn: number;
  sale: number;
  deemed: number;
}

interface DocumentLines {
  parts: VatParts;
  /** Taxable purchase nets, for sharing the document's input VAT among its lines. */
  taxablePurchases: number;
  capitalLines: number[];
  goodsLines: number[];
}

/** The VAT of one line of a document: the document's input VAT in proportion to the line's net. */
export const lineVatOf = (inputVat: number, taxablePurchases: number, net: number) => (taxablePurchases === 0 ? 0 : roundMinor(new Decimal(inputVat).times(net).dividedBy(taxablePurchases)));
const lineVat = (document: DocumentLines, net: number) => lineVatOf(document.parts.inputVat, document.taxablePurchases, net);

/** A single purchase of capital goods costing £2,000 or more with VAT (a refund of one reverses it). */
export const isClaimedCapital = (net: number, vat: number) => Math.abs(net + vat) >= CAPITAL_GOODS_THRESHOLD_MINOR;

/** A row of a document bought under the reverse charge, not an acquisition of EC goods (whose VAT is box 2's). */
export const isReverseChargeVat = (row: Pick<PartRow, 'selfAccounted' | 'acquisition'>) => row.selfAccounted !== 0 && row.acquisition === 0;

function addRow(document: DocumentLines, row: PartRow): void {
  const parts = document.parts;
  if (row.baseCode === VAT_CHARGED) {
    if (row.acquisition) parts.acquisitionVat -= row.debit;
    else if (row.selfAccounted) parts.selfAccountedVat -= row.debit;
    else parts.salesVat -= row.debit;
    return;
  }
  if (row.baseCode === VAT_RECLAIMED) {
    if (row.selfAccounted) parts.selfAccountedInput += row.debit;
    else parts.inputVat += row.debit;
    if (isReverseChargeVat(row)) parts.reverseChargeInput += row.debit;
    return;
  }
  if (!row.onReturn) return;
  if (row.sale) {
    parts.sales -= row.debit;
    if (row.ec === 'EC Goods') parts.ecGoodsSupplied -= row.debit;
    return;
  }
  parts.purchases += row.debit;
  if (isReverseChargeVat(row) && row.status === 'TAXABLE' && (row.ec === 'EC Services' || row.ec === 'Reverse Charge')) parts.reverseChargeNet += row.debit;
  if (row.deemed) parts.deemedSupplies += row.debit;
  if (row.ec === 'EC Goods') parts.ecGoodsAcquired += row.debit;
  if (row.status === 'TAXABLE') document.taxablePurchases += row.debit;
  if (row.status === 'TAXABLE' && row.baseCode === CAPITAL_PURCHASE) document.capitalLines.push(row.debit);
  if (row.listGroup === 'cost_of_sales' && !NOT_GOODS.includes(row.baseCode)) document.goodsLines.push(row.debit);
}

/** Each document's parts from its postings (keyed "resource:id"). */
export function partsByDocument(rows: readonly PartRow[]): Map<string, VatParts> {
  const documents = new Map<string, DocumentLines>();
  for (const row of rows) {
    const key = `${row.resource}:${row.sourceId}`;
    let document = documents.get(key);
    if (!document) documents.set(key, (document = { parts: { ...NO_PARTS }, taxablePurchases: 0, capitalLines: [], goodsLines: [] }));
    addRow(document, row);
  }
  const result = new Map<string, VatParts>();
  for (const [key, document] of documents) {
    const parts = document.parts;
    for (const net of document.capitalLines) {
      const vat = lineVat(document, net);
      if (isClaimedCapital(net, vat)) {
        parts.capitalNet += net;
        parts.capitalVat += vat;
      }
    }
    for (const net of document.goodsLines) parts.relevantGoods += net + lineVat(document, net);
    result.set(key, parts);
  }
  return result;
}

export const sumParts = (all: Iterable<VatParts>) => [...all].reduce(addParts, { ...NO_PARTS });
