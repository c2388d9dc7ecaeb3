import { describe, expect, it, vi } from 'vitest';
import { bankAccount, explain, oneTransaction } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { recordTables, redoLatest, undoLatest } from './undo-helpers';

const VERSION = { 'X-Api-Version': '2026-09-01' };
const PDF = { file_name: 'receipt.pdf', content_type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64') };
const batch = (t: TestBook, steps: unknown[]) => t.json('POST', '/v2/bank_transaction_explanations/batch', { body: { batch: { steps } }, headers: VERSION });

/** A line of -100.00 explained as one part (category 285), as the register shows before a split. */
async function explainedLine(t: TestBook) {
  const account = await bankAccount(t);
  const line = await oneTransaction(t, account, { dated_on: '2026-10-01', amount: '-100' });
  const one = await explain(t, { bank_transaction: line.url, category: '285', gross_value: '-100' });
  expect(one.status).toBe(201);
  return { line: line.url as string, part: one.body.bank_transaction_explanation.url as string };
}

/** Turns the one part into three, the first with a receipt. */
const splitSteps = (line: string, part: string) => [
  { op: 'delete', url: part },
  { op: 'create', bank_transaction_explanation: { bank_transaction: line, category: '285', gross_value: '-30' } },
  { op: 'create', bank_transaction_explanation: { bank_transaction: line, category: '250', gross_value: '-30' } },
  { op: 'create', bank_transaction_explanation: { bank_transaction: line, category: '363', gross_value: '-40' } },
  { op: 'attach', to: 1, attachments: [PDF] },
];

describe('POST /v2/bank_transaction_explanations/batch: a split saved in one request', () => {
  it('replaces a line’s parts and adds a receipt in one transaction, one change set to undo', async () => {
    const t = createTestBook();
    const { line, part } = await explainedLine(t);
    const before = recordTables(t);
    const reply = await batch(t, splitSteps(line, part));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const saved = reply.body.bank_transaction_explanations;
    expect(saved.map((row: any) => [row.gross_value, row.attachments?.length ?? 0])).toEqual([
      ['-30.0', 1],
      ['-30.0', 0],
      ['-40.0', 0],
    ]);
    const after = recordTables(t);
    expect(await undoLatest(t)).toBe('saved 3 explanations');
    expect(recordTables(t)).toEqual(before);
    await redoLatest(t);
    expect(recordTables(t)).toEqual(after);
  });

  it('refuses the whole batch when one step is refused, naming the step, and changes nothing', async () => {
    const t = createTestBook();
    const { line, part } = await explainedLine(t);
    const before = recordTables(t);
    const steps = splitSteps(line, part);
    // The third part would explain more than the line holds.
    (steps[3] as any).bank_transaction_explanation.gross_value = '-90';
    const reply = await batch(t, steps);
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0].message).toMatch(/^steps\[3\]: /);
    expect(recordTables(t)).toEqual(before);
    expect((await batch(t, [{ op: 'attach', to: 0, attachments: [PDF] }])).body.errors[0].message).toBe('steps[0]: to must be an earlier create or update step');
    expect((await batch(t, [{ op: 'rename', url: part }])).status).toBe(422);
  });

  it('leaves the old state when a fault is thrown at any of the writes it makes', async () => {
    const t = createTestBook();
    const { line, part } = await explainedLine(t);
    const before = recordTables(t);
    const sqlite = t.book.sqlite;
    // The engine logs each fault as the bug it would be; here they are the point.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Counts every row the batch writes and fails the k-th, wherever in the steps it falls.
    sqlite.exec('CREATE TEMP TABLE fault (n INTEGER, at INTEGER); INSERT INTO temp.fault VALUES (0, 0);');
    const tables = ['bank_transaction_explanations', 'postings', 'attachments', 'attachment_blobs', 'bank_transactions', 'changes'];
    for (const table of tables) {
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        sqlite.exec(`CREATE TEMP TRIGGER fault_${event}_${table} AFTER ${event} ON main.${table} BEGIN
          UPDATE temp.fault SET n = n + 1;
          SELECT CASE WHEN (SELECT n = at FROM temp.fault) THEN RAISE(ABORT, 'injected fault') END;
        END;`);
      }
    }
    let faults = 0;
    for (let at = 1; ; at += 1) {
      sqlite.prepare('UPDATE temp.fault SET n = 0, at = ?').run(at);
      const reply = await batch(t, splitSteps(line, part));
      if (reply.status === 200) break;
      faults += 1;
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(recordTables(t), `fault at write ${at}`).toEqual(before);
    }
    // Every write of the batch was a place a fault struck: deletes, creates, postings, the file, the log.
    expect(faults).toBeGreaterThan(10);
  });
});
