import type { Suite } from './bench';
import { BENCH_ORIGIN, createBenchBook, type BenchBook } from './fixture';

// The reports over a ledger of 1,000,000 postings: the profit and loss summary, the cashflow, the
// balance sheet, the trial balance and the accounting transactions through the whole engine in process, each against raw SQL over the same
// postings table in the same run (written by hand, as one would query the table for those figures).

const POSTINGS = 1_000_000;
const FIRST_DAY = Date.UTC(2025, 4, 1);
const DAYS = 570;
const EXPENSE_CODES = ['101', '103', '250', '251', '268', '269', '270', '273', '276', '277', '280', '283', '285', '288', '290', '292', '293', '361', '363', '364'];

const PROFIT_AND_LOSS = { from: '2026-05-01', to: '2026-10-31' };
const CASHFLOW = { from: '2025-11-01', to: '2026-10-31' };
const TRANSACTIONS = { from: '2026-05-01', to: '2026-10-31', code: '285', limit: 100 };
const BALANCE_SHEET = { asAt: '2026-10-31' };
const TRIAL_BALANCE = { from: '2026-05-01', to: '2026-10-31' };

/**
 * Documents as explanations post them: a sale (bank, 001, VAT charged), a purchase (bank, one of
 * twenty spending categories, VAT reclaimed) or a transfer between two of the three bank accounts,
 * spread evenly over nineteen months. Written with one prepared INSERT in one transaction: a million
 * rows through the API would take the setup most of an hour and measure nothing more.
 */
function fillLedger(book: BenchBook): void {
  const sqlite = book.deps.book.sqlite;
  const id = (code: string) => sqlite.prepare('SELECT id FROM categories WHERE nominal_code = ?').pluck().get(code) as number;
  const banks = book.bankAccountIds.map((account) => sqlite.prepare('SELECT id FROM categories WHERE bank_account_id = ?').pluck().get(account) as number);
  const sales = id('001');
  const charged = id('819');
  const reclaimed = id('818');
  const expenses = EXPENSE_CODES.map(id);
  const insert = sqlite.prepare(
    `INSERT INTO postings (dated_on, category_id, debit_minor, description, source_resource, source_id, sales_tax_status, created_at, updated_at)
     VALUES (?, ?, ?, 'bench', 'bank_transaction_explanations', ?, ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
  );
  sqlite.transaction(() => {
    let written = 0;
    for (let document = 1; written < POSTINGS; document += 1) {
      const day = new Date(FIRST_DAY + (document % DAYS) * 86_400_000).toISOString().slice(0, 10);
      const net = 1_000 + ((document * 7919) % 200_000);
      const vat = Math.round(net / 5);
      const bank = banks[document % banks.length]!;
      const kind = document % 10;
      if (kind === 0) {
        insert.run(day, bank, -net, document, null);
        insert.run(day, banks[(document + 1) % banks.length]!, net, document, null);
        written += 2;
      } else if (kind <= 3) {
        insert.run(day, bank, net + vat, document, null);
        insert.run(day, sales, -net, document, 'TAXABLE');
        insert.run(day, charged, -vat, document, null);
        written += 3;
      } else {
        insert.run(day, bank, -(net + vat), document, null);
        insert.run(day, expenses[document % expenses.length]!, net, document, 'TAXABLE');
        insert.run(day, reclaimed, vat, document, null);
        written += 3;
      }
    }
  })();
}

async function get(book: BenchBook, path: string): Promise<string> {
  const response = await book.engine.fetch(new Request(`${BENCH_ORIGIN}${path}`, { headers: book.headers }));
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${body}`);
  return body;
}

// Each call reads hundreds of thousands of rows: longer rounds, so every round holds several calls.
const MEASURE = { warmupMs: 1500, rounds: 5, roundMs: 2000 };

/** A book of three bank accounts and POSTINGS postings. */
export async function createReportsBook(): Promise<BenchBook> {
  const book = await createBenchBook(3);
  fillLedger(book);
  return book;
}

export const reportsSuite: Suite = {
  name: 'reports',
  async open() {
    const book = await createReportsBook();
    const sqlite = book.deps.book.sqlite;
    // Per category over the table: the period's movement and everything before it (brought forward).
    const profitAndLoss = sqlite.prepare(
      `SELECT c.base_code, sum(CASE WHEN p.dated_on >= @from THEN p.debit_minor ELSE 0 END) AS period,
         sum(CASE WHEN p.dated_on < @from THEN p.debit_minor ELSE 0 END) AS before
       FROM postings p JOIN categories c ON c.id = p.category_id
       WHERE p.dated_on <= @to AND CAST(c.base_code AS INTEGER) < 600
       GROUP BY c.base_code`,
    );
    // Money in and out of the bank accounts per month, each document's bank postings netted first so
    // that transfers between own accounts count neither way: the same figures as GET /v2/cashflow.
    const cashflowNetted = sqlite.prepare(
      `SELECT month, sum(CASE WHEN net > 0 THEN net ELSE 0 END) AS incoming, sum(CASE WHEN net < 0 THEN -net ELSE 0 END) AS outgoing
       FROM (SELECT substr(p.dated_on, 1, 7) AS month, sum(p.debit_minor) AS net
             FROM postings p JOIN categories c ON c.id = p.category_id
             WHERE c.base_code = '750' AND p.dated_on BETWEEN @from AND @to
             GROUP BY p.source_resource, p.source_id, p.dated_on)
       GROUP BY month`,
    );
    // The bank postings summed by sign without netting (transfers counted both ways): the floor.
    const cashflowBankSums = sqlite.prepare(
      `SELECT substr(p.dated_on, 1, 7) AS month, sum(CASE WHEN p.debit_minor > 0 THEN p.debit_minor ELSE 0 END) AS incoming,
         sum(CASE WHEN p.debit_minor < 0 THEN -p.debit_minor ELSE 0 END) AS outgoing
       FROM postings p JOIN categories c ON c.id = p.category_id
       WHERE c.base_code = '750' AND p.dated_on BETWEEN @from AND @to
       GROUP BY month`,
    );
    // One page of accounting transactions of a category over six months, with the total for paging.
    const transactionsCount = sqlite.prepare(
      `SELECT count(*) FROM postings p JOIN categories c ON c.id = p.category_id
       WHERE c.base_code = @code AND p.dated_on BETWEEN @from AND @to`,
    );
    const transactionsPage = sqlite.prepare(
      `SELECT p.*, c.nominal_code, c.description AS category_name FROM postings p JOIN categories c ON c.id = p.category_id
       WHERE c.base_code = @code AND p.dated_on BETWEEN @from AND @to ORDER BY p.dated_on, p.id LIMIT @limit`,
    );
    // The same over every category: six months of the ledger counted and sorted for its first page.
    const allCount = sqlite.prepare('SELECT count(*) FROM postings WHERE dated_on BETWEEN @from AND @to');
    const allPage = sqlite.prepare(
      `SELECT p.*, c.nominal_code, c.description AS category_name FROM postings p JOIN categories c ON c.id = p.category_id
       WHERE p.dated_on BETWEEN @from AND @to ORDER BY p.dated_on, p.id LIMIT @limit`,
    );
    // Every category's balance at a date, joined to its code: what the balance sheet places.
    const balances = sqlite.prepare(
      `SELECT c.nominal_code, c.base_code, sum(p.debit_minor) AS total FROM postings p JOIN categories c ON c.id = p.category_id
       WHERE p.dated_on <= @asAt GROUP BY p.category_id`,
    );
    // Every category's total to the end of the period and the part before it: what the trial balance splits.
    const trialTotals = sqlite.prepare(
      `SELECT c.nominal_code, c.base_code, sum(p.debit_minor) AS upTo, sum(CASE WHEN p.dated_on < @from THEN p.debit_minor ELSE 0 END) AS before
       FROM postings p JOIN categories c ON c.id = p.category_id WHERE p.dated_on <= @to GROUP BY p.category_id`,
    );
    const balanceSheetPath = `/v2/accounting/balance_sheet?as_at_date=${BALANCE_SHEET.asAt}`;
    const trialBalancePath = `/v2/accounting/trial_balance/summary?from_date=${TRIAL_BALANCE.from}&to_date=${TRIAL_BALANCE.to}`;
    const allPath = `/v2/accounting/transactions?from_date=${TRANSACTIONS.from}&to_date=${TRANSACTIONS.to}&per_page=${TRANSACTIONS.limit}`;
    const transactionsPath = `/v2/accounting/transactions?from_date=${TRANSACTIONS.from}&to_date=${TRANSACTIONS.to}&nominal_code=${TRANSACTIONS.code}&per_page=${TRANSACTIONS.limit}`;
    const pnlPath = `/v2/accounting/profit_and_loss/summary?from_date=${PROFIT_AND_LOSS.from}&to_date=${PROFIT_AND_LOSS.to}`;
    const cashflowPath = `/v2/cashflow?from_date=${CASHFLOW.from}&to_date=${CASHFLOW.to}`;
    return {
      benchmarks: [
        { name: 'sqlite.profit_and_loss_aggregate', baseline: 'sqlite.profit_and_loss_aggregate', measure: MEASURE, op: () => profitAndLoss.all(PROFIT_AND_LOSS) },
        { name: 'engine.profit_and_loss_summary', baseline: 'sqlite.profit_and_loss_aggregate', measure: MEASURE, op: () => get(book, pnlPath) },
        { name: 'sqlite.cashflow_netted_aggregate', baseline: 'sqlite.cashflow_netted_aggregate', measure: MEASURE, op: () => cashflowNetted.all(CASHFLOW) },
        { name: 'sqlite.cashflow_bank_sums', baseline: 'sqlite.cashflow_netted_aggregate', measure: MEASURE, op: () => cashflowBankSums.all(CASHFLOW) },
        { name: 'engine.cashflow', baseline: 'sqlite.cashflow_netted_aggregate', measure: MEASURE, op: () => get(book, cashflowPath) },
        {
          name: 'sqlite.accounting_transactions_page',
          baseline: 'sqlite.accounting_transactions_page',
          op: () => [transactionsCount.pluck().get(TRANSACTIONS), transactionsPage.all(TRANSACTIONS)],
        },
        { name: 'engine.accounting_transactions', baseline: 'sqlite.accounting_transactions_page', op: () => get(book, transactionsPath) },
        {
          name: 'sqlite.accounting_transactions_all_page',
          baseline: 'sqlite.accounting_transactions_all_page',
          measure: MEASURE,
          op: () => [allCount.pluck().get(TRANSACTIONS), allPage.all(TRANSACTIONS)],
        },
        { name: 'engine.accounting_transactions_all', baseline: 'sqlite.accounting_transactions_all_page', measure: MEASURE, op: () => get(book, allPath) },
        { name: 'sqlite.balance_sheet_aggregate', baseline: 'sqlite.balance_sheet_aggregate', measure: MEASURE, op: () => balances.all(BALANCE_SHEET) },
        { name: 'engine.balance_sheet', baseline: 'sqlite.balance_sheet_aggregate', measure: MEASURE, op: () => get(book, balanceSheetPath) },
        { name: 'sqlite.trial_balance_aggregate', baseline: 'sqlite.trial_balance_aggregate', measure: MEASURE, op: () => trialTotals.all(TRIAL_BALANCE) },
        { name: 'engine.trial_balance', baseline: 'sqlite.trial_balance_aggregate', measure: MEASURE, op: () => get(book, trialBalancePath) },
      ],
      close: () => book.dispose(),
    };
  },
};
