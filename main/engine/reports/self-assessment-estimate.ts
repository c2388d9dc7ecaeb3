import type Decimal from 'decimal.js';
import { fromMinor } from '../../../shared/money';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { decimal, type ApiRecord } from '../values';
import type { Filer } from './self-assessment-return';
import type { TaxYear } from './tax-years';

/**
 * Ledgerdesk extension (docs/api-notes.md): how a self assessment return's estimated bill is made, so
 * the filer can see what the books count as their income and what each charge comes to. Income is in
 * whole pounds as HMRC taxes it; each charge is rounded down to the penny on its own, while the bill
 * (`total_due`, the balancing payment plus any payments on account) is rounded once, so the parts can
 * come to a penny more than it.
 */
export function selfAssessmentEstimate(ctx: EngineContext, person: Filer, year: TaxYear): ApiRecord {
  const currency = loadCompany(ctx).currency;
  const { parts, liabilityMinor } = person.assessment(year);
  const pounds = (value: Decimal) => decimal(fromMinor(value.times(100).floor().toNumber(), currency));
  return {
    self_assessment_return: `${ctx.origin}/v2/users/${person.user.id}/self_assessment_returns/${year.endsOn}`,
    tax_year: year.label,
    profit: pounds(parts.profit),
    profit_is_self_employment: parts.selfEmployed,
    pay: pounds(parts.pay),
    dividends: pounds(parts.dividends),
    income_tax: pounds(parts.incomeTax),
    class_4_nics: pounds(parts.class4),
    deducted_at_source: pounds(parts.deductedAtSource),
    total_due: decimal(fromMinor(liabilityMinor, currency)),
  };
}
