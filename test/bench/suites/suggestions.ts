import { performance } from 'node:perf_hooks';
import type { BenchResult, CustomSuite } from '../bench';
const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
import { BENCH_ORIGIN, createBenchBook, type BenchBook } from '../fixture';
import { eq } from 'drizzle-orm';
import { bankTransactions, users } from '../../../main/db/schema';
import { addSuggestions } from '../../../main/engine/banking/suggest/with-suggestions';
import { buildContext } from '../../../main/engine/context';
import { ofx, upload } from './statement-upload';

// Issue 22 item 5, in one run: (1) what suggestions add to a 10,000-line import: the upload's own time
// against the time to suggest for every line it added, through the code the list runs, right after the
// upload (so the history the upload made stale is read again, and every new description is read for
// its payee the first time). Goal: at most a third. (Reading the 100 pages with and without
// suggestions and subtracting measured the same thing, but on a shared machine the difference of two
// sums of 100 reads drifted more than the figure itself.) (2) A register page (100 lines with running balances) read with suggestions against without,
// alternating. Goal: within 2x (a rate ratio of at least 0.5). The book holds 5,000 explained lines of
// 300 payees; the import's lines are those payees (and 100 never seen), printed the noisy ways banks do.

const HISTORY = 5_000;
const IMPORT = 10_000;
/** Measured rounds, after one that warms the code up and is not counted. */
const ROUNDS = 5;
const PAGE_READS = 200;

const WORDS = ['ALPHA', 'BRAVO', 'CEDAR', 'DELTA', 'EMBER', 'FALCON', 'GROVE', 'HARBOUR', 'IVORY', 'JUNIPER', 'KESTREL', 'LINDEN', 'MAPLE', 'NORTH', 'OAKLEY', 'PARK', 'QUARRY', 'RIVER', 'SUMMIT', 'THAMES', 'UNION', 'VALE', 'WILLOW', 'YARROW'];
const payeeName = (n: number) => `${WORDS[n % WORDS.length]} ${WORDS[Math.floor(n / WORDS.length) % WORDS.length]}${n >= WORDS.length * WORDS.length ? ' NEW' : ''}`;
const CODES = ['250', '251', '268', '269', '270', '273', '280', '285', '365', '001'];

function noisy(name: string, n: number, date: string): string {
  const dm = `${date.slice(8, 10)}/${date.slice(5, 7)}`;
  switch (n % 4) {
    case 0:
      return `CARD PAYMENT TO ${name} ${1000 + (n % 9000)} ON ${dm}`;
    case 1:
      return `${name} ${n % 10000} LONDON GB`;
    case 2:
      return `DD ${name} ${6500000 + n}`;
    default:
      return `${name} REF ${n}`;
  }
}

const dateOf = (n: number) => new Date(Date.UTC(2025, 0, 1) + (n % 600) * 86_400_000).toISOString().slice(0, 10);

/** 5,000 lines of 300 payees and their explanations, written the fast way (only reads look at them). */
export function preloadHistory(book: BenchBook, accountId: number): void {
  const sqlite = book.deps.book.sqlite;
  const categoryIds = CODES.map((code) => sqlite.prepare('SELECT id FROM categories WHERE nominal_code = ?').pluck().get(code) as number);
  const line = sqlite.prepare(
    `INSERT INTO bank_transactions (bank_account_id, dated_on, description, amount_minor, is_manual, marked_for_review, created_at, updated_at)
     VALUES (?, ?, ?, ?, 0, 0, '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')`,
  );
  const explanation = sqlite.prepare(
    `INSERT INTO bank_transaction_explanations (bank_transaction_id, bank_account_id, dated_on, description, category_id, gross_minor, sales_tax_rate,
       sales_tax_minor, sales_tax_mode, entry_type, marked_for_review, created_at, updated_at)
     VALUES (?, ?, ?, '', ?, ?, '20.0', 0, 'auto', 'Payment', 0, '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')`,
  );
  sqlite.transaction(() => {
    for (let n = 0; n < HISTORY; n += 1) {
      const payee = n % 300;
      const date = dateOf(n);
      const amount = -(1000 + ((n * 7919) % 20000));
      const id = Number(line.run(accountId, date, `${noisy(payeeName(payee), n, date)}//OTHER/`, amount).lastInsertRowid);
      explanation.run(id, accountId, date, categoryIds[payee % CODES.length], amount);
    }
  })();
  // A change-log entry, so the engine's read cache knows the book changed under it.
  sqlite.prepare("INSERT INTO changes (resource, record_id, operation, at) VALUES ('bank_transactions', '0', 'create', '2025-01-01T00:00:00.000Z')").run();
}

export function importRows(round: number) {
  return Array.from({ length: IMPORT }, (_, n) => {
    const date = dateOf(n + round);
    // One line in a hundred is a payee never seen.
    const payee = n % 100 === 99 ? 24 * 24 + (n % 300) : (n * 7) % 300;
    return { date, amountMinor: -(1000 + ((n * 104729) % 20000)), description: noisy(payeeName(payee), n + round, date), fitid: `r${round}-${n}` };
  });
}

export async function readPage(book: BenchBook, accountId: number, page: number, suggestions: boolean): Promise<number> {
  const query = `bank_account=${accountId}&per_page=100&page=${page}&running_balance=true${suggestions ? '' : '&suggestions=false'}`;
  const start = performance.now();
  const response = await book.engine.fetch(new Request(`${BENCH_ORIGIN}/v2/bank_transactions?${query}`, { headers: book.headers }));
  if (response.status !== 200) throw new Error(`page: ${response.status}`);
  const body = (await response.json()) as { bank_transactions: { suggested_explanation?: unknown }[] };
  if (suggestions && !body.bank_transactions.some((row) => row.suggested_explanation)) throw new Error('no suggestion on the page: the bench measures nothing');
  return performance.now() - start;
}

/** Suggestions for every line of the account, as the list makes them, timed from a fresh request. */
export function suggestAll(book: BenchBook, accountId: number): number {
  const { deps } = book;
  const user = deps.book.db.select().from(users).get()!;
  const ctx = buildContext(deps, user, BENCH_ORIGIN, null);
  // The list reads its rows whether or not it suggests: only what suggesting adds is timed.
  const rows = ctx.db.select().from(bankTransactions).where(eq(bankTransactions.bankAccountId, accountId)).all();
  const records = rows.map(() => ({}) as Record<string, unknown>);
  const start = performance.now();
  addSuggestions(ctx, rows, records as never);
  const ms = performance.now() - start;
  const suggested = records.filter((record) => record.suggested_explanation).length;
  if (rows.length !== IMPORT || suggested < IMPORT * 0.9) throw new Error(`suggested for ${suggested} of ${rows.length} lines: the bench measures the wrong thing`);
  return ms;
}

const medianOf = (values: readonly number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const round2 = (value: number) => Number(value.toFixed(2));

export const suggestionsSuite: CustomSuite = {
  name: 'suggestions',
  async run() {
    const book = await createBenchBook(ROUNDS + 2);
    try {
      const history = book.bankAccountIds[ROUNDS + 1]!;
      preloadHistory(book, history);
      const uploads: number[] = [];
      const added: number[] = [];
      for (let round = 0; round <= ROUNDS; round += 1) {
        const account = book.bankAccountIds[round]!;
        log(`suggestions: uploading ${IMPORT} lines, round ${round}${round === 0 ? ' (warm-up)' : ''}`);
        const uploadMs = await upload(book, account, ofx(importRows(round)));
        const suggestMs = suggestAll(book, account);
        log(`suggestions: upload ${uploadMs.toFixed(0)} ms, suggesting for its ${IMPORT} lines ${suggestMs.toFixed(0)} ms`);
        if (round === 0) continue;
        uploads.push(uploadMs);
        added.push(suggestMs);
      }
      // Each round's two figures were taken a moment apart: their ratio is steadier than a ratio of medians.
      const ratio = medianOf(added.map((ms, index) => ms / uploads[index]!));
      const upload10k = medianOf(uploads);
      const added10k = medianOf(added);
      const pages = { with: [] as number[], without: [] as number[] };
      for (let n = 0; n < PAGE_READS; n += 1) {
        const page = 1 + ((n * 37) % (IMPORT / 100));
        pages.with.push(await readPage(book, book.bankAccountIds[0]!, page, true));
        pages.without.push(await readPage(book, book.bankAccountIds[0]!, page, false));
      }
      const withRate = 1000 / medianOf(pages.with);
      const withoutRate = 1000 / medianOf(pages.without);
      const results: BenchResult[] = [
        { name: 'suggestions.import_10k_added_ms', value: round2(added10k), unit: 'ms (added by suggestions; baseline: the upload)', baseline: round2(upload10k), ratio: Number(ratio.toFixed(4)) },
        { name: 'suggestions.register_page_with', value: round2(withRate), unit: 'pages/s (baseline: without suggestions)', baseline: round2(withoutRate), ratio: Number((withRate / withoutRate).toFixed(4)) },
      ];
      return results;
    } finally {
      book.dispose();
    }
  },
};
