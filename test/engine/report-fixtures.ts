import { postings } from '../../main/db/schema';
import { bankAccount, explain, oneTransaction } from './banking-helpers';
import type { TestBook } from './harness';

/** The id of a category by nominal code (sub accounts too: "750-1", "908-1"). */
export function categoryId(t: TestBook, code: string): number {
  const id = t.book.sqlite.prepare('SELECT id FROM categories WHERE nominal_code = ?').pluck().get(code) as number | undefined;
  if (id === undefined) throw new Error(`no category ${code}`);
  return id;
}

export interface FixtureLine {
  code: string;
  /** Minor units, credits negative. */
  debit: number;
  salesTaxStatus?: string;
  ecStatus?: string;
}

let nextSourceId = 1_000_000;

/**
 * Writes one balanced document's postings straight into the ledger, the way a journal set, invoice
 * or bill will post them: for cases the API cannot make yet (corporation tax, dividends, reverse
 * charge) and for volume. Reports read postings only, so this is all they see of a document.
 */
export function postDocument(t: TestBook, datedOn: string, lines: FixtureLine[], source = 'journal_sets'): number {
  const total = lines.reduce((sum, line) => sum + line.debit, 0);
  if (total !== 0) throw new Error(`fixture document out of balance by ${total}`);
  const sourceId = (nextSourceId += 1);
  t.book.db
    .insert(postings)
    .values(
      lines.map((line) => ({
        datedOn,
        categoryId: categoryId(t, line.code),
        debitMinor: line.debit,
        description: 'fixture',
        sourceResource: source,
        sourceId,
        salesTaxStatus: line.salesTaxStatus ?? null,
        ecStatus: line.ecStatus ?? null,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      })),
    )
    .run();
  return sourceId;
}

let lineNumber = 0;

/** A bank line explained in full through the API; returns the explanation record. */
export async function explainedLine(t: TestBook, account: string, line: { dated_on: string; amount: string }, explanation: Record<string, unknown>): Promise<any> {
  // A description of its own, so that statement deduplication never swallows a line.
  const transaction = await oneTransaction(t, account, { ...line, description: `line ${(lineNumber += 1)}` });
  const response = await explain(t, { bank_transaction: transaction.url, gross_value: line.amount, ...explanation });
  if (response.status !== 201) throw new Error(`explanation: ${JSON.stringify(response.body)}`);
  return response.body.bank_transaction_explanation;
}

export { bankAccount };
