import { VAT_BOXES, type VatBoxNumber } from '../../../shared/api/vat_returns';
import { fromMinor } from '../../../shared/money';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { recordUrl } from '../urls';
import { isStandardThroughout, vatSchemeHistory } from '../vat-scheme';
import { date, decimal, type ApiRecord } from '../values';
import { ledgerVatBoxes } from './vat-return-boxes';
import { vatBoxPostings } from './vat-box-transactions';
import type { VatPeriod } from './vat-periods';
import { frozenBoxes, vatReturnState } from './vat-return';

/**
 * One box of a return with the postings behind it. `value` is the box as the return states it (the
 * frozen figure once filed); `transactions_total` is what the listed postings add up to: the same to
 * the penny for boxes 1 to 5, the same once the pence are dropped for boxes 6 to 9. They differ only if
 * the ledger moved behind a filed return's back, which the lock prevents.
 */
export function vatBoxRecord(ctx: EngineContext, period: VatPeriod, box: VatBoxNumber): ApiRecord {
  const company = loadCompany(ctx);
  const currency = company.currency;
  const boxes = frozenBoxes(vatReturnState(ctx, period.endsOn)) ?? ledgerVatBoxes(ctx, period);
  const postings = vatBoxPostings(ctx, period, box);
  const total = postings.reduce((sum, posting) => sum + posting.amountMinor, 0);
  const row = VAT_BOXES.find((entry) => entry.box_number === box)!;
  return {
    vat_return: `${ctx.origin}/v2/vat_returns/${period.endsOn}`,
    box_number: box,
    key: row.key,
    title: row.title,
    value: decimal(fromMinor(boxes[box], currency)),
    transactions_total: decimal(fromMinor(total, currency)),
    // The postings are listed as the normal method reads them (by their dates, in full). Under cash
    // accounting or the flat rate scheme the box is worked from payments or turnover instead, so the two differ.
    scheme_note: isStandardThroughout(vatSchemeHistory(ctx, company))
      ? undefined
      : 'This company uses cash accounting or the flat rate scheme: the box is worked from payments or flat rate turnover, and the postings below are listed by their own dates in full.',
    transactions: postings.map((posting) => ({
      url: recordUrl(ctx, 'accounting/transactions', posting.id),
      dated_on: date(posting.datedOn),
      description: posting.description,
      nominal_code: posting.nominalCode,
      category_name: posting.categoryName,
      source_item_url: recordUrl(ctx, posting.sourceResource, posting.sourceId),
      amount: decimal(fromMinor(posting.amountMinor, currency)),
    })),
  };
}
