import type { SimBook } from './books';

const pathOf = (url: string) => url.replace(/^.*?\/v2\//, '/v2/');
const PAYEES = ['Coffee Shop', 'Hotel', 'Acme Ltd', 'Taxi'];
const AMOUNTS = [-3.2, -42.5, 1200, -7];

type Row = Record<string, any>;

async function listOf(book: SimBook, family: string, account: string): Promise<Row[]> {
  return (await book.call('GET', `/v2/${family}?bank_account=${encodeURIComponent(account)}&per_page=100`)).body[family] as Row[];
}

/**
 * One person's banking on a book, chosen by the seed: a statement of one to three lines (payees and
 * amounts from a short list, so identical lines happen, on one book and on two), an explanation of an
 * unexplained line, a line or an explanation deleted, an explanation changed. The accountant on the
 * remote uploads, explains and changes, but deletes nothing.
 */
export async function bankOperation(random: () => number, book: SimBook, actor: string, step: number, accountant: boolean): Promise<void> {
  const pick = <T>(list: T[]): T | undefined => list[Math.floor(random() * list.length)];
  const accounts = (await book.call('GET', '/v2/bank_accounts')).body.bank_accounts as Row[];
  let account = pick(accounts);
  if (!account) {
    // A new account, and its first statement at once.
    account = (await book.call('POST', '/v2/bank_accounts', { bank_account: { name: `Bank ${actor}${step}`, type: 'StandardBankAccount', opening_balance: '0' } })).body.bank_account as Row;
  }
  const at = pathOf(account.url);
  const lines = await listOf(book, 'bank_transactions', at);
  const roll = random();
  if (roll < 0.4 || lines.length === 0) {
    const statement = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({ dated_on: `2026-11-0${1 + Math.floor(random() * 5)}`, amount: pick(AMOUNTS)!, description: pick(PAYEES)!, transaction_type: 'OTHER' }));
    await book.call('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(at)}`, { statement });
  } else if (roll < 0.65) {
    const line = pick(lines.filter((row) => Number(row.unexplained_amount) !== 0));
    if (!line) return;
    const category = Number(line.unexplained_amount) > 0 ? '/v2/categories/001' : '/v2/categories/285';
    await book.call('POST', '/v2/bank_transaction_explanations', { bank_transaction_explanation: { bank_transaction: line.url, dated_on: line.dated_on, gross_value: line.unexplained_amount, category, description: `${actor}${step}` } });
  } else if (roll < 0.8 && !accountant) {
    const line = pick(lines.filter((row) => row.bank_transaction_explanations.length === 0 && !row.is_manual));
    if (line) await book.call('DELETE', pathOf(line.url));
  } else {
    const explanation = pick((await listOf(book, 'bank_transaction_explanations', at)).filter((row) => row.is_deletable !== false));
    if (!explanation) return;
    if (accountant || random() < 0.6) await book.call('PUT', pathOf(explanation.url), { bank_transaction_explanation: { description: `${actor}${step}` } });
    else await book.call('DELETE', pathOf(explanation.url));
  }
}

/** Every account's lines and explanations as a person compares books (by the account's name). */
export async function canonicalBanking(book: SimBook, banks: Row[]): Promise<Record<string, { lines: string[]; explanations: string[] }>> {
  const out: Record<string, { lines: string[]; explanations: string[] }> = {};
  const named = (bank: Row) => `${bank.name}|${bank.account_number ?? ''}`;
  for (const bank of [...banks].sort((x, y) => named(x).localeCompare(named(y)))) {
    const at = pathOf(bank.url);
    const lines = (await listOf(book, 'bank_transactions', at)).map((row) => `${row.dated_on} ${row.amount} ${row.description} ${row.is_manual} ${row.unexplained_amount}`).sort();
    const explanations = (await listOf(book, 'bank_transaction_explanations', at)).map((row) => `${row.dated_on} ${row.gross_value} ${row.description ?? ''} ${row.category ? pathOf(row.category) : '-'} ${row.type}`).sort();
    out[named(bank)] = { lines, explanations };
  }
  return out;
}
