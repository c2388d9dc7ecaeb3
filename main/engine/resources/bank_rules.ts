import { eq, sql } from 'drizzle-orm';
import { bankRuleCreateSchema, bankRuleOrderSchema, bankRulePreviewSchema, bankRuleUpdateSchema } from '../../../shared/api/bank_rules';
import { Level } from '../../../shared/api/permissions';
import { bankRules } from '../../db/schema';
import { storedActions, storedCondition } from '../banking/rules/rule-check';
import { checkTreatmentFits } from '../banking/rules/rule-treatment';
import { previewRule } from '../banking/rules/rule-preview';
import { BANK_RULES, findRule, ruleRecord, rulesInOrder } from '../banking/rules/rule-store';
import { pageHeaders, pageOf } from '../pagination';
import { payload } from '../payload';
import { unprocessable } from '../errors';
import { idFromUrl } from '../urls';
import { created, deleted, ok, type Route, type RouteRequest } from '../route';

/**
 * /v2/bank_rules, Ledgerdesk's extension (issue 22; docs/api-notes.md "Suggestions and bank rules"):
 * conditions a bank line must all meet and the explanation they give it, tried lowest priority first.
 */

function listRules(request: RouteRequest) {
  const rules = rulesInOrder(request.ctx);
  const page = pageOf(request.query);
  const shown = rules.slice(page.offset, page.offset + page.limit);
  return { status: 200, body: { bank_rules: shown.map((rule) => ruleRecord(request.ctx, rule)) }, headers: pageHeaders(request.url, page, rules.length) };
}

/** A new rule without a priority goes after every rule there is. */
function nextPriority(request: RouteRequest): number {
  const highest = request.ctx.db.select({ value: sql<number | null>`max(${bankRules.priority})` }).from(bankRules).get()?.value;
  return highest === null || highest === undefined ? 0 : Math.min(highest + 1, 1_000_000);
}

function createRule(request: RouteRequest) {
  const { ctx } = request;
  const input = payload(request, 'bank_rule', bankRuleCreateSchema);
  const conditions = input.conditions.map((condition, index) => storedCondition(ctx, condition, index));
  const actions = storedActions(ctx, input.actions, conditions);
  const row = ctx.db
    .insert(bankRules)
    .values({
      name: input.name.trim(),
      conditions: JSON.stringify(conditions),
      actions: JSON.stringify(actions),
      priority: input.priority ?? nextPriority(request),
      autoExplain: input.auto_explain ?? false,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning()
    .get();
  ctx.recordChange(BANK_RULES, row.id, 'create');
  const record = ruleRecord(ctx, findRule(ctx, String(row.id)));
  return created({ bank_rule: record }, record.url as string);
}

/** Fields given replace the rule's; conditions and actions are each replaced whole when given. */
function updateRule(request: RouteRequest) {
  const { ctx } = request;
  const current = findRule(ctx, request.params.id!);
  const input = payload(request, 'bank_rule', bankRuleUpdateSchema);
  const conditions = input.conditions ? input.conditions.map((condition, index) => storedCondition(ctx, condition, index)) : current.conditions;
  // Actions kept as they are are checked against new conditions: a manual VAT amount needs a fixed amount.
  const actions = input.actions ? storedActions(ctx, input.actions, conditions) : current.actions;
  if (!input.actions && input.conditions) checkTreatmentFits(ctx, actions, conditions);
  ctx.db
    .update(bankRules)
    .set({
      name: input.name?.trim() ?? current.name,
      conditions: JSON.stringify(conditions),
      actions: JSON.stringify(actions),
      priority: input.priority ?? current.priority,
      autoExplain: input.auto_explain ?? current.autoExplain,
      updatedAt: ctx.now,
    })
    .where(eq(bankRules.id, current.id))
    .run();
  ctx.recordChange(BANK_RULES, current.id, 'update');
  return ok({ bank_rule: ruleRecord(ctx, findRule(ctx, String(current.id))) });
}

function deleteRule(request: RouteRequest) {
  const { ctx } = request;
  const rule = findRule(ctx, request.params.id!);
  ctx.db.delete(bankRules).where(eq(bankRules.id, rule.id)).run();
  ctx.recordChange(BANK_RULES, rule.id, 'delete');
  return deleted();
}

/**
 * Every rule in the order the person wants them tried: priorities 0, 1, 2 ... in one request (one
 * change set), so moving a rule up is one action and one undo. Naming some rules only, or one twice,
 * is a 422: the order of the rules left out would be a guess.
 */
function orderRules(request: RouteRequest) {
  const { ctx } = request;
  const input = payload(request, 'bank_rule_order', bankRuleOrderSchema);
  const all = rulesInOrder(ctx);
  const ids = input.bank_rules.map((link, index) => idFromUrl(link, 'bank_rules', `bank_rules[${index}]`));
  const known = new Set(all.map((rule) => rule.id));
  const unknown = ids.findIndex((id) => !known.has(id));
  if (unknown >= 0) throw unprocessable(`bank_rules[${unknown}] is not a bank rule of this company`);
  if (new Set(ids).size !== ids.length || ids.length !== all.length) throw unprocessable(`bank_rules must name every rule (${all.length}) once, in the order they are to be tried`);
  ids.forEach((id, priority) => {
    const rule = all.find((each) => each.id === id)!;
    if (rule.priority === priority) return;
    ctx.db.update(bankRules).set({ priority, updatedAt: ctx.now }).where(eq(bankRules.id, id)).run();
    ctx.recordChange(BANK_RULES, id, 'update');
  });
  return ok({ bank_rules: rulesInOrder(ctx).map((rule) => ruleRecord(ctx, rule)) });
}

const BANKING = Level.Banking;
const BY_ID = '/v2/bank_rules/:id';

export const bankRuleRoutes: Route[] = [
  { method: 'GET', path: '/v2/bank_rules', level: BANKING, handle: listRules },
  { method: 'GET', path: BY_ID, level: BANKING, handle: ({ ctx, params }) => ok({ bank_rule: ruleRecord(ctx, findRule(ctx, params.id!)) }) },
  { method: 'POST', path: '/v2/bank_rules', level: BANKING, handle: createRule },
  { method: 'POST', path: '/v2/bank_rules/order', level: BANKING, handle: orderRules },
  // Writes nothing: the lines with something left to explain that the rule would catch (Ledgerdesk's extension).
  { method: 'POST', path: '/v2/bank_rules/preview', level: BANKING, handle: (request) => ok({ bank_rule_preview: previewRule(request.ctx, payload(request, 'bank_rule', bankRulePreviewSchema)) }) },
  { method: 'PUT', path: BY_ID, level: BANKING, handle: updateRule },
  { method: 'DELETE', path: BY_ID, level: BANKING, handle: deleteRule },
];
