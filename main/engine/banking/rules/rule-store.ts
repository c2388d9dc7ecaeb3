import { asc, eq } from 'drizzle-orm';
import { bankRules } from '../../../db/schema';
import type { EngineContext } from '../../context';
import { notFound } from '../../errors';
import { readWhileUnchanged } from '../../read-cache';
import { recordUrl } from '../../urls';
import { decimal, timestamp, type ApiRecord, type FieldValue } from '../../values';
import { treatmentRecord } from '../suggest/treatment';
import { checkPattern } from './pattern-safety';
import { parseRule } from './rule-parse';
import { ruleTreatment } from './rule-treatment';
import type { RuleRow, StoredActions, StoredCondition } from './rule-types';

type BankRuleRow = typeof bankRules.$inferSelect;

export const BANK_RULES = 'bank_rules';

/** A rule read back; one whose stored JSON is not a rule's holds nothing, is never run and says why (rule-parse.ts). */
export function ruleFromRow(row: BankRuleRow): RuleRow {
  const parsed = parseRule(row.conditions, row.actions);
  if (!parsed.ok) return { ...row, conditions: [], actions: {}, unreadable: parsed.problem };
  return { ...row, conditions: parsed.conditions, actions: parsed.actions };
}

/** Every rule in the order they are tried: lowest priority first, then the older rule. */
export function rulesInOrder(ctx: EngineContext): RuleRow[] {
  return readWhileUnchanged(ctx, 'bank_rules', () => ctx.db.select().from(bankRules).orderBy(asc(bankRules.priority), asc(bankRules.id)).all().map(ruleFromRow));
}

export function findRule(ctx: EngineContext, id: string): RuleRow {
  const row = /^\d{1,15}$/.test(id) ? ctx.db.select().from(bankRules).where(eq(bankRules.id, Number(id))).get() : undefined;
  if (!row) throw notFound('Bank rule not found');
  return ruleFromRow(row);
}

function conditionRecord(ctx: EngineContext, condition: StoredCondition): ApiRecord {
  let value: FieldValue;
  if (condition.field === 'bank_account') value = recordUrl(ctx, 'bank_accounts', condition.value);
  else if (condition.field === 'amount') value = condition.operator === 'between' ? condition.value.map(decimal) : decimal(condition.value);
  else value = condition.value;
  return { field: condition.field, operator: condition.operator, value };
}

export function actionsRecord(ctx: EngineContext, actions: StoredActions): ApiRecord {
  return {
    category: actions.category !== undefined ? `${ctx.origin}/v2/categories/${actions.category}` : undefined,
    ...treatmentRecord(ruleTreatment(actions)),
    description: actions.description,
    contact: actions.contact !== undefined ? recordUrl(ctx, 'contacts', actions.contact) : undefined,
    project: actions.project !== undefined ? recordUrl(ctx, 'projects', actions.project) : undefined,
    transfer_bank_account: actions.transfer_bank_account !== undefined ? recordUrl(ctx, 'bank_accounts', actions.transfer_bank_account) : undefined,
    mark_for_review: actions.mark_for_review,
  };
}

/**
 * Why a stored rule decides no line, as a sentence for the person, or undefined: its JSON cannot be
 * read, or a pattern it holds (kept from before the safety check, or written by another tool) is one
 * the check refuses, so it is never run (rule-match.ts).
 */
function needsAttention(rule: RuleRow): string | undefined {
  if (rule.unreadable !== undefined) return rule.unreadable;
  for (const [index, condition] of rule.conditions.entries()) {
    if (condition.field !== 'description' || condition.operator !== 'matches') continue;
    const checked = checkPattern(condition.value);
    if (!checked.ok) return `conditions[${index}].value ${checked.problem}. Until the pattern is changed this rule decides no line.`;
  }
  return undefined;
}

export function ruleRecord(ctx: EngineContext, rule: RuleRow): ApiRecord {
  return {
    url: recordUrl(ctx, BANK_RULES, rule.id),
    name: rule.name,
    conditions: rule.conditions.map((condition) => conditionRecord(ctx, condition)),
    actions: actionsRecord(ctx, rule.actions),
    priority: rule.priority,
    auto_explain: rule.autoExplain,
    needs_attention: needsAttention(rule),
    created_at: timestamp(rule.createdAt),
    updated_at: timestamp(rule.updatedAt),
  };
}
