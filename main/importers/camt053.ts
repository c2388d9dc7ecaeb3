import { negate, readAmount } from './amounts';
import { isoDatePart } from './dates';
import { asIban } from './iban';
import { LineIndex } from './line-index';
import { child, childrenNamed, descendants, parseMarkup, textAt, type MarkupNode } from './markup';
import { AccountBook, message, refused, squeeze, withoutUndefined } from './result';
import type { ImportMessage, ParsedStatement, StatementAccount, StatementLine } from './types';

/**
 * ISO 20022 camt.053 bank-to-customer statements, versions 02 to 08 (the element names this reads
 * have not changed across them). One line per entry (Ntry): a batch entry carries several TxDtls,
 * but the bank booked one amount, and that is what the account shows and what reconciles. The
 * details give the description, counterparty and references. camt.052 (intraday report) and
 * camt.054 (notification) describe bookings that a later statement repeats, so they are refused
 * rather than imported twice.
 */

const CAMT_NAMESPACE = /camt\.(\d{3})\.001\.(\d{2})/;
const STATEMENTS = new Set(['Stmt']);
const TRANSACTION_DETAILS = new Set(['TxDtls']);
const OPENING_BALANCES = ['OPBD', 'PRCD'];
const CLOSING_BALANCES = ['CLBD'];

const ENTRIES = new Set(['Ntry']);

export function parseCamt053(text: string): ParsedStatement {
  const lines = new LineIndex(text);
  const entryWarnings: ImportMessage[] = [];
  const errors: ImportMessage[] = [];
  // Each entry is read as soon as it ends (see MarkupOptions.detach), filed under its statement.
  const byStatement = new Map<MarkupNode, StatementLine[]>();
  const handle = (entry: MarkupNode, stack: readonly MarkupNode[], depth: number) => {
    const statement = stack[depth - 1];
    if (statement.name !== 'Stmt') return;
    const line = readEntry(entry, lines.lineAt(entry.offset), entryWarnings, errors);
    if (!line) return;
    const list = byStatement.get(statement);
    if (list) list.push(line);
    else byStatement.set(statement, [line]);
  };
  const root = parseMarkup(text, 0, { detach: { names: ENTRIES, handle } });
  const document = root.children.find((c) => c.name === 'Document') ?? root.children[0];
  if (!document) return refused('camt053', 'This XML file is empty.');

  const namespace = namespaceOf(document);
  const namespaceMatch = CAMT_NAMESPACE.exec(namespace ?? '');
  const kind = namespaceMatch?.[1] ?? kindFromElements(document);
  if (kind === '052') return refused('camt053', 'This is a camt.052 intraday account report, not a statement: import the end-of-day camt.053 statement instead.');
  if (kind === '054') return refused('camt053', 'This is a camt.054 debit/credit notification, not a statement: import the camt.053 statement that books it.');
  if (!namespaceMatch) {
    return refused('camt053', `This XML file is not an ISO 20022 camt.053 statement${namespace ? ` (its namespace is ${namespace})` : ''}.`);
  }
  if (kind !== '053') return refused('camt053', `This is an ISO 20022 camt.${kind} message, not a camt.053 statement.`);

  const warnings: ImportMessage[] = [];
  const version = Number(namespaceMatch[2]);
  if (version < 2 || version > 8) warnings.push(message(`camt.053 version ${namespaceMatch[2]} is newer or older than the versions tested (02 to 08); check the result.`));

  const statements = descendants(document, STATEMENTS);
  if (statements.length === 0) return refused('camt053', 'This camt.053 file holds no statement (no Stmt element).');

  const book = new AccountBook();
  const transactions: StatementLine[] = [];
  for (const statement of statements) {
    const accountIndex = book.add(readAccount(statement));
    for (const line of byStatement.get(statement) ?? []) {
      line.accountIndex = accountIndex;
      transactions.push(line);
    }
  }
  return { format: 'camt053', accounts: book.accounts, transactions, warnings: [...warnings, ...entryWarnings], errors };
}

function namespaceOf(document: MarkupNode): string | undefined {
  const attributes = document.attributes ?? {};
  return attributes.xmlns ?? Object.entries(attributes).find(([name, value]) => name.startsWith('xmlns:') && CAMT_NAMESPACE.test(value))?.[1];
}

function kindFromElements(document: MarkupNode): string | undefined {
  if (child(document, 'BkToCstmrAcctRpt')) return '052';
  if (child(document, 'BkToCstmrDbtCdtNtfctn')) return '054';
  return undefined;
}

function readAccount(statement: MarkupNode): StatementAccount {
  const account = child(statement, 'Acct');
  const id = child(account, 'Id');
  const balances = childrenNamed(statement, 'Bal');
  const other = nonEmpty(textAt(child(id, 'Othr'), 'Id'));
  return withoutUndefined({
    iban: nonEmpty(textAt(id, 'IBAN'))?.replace(/\s+/g, '') ?? asIban(other),
    accountNumber: asIban(other) ? undefined : other,
    currency: nonEmpty(textAt(account, 'Ccy')) ?? currencyOf(balances[0]),
    bic: nonEmpty(textAt(child(account, 'Svcr'), 'BICFI') ?? textAt(child(account, 'Svcr'), 'BIC')),
    openingBalance: balanceOf(balances, OPENING_BALANCES),
    closingBalance: balanceOf(balances, CLOSING_BALANCES),
  });
}

function balanceOf(balances: MarkupNode[], codes: string[]): { amount: string; date?: string } | undefined {
  const balance = balances.find((b) => codes.includes(textAt(child(b, 'Tp'), 'Cd') ?? ''));
  if (!balance) return undefined;
  const amount = signed(child(balance, 'Amt'), textAt(balance, 'CdtDbtInd'));
  if (amount === null) return undefined;
  return withoutUndefined({ amount, date: dateIn(child(balance, 'Dt')) });
}

function currencyOf(balance: MarkupNode | undefined): string | undefined {
  const currency = child(balance, 'Amt')?.attributes?.Ccy;
  return currency && currency !== 'XXX' ? currency : undefined;
}

/** An entry, its account still to be known (accountIndex is set once the statement is read). */
function readEntry(entry: MarkupNode, line: number, warnings: ImportMessage[], errors: ImportMessage[]): StatementLine | null {
  const indicator = textAt(entry, 'CdtDbtInd');
  const amount = signed(child(entry, 'Amt'), indicator);
  const datedOn = dateIn(child(entry, 'BookgDt')) ?? dateIn(child(entry, 'ValDt'));
  if (amount === null || !datedOn) {
    const problems = [amount === null && 'no readable amount', !datedOn && 'no booking or value date'].filter(Boolean);
    errors.push(message(`This entry was not imported: ${problems.join(' and ')}.`, line));
    return null;
  }
  const status = (textAt(child(entry, 'Sts'), 'Cd') ?? child(entry, 'Sts')?.text ?? 'BOOK').toUpperCase();
  if (status !== 'BOOK') warnings.push(message(`This entry is not booked yet (status ${status}).`, line));

  const details = descendants(child(entry, 'NtryDtls'), TRANSACTION_DETAILS);
  const credit = indicator?.trim().toUpperCase() === 'CRDT';
  const payee = details.map((d) => counterparty(d, credit)).find(Boolean);
  const remittance = unique(details.flatMap((d) => remittanceOf(d)));
  const entryInfo = nonEmpty(squeeze(textAt(entry, 'AddtlNtryInf')));
  const transactionInfo = nonEmpty(squeeze(details.map((d) => child(d, 'AddtlTxInf')?.text).find(Boolean)));
  // A batch's remittance lines are its parts' references; the entry's own text names the batch.
  const batch = details.length > 1;
  const description = (batch ? entryInfo : undefined) || remittance.join(' ') || transactionInfo || entryInfo || payee || bankCode(entry) || '';
  const endToEnd = details.map((d) => textAt(child(d, 'Refs'), 'EndToEndId')).find((ref) => ref && ref !== 'NOTPROVIDED');
  return withoutUndefined({
    datedOn,
    amount,
    description,
    fitid: nonEmpty(child(entry, 'AcctSvcrRef')?.text) ?? nonEmpty(child(entry, 'NtryRef')?.text),
    payee,
    memo: entryInfo && entryInfo !== description ? entryInfo : undefined,
    reference: nonEmpty(endToEnd),
    accountIndex: -1,
    line,
  });
}

/** Amt with its CdtDbtInd: debits negative. */
function signed(amountNode: MarkupNode | undefined, indicator: string | undefined): string | null {
  const amount = readAmount(amountNode?.text ?? '', '.');
  if (amount === null) return null;
  return indicator?.trim().toUpperCase() === 'DBIT' ? negate(amount) : amount;
}

/** <Dt>2017-03-22</Dt> or <DtTm>2017-03-22T10:00:00</DtTm>, also nested as some banks write it. */
function dateIn(node: MarkupNode | undefined): string | undefined {
  if (!node) return undefined;
  const text = node.text ?? textAt(node, 'Dt') ?? textAt(node, 'DtTm');
  return (text && isoDatePart(text)) || undefined;
}

/** The other party: the debtor of a credit, the creditor of a debit (v08 wraps the name in Pty). */
function counterparty(details: MarkupNode, credit: boolean): string | undefined {
  const parties = child(details, 'RltdPties');
  const party = child(parties, credit ? 'Dbtr' : 'Cdtr') ?? child(parties, credit ? 'UltmtDbtr' : 'UltmtCdtr');
  return nonEmpty(squeeze(child(party, 'Nm')?.text ?? textAt(child(party, 'Pty'), 'Nm')));
}

function remittanceOf(details: MarkupNode): string[] {
  const information = child(details, 'RmtInf');
  const unstructured = childrenNamed(information, 'Ustrd').map((u) => squeeze(u.text));
  const structured = childrenNamed(information, 'Strd').map((s) => squeeze(textAt(child(s, 'CdtrRefInf'), 'Ref') ?? textAt(s, 'AddtlRmtInf')));
  return [...unstructured, ...structured].filter(Boolean);
}

function bankCode(entry: MarkupNode): string | undefined {
  const code = child(entry, 'BkTxCd');
  return nonEmpty(textAt(child(code, 'Prtry'), 'Cd') ?? textAt(child(code, 'Domn'), 'Cd'));
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
