import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerTotal } from './banking-helpers';
import type { TestBook } from './harness';
import { newLedgerWorld, POSTING_DRIVERS } from './ledger-drivers';

/**
 * The ledger's invariant (DESIGN.md, issue 4 part 1): whatever sequence of creates, changes and deletes
 * clients send across every posting resource, the postings of the whole book sum to zero, each source
 * document's own postings sum to zero, no document leaves postings behind when it goes, foreign currency
 * postings keep their currency, and a refused request changes nothing (checked inside `send`).
 */

function unbalancedDocuments(t: TestBook): unknown[] {
  return t.book.sqlite.prepare('SELECT source_resource, source_id, sum(debit_minor) AS total FROM postings GROUP BY source_resource, source_id HAVING total <> 0').all();
}

/** Where the documents of a source live, when not in the table of the same name. */
const DOCUMENT_IDS: Readonly<Record<string, string>> = {
  invoices: "SELECT id FROM invoices WHERE kind = 'invoice'",
  credit_notes: "SELECT id FROM invoices WHERE kind = 'credit_note'",
};

/** Postings whose source document no longer exists. */
function orphans(t: TestBook): unknown[] {
  const sources = t.book.sqlite.prepare('SELECT DISTINCT source_resource FROM postings').pluck().all() as string[];
  return sources.flatMap((source) => {
    const ids = DOCUMENT_IDS[source] ?? `SELECT id FROM "${source}"`;
    const table = t.book.sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(DOCUMENT_IDS[source] ? 'invoices' : source);
    if (table === undefined) return [{ source, problem: 'no table of that name: add it to DOCUMENT_IDS' }];
    return t.book.sqlite.prepare(`SELECT source_resource, source_id FROM postings WHERE source_resource = ? AND source_id NOT IN (${ids})`).all(source);
  });
}

/** Postings on a bank account in another currency must carry that currency and an amount in it. */
function foreignWithoutData(t: TestBook): unknown[] {
  return t.book.sqlite
    .prepare(
      `SELECT p.id FROM postings p JOIN categories c ON c.id = p.category_id JOIN bank_accounts b ON b.id = c.bank_account_id
       JOIN company co ON co.id = 1
       WHERE b.currency <> co.currency AND (p.foreign_currency IS NOT b.currency OR p.foreign_debit_minor IS NULL)`,
    )
    .all();
}

function checkLedger(t: TestBook): void {
  expect(ledgerTotal(t)).toBe(0);
  expect(unbalancedDocuments(t)).toEqual([]);
  expect(orphans(t)).toEqual([]);
  expect(foreignWithoutData(t)).toEqual([]);
}

const anyStep = fc.oneof(...POSTING_DRIVERS.map((entry) => ({ weight: entry.weight, arbitrary: entry.steps })));

describe('the ledger invariant across every posting resource', () => {
  it('holds after every step of random sequences of creates, changes and deletes', async () => {
    const totals = { requests: 0, refusals: 0, postings: 0, accepted: {} as Record<string, number> };
    await fc.assert(
      fc.asyncProperty(fc.array(anyStep, { minLength: 5, maxLength: 30 }), async (steps) => {
        const world = await newLedgerWorld();
        for (const step of steps) {
          world.driver = step.driver;
          await step.run(world);
          checkLedger(world.t);
          for (const entry of POSTING_DRIVERS) await entry.check?.(world);
        }
        totals.requests += world.requests;
        totals.refusals += world.refusals;
        totals.postings += world.t.book.sqlite.prepare('SELECT count(*) FROM postings').pluck().get() as number;
        for (const [name, count] of Object.entries(world.accepted)) totals.accepted[name] = (totals.accepted[name] ?? 0) + count;
      }),
      { numRuns: 40 },
    );
    // The runs must have exercised both paths: writes that posted and refusals that changed nothing.
    expect(totals.postings).toBeGreaterThan(0);
    expect(totals.refusals).toBeGreaterThan(0);
    expect(totals.refusals).toBeLessThan(totals.requests);
    // Every driver had writes accepted: none of them only ever met refusals.
    for (const entry of POSTING_DRIVERS) expect(totals.accepted[entry.name] ?? 0, entry.name).toBeGreaterThan(0);
    console.info('ledger invariant:', JSON.stringify(totals));
  }, 300_000);

  it('every driver is reachable and each posting resource has one', () => {
    const names = POSTING_DRIVERS.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    for (const resource of ['explanations', 'journal_sets', 'opening_balances', 'expenses', 'bills', 'invoices', 'credit_notes']) expect(names).toContain(resource);
  });
});
