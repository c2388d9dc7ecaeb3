import { EC_STATUSES } from '../../../../shared/api/bank_transaction_explanations';
import type { StoredActions, StoredCondition } from './rule-types';

/**
 * A rule's stored conditions and actions read back. They are JSON text in the table, which another
 * tool, a sync or a damaged file may have written: a value that is not what the engine saves is never
 * run (a rule's word is taken as certain and may explain lines unseen) and is reported, rather than
 * failing every read of the rules, the register and every import with a 500.
 */
export type ParsedRule = { ok: true; conditions: StoredCondition[]; actions: StoredActions } | { ok: false; problem: string };

const isText = (value: unknown): value is string => typeof value === 'string';
const isId = (value: unknown) => Number.isInteger(value);
const optional = (value: unknown, test: (value: unknown) => boolean) => value === undefined || test(value);

function json(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isCondition(value: unknown): value is StoredCondition {
  if (typeof value !== 'object' || value === null) return false;
  const { field, operator, value: wanted } = value as Record<string, unknown>;
  if (field === 'description') return ['contains', 'equals', 'starts_with', 'matches'].includes(operator as string) && isText(wanted);
  if (field === 'amount') return operator === 'equals' ? isText(wanted) : operator === 'between' && Array.isArray(wanted) && wanted.length === 2 && wanted.every(isText);
  return field === 'bank_account' && operator === 'equals' && isId(wanted);
}

function isActions(value: unknown): value is StoredActions {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const actions = value as Record<string, unknown>;
  return (
    [actions.category, actions.sales_tax_rate, actions.manual_sales_tax_amount, actions.sales_tax_status, actions.place_of_supply, actions.description].every((field) => optional(field, isText)) &&
    [actions.contact, actions.project, actions.transfer_bank_account].every((field) => optional(field, isId)) &&
    optional(actions.ec_status, (status) => (EC_STATUSES as readonly unknown[]).includes(status)) &&
    optional(actions.mark_for_review, (flag) => typeof flag === 'boolean')
  );
}

export function parseRule(conditionsText: string, actionsText: string): ParsedRule {
  const conditions = json(conditionsText);
  if (!Array.isArray(conditions) || conditions.length === 0 || !conditions.every(isCondition)) {
    return { ok: false, problem: 'Its stored conditions cannot be read, so it decides no line: save it again with its conditions, or delete it.' };
  }
  const actions = json(actionsText);
  if (!isActions(actions)) return { ok: false, problem: 'Its stored actions cannot be read, so it decides no line: save it again with what it explains lines as, or delete it.' };
  return { ok: true, conditions, actions };
}
