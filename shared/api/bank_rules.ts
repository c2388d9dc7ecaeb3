import { z } from 'zod';
import { explanationUpdateSchema } from './bank_transaction_explanations';
import { boolean, decimal, integer, requiredText, text } from './fields';

/** Ledgerdesk's bank rules (issue 22, docs/api-notes.md "Suggestions and bank rules"). */
export const RULE_FIELDS = ['description', 'amount', 'bank_account'] as const;
export const RULE_OPERATORS = ['contains', 'equals', 'starts_with', 'matches', 'between'] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
export type RuleOperator = (typeof RULE_OPERATORS)[number];

/** Which operators make sense on which field; anything else is refused with a sentence. */
export const OPERATORS_BY_FIELD: Readonly<Record<RuleField, readonly RuleOperator[]>> = {
  description: ['contains', 'equals', 'starts_with', 'matches'],
  amount: ['equals', 'between'],
  bank_account: ['equals'],
};

const link = z.union([z.string(), z.number()], { error: 'must be a url' });

export const ruleConditionSchema = z.object({
  field: z.enum(RULE_FIELDS, { error: `must be one of ${RULE_FIELDS.join(', ')}` }),
  operator: z.enum(RULE_OPERATORS, { error: `must be one of ${RULE_OPERATORS.join(', ')}` }),
  /** Text, an amount, a bank account url, or for between two amounts: [low, high] or "low..high". */
  value: z.union([z.string(), z.number(), z.array(decimal)], { error: 'must be text, a number or a pair of amounts' }),
});
export type RuleConditionInput = z.infer<typeof ruleConditionSchema>;

/** The VAT treatment's fields as an explanation takes them (one definition): a rule's lines become explanations. */
const explanationField = explanationUpdateSchema.shape;

export const ruleActionsSchema = z.object({
  category: link.nullable().optional(),
  /** A percentage, or "Auto" (the category's rate on each line's date), as an explanation takes it. */
  sales_tax_rate: explanationField.sales_tax_rate.nullable(),
  manual_sales_tax_amount: explanationField.manual_sales_tax_amount,
  sales_tax_status: explanationField.sales_tax_status,
  ec_status: explanationField.ec_status,
  place_of_supply: explanationField.place_of_supply,
  description: text(1000).nullable().optional(),
  contact: link.nullable().optional(),
  project: link.nullable().optional(),
  transfer_bank_account: link.nullable().optional(),
  mark_for_review: boolean.optional(),
});
export type RuleActionsInput = z.infer<typeof ruleActionsSchema>;

const ruleFields = {
  name: requiredText(255),
  conditions: z.array(ruleConditionSchema, { error: 'must be an array of conditions' }).min(1, { error: 'must hold at least one condition' }).max(20, { error: 'must hold at most 20 conditions' }),
  actions: ruleActionsSchema,
  priority: integer.refine((value) => value >= 0 && value <= 1_000_000, { error: 'must be between 0 and 1000000' }),
  auto_explain: boolean,
};

export const bankRuleCreateSchema = z.object(ruleFields).partial({ priority: true, auto_explain: true });
export const bankRuleUpdateSchema = z.object(ruleFields).partial();
export type BankRuleInput = z.infer<typeof bankRuleUpdateSchema>;

/**
 * POST /v2/bank_rules/preview (Ledgerdesk's extension): the lines a rule would catch before it is
 * saved. Conditions as a rule's; priority places it among the rules there are (without one it goes
 * after them all), and `bank_rule` names the rule being edited, so it is not counted against itself.
 * Of the actions only what changes which lines the rule decides is read: a transfer account, whose
 * own lines a transfer rule never decides.
 */
export const bankRulePreviewSchema = z.object({
  conditions: ruleFields.conditions,
  priority: ruleFields.priority.optional(),
  bank_rule: link.optional(),
  actions: z.object({ transfer_bank_account: ruleActionsSchema.shape.transfer_bank_account }, { error: 'must be an object' }).optional(),
});
export type BankRulePreviewInput = z.infer<typeof bankRulePreviewSchema>;

/** POST /v2/bank_rules/order (Ledgerdesk's extension): every rule, in the order they are to be tried. */
export const bankRuleOrderSchema = z.object({
  bank_rules: z.array(link, { error: 'must be an array of bank rule urls' }).max(10_000, { error: 'must name at most 10000 rules' }),
});
