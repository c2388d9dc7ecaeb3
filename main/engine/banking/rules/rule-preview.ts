import type Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { fromMinor } from '../../../../shared/money';
import type { BankRulePreviewInput } from '../../../../shared/api/bank_rules';
import { bankAccounts, bankRules } from '../../../db/schema';
import { unprocessable } from '../../errors';
import type { EngineContext } from '../../context';
import { preparedPerConnection } from '../../prepared';
import { idFromUrl, recordUrl } from '../../urls';
import { decimal, type ApiRecord } from '../../values';
import { lineText } from '../suggest/payee';
import { bankAccountId, storedCondition } from './rule-check';
import { compileRules, firstMatchingRule, ruleLineOf, triedBefore } from './rule-match';
import { ruleFromRow, rulesInOrder } from './rule-store';
import type { RuleRow, StoredActions } from './rule-types';

/** The rule being edited, named in the body: a 422 (not a 404: the path is right) when there is none. */
function ruleBeingEdited(ctx: EngineContext, link: string | number): RuleRow {
  const id = idFromUrl(link, 'bank_rules', 'bank_rule');
  const row = ctx.db.select().from(bankRules).where(eq(bankRules.id, id)).get();
  if (!row) throw unprocessable('bank_rule is not a bank rule of this company');
  return ruleFromRow(row);
}

/**
 * The actions that change which lines the rule decides, as saving would store them: a transfer
 * account, whose own lines a transfer rule never decides (rule-match.ts). Without actions, an edited
 * rule keeps its own, as a PUT without them does.
 */
function decidingActions(ctx: EngineContext, input: BankRulePreviewInput, editing: RuleRow | null): StoredActions {
  if (!input.actions) return editing?.actions.transfer_bank_account !== undefined ? { transfer_bank_account: editing.actions.transfer_bank_account } : {};
  const transfer = input.actions.transfer_bank_account;
  return transfer != null ? { transfer_bank_account: bankAccountId(ctx, transfer, 'actions.transfer_bank_account') } : {};
}

/** The most lines the preview lists; the count covers them all. */
export const PREVIEW_LIMIT = 100;

type OpenLine = [id: number, bankAccountId: number, datedOn: string, description: string, amountMinor: number, remainingMinor: number];

/**
 * Only the lines with something left to explain, with what is left: reading every line of the book
 * through the query builder took 1.3 s on 100,000 lines. Not sorted here: only the lines the rule
 * catches are put in order. "Explained" is summed as the register's unexplained_amount and the
 * suggestions sum it (records.ts explainedMinor): each explanation in the line's own currency, its
 * foreign value when it has one.
 */
const linesLeftToExplain = preparedPerConnection((sqlite: Database.Database) =>
  sqlite
    .prepare(
      `SELECT id, bank_account_id, dated_on, description, amount_minor, remaining FROM (
         SELECT t.id, t.bank_account_id, t.dated_on, t.description, t.amount_minor,
           t.amount_minor - coalesce((SELECT sum(coalesce(e.foreign_gross_minor, e.gross_minor)) FROM bank_transaction_explanations e WHERE e.bank_transaction_id = t.id), 0) AS remaining
         FROM bank_transactions t)
       WHERE remaining <> 0`,
    )
    .raw(),
);

/** Newest day first; on one day, the line entered first (the order the preview has always listed). */
const newestFirst = (a: OpenLine, b: OpenLine) => (a[2] === b[2] ? a[0] - b[0] : a[2] < b[2] ? 1 : -1);

/**
 * The lines with something left to explain that a rule (not saved yet, or being edited) would catch,
 * newest first, through the same matcher the suggestions use (with the transfer account, which a saved
 * rule's matcher holds too). Each says when another rule, tried before this one, decides it instead:
 * a rule catches a line only when it is the first to match.
 */
export function previewRule(ctx: EngineContext, input: BankRulePreviewInput): ApiRecord {
  const conditions = input.conditions.map((condition, index) => storedCondition(ctx, condition, index));
  const editing = input.bank_rule !== undefined ? ruleBeingEdited(ctx, input.bank_rule) : null;
  const others = rulesInOrder(ctx).filter((rule) => rule.id !== editing?.id);
  // Placed where saving would place it: without a priority, an edited rule keeps its own and a new one
  // goes after all others (bank_rules.ts); a new rule's id will be above every other.
  const priority = input.priority ?? editing?.priority ?? Math.min((others.at(-1)?.priority ?? -1) + 1, 1_000_000);
  const place = { id: editing?.id ?? Number.POSITIVE_INFINITY, priority };
  const candidate: RuleRow = { id: editing?.id ?? 0, name: '', conditions, actions: decidingActions(ctx, input, editing), priority, autoExplain: false, createdAt: ctx.now, updatedAt: ctx.now };
  const [own] = compileRules([candidate]);
  const earlier = compileRules(others.filter((rule) => triedBefore(rule, place)));

  const currencies = new Map(ctx.db.select({ id: bankAccounts.id, currency: bankAccounts.currency }).from(bankAccounts).all().map((row) => [row.id, row.currency]));
  const ruleLine = ([, bankAccountId, , stored, , remainingMinor]: OpenLine) => ruleLineOf({ bankAccountId, description: lineText(stored), remainingMinor, currency: currencies.get(bankAccountId)! });
  const caught: OpenLine[] = [];
  let decidedElsewhere = 0;
  for (const row of linesLeftToExplain(ctx.book.sqlite).all() as OpenLine[]) {
    const line = ruleLine(row);
    if (!own!.matches(line)) continue;
    caught.push(row);
    if (firstMatchingRule(earlier, line)) decidedElsewhere += 1;
  }
  const shown = caught.sort(newestFirst).slice(0, PREVIEW_LIMIT).map((row) => {
    const [id, bankAccountId, datedOn, , amountMinor, remainingMinor] = row;
    const line = ruleLine(row);
    const currency = line.currency;
    const first = firstMatchingRule(earlier, line);
    return {
      url: recordUrl(ctx, 'bank_transactions', id),
      bank_account: recordUrl(ctx, 'bank_accounts', bankAccountId),
      dated_on: datedOn,
      description: line.description,
      amount: decimal(fromMinor(amountMinor, currency)),
      // What the rule is tried on, as the register names it.
      unexplained_amount: decimal(fromMinor(remainingMinor, currency)),
      decided_by: first ? recordUrl(ctx, 'bank_rules', first.id) : undefined,
      decided_by_name: first?.name,
    };
  });
  return { count: caught.length, decided_by_other_rules: decidedElsewhere, bank_transactions: shown };
}
