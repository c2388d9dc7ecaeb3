import Decimal from 'decimal.js';
import { SELF_ASSESSMENT_PAYMENT_LABELS as LABELS } from '../../../shared/api/self_assessment_returns';
import { class4, FIRST_TABLE_YEAR, incomeTax, rulesFor } from './income-tax';
import type { DuePayment } from './return-payments';
import type { UserIncome } from './self-assessment-income';
import { firstPaymentOnAccountDueOn, secondPaymentOnAccountDueOn, filingDueOn, taxYearHolding, taxYearStarting, type TaxYear } from './tax-years';

/** HMRC: no payments on account when last year's bill was under £1,000 ... */
const PAYMENTS_ON_ACCOUNT_THRESHOLD = new Decimal(1000);
/** ... or when more than 80% of the tax was deducted at source. */
const DEDUCTED_AT_SOURCE_LIMIT = new Decimal('0.8');

export interface Assessment {
  /** What the return leaves to pay, after tax deducted at source: native minor units. */
  liabilityMinor: number;
  /** Whether this bill makes the next year's payments on account due. */
  paymentsOnAccountDue: boolean;
  /** How the bill is made, in pounds: the income taxed (whole pounds) and each charge. */
  parts: AssessmentParts;
}

export interface AssessmentParts {
  profit: Decimal;
  selfEmployed: boolean;
  pay: Decimal;
  dividends: Decimal;
  incomeTax: Decimal;
  class4: Decimal;
  deductedAtSource: Decimal;
}

/** HMRC works in whole pounds of income, rounded down; negative income counts as none. */
const wholePounds = (minor: Decimal) => Decimal.max(minor.dividedToIntegerBy(100), 0);

/**
 * The year's self assessment bill: income tax on everything plus Class 4 on self-employed profits,
 * less the tax PAYE took from pay. PAYE is taken to have collected exactly the tax due on the pay
 * alone (what a full year on the right code does); the books do not record it per person.
 */
export function assess(year: TaxYear, income: UserIncome): Assessment {
  const rules = rulesFor(year);
  const profit = wholePounds(income.profitShare);
  const pay = wholePounds(income.salary);
  const dividends = wholePounds(income.dividends);
  const tax = incomeTax(rules, profit.plus(pay), dividends);
  const nationalInsurance = income.selfEmployed ? class4(rules, profit) : new Decimal(0);
  const atSource = pay.isZero() ? new Decimal(0) : incomeTax(rules, pay, new Decimal(0));
  const total = tax.plus(nationalInsurance);
  const liability = total.minus(atSource);
  return {
    liabilityMinor: liability.times(100).floor().toNumber(),
    paymentsOnAccountDue: liability.greaterThanOrEqualTo(PAYMENTS_ON_ACCOUNT_THRESHOLD) && atSource.lessThanOrEqualTo(total.times(DEDUCTED_AT_SOURCE_LIMIT)),
    parts: { profit, selfEmployed: income.selfEmployed, pay, dividends, incomeTax: tax, class4: nationalInsurance, deductedAtSource: atSource },
  };
}

/**
 * A year's payments, by HMRC's rules: when the previous year's bill called for them, two payments on
 * account towards this year, each half of that bill (rounded down to the penny), due 31 January in
 * the year and 31 July after it; then the balancing payment, due 31 January after the year, of what
 * is left (negative when the payments on account were more than the bill: a repayment).
 */
export function selfAssessmentPayments(year: TaxYear, current: Assessment, previous: Assessment | null): DuePayment[] {
  const onAccount = previous?.paymentsOnAccountDue ? Math.floor(previous.liabilityMinor / 2) : 0;
  const payments: DuePayment[] = [];
  if (onAccount > 0) {
    payments.push({ label: LABELS.firstPaymentOnAccount, dueOn: firstPaymentOnAccountDueOn(year), amountMinor: onAccount });
    payments.push({ label: LABELS.secondPaymentOnAccount, dueOn: secondPaymentOnAccountDueOn(year), amountMinor: onAccount });
  }
  payments.push({ label: LABELS.balancingPayment, dueOn: filingDueOn(year), amountMinor: current.liabilityMinor - 2 * onAccount });
  return payments;
}

/**
 * The tax years a user's returns cover: from the one the books start in (not before the first year of
 * the rates table) to the one holding today, oldest first.
 */
export function selfAssessmentYears(companyStartDate: string, today: string): TaxYear[] {
  const first = Math.max(taxYearHolding(companyStartDate).startYear, FIRST_TABLE_YEAR);
  const last = taxYearHolding(today).startYear;
  const years: TaxYear[] = [];
  for (let startYear = first; startYear <= last; startYear += 1) years.push(taxYearStarting(startYear));
  return years;
}
