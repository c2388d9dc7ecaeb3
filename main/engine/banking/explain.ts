import { eq } from 'drizzle-orm';
import type { ExplanationInput } from '../../../shared/api/bank_transaction_explanations';
import { fromMinor, MoneyError, toMinor } from '../../../shared/money';
import { bankTransactionExplanations } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { assertUnlocked } from '../ledger/locks';
import { vatRegisteredOn } from '../ledger/vat-registration';
import { removePostings, replacePostings, type PostingLine } from '../ledger/postings';
import { salesTax } from '../ledger/sales-tax';
import { billPaymentEntryType, checkBillPayment, paidBillTarget, repostBillPayments, settleBills } from '../purchases/bill-payments';
import { checkInvoicePayment, invoicePaymentEntryType, paidInvoiceTarget, settleInvoices } from '../sales/payments';
import { repostSettlements } from '../sales/settlement-postings';
import { idFromUrl, keyFromUrl } from '../urls';
import { addAttachment, deleteAttachmentsOf, multipleAttachments } from './attachments';
import { storedDescription } from './descriptions';
import { explanationProject } from './explanation-project';
import { askedTax, checkEcTreatment, type TaxRequest } from './treatment-check';
import { insertManualLine } from './manual-line';
import { assertLineAddedConfirmed, assertReconciledLinesConfirmed } from './reconciled-guard';
import { otherSideOf, removeOtherSide, transferEntryType, writeOtherSide } from './transfer-other-side';
import { AUTOMATIC, type WriteConsent } from './write-consent';
import { accountById, explanationById, explanationsOfLine, insertExplanation, touchLine, type AccountRow, type NewExplanation } from './explanation-statements';
import { aSubAccountOf, bankCategoryOf, categoryWithCode, categoryWithId, type CategoryRow } from '../ledger/category-rows';
import { EXPLANATIONS, explainedMinor, type ExplanationRow, type TransactionRow } from './records';
import { isSelfAccounted, reverseChargeLines, suppliersTax } from '../ledger/reverse-charge';

type ExplanationValues = Omit<NewExplanation, 'createdAt' | 'updatedAt'>;

const VAT_RECLAIMED = '818';
const VAT_CHARGED = '819';
const VAT_MOSS = '824';

function minor(value: string, currency: string, field: string): number {
  try {
    return toMinor(value, currency);
  } catch (error) {
    if (error instanceof MoneyError) throw unprocessable(`${field} ${error.message}`);
    throw error;
  }
}

function requiredCategory(ctx: EngineContext, code: string): CategoryRow {
  const row = categoryWithCode(ctx, code);
  if (!row) throw new Error(`The chart has no ${code} category`);
  return row;
}

/** The category an explanation may post to: not a bank account, and a sub account where one is needed. */
export function explanationCategory(ctx: EngineContext, value: string | number): CategoryRow {
  const code = typeof value === 'number' ? String(value).padStart(3, '0') : /^\d+(-\d+)?$/.test(value.trim()) ? value.trim() : keyFromUrl(value, 'categories', 'category');
  const row = categoryWithCode(ctx, code);
  if (!row) throw unprocessable(`category ${code} does not exist`);
  if (row.baseCode === '750') throw unprocessable('category cannot be a bank account; explain a move between your own accounts with transfer_bank_account');
  if (row.nominalCode === row.baseCode) {
    const sub = aSubAccountOf(ctx, row.baseCode);
    if (sub !== undefined) throw unprocessable(`category ${row.nominalCode} has sub accounts; choose one of them, such as ${sub}`);
  }
  return row;
}

function bankSubAccount(ctx: EngineContext, accountId: number): CategoryRow {
  const row = bankCategoryOf(ctx, accountId);
  if (!row) throw new Error(`Bank account ${accountId} has no 750 sub account`);
  return row;
}

/** The live service's `type`, from what the money did. */
export function entryTypeOf(category: CategoryRow | null, grossMinor: number, transfer: boolean): string {
  const moneyIn = grossMinor > 0;
  if (transfer) return transferEntryType(grossMinor);
  if (!category) return moneyIn ? 'Other Money In' : 'Other Money Out';
  if (category.userId !== null) return moneyIn ? 'Money Received from User' : 'Money Paid to User';
  if (category.listGroup === 'income') return moneyIn ? 'Sales' : 'Refund';
  if (category.listGroup === 'cost_of_sales' || category.listGroup === 'admin_expenses') return moneyIn ? 'Refund' : 'Payment';
  return moneyIn ? 'Other Money In' : 'Other Money Out';
}

/** The other explanations' share of the transaction, so this one can be checked against what is left. */
function explainedByOthers(ctx: EngineContext, transactionId: number, exceptId: number | null): number {
  const rows = explanationsOfLine(ctx, transactionId);
  return rows.filter((row) => row.id !== exceptId).reduce((sum, row) => sum + explainedMinor(row), 0);
}

/** Category and transfer are alternatives: setting one on an update clears the other. */
function linkTargets(ctx: EngineContext, input: ExplanationInput, current: ExplanationRow | null): { category: string | number | null; transfer: string | number | null } {
  const currentCategory = current?.categoryId != null ? (categoryWithId(ctx, current.categoryId)?.nominalCode ?? null) : null;
  let category = input.category !== undefined ? input.category : currentCategory;
  let transfer = input.transfer_bank_account !== undefined ? input.transfer_bank_account : (current?.transferBankAccountId ?? null);
  if (input.category != null && input.transfer_bank_account === undefined) transfer = null;
  if (input.transfer_bank_account != null && input.category === undefined) category = null;
  if (category != null && transfer != null) throw unprocessable('An explanation has either a category or a transfer_bank_account, not both');
  return { category, transfer };
}

/** The tax as asked for now: from the payload when it says anything about tax, else as asked before. */
function taxRequest(input: ExplanationInput, current: ExplanationRow | null, native: string): TaxRequest {
  const asked = askedTax(input);
  if (asked) return asked;
  if (!current) return { mode: 'auto' };
  switch (current.salesTaxMode) {
    case 'manual':
      return { mode: 'manual', manual: fromMinor(current.manualSalesTaxMinor ?? 0, native) };
    case 'rate':
      // A transfer or a payment keeps no rate; explained again with a category, it starts from automatic.
      return current.salesTaxRate === null ? { mode: 'auto' } : { mode: 'rate', rate: current.salesTaxRate };
    case 'status':
      return { mode: 'status', status: current.salesTaxStatus ?? 'OUT_OF_SCOPE' };
    default:
      return { mode: 'auto' };
  }
}

function resolveTransferAccount(ctx: EngineContext, value: string | number, account: AccountRow): number {
  const id = idFromUrl(value, 'bank_accounts', 'transfer_bank_account');
  const other = accountById(ctx, id);
  if (!other) throw unprocessable('transfer_bank_account is not a bank account of this company');
  if (other.id === account.id) throw unprocessable('transfer_bank_account must be another account');
  if (other.currency !== account.currency) throw unprocessable(`Transfers between accounts in different currencies (${account.currency} and ${other.currency}) are not supported`);
  return id;
}

/**
 * Works out every stored value of an explanation from the payload and (on update) the current row,
 * enforcing the rules: the amount has the transaction's sign and never explains more than is left,
 * a category or a transfer (not both), sales tax rules 1-6, and MOSS needing a country and a rate.
 */
export function resolveExplanation(ctx: EngineContext, transaction: TransactionRow, input: ExplanationInput, current: ExplanationRow | null): ExplanationValues {
  const account = accountById(ctx, transaction.bankAccountId)!;
  const native = loadCompany(ctx).currency;
  const foreign = account.currency !== native;
  const datedOn = input.dated_on ?? current?.datedOn ?? transaction.datedOn;

  const grossMinor = input.gross_value !== undefined ? minor(input.gross_value, native, 'gross_value') : current!.grossMinor;
  let foreignGrossMinor: number | null = null;
  if (foreign) {
    if (input.foreign_currency_value !== undefined) foreignGrossMinor = minor(input.foreign_currency_value, account.currency, 'foreign_currency_value');
    else if (current?.foreignGrossMinor != null) foreignGrossMinor = current.foreignGrossMinor;
    else throw unprocessable(`foreign_currency_value is required: the amount in ${account.currency} this explanation covers (gross_value is in ${native})`);
  }
  const counted = foreignGrossMinor ?? grossMinor;
  if (counted === 0 && transaction.amountMinor !== 0) throw unprocessable('gross_value must not be zero');
  if (Math.sign(counted) !== Math.sign(transaction.amountMinor) || Math.sign(grossMinor) !== Math.sign(counted)) {
    throw unprocessable(`gross_value must be ${transaction.amountMinor < 0 ? 'negative: the transaction is money out' : 'positive: the transaction is money in'}`);
  }
  const remaining = transaction.amountMinor - explainedByOthers(ctx, transaction.id, current?.id ?? null);
  if (Math.abs(counted) > Math.abs(remaining)) throw unprocessable('gross_value is more than the amount left to explain on this transaction');

  const paidInvoiceId = paidInvoiceTarget(ctx, input, current);
  if (paidInvoiceId !== null) checkInvoicePayment(ctx, paidInvoiceId, { grossMinor, foreignGrossMinor, bankAccountId: account.id, exceptId: current?.id ?? null });
  const paidBillId = paidInvoiceId !== null ? null : paidBillTarget(input, current);
  if (paidBillId !== null) checkBillPayment(ctx, paidBillId, { grossMinor, foreignGrossMinor, bankAccountId: account.id, exceptId: current?.id ?? null });
  // Paying a bill posts against Trade Creditors, paying an invoice against Trade Debtors: neither has a category nor a transfer.
  const targets = paidBillId !== null || paidInvoiceId !== null ? { category: null, transfer: null } : linkTargets(ctx, input, current);
  const transferAccountId = targets.transfer != null ? resolveTransferAccount(ctx, targets.transfer, account) : null;
  if (transferAccountId === null && targets.category == null && paidBillId === null && paidInvoiceId === null) throw unprocessable('category is required (or transfer_bank_account for a move between your own accounts)');
  const category = targets.category != null ? explanationCategory(ctx, targets.category) : null;
  const kind = transferAccountId !== null ? 'transfer' : paidBillId !== null || paidInvoiceId !== null ? 'payment' : 'category';
  const project = explanationProject(ctx, input, current, kind);

  const ecStatus = input.ec_status !== undefined ? input.ec_status : (current?.ecStatus ?? null);
  const placeOfSupply = input.place_of_supply !== undefined ? input.place_of_supply : (current?.placeOfSupply ?? null);
  const request = taxRequest(input, current, native);
  checkEcTreatment(ecStatus, placeOfSupply, request, datedOn);
  const asked =
    transferAccountId !== null || paidBillId !== null || paidInvoiceId !== null
      ? { salesTaxRate: null, salesTaxMinor: 0, manualSalesTaxMinor: null, salesTaxStatus: null }
      : salesTax({
          grossMinor,
          salesTaxRate: request.rate,
          manualSalesTaxAmount: request.manual,
          salesTaxStatus: request.status,
          autoRate: category?.autoSalesTaxRate ?? null,
          datedOn,
          vatRegistered: vatRegisteredOn(loadCompany(ctx), datedOn),
          toMinor: (value, field) => minor(value, native, field),
        });
  const tax = suppliersTax(asked, ecStatus, category !== null && isPurchase(category, grossMinor));

  return {
    bankTransactionId: transaction.id,
    bankAccountId: account.id,
    datedOn,
    description: (input.description !== undefined ? input.description : current?.description) ?? '',
    categoryId: category?.id ?? null,
    grossMinor,
    foreignGrossMinor,
    ...tax,
    salesTaxMode: request.mode,
    ecStatus,
    placeOfSupply,
    entryType: paidInvoiceId !== null ? invoicePaymentEntryType(grossMinor) : paidBillId !== null ? billPaymentEntryType(grossMinor) : entryTypeOf(category, grossMinor, transferAccountId !== null),
    transferBankAccountId: transferAccountId,
    transferTransactionId: current?.transferTransactionId ?? null,
    transferSourceId: null,
    paidBillId,
    paidInvoiceId,
    projectId: project,
    markedForReview: input.marked_for_review ?? current?.markedForReview ?? false,
  };
}

/** Money out on a cost, or on a general category; money in on one is a sale. Income is always a sale. */
function isPurchase(category: CategoryRow, grossMinor: number): boolean {
  if (category.listGroup === 'income') return false;
  return category.listGroup !== 'general' || grossMinor < 0;
}

function vatCategoryCode(row: ExplanationRow, category: CategoryRow | null): string {
  if (row.ecStatus === 'EC VAT MOSS') return VAT_MOSS;
  if (category && !isPurchase(category, row.grossMinor)) return VAT_CHARGED;
  return VAT_RECLAIMED;
}

/**
 * The explanation's double entry: the bank's 750-N takes the gross, the category the net, VAT control
 * the tax; a transfer moves the gross between the two banks' 750-N accounts. Replaced on every change.
 */
export function postExplanation(ctx: EngineContext, row: ExplanationRow): void {
  if (row.transferSourceId !== null) return;
  if (row.paidBillId !== null) return repostBillPayments(ctx, row.paidBillId);
  if (row.paidInvoiceId !== null) return repostSettlements(ctx, row.paidInvoiceId);
  const account = accountById(ctx, row.bankAccountId)!;
  const foreign = row.foreignGrossMinor !== null ? { foreignCurrency: account.currency, foreignDebitMinor: row.foreignGrossMinor } : {};
  const base = { datedOn: row.datedOn, description: row.description };
  const lines: PostingLine[] = [{ ...base, ...foreign, categoryId: bankSubAccount(ctx, row.bankAccountId).id, debitMinor: row.grossMinor }];
  if (row.transferBankAccountId !== null) {
    lines.push({ ...base, ...(row.foreignGrossMinor !== null ? { foreignCurrency: account.currency, foreignDebitMinor: -row.foreignGrossMinor } : {}), categoryId: bankSubAccount(ctx, row.transferBankAccountId).id, debitMinor: -row.grossMinor });
  } else {
    const category = categoryWithId(ctx, row.categoryId!)!;
    lines.push({ ...base, categoryId: category.id, debitMinor: -(row.grossMinor - row.salesTaxMinor), salesTaxStatus: row.salesTaxStatus, ecStatus: row.ecStatus });
    if (row.salesTaxMinor !== 0) lines.push({ ...base, categoryId: requiredCategory(ctx, vatCategoryCode(row, category)).id, debitMinor: -row.salesTaxMinor });
    if (isPurchase(category, row.grossMinor) && isSelfAccounted(row.ecStatus, row.salesTaxStatus)) {
      lines.push(...reverseChargeLines(ctx, base, { netDebitMinor: -(row.grossMinor - row.salesTaxMinor), salesTaxRate: row.salesTaxRate, manualSalesTaxMinor: row.manualSalesTaxMinor }));
    }
  }
  replacePostings(ctx, EXPLANATIONS, row.id, lines);
}

/** Inline attachment of the API before 2026-09-01 (one file, written on the explanation itself). */
function writeInlineAttachment(ctx: EngineContext, explanationId: number, input: ExplanationInput): void {
  if (input.attachment === undefined) return;
  if (multipleAttachments(ctx)) {
    throw unprocessable('attachment is not accepted on explanations from API version 2026-09-01: use /v2/bank_transaction_explanations/:id/attachments');
  }
  deleteAttachmentsOf(ctx, EXPLANATIONS, explanationId);
  if (input.attachment !== null) addAttachment(ctx, EXPLANATIONS, explanationId, input.attachment);
}

/**
 * Explains (part of) a line. `consent` says what the person asked for: an automatic write (a rule, a
 * bulk accept) leaves alone a line whose explanation would touch a reconciled statement, or whose
 * transfer could pair with several lines, by refusing it; its caller then leaves the line unexplained.
 */
export function createExplanation(ctx: EngineContext, transaction: TransactionRow, input: ExplanationInput, consent: WriteConsent = AUTOMATIC): ExplanationRow {
  assertReconciledLinesConfirmed(ctx, consent.reconciledConfirmed, [transaction.id], 'explaining it again');
  const values = resolveExplanation(ctx, transaction, input, null);
  assertUnlocked(ctx, values.datedOn);
  const row = insertExplanation(ctx, { ...values, createdAt: ctx.now, updatedAt: ctx.now });
  ctx.recordChange(EXPLANATIONS, row.id, 'create');
  if (row.transferBankAccountId !== null) writeOtherSide(ctx, row, transaction, consent, null);
  // Only a transfer's other side writes to the row after it is inserted (the line it made).
  const stored = row.transferBankAccountId !== null ? explanationById(ctx, row.id)! : row;
  postExplanation(ctx, stored);
  settleBills(ctx, stored.paidBillId);
  writeInlineAttachment(ctx, row.id, input);
  touchLine(ctx, transaction.id);
  return stored;
}

export function updateExplanation(ctx: EngineContext, current: ExplanationRow, transaction: TransactionRow, input: ExplanationInput, consent: WriteConsent): ExplanationRow {
  if (current.transferSourceId !== null) throw unprocessable('This explanation is the other side of a transfer; change the transfer on the account it was made from');
  const before = otherSideOf(ctx, current);
  assertReconciledLinesConfirmed(ctx, consent.reconciledConfirmed, [current.bankTransactionId, before?.lineId], 'changing its explanation');
  assertUnlocked(ctx, current.datedOn, input.dated_on);
  if (input.bank_transaction !== undefined && idFromUrl(input.bank_transaction, 'bank_transactions', 'bank_transaction') !== current.bankTransactionId) {
    throw unprocessable('bank_transaction cannot be changed; delete this explanation and explain the other transaction');
  }
  const values = resolveExplanation(ctx, transaction, input, current);
  if (current.transferBankAccountId !== null) removeOtherSide(ctx, current);
  const row = ctx.db
    .update(bankTransactionExplanations)
    .set({ ...values, transferTransactionId: null, updatedAt: ctx.now })
    .where(eq(bankTransactionExplanations.id, current.id))
    .returning()
    .get();
  ctx.recordChange(EXPLANATIONS, row.id, 'update');
  if (row.transferBankAccountId !== null) writeOtherSide(ctx, row, transaction, consent, before);
  const stored = explanationById(ctx, row.id)!;
  postExplanation(ctx, stored);
  settleBills(ctx, current.paidBillId, stored.paidBillId);
  settleInvoices(ctx, current.paidInvoiceId !== stored.paidInvoiceId ? current.paidInvoiceId : null);
  writeInlineAttachment(ctx, row.id, input);
  touchLine(ctx, transaction.id);
  return stored;
}

export function deleteExplanation(ctx: EngineContext, row: ExplanationRow, consent: WriteConsent): void {
  if (row.transferSourceId !== null) throw unprocessable('This explanation is the other side of a transfer; delete the transfer on the account it was made from');
  assertReconciledLinesConfirmed(ctx, consent.reconciledConfirmed, [row.bankTransactionId, otherSideOf(ctx, row)?.lineId], 'deleting its explanation');
  assertUnlocked(ctx, row.datedOn);
  removeOtherSide(ctx, row);
  removePostings(ctx, EXPLANATIONS, row.id);
  deleteAttachmentsOf(ctx, EXPLANATIONS, row.id);
  ctx.db.delete(bankTransactionExplanations).where(eq(bankTransactionExplanations.id, row.id)).run();
  ctx.recordChange(EXPLANATIONS, row.id, 'delete');
  settleBills(ctx, row.paidBillId);
  settleInvoices(ctx, row.paidInvoiceId);
  touchLine(ctx, row.bankTransactionId);
}

/** Explanations given a bank_account and no bank_transaction create the (manual) transaction they explain. */
export function createManualTransaction(ctx: EngineContext, accountId: number, input: ExplanationInput, consent: WriteConsent): TransactionRow {
  const account = accountById(ctx, accountId)!;
  const native = loadCompany(ctx).currency;
  const value = account.currency !== native ? input.foreign_currency_value : input.gross_value;
  if (value === undefined) throw unprocessable('foreign_currency_value is required on a foreign-currency account');
  const amount = minor(value, account.currency, account.currency !== native ? 'foreign_currency_value' : 'gross_value');
  const line = { bankAccountId: accountId, datedOn: input.dated_on ?? ctx.today, amountMinor: amount };
  assertUnlocked(ctx, line.datedOn);
  assertLineAddedConfirmed(ctx, consent.reconciledConfirmed, line, 'this explanation');
  return insertManualLine(ctx, { ...line, description: storedDescription('', '', ''), transactionType: null });
}
