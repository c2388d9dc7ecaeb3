/**
 * Typed calls for /v2/bank_rules (Ledgerdesk's extension, api-notes "Suggestions, bank rules and bulk
 * accept") and the preview of the lines a rule would catch (api-notes "The desk for suggestions and
 * rules").
 */
import { z } from 'zod';
import { getAll, getOne, pathOf, send, type ApiResult } from '../api';

export const ruleConditionSchema = z.object({
  field: z.enum(['description', 'amount', 'bank_account']),
  operator: z.enum(['contains', 'equals', 'starts_with', 'matches', 'between']),
  value: z.union([z.string(), z.array(z.string())]),
});
export type RuleCondition = z.infer<typeof ruleConditionSchema>;

export const ruleActionsSchema = z.object({
  category: z.string().optional(),
  sales_tax_rate: z.string().optional(),
  manual_sales_tax_amount: z.string().optional(),
  sales_tax_status: z.string().optional(),
  ec_status: z.string().optional(),
  place_of_supply: z.string().optional(),
  description: z.string().optional(),
  contact: z.string().optional(),
  project: z.string().optional(),
  transfer_bank_account: z.string().optional(),
  mark_for_review: z.boolean().optional(),
});
export type RuleActions = z.infer<typeof ruleActionsSchema>;

export const bankRuleSchema = z.object({
  url: z.string(),
  name: z.string(),
  conditions: z.array(ruleConditionSchema),
  actions: ruleActionsSchema,
  priority: z.number(),
  auto_explain: z.boolean(),
  /** Why the engine runs this rule on no line (its stored pattern or JSON), as a sentence. */
  needs_attention: z.string().optional(),
});
export type BankRule = z.infer<typeof bankRuleSchema>;

/** What the desk sends: actions with null to clear a field on update. */
export interface BankRuleFields {
  name: string;
  conditions: RuleCondition[];
  actions: { [K in keyof RuleActions]?: RuleActions[K] | null };
  priority?: number;
  auto_explain: boolean;
}

const caughtSchema = z.object({
  url: z.string(),
  bank_account: z.string(),
  dated_on: z.string(),
  description: z.string(),
  amount: z.string(),
  decided_by: z.string().optional(),
  decided_by_name: z.string().optional(),
});
export const rulePreviewSchema = z.object({ count: z.number(), decided_by_other_rules: z.number(), bank_transactions: z.array(caughtSchema) });
export type RulePreview = z.infer<typeof rulePreviewSchema>;

export function listRules(): Promise<ApiResult<BankRule[]>> {
  return getAll('/v2/bank_rules', 'bank_rules', bankRuleSchema);
}

export function createRule(fields: BankRuleFields): Promise<ApiResult<BankRule>> {
  return getOne('POST', '/v2/bank_rules', 'bank_rule', bankRuleSchema, { body: { bank_rule: fields } });
}

export function updateRule(url: string, fields: Partial<BankRuleFields>): Promise<ApiResult<BankRule>> {
  return getOne('PUT', pathOf(url), 'bank_rule', bankRuleSchema, { body: { bank_rule: fields } });
}

export async function deleteRule(url: string): Promise<ApiResult<null>> {
  const sent = await send('DELETE', pathOf(url));
  return sent.ok ? { ok: true, value: null } : sent;
}

/**
 * The unexplained lines the conditions would catch; `editing` is the rule being changed, if any, and
 * `transferAccount` the account a transfer rule moves money to (none: ''), whose own lines it never decides.
 */
export function previewRule(conditions: RuleCondition[], priority: number | undefined, editing: string | null, transferAccount = ''): Promise<ApiResult<RulePreview>> {
  const body = { conditions, ...(priority !== undefined ? { priority } : {}), ...(editing ? { bank_rule: editing } : {}), actions: { transfer_bank_account: transferAccount || null } };
  return getOne('POST', '/v2/bank_rules/preview', 'bank_rule_preview', rulePreviewSchema, { body: { bank_rule: body } });
}

/** Every rule, in the order they are to be tried (POST /v2/bank_rules/order): one request, one undo. */
export async function orderRules(urls: readonly string[]): Promise<ApiResult<null>> {
  const sent = await send('POST', '/v2/bank_rules/order', { body: { bank_rule_order: { bank_rules: urls } } });
  return sent.ok ? { ok: true, value: null } : sent;
}
