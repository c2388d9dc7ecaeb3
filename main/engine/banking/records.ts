import { asc, eq, inArray, sql } from 'drizzle-orm';
import { fromMinor } from '../../../shared/money';
import type { Db } from '../../db/client';
import { bankAccounts, bankTransactionExplanations, bankTransactions, categories } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { isUserLocked } from '../ledger/locks';
import { preparedPerConnection } from '../prepared';
import { paidInvoiceUrl } from '../sales/payments';
import { recordUrl } from '../urls';
import { date, decimal, timestamp, type ApiRecord, type FieldValue } from '../values';
import { attachmentRecord, attachmentsOf, multipleAttachments } from './attachments';
import { formattedAmount, fullDescription } from './descriptions';
import { reconciledAmong, reconciledFields } from './reconciled-guard';

export type TransactionRow = typeof bankTransactions.$inferSelect;
export type ExplanationRow = typeof bankTransactionExplanations.$inferSelect;
type AccountRow = typeof bankAccounts.$inferSelect;

export const EXPLANATIONS = 'bank_transaction_explanations';

function accountOf(ctx: EngineContext, id: number): AccountRow {
  return ctx.db.select().from(bankAccounts).where(eq(bankAccounts.id, id)).get()!;
}

/** What an explanation counts against its transaction: the account-currency value when there is one. */
export const explainedMinor = (row: Pick<ExplanationRow, 'grossMinor' | 'foreignGrossMinor'>) => row.foreignGrossMinor ?? row.grossMinor;

export function explanationsOf(ctx: EngineContext, transactionIds: readonly number[]): Map<number, ExplanationRow[]> {
  const byTransaction = new Map<number, ExplanationRow[]>();
  if (transactionIds.length === 0) return byTransaction;
  const rows = ctx.db
    .select()
    .from(bankTransactionExplanations)
    .where(inArray(bankTransactionExplanations.bankTransactionId, [...transactionIds]))
    .orderBy(asc(bankTransactionExplanations.id))
    .all();
  for (const row of rows) byTransaction.set(row.bankTransactionId, [...(byTransaction.get(row.bankTransactionId) ?? []), row]);
  return byTransaction;
}

export function unexplainedMinor(transaction: TransactionRow, explanations: readonly ExplanationRow[]): number {
  return transaction.amountMinor - explanations.reduce((sum, row) => sum + explainedMinor(row), 0);
}

/** Attachments in the form this request's API version sees: an array, or the singular inline one. */
function attachmentFields(ctx: EngineContext, ownerResource: string, ownerIds: readonly number[]): { attachments?: FieldValue; attachment?: FieldValue } {
  const rows = ownerIds.flatMap((id) => attachmentsOf(ctx, ownerResource, id));
  if (multipleAttachments(ctx)) return { attachments: rows.map((row) => attachmentRecord(ctx, row)) };
  return rows.length > 0 ? { attachment: attachmentRecord(ctx, rows[0]!) } : {};
}

// Asked for every explanation a register page shows: built and prepared once per connection.
const categoryQuery = preparedPerConnection((db: Db) =>
  db.select({ code: categories.nominalCode, description: categories.description }).from(categories).where(eq(categories.id, sql.placeholder('id'))).prepare(),
);

function categoryCode(ctx: EngineContext, id: number | null): { code: string; description: string } | null {
  if (id === null) return null;
  const row = categoryQuery(ctx.db).get({ id });
  return row ? { code: row.code, description: row.description } : null;
}

/** The live service's one-line summary: "Accommodation and Meals. Inc £7.08 VAT ". */
function detail(category: { description: string } | null, row: ExplanationRow, currency: string, transferName: string | null): string {
  const subject = category?.description ?? (transferName ? `Transfer with ${transferName}` : row.paidBillId !== null || row.paidInvoiceId !== null ? row.entryType : 'Unexplained');
  return row.salesTaxMinor !== 0 ? `${subject}. Inc ${formattedAmount(row.salesTaxMinor, currency)} VAT ` : `${subject} `;
}

/** What a list has already read for the records it renders, so each explanation need not read it again. */
export interface KnownRows {
  transaction?: TransactionRow;
  account?: AccountRow;
  nativeCurrency?: string;
}

export function explanationRecord(ctx: EngineContext, row: ExplanationRow, known: KnownRows = {}): ApiRecord {
  const tx = known.transaction ?? ctx.db.select().from(bankTransactions).where(eq(bankTransactions.id, row.bankTransactionId)).get()!;
  const account = known.account ?? accountOf(ctx, row.bankAccountId);
  const native = known.nativeCurrency ?? loadCompany(ctx).currency;
  const category = categoryCode(ctx, row.categoryId);
  const transferAccount = row.transferBankAccountId !== null ? accountOf(ctx, row.transferBankAccountId) : null;
  const moneyIn = row.grossMinor > 0;
  return {
    url: recordUrl(ctx, EXPLANATIONS, row.id),
    bank_transaction: recordUrl(ctx, 'bank_transactions', row.bankTransactionId),
    bank_account: recordUrl(ctx, 'bank_accounts', row.bankAccountId),
    dated_on: date(row.datedOn),
    description: row.description,
    category: category ? `${ctx.origin}/v2/categories/${category.code}` : undefined,
    transfer_bank_account: transferAccount ? recordUrl(ctx, 'bank_accounts', transferAccount.id) : undefined,
    paid_bill: row.paidBillId !== null ? recordUrl(ctx, 'bills', row.paidBillId) : undefined,
    paid_invoice: row.paidInvoiceId !== null ? paidInvoiceUrl(ctx, row.paidInvoiceId) : undefined,
    project: row.projectId !== null ? recordUrl(ctx, 'projects', row.projectId) : undefined,
    gross_value: decimal(fromMinor(row.grossMinor, native)),
    foreign_currency_value: decimal(fromMinor(row.foreignGrossMinor ?? 0, account.currency)),
    transfer_value: decimal(fromMinor(-row.grossMinor, native)),
    sales_tax_status: row.salesTaxStatus ?? undefined,
    sales_tax_rate: row.salesTaxRate !== null ? decimal(row.salesTaxRate) : undefined,
    sales_tax_value: row.salesTaxStatus === 'TAXABLE' ? decimal(fromMinor(row.salesTaxMinor, native)) : undefined,
    manual_sales_tax_amount: row.manualSalesTaxMinor !== null ? decimal(fromMinor(row.manualSalesTaxMinor, native)) : undefined,
    ec_status: row.ecStatus ?? undefined,
    place_of_supply: row.placeOfSupply ?? undefined,
    type: row.entryType,
    entry_type: row.entryType,
    detail: detail(category, row, native, transferAccount?.name ?? null),
    transaction_description: fullDescription(tx.description, tx.amountMinor, account.currency),
    is_money_in: moneyIn,
    is_money_out: !moneyIn,
    is_money_paid_to_user: false,
    is_deletable: row.transferSourceId === null,
    // As a bill's: the user lock refuses any change on or before its date; a filed VAT return only one
    // that would move its boxes, so it does not lock the explanation (ledger/locks.ts).
    is_locked: isUserLocked(ctx, row.datedOn),
    has_pending_operation: false,
    marked_for_review: row.markedForReview,
    ...attachmentFields(ctx, EXPLANATIONS, [row.id]),
    created_at: timestamp(row.createdAt),
    updated_at: timestamp(row.updatedAt),
  };
}

/** How many other lines in the account carry the same description (uses the dedup index). */
function matchingCounts(ctx: EngineContext, accountId: number, descriptions: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  const statement = ctx.book.sqlite.prepare('SELECT count(*) FROM bank_transactions WHERE bank_account_id = ? AND description = ?').pluck();
  for (const description of new Set(descriptions)) counts.set(description, statement.get(accountId, description) as number);
  return counts;
}

export function transactionRecords(ctx: EngineContext, rows: readonly TransactionRow[]): ApiRecord[] {
  const explanations = explanationsOf(ctx, rows.map((row) => row.id));
  const accounts = new Map<number, AccountRow>();
  const matching = new Map<number, Map<string, number>>();
  const nativeCurrency = loadCompany(ctx).currency;
  const reconciled = reconciledAmong(ctx, rows.map((row) => row.id));
  for (const row of rows) {
    if (!accounts.has(row.bankAccountId)) {
      accounts.set(row.bankAccountId, accountOf(ctx, row.bankAccountId));
      matching.set(row.bankAccountId, matchingCounts(ctx, row.bankAccountId, rows.filter((other) => other.bankAccountId === row.bankAccountId).map((other) => other.description)));
    }
  }
  return rows.map((row) => {
    const account = accounts.get(row.bankAccountId)!;
    const own = explanations.get(row.id) ?? [];
    return {
      url: recordUrl(ctx, 'bank_transactions', row.id),
      amount: decimal(fromMinor(row.amountMinor, account.currency)),
      bank_account: recordUrl(ctx, 'bank_accounts', row.bankAccountId),
      dated_on: date(row.datedOn),
      description: row.description,
      full_description: fullDescription(row.description, row.amountMinor, account.currency),
      uploaded_at: row.uploadedAt ? timestamp(row.uploadedAt) : undefined,
      unexplained_amount: decimal(fromMinor(unexplainedMinor(row, own), account.currency)),
      is_manual: row.isManual,
      transaction_id: row.transactionId ?? undefined,
      matching_transactions_count: Math.max(0, (matching.get(row.bankAccountId)!.get(row.description) ?? 1) - 1),
      bank_transaction_explanations: own.map((explanation) => explanationRecord(ctx, explanation, { transaction: row, account, nativeCurrency })),
      ...attachmentFields(ctx, EXPLANATIONS, own.map((explanation) => explanation.id)),
      ...reconciledFields(ctx, row.id, reconciled),
      created_at: timestamp(row.createdAt),
      updated_at: timestamp(row.updatedAt),
    };
  });
}
