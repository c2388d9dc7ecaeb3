import { asc, desc, eq } from 'drizzle-orm';
import { fromMinor } from '../../../../shared/money';
import type { BankRulePreviewInput } from '../../../../shared/api/bank_rules';
import { bankAccounts, bankRules, bankTransactions } from '../../../db/schema';
import { unprocessable } from '../../errors';
import type { EngineContext } from '../../context';
import { idFromUrl, recordUrl } from '../../urls';
import { decimal, type ApiRecord } from '../../values';
import { lineText } from '../suggest/payee';
import { explainedSoFar } from '../suggest/with-suggestions';
import { storedCondition } from './rule-check';
import { compileRules, firstMatchingRule } from './rule-match';
import { rulesInOrder } from './rule-store';
import type { RuleRow } from './rule-types';

/** The rule being edited, named in the body: a 422 (not a 404: the path is right) when there is none. */
function ruleBeingEdited(ctx: EngineContext, link: string | number): number {
  const id = idFromUrl(link, 'bank_rules', 'bank_rule');
  if (!ctx.db.select({ id: bankRules.id }).from(bankRules).where(eq(bankRules.id, id)).get()) throw unprocessable('bank_rule is not a bank rule of this company');
  return id;
}

/** The most lines the preview lists; the count covers them all. */
export const PREVIEW_LIMIT = 100;

/**
 * The lines with something left to explain that a rule (not saved yet, or being edited) would catch,
 * newest first, through the same matcher the suggestions use. Each says when another rule, tried
 * before this one, decides it instead: a rule catches a line only when it is the first to match.
 */
export function previewRule(ctx: EngineContext, input: BankRulePreviewInput): ApiRecord {
  const conditions = input.conditions.map((condition, index) => storedCondition(ctx, condition, index));
  const editing = input.bank_rule !== undefined ? ruleBeingEdited(ctx, input.bank_rule) : null;
  const others = rulesInOrder(ctx).filter((rule) => rule.id !== editing);
  const priority = input.priority ?? Math.min((others.at(-1)?.priority ?? -1) + 1, 1_000_000);
  const candidate: RuleRow = { id: editing ?? 0, name: '', conditions, actions: {}, priority, autoExplain: false, createdAt: ctx.now, updatedAt: ctx.now };
  // The rule takes its place by priority; among equals the older rule goes first, and a new one is the newest.
  const before = others.filter((rule) => rule.priority < priority || (rule.priority === priority && editing !== null && rule.id < editing));
  const [own] = compileRules([candidate]);
  const earlier = compileRules(before);

  const currencies = new Map(ctx.db.select({ id: bankAccounts.id, currency: bankAccounts.currency }).from(bankAccounts).all().map((row) => [row.id, row.currency]));
  const rows = ctx.db.select().from(bankTransactions).orderBy(desc(bankTransactions.datedOn), asc(bankTransactions.id)).all();
  const explained = explainedSoFar(ctx, rows);
  const caught: ApiRecord[] = [];
  let count = 0;
  let decidedElsewhere = 0;
  for (const row of rows) {
    if (row.amountMinor - (explained.get(row.id) ?? 0) === 0) continue;
    const currency = currencies.get(row.bankAccountId)!;
    const line = { bankAccountId: row.bankAccountId, description: lineText(row.description), amountMinor: row.amountMinor, currency };
    if (!own!.matches(line)) continue;
    count += 1;
    const first = firstMatchingRule(earlier, line);
    if (first) decidedElsewhere += 1;
    if (caught.length < PREVIEW_LIMIT) {
      caught.push({
        url: recordUrl(ctx, 'bank_transactions', row.id),
        bank_account: recordUrl(ctx, 'bank_accounts', row.bankAccountId),
        dated_on: row.datedOn,
        description: line.description,
        amount: decimal(fromMinor(row.amountMinor, currency)),
        decided_by: first ? recordUrl(ctx, 'bank_rules', first.id) : undefined,
        decided_by_name: first?.name,
      });
    }
  }
  return { count, decided_by_other_rules: decidedElsewhere, bank_transactions: caught };
}
