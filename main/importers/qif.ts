import { readAmount } from './amounts';
import { dateOrderEvidence, readDateShape, resolveDate, type DateOrder, type DateShape } from './dates';
import { message, refused, squeeze, withoutUndefined } from './result';
import type { ImportMessage, ParsedStatement, ParseOptions, StatementAccount, StatementLine } from './types';

/**
 * Quicken Interchange Format. Bank, cash and card sections give their transactions, each under the
 * account its !Account block names. Investment sections give only cash moving in or out (Cash, XIn,
 * XOut); trades are left out, and a file of trades alone is refused. Lists (categories, classes,
 * memorized transactions, securities) are not statements and are skipped.
 */

const ACCOUNT_TYPES: Readonly<Record<string, string>> = {
  bank: 'BANK',
  cash: 'CASH',
  ccard: 'CREDITCARD',
  'oth a': 'ASSET',
  'oth l': 'LIABILITY',
  invst: 'INVESTMENT',
};
const LISTS = new Set(['cat', 'class', 'memorized', 'security', 'prices', 'template', 'bill', 'invitem', 'budget', 'tax']);
const CASH_ACTIONS = new Set(['cash', 'xin', 'xout']);

interface QifRecord {
  section: string;
  account: string;
  fields: Map<string, string[]>;
  line: number;
}

export function parseQif(text: string, options: ParseOptions): ParsedStatement {
  const { records, warnings, sawHeader } = readRecords(text);
  if (!sawHeader) return refused('qif', 'This is not a QIF file: it has no !Type header.');

  const shapes = new Map<QifRecord, DateShape | null>();
  for (const record of records) shapes.set(record, readDateShape(first(record, 'D') ?? ''));
  const order = chooseDateOrder(shapes.values(), options, warnings);

  const accounts: StatementAccount[] = [];
  const accountIndexes = new Map<string, number>();
  const transactions: StatementLine[] = [];
  const errors: ImportMessage[] = [];
  let trades = 0;
  let listEntries = 0;

  for (const record of records) {
    if (LISTS.has(record.section)) {
      listEntries++;
      continue;
    }
    const investment = record.section === 'invst';
    const action = (first(record, 'N') ?? '').toLowerCase();
    if (investment && !CASH_ACTIONS.has(action)) {
      trades++;
      continue;
    }
    const rawDate = first(record, 'D');
    const shape = shapes.get(record) ?? null;
    const datedOn = shape ? resolveDate(shape, order) : null;
    const rawAmount = first(record, 'T') ?? first(record, 'U') ?? (investment ? first(record, '$') : undefined);
    const amount = rawAmount === undefined ? null : readAmount(rawAmount);
    if (!datedOn || amount === null) {
      const problems = [
        !datedOn && (rawDate ? `the date "${rawDate}" cannot be read` : 'it has no date'),
        amount === null && (rawAmount ? `the amount "${rawAmount}" cannot be read` : 'it has no amount'),
      ].filter(Boolean);
      errors.push(message(`This transaction was not imported: ${problems.join(' and ')}.`, record.line));
      continue;
    }
    const key = `${record.section}\u0000${record.account}`;
    let accountIndex = accountIndexes.get(key);
    if (accountIndex === undefined) {
      accountIndex = accounts.push({ accountType: ACCOUNT_TYPES[record.section] }) - 1;
      accountIndexes.set(key, accountIndex);
    }
    const payee = nonEmpty(squeeze(first(record, 'P')));
    const memo = nonEmpty(squeeze(first(record, 'M')));
    transactions.push(
      withoutUndefined({
        datedOn,
        amount,
        description: payee ?? memo ?? '',
        payee,
        memo,
        reference: investment ? undefined : nonEmpty(first(record, 'N')),
        accountIndex,
        line: record.line,
      }),
    );
  }

  if (transactions.length === 0 && errors.length === 0) {
    if (trades > 0) return refused('qif', `This QIF file holds investment transactions only (${trades} trades or transfers of securities), no cash lines to import.`);
    if (listEntries > 0) return refused('qif', 'This QIF file holds only lists (categories, classes, memorized transactions or securities), no account transactions.');
    return refused('qif', 'This QIF file holds no transactions.');
  }
  if (trades > 0) warnings.push(message(`${trades} investment transactions (trades, income, transfers of securities) were left out: only cash lines are imported.`));
  return { format: 'qif', accounts, transactions, warnings, errors };
}

function readRecords(text: string): { records: QifRecord[]; warnings: ImportMessage[]; sawHeader: boolean } {
  const records: QifRecord[] = [];
  const warnings: ImportMessage[] = [];
  let sawHeader = false;
  // null while reading !Account blocks rather than a !Type section.
  let section: string | null = null;
  // Between !Option:AutoSwitch and !Clear:AutoSwitch, !Account blocks only list accounts; outside,
  // an !Account block names the account the following sections belong to.
  let listingAccounts = false;
  let account = '';
  let pendingAccount = '';
  let fields = new Map<string, string[]>();
  let recordLine = 0;

  const endRecord = () => {
    if (section === null) {
      if (!listingAccounts && pendingAccount) account = pendingAccount;
    } else if (fields.size > 0 && section !== 'unknown') {
      records.push({ section, account, fields, line: recordLine });
    }
    fields = new Map();
    pendingAccount = '';
  };

  const lines = text.split(/\r\n|\r|\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    if (trimmed.startsWith('!')) {
      endRecord();
      sawHeader = true;
      const header = trimmed.slice(1).toLowerCase();
      if (header.startsWith('option:autoswitch')) {
        listingAccounts = true;
        section = null;
      } else if (header.startsWith('clear:autoswitch')) {
        listingAccounts = false;
      } else if (header === 'account') {
        section = null;
      } else if (header.startsWith('type:')) {
        section = header.slice(5).trim();
        if (!(section in ACCOUNT_TYPES) && !LISTS.has(section)) {
          warnings.push(message(`The QIF section "${trimmed}" is not one Ledgerdesk reads; it was skipped.`, index + 1));
          section = 'unknown';
        }
      }
      continue;
    }
    // Records end with ^ (some exporters write ^^).
    if (trimmed.startsWith('^')) {
      endRecord();
      continue;
    }
    const code = line[0];
    const value = line.slice(1).trim();
    if (section === null) {
      if (code === 'N') pendingAccount = value;
      continue;
    }
    if (fields.size === 0) recordLine = index + 1;
    const values = fields.get(code);
    if (values) values.push(value);
    else fields.set(code, [value]);
  }
  endRecord();
  return { records, warnings, sawHeader };
}

function chooseDateOrder(shapes: Iterable<DateShape | null>, options: ParseOptions, warnings: ImportMessage[]): DateOrder {
  if (options.dateOrder) return options.dateOrder;
  const evidence = dateOrderEvidence(shapes);
  if (evidence.decided) return evidence.decided;
  if (evidence.ambiguous) {
    warnings.push(message("Dates such as 03/04 were read month first, Quicken's usual order; choose day first if they are UK dates."));
  }
  return 'mdy';
}

function first(record: QifRecord, code: string): string | undefined {
  return record.fields.get(code)?.[0];
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
