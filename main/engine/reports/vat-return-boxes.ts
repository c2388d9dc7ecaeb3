import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { isStandardThroughout, vatSchemeHistory } from '../vat-scheme';
import { netVatDue, vatBoxes, type VatBoxes } from './vat-boxes';
import type { VatPeriod } from './vat-periods';
import { schemeVatBoxes } from './vat-scheme-boxes';

/**
 * A period's nine boxes as the ledger stands, under the company's VAT schemes. A company on the
 * normal method throughout keeps the ledger reading it always had (vat-boxes.ts, checked to the penny
 * against a real quarter); cash accounting and the flat rate scheme go through vat-scheme-boxes.ts.
 */
export function ledgerVatBoxes(ctx: Pick<EngineContext, 'book' | 'db'>, period: VatPeriod): VatBoxes {
  const company = loadCompany(ctx);
  const history = vatSchemeHistory(ctx, company);
  return isStandardThroughout(history) ? vatBoxes(ctx, period) : schemeVatBoxes(ctx, company, history, period);
}

/** Box 5 alone, as the list of returns shows it. */
export function ledgerNetVatDue(ctx: Pick<EngineContext, 'book' | 'db'>, period: VatPeriod): number {
  const company = loadCompany(ctx);
  const history = vatSchemeHistory(ctx, company);
  return isStandardThroughout(history) ? netVatDue(ctx, period) : schemeVatBoxes(ctx, company, history, period)[5];
}
