import type { EngineContext } from '../context';
import { loadCompany } from '../company-record';
import { isStandardThroughout, schemeSegments, vatSchemeHistory, type SchemeSegment } from '../vat-scheme';
import type { VatPeriod } from './vat-periods';

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const longDate = (value: string) => LONG_DATE.format(new Date(`${value}T00:00:00Z`));

function schemeWords(segment: SchemeSegment): string {
  const basis = segment.scheme.basis === 'Cash' ? 'cash accounting' : 'the invoice basis';
  return segment.scheme.frsSector === null ? basis : `${basis} on the flat rate scheme (${segment.scheme.frsSector})`;
}

/**
 * Which VAT schemes a return is worked under, in words (Ledgerdesk extension `scheme_note`), so a
 * bookkeeper sees a change of scheme where it takes effect. Left out for a company on the normal
 * method throughout, whose returns have nothing to explain.
 */
export function vatSchemeNote(ctx: Pick<EngineContext, 'db'>, period: VatPeriod): string | undefined {
  const company = loadCompany(ctx);
  const history = vatSchemeHistory(ctx, company);
  if (isStandardThroughout(history)) return undefined;
  const segments = schemeSegments(history, company.salesTaxEffectiveDate ?? period.startsOn, period.startsOn, period.endsOn);
  if (segments.length === 1) return `Worked under ${schemeWords(segments[0]!)} for the whole period.`;
  const parts = segments.map((segment) => `${schemeWords(segment)} from ${longDate(segment.startsOn)} to ${longDate(segment.endsOn)}`);
  return `Worked under ${parts.join('; then ')}.`;
}
