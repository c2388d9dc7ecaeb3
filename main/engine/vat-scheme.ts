import { addDays } from './reports/dates';
import { schemeOfChange, type VatBasis, type VatScheme, type VatSchemeChange } from '../../shared/vat-schemes';
import type { CompanyRow } from './company-record';
import { storedInitialFrsSector, storedVatSchemeChanges } from './company-settings';
import type { EngineContext } from './context';

/** A company's VAT schemes over time: the one from registration, then each change from its date. */
export interface VatSchemeHistory {
  initial: VatScheme;
  changes: readonly VatSchemeChange[];
}

export function vatSchemeHistory(ctx: Pick<EngineContext, 'db'>, company: Pick<CompanyRow, 'initialVatBasis'>): VatSchemeHistory {
  const sector = storedInitialFrsSector(ctx.db);
  const stored = storedVatSchemeChanges(ctx.db);
  return {
    initial: { basis: company.initialVatBasis === 'Cash' ? 'Cash' : 'Invoice', frsSector: sector },
    changes: stored ? (JSON.parse(stored) as VatSchemeChange[]) : [],
  };
}

/** The normal method all along: the return is read from the ledger as it always was. */
export const isStandardThroughout = (history: VatSchemeHistory) =>
  history.initial.basis === 'Invoice' && history.initial.frsSector === null && history.changes.every((change) => change.vat_basis === 'Invoice' && !change.on_frs);

/** Part of a period under one scheme. */
export interface SchemeSegment {
  startsOn: string;
  endsOn: string;
  scheme: VatScheme;
  /**
   * The first day of the run of cash accounting this segment belongs to (null on the invoice basis):
   * documents dated before it were accounted for by invoice and are not counted again when paid.
   */
  cashSince: string | null;
  /** On the invoice basis straight after cash accounting: the run it left, whose unpaid VAT falls due now. */
  leftCash: { since: string; until: string } | null;
}

const dayBefore = (day: string) => addDays(day, -1);

/** The schemes in force over [startsOn, endsOn], cut at each change of scheme. */
export function schemeSegments(history: VatSchemeHistory, registeredOn: string, startsOn: string, endsOn: string): SchemeSegment[] {
  const timeline: { from: string; scheme: VatScheme }[] = [{ from: registeredOn, scheme: history.initial }, ...history.changes.map((change) => ({ from: change.starts_on, scheme: schemeOfChange(change) }))];
  const segments: SchemeSegment[] = [];
  let cashSince: string | null = null;
  let leftCash: SchemeSegment['leftCash'] = null;
  timeline.forEach((entry, index) => {
    const until = index + 1 < timeline.length ? dayBefore(timeline[index + 1]!.from) : '9999-12-31';
    const basis: VatBasis = entry.scheme.basis;
    const previousCash: string | null = cashSince;
    cashSince = basis === 'Cash' ? (cashSince ?? entry.from) : null;
    leftCash = basis === 'Invoice' && previousCash !== null ? { since: previousCash, until: dayBefore(entry.from) } : null;
    const from = entry.from > startsOn ? entry.from : startsOn;
    const to = until < endsOn ? until : endsOn;
    // The unpaid VAT of the cash run falls due in the period the change happens in: the segment that starts on the change.
    if (from <= to) segments.push({ startsOn: from, endsOn: to, scheme: entry.scheme, cashSince, leftCash: leftCash && from === entry.from ? leftCash : null });
  });
  return segments;
}
