import { CIS_BANDS } from '../resources/cis_bands';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { removePostings, replacePostings, type PostingLine } from '../ledger/postings';
import { chartCategory, CODES } from './chart-codes';
import { isPosted, itemsOf, KINDS, type DocumentRow } from './documents';
import { nativeAmounts } from './native-amounts';
import { receivableMinor } from './settlements';

/**
 * A sent invoice or credit note posts trade debtors (681) with what the customer owes, its items'
 * income categories with their net, VAT charged (819, or 824 for an EC VAT MOSS sale) with the tax,
 * and a CIS deduction to other debtors (682) until HMRC sets it against the company's tax. A credit
 * note's values are negative, so the same lines reverse a sale. Drafts, cancelled documents and
 * recurring templates post nothing.
 */
export function postDocument(ctx: EngineContext, doc: DocumentRow): void {
  const resource = KINDS[doc.kind].resource;
  if (!isPosted(doc)) {
    removePostings(ctx, resource, doc.id);
    return;
  }
  const native = loadCompany(ctx).currency;
  const amounts = nativeAmounts(doc, itemsOf(ctx, doc.id), native);
  const foreign = (minor: number) => (doc.currency !== native ? { foreignCurrency: doc.currency, foreignDebitMinor: minor } : {});
  const label = `${KINDS[doc.kind].label} ${doc.reference}`;
  const base = { datedOn: doc.datedOn, description: label };
  const lines: PostingLine[] = [{ ...base, ...foreign(receivableMinor(doc)), categoryId: chartCategory(ctx, CODES.tradeDebtors).id, debitMinor: amounts.receivableMinor }];
  for (const line of amounts.lines) {
    lines.push({
      ...base,
      ...foreign(-line.item.netMinor),
      description: line.item.description ? `${label}: ${line.item.description}` : label,
      categoryId: line.item.categoryId!,
      debitMinor: -line.netMinor,
      salesTaxStatus: line.item.salesTaxStatus,
      ecStatus: doc.ecStatus,
    });
  }
  if (amounts.taxMinor !== 0) {
    const vat = chartCategory(ctx, doc.ecStatus === 'EC VAT MOSS' ? CODES.vatMoss : CODES.vatCharged);
    lines.push({ ...base, ...foreign(-doc.salesTaxMinor), categoryId: vat.id, debitMinor: -amounts.taxMinor });
  }
  if (amounts.cisMinor !== 0) {
    const band = CIS_BANDS.find((entry) => entry.name === doc.cisRate);
    lines.push({ ...base, ...foreign(doc.cisDeductionMinor), description: `${label}: ${band?.deduction_description ?? 'CIS Deduction'}`, categoryId: chartCategory(ctx, CODES.otherDebtors).id, debitMinor: amounts.cisMinor });
  }
  replacePostings(ctx, resource, doc.id, lines);
}
