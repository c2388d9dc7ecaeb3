import type { EngineContext } from '../../context';
import type Database from 'better-sqlite3';
import { loadCompany } from '../../company-record';
import { preparedPerConnection } from '../../prepared';
import { inWriteTransaction } from '../../read-snapshot';
import type { Guess, GuessLine } from './guess';
import { BELOW_CONFIDENT, roundConfidence } from './guess';
import { lineText, payeeOf, type Payee } from './payee';
import { askedTreatment, treatmentKey, type StoredTax, type TaxTreatment } from './treatment';

/**
 * Guesses from the book's own history: lines already explained, grouped by the payee their description
 * names and by direction (a refund from a shop is not a purchase from it). Among a payee's lines the
 * ones nearer in amount and in the same account count for more; the confidence is the share of that
 * weight the top explanation holds, shrunk by how few lines there are (one line proves little).
 * A category comes with the VAT treatment its lines were given; where they were given different
 * treatments the person must choose, so the guess is never confident.
 */

interface HistoryEntry {
  accountId: number;
  amountMinor: number;
  /** What the line was explained as: "c:<code>" or "t:<account id>". */
  target: string;
  categoryCode: string | null;
  transferAccountId: number | null;
  treatment: TaxTreatment | null;
  treatmentKey: string;
  description: string;
  datedOn: string;
}

/** One explanation a payee's lines were given, with the VAT treatment it most often came with and the latest description. */
interface TargetSummary {
  categoryCode: string | null;
  transferAccountId: number | null;
  treatment: TaxTreatment | null;
  /** The share of the target's lines given that treatment: below 1, they disagree. */
  treatmentShare: number;
  /** A manual VAT amount holds for the gross it was given on (unsigned minor units); null without one. */
  manualOnGrossMinor: number | null;
  description: string;
}

/**
 * A payee's explained lines, laid out for a guess to walk without allocating: the log of each amount,
 * its account and which of the payee's targets it went to.
 */
interface PayeeGroup {
  logAmounts: Float64Array;
  accounts: Int32Array;
  targetOf: Int32Array;
  targets: TargetSummary[];
}

interface HistoryIndex {
  byKey: Map<string, PayeeGroup>;
  byHead: Map<string, PayeeGroup>;
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
    e.gross_minor AS grossMinor, c.nominal_code AS categoryCode, e.description AS description,
    e.transfer_bank_account_id AS transferAccountId, e.dated_on AS datedOn,
    e.sales_tax_mode AS salesTaxMode, e.sales_tax_rate AS salesTaxRate, e.manual_sales_tax_minor AS manualSalesTaxMinor,
    e.sales_tax_status AS salesTaxStatus, e.ec_status AS ecStatus, e.place_of_supply AS placeOfSupply, c.auto_sales_tax_rate AS autoRate
  FROM bank_transaction_explanations e
  JOIN bank_transactions t ON t.id = e.bank_transaction_id
  LEFT JOIN categories c ON c.id = e.category_id
  WHERE e.transfer_source_id IS NULL AND e.paid_invoice_id IS NULL AND e.paid_bill_id IS NULL
  ORDER BY e.bank_transaction_id, abs(e.gross_minor) DESC, e.id`;

interface HistoryRow extends StoredTax {
  txId: number;
  accountId: number;
  lineDescription: string;
  grossMinor: number;
  categoryCode: string | null;
  autoRate: string | null;
  description: string;
  transferAccountId: number | null;
  datedOn: string;
}

function push(map: Map<string, HistoryEntry[]>, key: string, entry: HistoryEntry): void {
  const list = map.get(key);
  if (list) list.push(entry);
  else map.set(key, [entry]);
}

const logAmount = (minor: number) => Math.log(Math.max(1, Math.abs(minor)));

function mostCommon<T>(values: readonly T[]): T {
  const counts = new Map<T, number>();
  let best = values[values.length - 1]!;
  let bestCount = 0;
  // From the latest back, so a tie goes to the more recent value.
  for (let index = values.length - 1; index >= 0; index -= 1) {
    const count = (counts.get(values[index]!) ?? 0) + 1;
    counts.set(values[index]!, count);
    if (count > bestCount) [best, bestCount] = [values[index]!, count];
  }
  return best;
}

function groupOf(entries: readonly HistoryEntry[]): PayeeGroup {
  const targetIndex = new Map<string, number>();
  const byTarget: HistoryEntry[][] = [];
  const group: PayeeGroup = { logAmounts: new Float64Array(entries.length), accounts: new Int32Array(entries.length), targetOf: new Int32Array(entries.length), targets: [] };
  entries.forEach((entry, index) => {
    let target = targetIndex.get(entry.target);
    if (target === undefined) {
      target = byTarget.length;
      targetIndex.set(entry.target, target);
      byTarget.push([]);
    }
    byTarget[target]!.push(entry);
    group.logAmounts[index] = logAmount(entry.amountMinor);
    group.accounts[index] = entry.accountId;
    group.targetOf[index] = target;
  });
  group.targets = byTarget.map((list) => {
    const dated = [...list].sort((a, b) => (a.datedOn < b.datedOn ? -1 : a.datedOn > b.datedOn ? 1 : 0));
    const latest = dated[dated.length - 1]!;
    const key = mostCommon(dated.map((entry) => entry.treatmentKey));
    const given = dated.filter((entry) => entry.treatmentKey === key);
    const model = given[given.length - 1]!;
    return {
      categoryCode: latest.categoryCode,
      transferAccountId: latest.transferAccountId,
      treatment: model.treatment,
      treatmentShare: given.length / dated.length,
      manualOnGrossMinor: model.treatment?.manualSalesTaxAmount !== undefined ? model.amountMinor : null,
      description: latest.description,
    };
  });
  return group;
}

const oneSpaced = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * An explanation's description as a guess may carry it to another line: one the person typed, else
 * ''. A description that is its own line's bank text (as the explain panel fills it in: the text, and
 * the reference after " · ") says nothing about another line: carried over, it put one line's card
 * number and date into the next line's explanation.
 */
function typedDescription(description: string, storedLine: string): string {
  const parts = /^(.*)\/([^/]*)\/([^/]*)\/$/s.exec(storedLine);
  const text = parts ? parts[1]! : storedLine;
  const reference = parts ? parts[2]! : '';
  const own = [storedLine, text, lineText(storedLine), reference ? `${text} · ${reference}` : text].map(oneSpaced);
  return own.includes(oneSpaced(description)) ? '' : description;
}

function buildIndex(ctx: EngineContext): HistoryIndex {
  const rows = ctx.book.sqlite.prepare(HISTORY_SQL).all() as HistoryRow[];
  const native = loadCompany(ctx).currency;
  const lists = { byKey: new Map<string, HistoryEntry[]>(), byHead: new Map<string, HistoryEntry[]>() };
  let last = -1;
  for (const row of rows) {
    // A split line counts once, as its largest part.
    if (row.txId === last) continue;
    last = row.txId;
    if (row.categoryCode === null && row.transferAccountId === null) continue;
    const payee = payeeOfCached(lineText(row.lineDescription));
    if (!payee.key) continue;
    const direction = row.grossMinor < 0 ? '-' : '+';
    // A transfer has no VAT: its treatment is the same for every transfer line.
    const treatment = row.categoryCode !== null ? askedTreatment(row, native) : {};
    const entry: HistoryEntry = {
      accountId: row.accountId,
      amountMinor: Math.abs(row.grossMinor),
      target: row.categoryCode !== null ? `c:${row.categoryCode}` : `t:${row.transferAccountId}`,
      categoryCode: row.categoryCode,
      transferAccountId: row.transferAccountId,
      treatment,
      treatmentKey: treatmentKey(treatment, row),
      description: typedDescription(row.description, row.lineDescription),
      datedOn: row.datedOn,
    };
    push(lists.byKey, `${direction}${payee.key}`, entry);
    push(lists.byHead, `${direction}${payee.head}`, entry);
  }
  const groups = (map: Map<string, HistoryEntry[]>) => new Map([...map].map(([key, entries]) => [key, groupOf(entries)] as const));
  return { byKey: groups(lists.byKey), byHead: groups(lists.byHead) };
}

/**
 * The newest change to what the history is made of: explanations, the categories they name, the
 * accounts transfers name. Every write logs its change (undo and sync's too, app.ts), so an import,
 * which adds lines but explains none, leaves the history as it was and it is not read again. The
 * change log is read from its newest row back to the first such change, usually a few rows.
 */
const historyVersion = preparedPerConnection((sqlite: Database.Database) =>
  sqlite
    .prepare(
      `SELECT coalesce((SELECT id FROM changes WHERE resource IN ('bank_transaction_explanations', 'categories', 'bank_accounts')
        ORDER BY id DESC LIMIT 1), 0)`,
    )
    .pluck(),
);

const kept = new WeakMap<Database.Database, { version: number; index: HistoryIndex }>();

/** Kept until the history next changes: a register page, or an import, does not read it again. */
export function historyIndex(ctx: EngineContext): HistoryIndex {
  const { sqlite } = ctx.book;
  // Inside a write the request may still roll back: never keep what it sees.
  if (inWriteTransaction(sqlite)) return buildIndex(ctx);
  const version = historyVersion(sqlite).get() as number;
  const known = kept.get(sqlite);
  if (known && known.version === version) return known.index;
  const index = buildIndex(ctx);
  kept.set(sqlite, { version, index });
  return index;
}

/**
 * A VAT treatment the person has to look at keeps the guess below confident: the target's lines were
 * given different treatments (the one proposed is the most common, and confidence falls with its
 * share), or a manual VAT amount was given on another gross than this line's.
 */
function doubtedByTreatment(confidence: number, target: TargetSummary, line: GuessLine): number {
  const otherGross = target.manualOnGrossMinor !== null && target.manualOnGrossMinor !== Math.abs(line.remainingMinor);
  if (target.treatment !== null && target.treatmentShare === 1 && !otherGross) return confidence;
  return Math.min(confidence * target.treatmentShare, BELOW_CONFIDENT);
}

/**
 * 1 for the same amount, falling off with the ratio: twice or half the amount weighs about 0.4; the
 * same payee in another account counts for half.
 */
export function historyGuess(index: HistoryIndex, line: GuessLine): Guess | null {
  const payee = payeeOfCached(line.description);
  if (!payee.key || line.remainingMinor === 0) return null;
  const direction = line.remainingMinor < 0 ? '-' : '+';
  let group = index.byKey.get(`${direction}${payee.key}`);
  let tier = 1;
  if (!group) {
    group = index.byHead.get(`${direction}${payee.head}`);
    tier = HEAD_ONLY;
  }
  if (!group) return null;
  const scores = new Float64Array(group.targets.length);
  const logAmountHere = logAmount(line.remainingMinor);
  let total = 0;
  let counted = 0;
  for (let entry = 0; entry < group.accounts.length; entry += 1) {
    const target = group.targetOf[entry]!;
    // Another account's transfer to this one says nothing about where this line's money went.
    if (group.targets[target]!.transferAccountId === line.bankAccountId) continue;
    const weight = (1 / (1 + 2 * Math.abs(logAmountHere - group.logAmounts[entry]!))) * (group.accounts[entry] === line.bankAccountId ? 1 : OTHER_ACCOUNT);
    scores[target] += weight;
    total += weight;
    counted += 1;
  }
  if (counted === 0) return null;
  let best = 0;
  for (let target = 1; target < scores.length; target += 1) if (scores[target]! > scores[best]!) best = target;
  const chosen = group.targets[best]!;
  const confidence = (scores[best]! / total) * (counted / (counted + 1)) * tier;
  const guess: Guess = {
    source: 'history',
    confidence: roundConfidence(chosen.categoryCode !== null ? doubtedByTreatment(confidence, chosen, line) : confidence),
    categoryCode: chosen.categoryCode ?? undefined,
    transferAccountId: chosen.transferAccountId ?? undefined,
    // A payee matched by its first word alone is another payee (ACME PENSIONS for ACME STORE): its
    // lines' descriptions name it, not this one.
    description: tier === 1 ? chosen.description || undefined : undefined,
  };
  return chosen.categoryCode !== null && chosen.treatment !== null ? { ...chosen.treatment, ...guess } : guess;
}
