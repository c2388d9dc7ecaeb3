import { eq } from 'drizzle-orm';
import { fromMinor } from '../../../../shared/money';
import { bankAccounts, bankTransactions } from '../../../db/schema';
import { loadCompany } from '../../company-record';
import type { EngineContext } from '../../context';
import { ApiError } from '../../errors';
import { keepingFiledVatReturns } from '../../ledger/filed-vat-returns';
import { recordUrl } from '../../urls';
import type { ApiRecord } from '../../values';
import { createExplanation } from '../explain';
import { AUTOMATIC } from '../write-consent';
import type { IncomingLine } from '../incoming-line';
import { lineText } from '../suggest/payee';
import { compileRules, firstMatchingRule, type CompiledRule } from './rule-match';
import { rulesInOrder } from './rule-store';
import { ruleTreatment } from './rule-treatment';
import { treatmentInput } from '../suggest/treatment';

/**
 * Rules marked auto_explain explain the lines they catch as the statement is imported, in the
 * import's own transaction. The rule that decides a line is the first that catches it (as for
 * suggestions): a line caught first by a rule that does not auto-explain stays for the person.
 * Nobody looks at these explanations as they are made, so they are automatic writes (write-consent.ts):
 * a transfer whose other side would land in a reconciled statement, or could be any of several waiting
 * lines, is refused and the line stays for the person too.
 */

function autoRules(ctx: EngineContext): CompiledRule[] | null {
  const rules = compileRules(rulesInOrder(ctx));
  return rules.some((compiled) => compiled.rule.autoExplain) ? rules : null;
}

/** Explains the upload's new lines its auto-explain rules catch; returns how many it explained. */
export function autoExplainUpload(ctx: EngineContext, bankAccountId: number, uploadId: number): number {
  const rules = autoRules(ctx);
  if (!rules) return 0;
  const account = ctx.db.select().from(bankAccounts).where(eq(bankAccounts.id, bankAccountId)).get()!;
  const native = loadCompany(ctx).currency;
  // A foreign-currency line needs its value in both currencies, which a rule does not give.
  if (account.currency !== native) return 0;
  const lines = ctx.db.select().from(bankTransactions).where(eq(bankTransactions.uploadId, uploadId)).all();
  let explained = 0;
  for (const line of lines) {
    const rule = firstMatchingRule(rules, { bankAccountId, description: lineText(line.description), amountMinor: line.amountMinor, currency: account.currency });
    if (!rule?.autoExplain || line.amountMinor === 0) continue;
    const { actions } = rule;
    const input = {
      bank_transaction: line.id,
      gross_value: fromMinor(line.amountMinor, native),
      description: actions.description,
      category: actions.category,
      ...(actions.category !== undefined ? treatmentInput(ruleTreatment(actions)) : {}),
      project: actions.category !== undefined ? actions.project : undefined,
      transfer_bank_account: actions.transfer_bank_account,
      marked_for_review: actions.mark_for_review,
    };
    try {
      // A savepoint each: a line the explanation refuses (or whose VAT would move a filed return) is left
      // unexplained, the rest of the import stands.
      keepingFiledVatReturns(ctx, () => createExplanation(ctx, line, input, AUTOMATIC));
      explained += 1;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
  return explained;
}

/** For the import review: which rows an auto-explain rule will explain, and with what. */
export function autoExplainPreview(ctx: EngineContext, account: { id: number; currency: string }, lines: readonly IncomingLine[], importable: (index: number) => boolean): ApiRecord[] {
  const rules = autoRules(ctx);
  if (!rules || account.currency !== loadCompany(ctx).currency) return [];
  const found: ApiRecord[] = [];
  lines.forEach((line, index) => {
    if (!importable(index) || line.amountMinor === 0) return;
    const rule = firstMatchingRule(rules, { bankAccountId: account.id, description: lineText(line.description), amountMinor: line.amountMinor, currency: account.currency });
    if (!rule?.autoExplain) return;
    found.push({
      row: index,
      rule: recordUrl(ctx, 'bank_rules', rule.id),
      rule_name: rule.name,
      category: rule.actions.category !== undefined ? `${ctx.origin}/v2/categories/${rule.actions.category}` : undefined,
      transfer_bank_account: rule.actions.transfer_bank_account !== undefined ? recordUrl(ctx, 'bank_accounts', rule.actions.transfer_bank_account) : undefined,
      project: rule.actions.category !== undefined && rule.actions.project !== undefined ? recordUrl(ctx, 'projects', rule.actions.project) : undefined,
    });
  });
  return found;
}
