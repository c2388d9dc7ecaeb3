/**
 * Bank rules in words for the Rules screen ("Description contains “TESCO STORES” · money out"), and a
 * new rule filled from a bank line (issue 22 item 3: "Make a rule from this line").
 */
import type { BankTransaction } from '../../lib/api/bank_transactions';
import { lineParts } from '../../lib/api/bank_transactions';
import type { BankRule, RuleActions, RuleCondition } from '../../lib/api/bank_rules';
import { formatMoney } from '../../lib/format';
import type { AutoRates, EcChoice, VatChoice } from './explain-form';
import { MOSS, vatChoiceOf } from './explain-form';
import { treatmentText, vatChoiceOfTreatment, type TreatmentFields } from './treatment-words';

/** Money out and money in as conditions: amounts between these bounds (the engine has no sign operator). */
export const MONEY_OUT: readonly [string, string] = ['-99999999.99', '-0.01'];
export const MONEY_IN: readonly [string, string] = ['0.01', '99999999.99'];

const OPERATOR_WORDS: Readonly<Record<RuleCondition['operator'], string>> = {
  contains: 'contains',
  equals: 'is',
  starts_with: 'starts with',
  matches: 'matches',
  between: 'between',
};

const sameAmount = (a: string, b: string) => Number(a) === Number(b);

export function conditionText(condition: RuleCondition, accountNames: ReadonlyMap<string, string>, currency = 'GBP'): string {
  const value = condition.value;
  if (condition.field === 'amount' && Array.isArray(value)) {
    if (sameAmount(value[0]!, MONEY_OUT[0]) && sameAmount(value[1]!, MONEY_OUT[1])) return 'money out';
    if (sameAmount(value[0]!, MONEY_IN[0]) && sameAmount(value[1]!, MONEY_IN[1])) return 'money in';
    return `amount between ${formatMoney(value[0]!, currency)} and ${formatMoney(value[1]!, currency)}`;
  }
  if (condition.field === 'amount') return `amount is ${formatMoney(String(value), currency)}`;
  if (condition.field === 'bank_account') return `in ${accountNames.get(String(value)) ?? 'another account'}`;
  return `description ${OPERATOR_WORDS[condition.operator]} “${String(value)}”`;
}

export function conditionsText(rule: Pick<BankRule, 'conditions'>, accountNames: ReadonlyMap<string, string>): string {
  const text = rule.conditions.map((condition) => conditionText(condition, accountNames)).join(' and ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function actionsText(actions: RuleActions, categoryNames: ReadonlyMap<string, string>, accountNames: ReadonlyMap<string, string>): string {
  const parts: string[] = [];
  if (actions.category) parts.push(categoryNames.get(actions.category) ?? 'A category');
  if (actions.transfer_bank_account) parts.push(`Transfer with ${accountNames.get(actions.transfer_bank_account) ?? 'another account'}`);
  const treatment = treatmentText(actions);
  if (treatment) parts.push(treatment);
  if (actions.description) parts.push(`“${actions.description}”`);
  if (actions.mark_for_review) parts.push('for review');
  return parts.join(' · ');
}

/** Words a bank prints before the payee, which say how the money moved, not who to. */
const PREFIXES = /^(CARD PAYMENT TO|CARD PAYMENT|PAYMENT TO|DIRECT DEBIT|DD|SO|FPI|FPO|BGC|BACS|VIS|POS|TFR|CHQ)\s+/i;

/** The payee as words a rule can look for: the line's text without the bank's prefix and without words with digits. */
export function payeeText(description: string): string {
  let text = lineParts(description).text.trim().replace(/\s+/g, ' ');
  for (let again = true; again; ) {
    const next = text.replace(PREFIXES, '');
    again = next !== text;
    text = next;
  }
  const words = text.split(' ').filter((word) => word && !/\d/.test(word));
  // The first words name the payee (TESCO STORES); what follows is a branch, a town or a reference.
  return words.slice(0, 2).join(' ') || text;
}

/** A rule's form as the editor holds it. */
export interface RuleDraft {
  name: string;
  conditions: RuleCondition[];
  kind: 'category' | 'transfer';
  category: string;
  transferAccount: string;
  /** The VAT as the explain panel offers it ('auto': the category's own rate on the line's date). */
  vat: VatChoice;
  /** Only where a condition fixes the amount: a VAT amount fits one gross. */
  manualVat: string;
  /** The EC status as stored ('' for none); kept as it is even when the editor offers other choices. */
  ecStatus: EcChoice;
  placeOfSupply: string;
  mossRate: string;
  description: string;
  review: boolean;
  priority: string;
  autoExplain: boolean;
}

export function blankDraft(): RuleDraft {
  return { name: '', conditions: [{ field: 'description', operator: 'contains', value: '' }], kind: 'category', category: '', transferAccount: '', vat: 'auto', manualVat: '', ecStatus: '', placeOfSupply: '', mossRate: '', description: '', review: false, priority: '', autoExplain: false };
}

/** UK/Non-EC says no more than no EC status, so the editor shows it as none. */
const EC_CHOICES: readonly string[] = ['EC Goods', 'EC Services', MOSS];

/** A treatment (a rule's actions, an explanation, a suggestion) as the draft's VAT fields. */
function treatmentDraft(treatment: { [K in keyof TreatmentFields]?: string | null | undefined }): Pick<RuleDraft, 'vat' | 'manualVat' | 'ecStatus' | 'placeOfSupply' | 'mossRate'> {
  const fields: TreatmentFields = {
    sales_tax_rate: treatment.sales_tax_rate ?? undefined,
    manual_sales_tax_amount: treatment.manual_sales_tax_amount ?? undefined,
    sales_tax_status: treatment.sales_tax_status ?? undefined,
  };
  const ecStatus = (treatment.ec_status && EC_CHOICES.includes(treatment.ec_status) ? treatment.ec_status : '') as EcChoice;
  const moss = ecStatus === MOSS;
  return {
    vat: moss ? 'auto' : vatChoiceOfTreatment(fields),
    manualVat: fields.manual_sales_tax_amount ?? '',
    ecStatus,
    placeOfSupply: moss ? (treatment.place_of_supply ?? '') : '',
    mossRate: moss ? (fields.sales_tax_rate ?? '') : '',
  };
}

export function draftOfRule(rule: BankRule): RuleDraft {
  return {
    name: rule.name,
    conditions: rule.conditions.map((condition) => ({ ...condition, value: Array.isArray(condition.value) ? [...condition.value] : condition.value })),
    kind: rule.actions.transfer_bank_account ? 'transfer' : 'category',
    category: rule.actions.category ?? '',
    transferAccount: rule.actions.transfer_bank_account ?? '',
    ...treatmentDraft(rule.actions),
    description: rule.actions.description ?? '',
    review: rule.actions.mark_for_review ?? false,
    priority: String(rule.priority),
    autoExplain: rule.auto_explain,
  };
}

/**
 * A new rule from a line: its payee as "description contains", its direction, and what it was
 * explained as (or, unexplained, what the engine suggests for it) with its whole VAT treatment: a
 * reverse-charged payee's rule without its EC status would reclaim VAT never charged. A manual VAT
 * amount fits that line's gross only, so the rule then catches that amount, not every payment out.
 * An explanation reads back the rate Auto came to on its day: with the categories' automatic rates
 * (`autoRates`) that is Auto again, as the explain panel shows it, so a rule made from a line of 2010
 * does not tax today's lines at 17.5%.
 */
export function draftFromLine(line: BankTransaction, autoRates: AutoRates = new Map()): RuleDraft {
  const payee = payeeText(line.description);
  const out = line.amount.trim().startsWith('-');
  const explanation = line.bank_transaction_explanations[0];
  const from = explanation ?? line.suggested_explanation ?? undefined;
  const treatment: Partial<RuleDraft> = from?.category ? treatmentDraft(from) : {};
  if (explanation?.category && treatment.ecStatus !== MOSS) treatment.vat = vatChoiceOf(explanation, autoRates);
  const amount: RuleCondition = treatment.vat === 'manual' ? { field: 'amount', operator: 'equals', value: line.amount } : { field: 'amount', operator: 'between', value: [...(out ? MONEY_OUT : MONEY_IN)] };
  return {
    ...blankDraft(),
    name: payee,
    conditions: [{ field: 'description', operator: 'contains', value: payee }, amount],
    kind: from?.transfer_bank_account ? 'transfer' : 'category',
    category: from?.category ?? '',
    transferAccount: from?.transfer_bank_account ?? '',
    ...treatment,
    description: explanation?.description && explanation.description !== lineParts(line.description).text ? explanation.description : '',
  };
}

/** Whether a condition fixes the amount every caught line has: only then may a rule give a VAT amount. */
export const fixesAmount = (conditions: readonly RuleCondition[]) => conditions.some((condition) => condition.field === 'amount' && condition.operator === 'equals');
