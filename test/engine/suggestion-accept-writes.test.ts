import { describe, expect, it } from 'vitest';
import { bankAccount, explain } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { allLines, createRule, uploadLines } from './suggest-helpers';
import { recordTables, undoLatest } from './undo-helpers';

// Bulk accept is made fast on its own terms (prepared statements, reads made once), but what it
// writes is pinned to what a person gets explaining each line alone: for a few hundred lines of
// every kind it takes, the rows of every table it writes, the change log and the undo images are
// those of one POST /v2/bank_transaction_explanations per line, in the same order, with the fields
// of the line's suggestion. The lines refused are refused both ways and leave nothing behind.

const LINES = 240;
const CURRENT_RECONCILED_TO = '2026-03-08';
const SAVINGS_RECONCILED_TO = '2026-03-31';

const dayOf = (index: number) => new Date(Date.UTC(2026, 2, 1) + Math.floor(index / 2) * 86_400_000).toISOString().slice(0, 10);
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const pounds = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

type Line = { dated_on: string; amount: string; description: string; minor: number };

/**
 * Current holds LINES lines of five kinds, each with a confident rule: office supplies at 20% VAT,
 * stationery on the category's automatic rate, Google Ads reverse-charged, moves to Savings that pair
 * with Savings' waiting line (every amount differs, so each pairs with exactly one), and moves with no
 * waiting line (the transfer makes one). Current is reconciled to 8 March (its first 16 lines are
 * refused by bulk accept before anything is written), Savings to 31 March: a move of March whose
 * waiting line is reconciled, or that would add a line there, is refused by the explanation itself.
 */
async function mixedBook(): Promise<{ t: TestBook; current: string; savings: string }> {
  const t = createTestBook({ vatRegistered: true });
  const current = await bankAccount(t, { name: 'Current', opening_balance: '0' });
  const savings = await bankAccount(t, { name: 'Savings', opening_balance: '0' });
  const lines: Line[] = [];
  const waiting: Line[] = [];
  for (let index = 0; index < LINES; index += 1) {
    const minor = -(1000 + index * 7);
    const line = (description: string) => lines.push({ dated_on: dayOf(index), amount: pounds(minor), description, minor });
    switch (index % 8) {
      case 0:
      case 1:
      case 2:
        line(`CARD PAYMENT TO OFFICE SUPPLIES ${index}`);
        break;
      case 3:
        line(`STATIONERY WORLD ${index}`);
        break;
      case 4:
      case 5:
        line(`GOOGLE ADS ${index}`);
        break;
      case 6:
        line(`SAVER MOVE ${index}`);
        waiting.push({ dated_on: nextDay(dayOf(index)), amount: pounds(-minor), description: `FROM CURRENT ${index}`, minor: -minor });
        break;
      default:
        line(`SAVER MOVE ${index}`);
    }
  }
  await uploadLines(t, current, lines);
  await uploadLines(t, savings, waiting);
  const closing = (rows: Line[], date: string) => pounds(rows.filter((row) => row.dated_on <= date).reduce((sum, row) => sum + row.minor, 0));
  for (const [account, rows, date] of [[current, lines, CURRENT_RECONCILED_TO], [savings, waiting, SAVINGS_RECONCILED_TO]] as const) {
    const reconciled = await t.json('POST', '/v2/bank_reconciliations', { body: { bank_reconciliation: { bank_account: account, statement_date: date, closing_balance: closing(rows, date) } } });
    expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(201);
  }
  const rules = [
    { name: 'Office', conditions: [{ field: 'description', operator: 'contains', value: 'OFFICE SUPPLIES' }], actions: { category: '250', sales_tax_rate: '20' } },
    { name: 'Stationery', conditions: [{ field: 'description', operator: 'contains', value: 'STATIONERY WORLD' }], actions: { category: '250' } },
    { name: 'Google', conditions: [{ field: 'description', operator: 'contains', value: 'GOOGLE ADS' }], actions: { category: '269', sales_tax_rate: '20', ec_status: 'EC Services' } },
    { name: 'Saver', conditions: [{ field: 'description', operator: 'contains', value: 'SAVER MOVE' }], actions: { transfer_bank_account: savings } },
  ];
  for (const rule of rules) expect((await createRule(t, rule)).status).toBe(201);
  return { t, current, savings };
}

/** What the writes left: every record table, the change log, and the undo images in the order taken (not which change set holds them). */
function written(t: TestBook) {
  const all = (sql: string) => t.book.sqlite.prepare(sql).all();
  return {
    records: recordTables(t),
    changes: all('SELECT id, resource, record_id, operation, at, user_id FROM changes ORDER BY id'),
    undoImages: all('SELECT tbl, row_key, before, after FROM change_set_rows ORDER BY id'),
  };
}

const idOf = (url: string) => Number(url.split('/').pop());
const inBulkOrder = (a: any, b: any) => (a.dated_on < b.dated_on ? -1 : a.dated_on > b.dated_on ? 1 : idOf(a.url) - idOf(b.url));

/** The explanation a line's suggestion stands for, as a person would send it. */
function suggested(line: any): Record<string, unknown> {
  const { source: _source, confidence: _confidence, rule: _rule, ...fields } = line.suggested_explanation;
  return { bank_transaction: line.url, gross_value: line.unexplained_amount, ...fields };
}

describe('bulk accept writes what explaining each line alone writes', () => {
  it('for VAT, automatic VAT, reverse charge and transfers that pair or make a line, with reconciled lines refused', async () => {
    const bulk = await mixedBook();
    const single = await mixedBook();
    expect(written(bulk.t)).toEqual(written(single.t));

    const accepted = await bulk.t.json('POST', '/v2/bank_transactions/suggestions/accept', { body: { suggestions: { bank_account: bulk.current } } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const skipped = new Set(accepted.body.accepted_suggestions.skipped.map((row: any) => row.bank_transaction as string));

    const lines = (await allLines(single.t, single.current)).sort(inBulkOrder);
    expect(lines).toHaveLength(LINES);
    const refused = new Set<string>();
    for (const line of lines) {
      const reply = await explain(single.t, suggested(line));
      if (reply.status === 201) continue;
      expect([409, 422], JSON.stringify(reply.body)).toContain(reply.status);
      refused.add(line.url);
    }

    // Every kind was taken and every kind of refusal met, so the comparison covers them all.
    expect(accepted.body.accepted_suggestions.count).toBe(LINES - skipped.size);
    expect([...skipped].sort()).toEqual([...refused].sort());
    const messages = accepted.body.accepted_suggestions.skipped.map((row: any) => row.message as string);
    expect(messages.filter((text: string) => text.includes('accepting suggestions in bulk leaves reconciled lines'))).toHaveLength(16);
    expect(messages.filter((text: string) => text.startsWith('Savings is reconciled'))).not.toHaveLength(0);
    expect(messages.filter((text: string) => text.includes('as the other side of this transfer'))).not.toHaveLength(0);
    const kinds = (t: TestBook) => t.book.sqlite.prepare('SELECT count(*) AS n, entry_type, sales_tax_mode, ec_status, transfer_source_id IS NOT NULL AS counterpart FROM bank_transaction_explanations GROUP BY 2, 3, 4, 5 ORDER BY 2, 3, 4, 5').all();
    expect(kinds(bulk.t).length).toBeGreaterThanOrEqual(5);

    expect(written(bulk.t)).toEqual(written(single.t));
  });

  it('and one undo takes the whole acceptance back', async () => {
    const { t, current } = await mixedBook();
    const before = recordTables(t);
    const accepted = await t.json('POST', '/v2/bank_transactions/suggestions/accept', { body: { suggestions: { bank_account: current } } });
    expect(accepted.body.accepted_suggestions.count).toBeGreaterThan(150);
    await undoLatest(t);
    expect(recordTables(t)).toEqual(before);
  });
});
