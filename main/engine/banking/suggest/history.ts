import type { EngineContext } from '../../context';
import { readWhileUnchanged } from '../../read-cache';
import type { Guess, GuessLine } from './guess';
import { roundConfidence } from './guess';
import { lineText, payeeOf, type Payee } from './payee';

/**
 * Guesses from the book's own history: lines already explained, grouped by the payee their description
 * names and by direction (a refund from a shop is not a purchase from it). Among a payee's lines the
 * ones nearer in amount and in the same account count for more; the confidence is the share of that
 * weight the top explanation holds, shrunk by how few lines there are (one line proves little).
 */

interface HistoryEntry {
  accountId: number;
  amountMinor: number;
  /** What the line was explained as: "c:<code>" or "t:<account id>". */
  target: string;
  categoryCode: string | null;
  transferAccountId: number | null;
  salesTaxRate: string | null;
  description: string;
  datedOn: string;
}

interface HistoryIndex {
  byKey: Map<string, HistoryEntry[]>;
  byHead: Map<string, HistoryEntry[]>;
}

/** A payee known only by its first word (TESCO for TESCO PETROL) is a weaker clue: never confident alone. */
const HEAD_ONLY = 0.6;
/** A line in another account of the same payee counts for this much of one in the line's own account. */
const OTHER_ACCOUNT = 0.5;

const memo = new Map<string, Payee>();

/** payeeOf, remembered: descriptions repeat (a payee's lines), and a register page reads them again. */
export function payeeOfCached(description: string): Payee {
  let payee = memo.get(description);
  if (!payee) {
    if (memo.size > 200_000) memo.clear();
    payee = payeeOf(description);
    memo.set(description, payee);
  }
  return payee;
}

const HISTORY_SQL = `SELECT e.bank_transaction_id AS txId, t.bank_account_id AS accountId, t.description AS lineDescription,
    e.gross_minor AS grossMinor, c.nominal_code AS categoryCode, e.sales_tax_rate AS salesTaxRate, e.description AS description,
    e.transfer_bank_account_id AS transferAccountId, e.dated_on AS datedOn
  FROM bank_transaction_explanations e
  JOIN bank_transactions t ON t.id = e.bank_transaction_id
  LEFT JOIN categories c ON c.id = e.category_id
  WHERE e.transfer_source_id IS NULL AND e.paid_invoice_id IS NULL AND e.paid_bill_id IS NULL
  ORDER BY e.bank_transaction_id, abs(e.gross_minor) DESC, e.id`;

interface HistoryRow {
  txId: number;
  accountId: number;
  lineDescription: string;
  grossMinor: number;
  categoryCode: string | null;
  salesTaxRate: string | null;
  description: string;
  transferAccountId: number | null;
  datedOn: string;
}

function push(map: Map<string, HistoryEntry[]>, key: string, entry: HistoryEntry): void {
  const list = map.get(key);
  if (list) list.push(entry);
  else map.set(key, [entry]);
}

function buildIndex(ctx: EngineContext): HistoryIndex {
  const rows = ctx.book.sqlite.prepare(HISTORY_SQL).all() as HistoryRow[];
  const index: HistoryIndex = { byKey: new Map(), byHead: new Map() };
  let last = -1;
  for (const row of rows) {
    // A split line counts once, as its largest part.
    if (row.txId === last) continue;
    last = row.txId;
    if (row.categoryCode === null && row.transferAccountId === null) continue;
    const payee = payeeOfCached(lineText(row.lineDescription));
    if (!payee.key) continue;
    const direction = row.grossMinor < 0 ? '-' : '+';
    const entry: HistoryEntry = {
      accountId: row.accountId,
      amountMinor: Math.abs(row.grossMinor),
      target: row.categoryCode !== null ? `c:${row.categoryCode}` : `t:${row.transferAccountId}`,
      categoryCode: row.categoryCode,
      transferAccountId: row.transferAccountId,
      salesTaxRate: row.salesTaxRate,
      description: row.description,
      datedOn: row.datedOn,
    };
    push(index.byKey, `${direction}${payee.key}`, entry);
    push(index.byHead, `${direction}${payee.head}`, entry);
  }
  return index;
}

/** Kept until the book next changes (read-cache.ts): a register page does not read the history again. */
export function historyIndex(ctx: EngineContext): HistoryIndex {
  return readWhileUnchanged(ctx, 'suggest:history', () => buildIndex(ctx));
}

/** 1 for the same amount, falling off with the ratio: twice or half the amount weighs about 0.4. */
function amountWeight(a: number, b: number): number {
  if (a === 0 || b === 0) return a === b ? 1 : 0.2;
  return 1 / (1 + 2 * Math.abs(Math.log(a / b)));
}

function mostWeighted<T>(pairs: readonly (readonly [T, number])[]): T | undefined {
  const totals = new Map<T, number>();
  for (const [value, weight] of pairs) totals.set(value, (totals.get(value) ?? 0) + weight);
  let best: T | undefined;
  let bestWeight = -1;
  for (const [value, weight] of totals) if (weight > bestWeight) [best, bestWeight] = [value, weight];
  return best;
}

export function historyGuess(index: HistoryIndex, line: GuessLine): Guess | null {
  const payee = payeeOfCached(line.description);
  if (!payee.key || line.remainingMinor === 0) return null;
  const direction = line.remainingMinor < 0 ? '-' : '+';
  let entries = index.byKey.get(`${direction}${payee.key}`);
  let tier = 1;
  if (!entries) {
    entries = index.byHead.get(`${direction}${payee.head}`);
    tier = HEAD_ONLY;
  }
  // Another account's transfer to this one says nothing about where this line's money went.
  entries = entries?.filter((entry) => entry.transferAccountId !== line.bankAccountId);
  if (!entries || entries.length === 0) return null;
  const amount = Math.abs(line.remainingMinor);
  const weighted = entries.map((entry) => [entry, amountWeight(amount, entry.amountMinor) * (entry.accountId === line.bankAccountId ? 1 : OTHER_ACCOUNT)] as const);
  const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  const target = mostWeighted(weighted.map(([entry, weight]) => [entry.target, weight] as const))!;
  const chosen = weighted.filter(([entry]) => entry.target === target);
  const share = chosen.reduce((sum, [, weight]) => sum + weight, 0) / total;
  const n = entries.length;
  const confidence = roundConfidence(share * (n / (n + 1)) * tier);
  const first = chosen[0]![0];
  const latest = chosen.reduce((a, b) => (b[0].datedOn >= a[0].datedOn ? b : a))[0];
  const rate = mostWeighted(chosen.map(([entry, weight]) => [entry.salesTaxRate, weight] as const));
  return {
    source: 'history',
    confidence,
    categoryCode: first.categoryCode ?? undefined,
    transferAccountId: first.transferAccountId ?? undefined,
    salesTaxRate: rate ?? undefined,
    description: latest.description || undefined,
  };
}
