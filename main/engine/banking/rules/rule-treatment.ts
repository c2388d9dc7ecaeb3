import Decimal from 'decimal.js';
import type { RuleActionsInput } from '../../../../shared/api/bank_rules';
import { MoneyError, toMinor } from '../../../../shared/money';
import { loadCompany } from '../../company-record';
import type { EngineContext } from '../../context';
import { ApiError, unprocessable } from '../../errors';
import { checkedManual, checkedStatus, checkRate } from '../../ledger/sales-tax';
import type { TaxTreatment } from '../suggest/treatment';
import { askedTax, checkEcTreatment } from '../treatment-check';
import type { StoredActions, StoredCondition } from './rule-types';

/**
 * A rule's VAT treatment: the same fields, and the same refusals, as one explanation's (treatment-check.ts,
 * sales-tax.ts), since every line the rule decides becomes such an explanation, often unseen (auto_explain,
 * bulk accept). A rate alone is not enough for a reverse-charged payee: without its EC status the line
 * reclaims VAT that was never charged (VAT Notice 700 section 19; Notice 741A section 17).
 */

type TreatmentActions = Pick<StoredActions, 'sales_tax_rate' | 'manual_sales_tax_amount' | 'sales_tax_status' | 'ec_status' | 'place_of_supply'>;

const TREATMENT_FIELDS = ['sales_tax_rate', 'manual_sales_tax_amount', 'sales_tax_status', 'ec_status', 'place_of_supply'] as const;

/** The treatment the stored actions give, in the terms suggestions and explanations use. */
export function ruleTreatment(actions: StoredActions): TaxTreatment {
  const treatment: TaxTreatment = {};
  if (actions.sales_tax_rate !== undefined) treatment.salesTaxRate = actions.sales_tax_rate;
  if (actions.manual_sales_tax_amount !== undefined) treatment.manualSalesTaxAmount = actions.manual_sales_tax_amount;
  if (actions.sales_tax_status !== undefined) treatment.salesTaxStatus = actions.sales_tax_status;
  if (actions.ec_status !== undefined) treatment.ecStatus = actions.ec_status;
  if (actions.place_of_supply !== undefined) treatment.placeOfSupply = actions.place_of_supply;
  return treatment;
}

/** An explanation's refusal said of the rule's actions: "actions.place_of_supply is required ...". */
function asActions<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof ApiError) throw unprocessable(`actions.${error.message}`);
    throw error;
  }
}

/**
 * The one amount every line the rule catches has, if its conditions fix it (amount equals): a manual VAT
 * amount is right for one gross only, so a rule may give one only then.
 */
function fixedAmount(conditions: readonly StoredCondition[]): string | null {
  const fixed = conditions.find((condition) => condition.field === 'amount' && condition.operator === 'equals');
  return fixed?.field === 'amount' && fixed.operator === 'equals' ? fixed.value : null;
}

function manualMinor(ctx: EngineContext, value: string, conditions: readonly StoredCondition[]): number {
  const gross = fixedAmount(conditions);
  if (gross === null) {
    throw unprocessable('actions.manual_sales_tax_amount needs a condition that the amount is one figure (amount equals): a VAT amount is right for one gross only; give a sales_tax_rate for lines of any amount');
  }
  const currency = loadCompany(ctx).currency;
  return asActions(() => {
    try {
      return checkedManual(toMinor(value, currency), toMinor(gross, currency));
    } catch (error) {
      if (error instanceof MoneyError) throw unprocessable(`manual_sales_tax_amount ${error.message}`);
      throw error;
    }
  });
}

/**
 * A rate of "Auto" says what no rate says (spec, sales tax rule 1: the category's rate, on each line's
 * date), so it is stored as no rate and reads back as a rule saved without one, as an explanation sent
 * "Auto" reads back as one sent without a rate.
 */
const isAuto = (rate: string | null | undefined) => rate != null && /^auto$/i.test(rate.trim());

/** The treatment asked for, checked as an explanation's would be (on today's date for MOSS rates) and put in its stored form. */
export function storedTreatment(ctx: EngineContext, input: RuleActionsInput, conditions: readonly StoredCondition[], transfer: boolean): TreatmentActions {
  const given = TREATMENT_FIELDS.filter((field) => input[field] != null && !(field === 'sales_tax_rate' && isAuto(input.sales_tax_rate)));
  if (transfer && given.length > 0) throw unprocessable(`actions.${given[0]} does not apply to a transfer`);
  const stored: TreatmentActions = {};
  if (input.sales_tax_rate != null && !isAuto(input.sales_tax_rate)) stored.sales_tax_rate = new Decimal(asActions(() => checkRate(input.sales_tax_rate!.trim()))).toFixed();
  if (input.manual_sales_tax_amount != null) stored.manual_sales_tax_amount = new Decimal(input.manual_sales_tax_amount).toFixed();
  const status = asActions(() => checkedStatus(input.sales_tax_status ?? undefined));
  if (status !== undefined) stored.sales_tax_status = status;
  if (input.ec_status != null) stored.ec_status = input.ec_status;
  if (input.place_of_supply != null) stored.place_of_supply = input.place_of_supply;
  checkTreatmentFits(ctx, stored, conditions);
  return stored;
}

/** The checks that depend on the conditions too (a manual amount), run again when only the conditions change. */
export function checkTreatmentFits(ctx: EngineContext, actions: TreatmentActions, conditions: readonly StoredCondition[]): void {
  if (actions.manual_sales_tax_amount !== undefined) manualMinor(ctx, actions.manual_sales_tax_amount, conditions);
  const request = askedTax({ sales_tax_rate: actions.sales_tax_rate, manual_sales_tax_amount: actions.manual_sales_tax_amount, sales_tax_status: actions.sales_tax_status }) ?? { mode: 'auto' as const };
  asActions(() => checkEcTreatment(actions.ec_status ?? null, actions.place_of_supply ?? null, request, ctx.today));
}
