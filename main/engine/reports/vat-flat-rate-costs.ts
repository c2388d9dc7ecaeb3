import Decimal from 'decimal.js';
import { roundMinor } from '../../../shared/money';
import { VAT_RECLAIMED } from './vat-boxes';
import { CAPITAL_PURCHASE, isClaimedCapital, isReverseChargeVat, lineVatOf, type PartRow } from './vat-parts';

/** The key of VAT that no purchase line of its document can carry (a journal straight to 818). */
export const NO_LINE = -1;

interface Document {
  reclaimed: number;
  inputVat: number;
  taxablePurchases: number;
  lines: { categoryId: number; baseCode: string; net: number }[];
}

/** `total` shared over `weights` in proportion, each share rounded and the last taking what is left, so the shares add up exactly. */
export function shareOut(total: number, weights: ReadonlyMap<number, number>): Map<number, number> {
  const shares = new Map<number, number>();
  const whole = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  const keys = [...weights.keys()];
  if (whole === 0 || keys.length === 0) return total === 0 ? shares : new Map([[NO_LINE, total]]);
  let left = total;
  keys.forEach((key, index) => {
    const share = index === keys.length - 1 ? left : roundMinor(new Decimal(total).times(weights.get(key)!).dividedBy(whole));
    shares.set(key, (shares.get(key) ?? 0) + share);
    left -= share;
  });
  return shares;
}

const add = (into: Map<number, number>, key: number, amount: number) => into.set(key, (into.get(key) ?? 0) + amount);

/**
 * The VAT the flat rate scheme does not reclaim, by the category of the purchase it was paid on
 * (VAT Notice 733: the accounts' expenses include the input VAT that is not recoverable). Each
 * document's VAT reclaimed in the ledger (818, EC goods acquired included, the reverse charge's not:
 * that is reclaimed in box 4 outside the scheme), less what the return still claims on capital goods
 * of £2,000 or more, goes to its taxable purchase lines in proportion to their
 * net; the claimed capital lines are found exactly as the return finds them (vat-parts.ts).
 */
export function irrecoverableVatByCategory(rows: readonly PartRow[]): Map<number, number> {
  const documents = new Map<string, Document>();
  for (const row of rows) {
    const key = `${row.resource}:${row.sourceId}`;
    let document = documents.get(key);
    if (!document) documents.set(key, (document = { reclaimed: 0, inputVat: 0, taxablePurchases: 0, lines: [] }));
    if (row.baseCode === VAT_RECLAIMED) {
      // The reverse charge's VAT is reclaimed in box 4 (outside the scheme): none of it is a cost.
      if (!isReverseChargeVat(row)) document.reclaimed += row.debit;
      if (!row.selfAccounted) document.inputVat += row.debit;
    } else if (row.onReturn && !row.sale && row.status === 'TAXABLE') {
      document.taxablePurchases += row.debit;
      document.lines.push({ categoryId: row.categoryId, baseCode: row.baseCode, net: row.debit });
    }
  }
  const byCategory = new Map<number, number>();
  for (const document of documents.values()) {
    if (document.reclaimed === 0) continue;
    let notClaimed = document.reclaimed;
    const weights = new Map<number, number>();
    for (const line of document.lines) {
      const vat = lineVatOf(document.inputVat, document.taxablePurchases, line.net);
      if (line.baseCode === CAPITAL_PURCHASE && isClaimedCapital(line.net, vat)) notClaimed -= vat;
      else add(weights, line.categoryId, line.net);
    }
    for (const [categoryId, share] of shareOut(notClaimed, weights)) add(byCategory, categoryId, share);
  }
  return byCategory;
}
