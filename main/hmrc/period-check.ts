import type { VatReturnRecord } from '../../shared/api/vat_returns';
import type { HmrcClient, Obligation } from './client';

/**
 * A return is sent under HMRC's period key, and HMRC files the figures against whatever period that
 * key names: it does not know which of the book's periods they were added up for. So before anything
 * is frozen or sent, the key must be one of HMRC's obligations for exactly the book's period (the same
 * first and last day). A key for another quarter would file this quarter's VAT as that one's, and a
 * late correction of that needs HMRC's error correction route (VAT Notice 700/45).
 */
export class PeriodKeyMismatch extends Error {}

const longDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const span = (start: string, end: string) => `${longDate(start)} to ${longDate(end)}`;

/** HMRC's obligation with `periodKey`: among the open ones (any age), else among those fulfilled over the book's period. */
async function obligationOf(client: HmrcClient, periodKey: string, period: { start: string; end: string }): Promise<Obligation | undefined> {
  const open = await client.obligations({ status: 'O' });
  const found = open.find((obligation) => obligation.periodKey === periodKey);
  if (found) return found;
  // Fulfilled already: an answer lost on an earlier try, or filed another way; submit looks it up.
  const fulfilled = await client.obligations({ status: 'F', from: period.start, to: period.end });
  return fulfilled.find((obligation) => obligation.periodKey === periodKey);
}

/** Throws PeriodKeyMismatch, with nothing changed anywhere, unless `periodKey` is HMRC's key for the period of the book's `record`. */
export async function confirmPeriodKey(client: HmrcClient, record: VatReturnRecord, periodKey: string): Promise<void> {
  const period = { start: record.period_starts_on, end: record.period_ends_on };
  const obligation = await obligationOf(client, periodKey, period);
  const ours = span(period.start, period.end);
  if (!obligation) throw new PeriodKeyMismatch(`HMRC has no VAT period ${periodKey} for this business, so the return for ${ours} was not sent. Choose the period from HMRC's list of obligations.`);
  if (obligation.start !== period.start || obligation.end !== period.end) {
    throw new PeriodKeyMismatch(
      `HMRC's period ${periodKey} runs ${span(obligation.start, obligation.end)}, not ${ours} as the book's return does, so nothing was sent. ` +
        "Send each return under the period key HMRC gives for the same dates; if the book's VAT periods differ from HMRC's, put the VAT period dates right in Settings.",
    );
  }
}
