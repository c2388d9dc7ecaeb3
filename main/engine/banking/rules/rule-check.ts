import Decimal from 'decimal.js';
import { OPERATORS_BY_FIELD, type RuleActionsInput, type RuleConditionInput } from '../../../../shared/api/bank_rules';
import { bankAccounts } from '../../../db/schema';
import { eq } from 'drizzle-orm';
import type { EngineContext } from '../../context';
import { ApiError, unprocessable } from '../../errors';
import { idFromUrl } from '../../urls';
import { explanationCategory } from '../explain';
import { NO_PROJECT, projectId } from '../explanation-project';
import { MAX_PATTERN, checkPattern } from './pattern-safety';
import { storedTreatment } from './rule-treatment';
import type { StoredActions, StoredCondition } from './rule-types';

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function amountText(value: unknown, where: string): string {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!DECIMAL.test(text)) throw unprocessable(`${where} must be an amount such as -12.50 (money out is negative)`);
  return new Decimal(text).toFixed();
}

function betweenValue(value: unknown, where: string): [string, string] {
  const pair = Array.isArray(value) ? value : typeof value === 'string' && value.includes('..') ? value.split('..') : null;
  if (!pair || pair.length !== 2) throw unprocessable(`${where} must be two amounts, lowest first: ["-20.00", "-10.00"] or "-20.00..-10.00"`);
  const low = amountText(pair[0], where);
  const high = amountText(pair[1], where);
  if (new Decimal(low).greaterThan(high)) throw unprocessable(`${where} must give the lower amount first (${low} is more than ${high})`);
  return [low, high];
}

export function bankAccountId(ctx: EngineContext, value: string | number, field: string): number {
  const id = idFromUrl(value, 'bank_accounts', field);
  if (!ctx.db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.id, id)).get()) throw unprocessable(`${field} is not a bank account of this company`);
  return id;
}

/** One condition checked and put in its stored form; a broken one is a 422 naming it. */
export function storedCondition(ctx: EngineContext, input: RuleConditionInput, index: number): StoredCondition {
  const where = `conditions[${index}]`;
  const allowed = OPERATORS_BY_FIELD[input.field];
  if (!allowed.includes(input.operator)) {
    throw unprocessable(`${where}: ${input.operator} does not apply to ${input.field}; use ${allowed.join(' or ')}`);
  }
  if (input.field === 'description') {
    if (Array.isArray(input.value)) throw unprocessable(`${where}.value must be text`);
    const text = String(input.value).trim();
    if (text.length === 0) throw unprocessable(`${where}.value can't be blank`);
    if (text.length > MAX_PATTERN) throw unprocessable(`${where}.value must be at most ${MAX_PATTERN} characters`);
    if (input.operator === 'matches') {
      // Refused unless it compiles and cannot take too long on any line (pattern-safety.ts).
      const checked = checkPattern(text);
      if (!checked.ok) throw unprocessable(`${where}.value ${checked.problem}`);
    }
    return { field: 'description', operator: input.operator as Exclude<typeof input.operator, 'between'>, value: text };
  }
  if (input.field === 'amount') {
    if (input.operator === 'between') return { field: 'amount', operator: 'between', value: betweenValue(input.value, `${where}.value`) };
    return { field: 'amount', operator: 'equals', value: amountText(input.value, `${where}.value`) };
  }
  if (Array.isArray(input.value)) throw unprocessable(`${where}.value must be the url of a bank account`);
  return { field: 'bank_account', operator: 'equals', value: bankAccountId(ctx, input.value, `${where}.value`) };
}

/**
 * The actions checked and stored. A rule explains a line, so it names a category or a transfer
 * account (one of them), each of which must be one an explanation could use today, and a VAT
 * treatment an explanation would take (rule-treatment.ts; the conditions say whether the amount is fixed).
 * It holds nothing its explanation cannot keep (every line it decides becomes one, often unseen): a
 * project only with a category (explanation-project.ts), and no contact, which neither kind keeps.
 */
export function storedActions(ctx: EngineContext, input: RuleActionsInput, conditions: readonly StoredCondition[]): StoredActions {
  const actions: StoredActions = {};
  const hasCategory = input.category != null;
  const hasTransfer = input.transfer_bank_account != null;
  if (hasCategory && hasTransfer) throw unprocessable('actions: a rule explains a line with a category or a transfer_bank_account, not both');
  if (!hasCategory && !hasTransfer) throw unprocessable('actions must name a category (or a transfer_bank_account) to explain the lines the rule catches');
  if (hasCategory) {
    try {
      actions.category = explanationCategory(ctx, input.category!).nominalCode;
    } catch (error) {
      if (error instanceof ApiError) throw unprocessable(`actions.${error.message}`);
      throw error;
    }
  }
  if (hasTransfer) actions.transfer_bank_account = bankAccountId(ctx, input.transfer_bank_account!, 'actions.transfer_bank_account');
  Object.assign(actions, storedTreatment(ctx, input, conditions, hasTransfer));
  if (input.description != null && input.description.trim() !== '') actions.description = input.description;
  if (input.contact != null) {
    throw unprocessable('actions.contact is not kept by the explanation a rule writes: a category or a transfer keeps no contact (a contact comes with the invoice or bill a payment settles); leave contact out');
  }
  if (input.project != null) {
    if (hasTransfer) throw unprocessable(`actions.project does not apply to ${NO_PROJECT.transfer}`);
    actions.project = projectId(ctx, input.project, 'actions.project');
  }
  if (input.mark_for_review !== undefined) actions.mark_for_review = input.mark_for_review;
  return actions;
}
