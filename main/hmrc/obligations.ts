import type { ObligationRecord, ObligationStatus } from '../../shared/api/hmrc';
import type { TaxReturnRecord } from '../../shared/api/returns';
import type { BookCaller } from './book';
import type { HmrcClient, Obligation } from './client';

/** The company's VRN as HMRC takes it: nine digits, the "GB" prefix and spaces people write left off. */
export function vrnOf(registrationNumber: string | undefined | null): string | null {
  const digits = (registrationNumber ?? '').replace(/\s+/g, '').replace(/^GB/i, '');
  return /^\d{9}$/.test(digits) ? digits : null;
}

export class NoVrnError extends Error {
  constructor() {
    super('The company has no VAT registration number of nine digits (GB123456789): set it in Settings before connecting to HMRC.');
  }
}

/** The VRN from the book's company record. */
export async function bookVrn(book: BookCaller): Promise<string> {
  const company = (await book('GET', '/v2/company')).body.company as { sales_tax_registration_number?: string } | undefined;
  const vrn = vrnOf(company?.sales_tax_registration_number);
  if (!vrn) throw new NoVrnError();
  return vrn;
}

/** The book's VAT periods (start, end), newest first, as the VAT returns list gives them. */
export async function bookPeriods(book: BookCaller): Promise<{ startsOn: string; endsOn: string }[]> {
  const list = (await book('GET', '/v2/vat_returns?per_page=100')).body.vat_returns as TaxReturnRecord[];
  return list.map((entry) => ({ startsOn: entry.period_starts_on, endsOn: entry.period_ends_on }));
}

/** HMRC's obligations, each with the book's VAT period of the same dates when there is one. */
export function matchObligations(obligations: Obligation[], periods: { startsOn: string; endsOn: string }[]): ObligationRecord[] {
  return obligations.map((obligation) => {
    const period = periods.find((candidate) => candidate.startsOn === obligation.start && candidate.endsOn === obligation.end);
    return {
      period_key: obligation.periodKey,
      start: obligation.start,
      end: obligation.end,
      due: obligation.due,
      status: obligation.status,
      received: obligation.received,
      book_period_ends_on: period?.endsOn,
    };
  });
}

export interface ObligationQuery {
  from?: string;
  to?: string;
  status?: ObligationStatus;
}

export async function obligationsWithBook(client: HmrcClient, book: BookCaller, query: ObligationQuery): Promise<ObligationRecord[]> {
  const [obligations, periods] = await Promise.all([client.obligations(query), bookPeriods(book)]);
  return matchObligations(obligations, periods);
}

/** The window HMRC allows for obligations (366 days at most, vat-api-rules.md section 9): the year to `today`'s quarter ahead. */
export function defaultObligationWindow(today: string): { from: string; to: string } {
  const end = new Date(`${today}T00:00:00Z`);
  const to = new Date(end.getTime() + 90 * 86_400_000);
  const from = new Date(to.getTime() - 365 * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}
