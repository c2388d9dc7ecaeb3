import { canonicalDecimal, fromMinor, MoneyError } from '../../../shared/money';
import type { ImportMessage, StatementAccount, StatementLine } from '../../importers/types';
import type { bankAccounts } from '../../db/schema';
import type { UploadedFile } from '../codec/body';
import type { EngineContext } from '../context';
import { recordUrl } from '../urls';
import { date, decimal, type ApiRecord, type FieldValue } from '../values';
import { mappingToFields } from './csv-mapping-fields';
import { rememberedMapping } from './csv-mapping-memory';
import { csvSample } from './csv-sample';
import type { RowVerdict } from './statement-classify';
import type { IncomingLine } from './incoming-line';
import { matchBankAccount, type CandidateAccount } from './statement-match';
import type { ReviewParse } from './statement-review-parse';

/** The parts of a statement preview, as records (docs/api-notes.md, "Import review"). */

type AccountRow = typeof bankAccounts.$inferSelect;

export const messageRecord = (message: ImportMessage): ApiRecord => (message.line === undefined ? { message: message.message } : { message: message.message, line: message.line });

export function accountRecord(ctx: EngineContext, account: StatementAccount, transactionCount: number, candidates: readonly CandidateAccount[]): ApiRecord {
  const matched = matchBankAccount(account, candidates);
  return {
    account_number: account.accountNumber,
    sort_code: account.sortCode,
    iban: account.iban,
    currency: account.currency?.toUpperCase(),
    account_type: account.accountType,
    closing_balance: account.closingBalance ? decimalOrUndefined(account.closingBalance.amount) : undefined,
    closing_balance_date: account.closingBalance?.date ? date(account.closingBalance.date) : undefined,
    transaction_count: transactionCount,
    matched_bank_account: matched ? recordUrl(ctx, 'bank_accounts', matched.id) : null,
  };
}

function decimalOrUndefined(text: string) {
  try {
    return decimal(canonicalDecimal(text));
  } catch (error) {
    if (error instanceof MoneyError) return undefined;
    throw error;
  }
}

export function csvRecord(ctx: EngineContext, file: UploadedFile, read: ReviewParse, bankRow: AccountRow | null): ApiRecord {
  const csv = read.parsed.csv!;
  const { sample, columnCount } = csvSample(file.bytes, csv.mapping, csv.header);
  // The layout remembered for this header, else the latest one confirmed for the account.
  const remembered = bankRow ? (rememberedMapping(ctx, bankRow.id, csv.header ?? null) ?? rememberedMapping(ctx, bankRow.id)) : null;
  return {
    mapping: mappingToFields(csv.mapping) as FieldValue,
    mapping_source: read.mappingSource,
    remembered_mapping: remembered ? (remembered.mapping as FieldValue) : undefined,
    header: csv.header ? [...csv.header] : undefined,
    sample,
    column_count: columnCount,
    date_order_ambiguous: read.dateOrderAmbiguous,
  };
}

/** The text part of a stored "text/reference/TYPE/" description, for showing the line a row matches. */
function storedText(description: string): string {
  const parts = description.replace(/\/$/, '').split('/');
  if (parts.length < 3) return description;
  const reference = parts[parts.length - 2]!;
  const text = parts.slice(0, -2).join('/');
  return reference && text ? `${text} (${reference})` : text || reference;
}

export function rowRecord(ctx: EngineContext, line: IncomingLine, source: Pick<StatementLine, 'description' | 'reference'>, index: number, verdict: RowVerdict | undefined, currency: string): ApiRecord {
  return {
    index,
    dated_on: date(line.datedOn),
    amount: decimal(fromMinor(line.amountMinor, currency)),
    description: source.description,
    reference: source.reference || undefined,
    fitid: line.fitid ?? undefined,
    transaction_type: line.transactionType,
    status: verdict?.status,
    duplicate_reason: verdict?.reason,
    matches: verdict?.match
      ? {
          url: recordUrl(ctx, 'bank_transactions', verdict.match.id),
          dated_on: date(verdict.match.datedOn),
          amount: decimal(fromMinor(verdict.match.amountMinor, currency)),
          description: storedText(verdict.match.description),
        }
      : undefined,
  };
}
