import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TestBook } from './harness';
import { newLedgerWorld, POSTING_DRIVERS } from './ledger-drivers';
import { recordTables } from './undo-helpers';

/**
 * Undo and redo as a property: whatever random sequence of writes the ledger drivers send (explanations,
 * splits, transfers, journals, invoices, bills, expenses, credit notes, locks ...), undoing every one of
 * them puts every record table back as it was before the first, and redoing them all brings it to
 * where the last one left it.
 */

const anyStep = fc.oneof(...POSTING_DRIVERS.map((entry) => ({ weight: entry.weight, arbitrary: entry.steps })));

const lastSetId = (t: TestBook) => t.book.sqlite.prepare('SELECT coalesce(max(id), 0) FROM change_sets').pluck().get() as number;
const doneAfter = (t: TestBook, mark: number) => t.book.sqlite.prepare("SELECT count(*) FROM change_sets WHERE id > ? AND state = 'done'").pluck().get(mark) as number;

describe('undo and redo of random sequences of writes', () => {
  it('undoing them all gives the book it started with; redoing them all gives the book it ended with', async () => {
    let actions = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(anyStep, { minLength: 3, maxLength: 20 }), async (steps) => {
        const world = await newLedgerWorld();
        const { t } = world;
        const mark = lastSetId(t);
        const start = recordTables(t);
        for (const step of steps) {
          world.driver = step.driver;
          await step.run(world);
        }
        const end = recordTables(t);
        const made = doneAfter(t, mark);
        actions += made;
        for (let n = 0; n < made; n += 1) {
          const reply = await t.json('POST', '/v2/undo');
          expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        }
        expect(recordTables(t)).toEqual(start);
        for (let n = 0; n < made; n += 1) {
          const reply = await t.json('POST', '/v2/redo');
          expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        }
        expect(recordTables(t)).toEqual(end);
      }),
      { numRuns: 15 },
    );
    expect(actions).toBeGreaterThan(30);
  }, 240_000);
});
