import type { EngineContext } from '../../context';
import { paidInvoiceUrl } from '../../sales/payments';
import { recordUrl } from '../../urls';
import { decimal, type ApiRecord } from '../../values';
import type { Guess } from './guess';
import { treatmentRecord } from './treatment';

/**
 * `suggested_explanation` as the issue gives it: fields the guess does not know are left out. With a
 * category, the VAT treatment in the fields an explanation is created with (sales_tax_rate,
 * manual_sales_tax_amount, sales_tax_status, ec_status, place_of_supply); none of them means the
 * category's automatic rate, as when an explanation is sent without them.
 */
export function suggestionRecord(ctx: EngineContext, guess: Guess): ApiRecord {
  return {
    category: guess.categoryCode !== undefined ? `${ctx.origin}/v2/categories/${guess.categoryCode}` : undefined,
    ...(guess.categoryCode !== undefined ? treatmentRecord(guess) : {}),
    description: guess.description,
    contact: guess.contactId !== undefined ? recordUrl(ctx, 'contacts', guess.contactId) : undefined,
    project: guess.projectId !== undefined ? recordUrl(ctx, 'projects', guess.projectId) : undefined,
    transfer_bank_account: guess.transferAccountId !== undefined ? recordUrl(ctx, 'bank_accounts', guess.transferAccountId) : undefined,
    paid_invoice: guess.paidInvoiceId !== undefined ? paidInvoiceUrl(ctx, guess.paidInvoiceId) : undefined,
    paid_bill: guess.paidBillId !== undefined ? recordUrl(ctx, 'bills', guess.paidBillId) : undefined,
    source: guess.source,
    confidence: decimal(guess.confidence.toFixed(2)),
    rule: guess.ruleId !== undefined ? recordUrl(ctx, 'bank_rules', guess.ruleId) : undefined,
  };
}
