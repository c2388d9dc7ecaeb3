import type { ImportMessage, ParsedStatement, StatementAccount } from '../../importers/types';
import { bankAccounts } from '../../db/schema';
import type { UploadedFile } from '../codec/body';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { ApiError } from '../errors';
import { recordUrl } from '../urls';
import type { ApiRecord } from '../values';
import { csvClosingBalance } from './csv-closing-balance';
import { rememberedMapping } from './csv-mapping-memory';
import { balanceCheck } from './statement-balance';
import { classifyRows, countStatuses } from './statement-classify';
import { existingNear } from './statement-existing';
import type { IncomingLine } from './statement-import';
import { newLines } from './statement-dedup';
import { chooseAccount, incomingLine, type AccountIdentity } from './statement-lines';
import { matchBankAccount, type CandidateAccount } from './statement-match';
import { accountRecord, csvRecord, messageRecord, rowRecord } from './statement-preview-records';
import type { ReviewOptions } from './statement-review-fields';
import { parseForReview, withRememberedMapping, type ReviewParse } from './statement-review-parse';
import { autoExplainPreview } from './rules/auto-explain';

type AccountRow = typeof bankAccounts.$inferSelect;

const identityOf = (row: AccountRow): CandidateAccount => ({ id: row.id, accountNumber: row.accountNumber, sortCode: row.sortCode, iban: row.iban, currency: row.currency });

/**
 * POST /v2/bank_transactions/statement/preview: what an upload of this file would do, without doing
 * it. Nothing is written. The rows are exactly the lines a reviewed upload of the same file with the
 * same options would get, in the same order, so the review can name them by index.
 */
export function buildPreview(ctx: EngineContext, file: UploadedFile, options: ReviewOptions, asked: AccountRow | null): ApiRecord {
  const accounts = ctx.db.select().from(bankAccounts).all();
  const candidates = accounts.map(identityOf);
  let read = parseForReview(file, options);
  const errors: ImportMessage[] = [...read.parsed.errors];
  const warnings: ImportMessage[] = [...read.parsed.warnings];

  let choice = chooseStatementAccount(read, asked, candidates, warnings, errors);
  if (choice.bankAccount) {
    const remembered = read.parsed.csv ? rememberedMapping(ctx, choice.bankAccount.id, read.parsed.csv.header ?? null) : null;
    const again = withRememberedMapping(file, read, remembered, options.dateOrder);
    if (again !== read) {
      // A mapping names no sort code or account number columns, so the file's account details come
      // from the first reading; the account they matched is the one the mapping was remembered for.
      const first = read.parsed.accounts;
      read = { ...again, parsed: { ...again.parsed, accounts: again.parsed.accounts.map((account, index) => ({ ...first[index], ...account })) } };
      errors.splice(0, errors.length, ...again.parsed.errors);
      warnings.splice(0, warnings.length, ...again.parsed.warnings);
      const bankAccount = accounts.find((row) => row.id === choice.bankAccount!.id)!;
      choice = { ...chooseStatementAccount(read, asked ?? bankAccount, candidates, warnings, errors), matched: choice.matched };
    }
  }
  const { parsed } = read;
  const bankRow = choice.bankAccount ? accounts.find((row) => row.id === choice.bankAccount!.id)! : null;
  const statement = statementWithBalance(file, parsed, choice.index);
  const currency = bankRow?.currency ?? statement?.currency?.toUpperCase() ?? loadCompany(ctx).currency;
  if (bankRow && statement?.currency && statement.currency.toUpperCase() !== bankRow.currency) {
    errors.push({ message: `The statement is in ${statement.currency.toUpperCase()} but ${bankRow.name} is in ${bankRow.currency}; choose an account in ${statement.currency.toUpperCase()}.` });
  }

  const lines: IncomingLine[] = [];
  const sources = choice.index === null ? [] : parsed.transactions.filter((line) => line.accountIndex === choice.index);
  sources.forEach((line, position) => {
    try {
      lines.push(incomingLine(line, currency, position));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      errors.push({ message: error.message.replace(/; nothing from this upload was imported$/, '.'), line: line.line });
    }
  });
  const verdicts = bankRow && lines.length === sources.length ? classifyRows(lines, newLines(ctx, bankRow.id, lines), existingNear(ctx, bankRow.id, lines)) : null;

  return {
    file_name: file.name,
    format: parsed.format,
    warnings: warnings.map(messageRecord),
    errors: errors.map(messageRecord),
    accounts: parsed.accounts.map((account, index) => accountRecord(ctx, index === choice.index && statement ? statement : account, parsed.transactions.filter((line) => line.accountIndex === index).length, candidates)),
    statement_account: choice.index,
    bank_account: bankRow ? recordUrl(ctx, 'bank_accounts', bankRow.id) : null,
    matched_bank_account: choice.matched ? recordUrl(ctx, 'bank_accounts', choice.matched.id) : null,
    currency,
    csv: parsed.csv ? csvRecord(ctx, file, read, bankRow) : undefined,
    rows: lines.map((line, index) => rowRecord(ctx, line, sources[index]!, index, verdicts?.[index], currency)),
    counts: verdicts ? countStatuses(verdicts) : { new: 0, duplicate: 0, possible_duplicate: 0, transfer: 0 },
    balance: bankRow && verdicts ? balanceCheck(ctx, bankRow, lines, verdicts, statement) : undefined,
    // Ledgerdesk's bank rules: the rows an auto-explain rule will explain when they are imported.
    auto_explain: bankRow && verdicts ? autoExplainPreview(ctx, bankRow, lines, (index) => verdicts[index]!.status !== 'duplicate') : [],
  };
}

/** The statement account the rows come from, with a CSV's running balance as its closing balance when the file states none. */
function statementWithBalance(file: UploadedFile, parsed: ParsedStatement, index: number | null): StatementAccount | undefined {
  if (index === null) return undefined;
  const account = parsed.accounts[index];
  if (!account || account.closingBalance || !parsed.csv) return account;
  const closingBalance = csvClosingBalance(file.bytes, parsed);
  return closingBalance ? { ...account, closingBalance } : account;
}

interface StatementChoice {
  /** Which of the file's accounts the rows come from. */
  index: number | null;
  /** The bank account the rows are compared with and would go into. */
  bankAccount: CandidateAccount | null;
  /** The bank account the file's own details point to, if exactly one. */
  matched: CandidateAccount | null;
}

/**
 * Which statement of the file to review, and against which bank account. An account the user chose
 * decides, with the upload's own rule for files of several accounts; otherwise the account numbers in
 * the file decide when they point to exactly one statement and one bank account.
 */
function chooseStatementAccount(read: ReviewParse, asked: AccountRow | null, candidates: readonly CandidateAccount[], warnings: ImportMessage[], errors: ImportMessage[]): StatementChoice {
  const { parsed } = read;
  const used = [...new Set(parsed.transactions.map((line) => line.accountIndex))];
  const matchOf = (index: number) => (parsed.accounts[index] ? matchBankAccount(parsed.accounts[index], candidates) : null);
  if (asked) {
    const identity: AccountIdentity = identityOf(asked);
    try {
      const index = parsed.transactions.length === 0 ? (parsed.accounts.length > 0 ? 0 : null) : chooseAccount(parsed, identity);
      return { index, bankAccount: identityOf(asked), matched: index === null ? null : matchOf(index) };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      errors.push({ message: `${error.message}.` });
      return { index: null, bankAccount: identityOf(asked), matched: null };
    }
  }
  if (used.length <= 1) {
    const index = used[0] ?? (parsed.accounts.length > 0 ? 0 : null);
    const matched = index === null ? null : matchOf(index);
    return { index, bankAccount: matched, matched };
  }
  const matching = used.filter((index) => matchOf(index) !== null);
  if (matching.length === 1) {
    const matched = matchOf(matching[0]!);
    return { index: matching[0]!, bankAccount: matched, matched };
  }
  warnings.push({ message: `The file holds statements for ${used.length} accounts. Choose the bank account to import into: the statement whose account number matches it is the one imported.` });
  return { index: null, bankAccount: null, matched: null };
}

