import { describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { capturing } from '../../main/engine/undo/capture';
import { bankAccount, explain, idOf, oneTransaction } from './banking-helpers';
import { createTestBook, FIXED_NOW, type TestBook } from './harness';
import { createSet, entry } from './journal-helpers';
import { recordTables, redoLatest, undo, undoLatest } from './undo-helpers';

/**
 * Undo and redo of actions that take rows away and put others in their place holding the same unique
 * key (a category's nominal code, the purchase line a capital asset was bought on). Put back in the
 * wrong order, the rows collided on the key and the undo was refused with nothing the person could do.
 */

/** The chart as Categories shows it: every group, every category's code, name and settings. */
const chart = async (t: TestBook) => (await t.json('GET', '/v2/categories')).body;
const companyType = async (t: TestBook) => (await t.json('GET', '/v2/company')).body.company.type as string;
const ownerRole = async (t: TestBook) => (await t.json('GET', '/v2/users/me')).body.user.role as string;
const changeType = (t: TestBook, type: string) => t.json('PUT', '/v2/company', { body: { company: { type } } });
const codes = (listing: Record<string, { nominal_code: string }[]>) => Object.values(listing).flat().map((category) => category.nominal_code);

describe('undo and redo of a company type change', () => {
  it('gives back the old chart, type and owner role, and the new ones again, as often as asked', async () => {
    const t = createTestBook();
    // A custom category and a bank account's sub accounts ride through the rebuild.
    expect((await t.json('POST', '/v2/categories', { body: { category: { category_group: 'income', description: 'Consulting', nominal_code: '047' } } })).status).toBe(201);
    await bankAccount(t);
    const limited = { chart: await chart(t), rows: recordTables(t) };
    expect(codes(limited.chart)).toContain('294'); // Formation Costs: a limited company's only

    expect((await changeType(t, 'UkSoleTrader')).status).toBe(200);
    const soleTrader = { chart: await chart(t), rows: recordTables(t) };
    expect(codes(soleTrader.chart)).not.toContain('294');
    expect(await ownerRole(t)).toBe('Owner');

    for (let round = 0; round < 2; round += 1) {
      expect(await undoLatest(t)).toBe('changed company settings');
      expect(await chart(t)).toEqual(limited.chart);
      expect(await companyType(t)).toBe('UkLimitedCompany');
      expect(await ownerRole(t)).toBe('Director');
      expect(recordTables(t)).toEqual(limited.rows);

      expect(await redoLatest(t)).toBe('changed company settings');
      expect(await chart(t)).toEqual(soleTrader.chart);
      expect(await companyType(t)).toBe('UkSoleTrader');
      expect(await ownerRole(t)).toBe('Owner');
      expect(recordTables(t)).toEqual(soleTrader.rows);
    }
  });

  it('refuses, changing nothing, while a later category holds a code the old chart needs, and names it', async () => {
    const t = createTestBook();
    expect((await changeType(t, 'UkSoleTrader')).status).toBe(200);
    // Formation Costs (294) left with the limited company's chart; the person makes their own 294.
    const made = await t.json('POST', '/v2/categories', { body: { category: { category_group: 'admin_expenses', description: 'Start-up costs', nominal_code: '294', tax_reporting_name: 'accountancy_and_legal_fees' } } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);

    const before = recordTables(t);
    const refused = await undo(t, await typeChangeSet(t));
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toBe('“Changed company settings” cannot be undone: “created category Start-up costs” has since taken the nominal code 294 it needs; undo that first');
    expect(recordTables(t)).toEqual(before);
    expect(await companyType(t)).toBe('UkSoleTrader');

    // With the later category undone first, the type change goes back.
    expect(await undoLatest(t)).toBe('created category Start-up costs');
    expect(await undoLatest(t)).toBe('changed company settings');
    expect(await companyType(t)).toBe('UkLimitedCompany');
    expect(codes(await chart(t))).toContain('294');
  });

  it('refuses, changing nothing, once something is posted to the new chart', async () => {
    const t = createTestBook();
    expect((await changeType(t, 'UkSoleTrader')).status).toBe(200);
    const account = await bankAccount(t);
    const line = await oneTransaction(t, account, { dated_on: '2026-01-10', amount: '-20', description: 'Paper' });
    expect((await explain(t, { bank_transaction: line.url, category: '285', gross_value: '-20', description: 'Paper' })).status).toBe(201);

    const before = { chart: await chart(t), rows: recordTables(t) };
    const refused = await undo(t, await typeChangeSet(t));
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toBe('“Changed company settings” cannot be undone: “created explanation Paper” depends on it; undo that first');
    expect(await chart(t)).toEqual(before.chart);
    expect(recordTables(t)).toEqual(before.rows);
    expect(await companyType(t)).toBe('UkSoleTrader');
  });
});

/** The id of the type change's set: the only "changed company settings" on the undo stack. */
async function typeChangeSet(t: TestBook): Promise<string> {
  const list = await t.json('GET', '/v2/change_sets');
  const set = list.body.undo.find((each: { label: string }) => each.label === 'changed company settings');
  return String(set.url).split('/').pop()!;
}

describe('undo and redo of a capital purchase saved twice in one request', () => {
  it('puts the register back when one request took the asset away and bought it again on the same line', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const line = await oneTransaction(t, account, { dated_on: '2026-01-10', amount: '-1200', description: 'Laptop' });
    const bought = await explain(t, { bank_transaction: line.url, category: '602-1', gross_value: '-1200', description: 'Laptop' });
    expect(bought.status).toBe(201);
    const part = bought.body.bank_transaction_explanation.url as string;
    const register = async () => (await t.json('GET', '/v2/capital_assets')).body.capital_assets;
    const [first] = await register();
    const before = recordTables(t);

    // One save: first to stationery (the asset goes), then back to computer equipment (a new asset on the same line).
    const steps = [
      { op: 'update', url: part, bank_transaction_explanation: { category: '285', gross_value: '-1200' } },
      { op: 'update', url: part, bank_transaction_explanation: { category: '602-1', gross_value: '-1200' } },
    ];
    const saved = await t.json('POST', '/v2/bank_transaction_explanations/batch', { body: { batch: { steps } }, headers: { 'X-Api-Version': '2026-09-01' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [second] = await register();
    expect(idOf(second.url)).not.toBe(idOf(first.url));
    const after = recordTables(t);

    await undoLatest(t);
    expect(await register()).toEqual([first]);
    expect(recordTables(t)).toEqual(before);
    await redoLatest(t);
    expect(await register()).toEqual([second]);
    expect(recordTables(t)).toEqual(after);
  });
});

/**
 * Writes rows as one change set of the owner's, captured as a request's writes are: for shapes of set
 * no request makes today but a later one may (the apply path must not care which action made a set).
 */
function capturedSet(t: TestBook, label: string, write: (sqlite: Database.Database) => void): void {
  const { sqlite } = t.book;
  sqlite.transaction(() => {
    const mark = sqlite.prepare('SELECT coalesce(max(id), 0) FROM changes').pluck().get() as number;
    const setId = capturing(sqlite, (id) => {
      write(sqlite);
      return id;
    });
    // The change log every write appends to (sync and the read cache follow it): one entry per row, named by its table.
    sqlite
      .prepare(
        `INSERT INTO changes (resource, record_id, operation, at, user_id)
         SELECT tbl, row_key, CASE WHEN min(id) FILTER (WHERE before IS NULL) = min(id) THEN 'create' WHEN max(id) FILTER (WHERE after IS NULL) = max(id) THEN 'delete' ELSE 'update' END, ?, ?
         FROM change_set_rows WHERE set_id = ? GROUP BY tbl, row_key ORDER BY min(id)`,
      )
      .run(FIXED_NOW, t.ownerId, setId);
    const last = sqlite.prepare('SELECT max(id) FROM changes').pluck().get() as number;
    sqlite.prepare("INSERT INTO change_sets (id, user_id, label, at, state, first_change, last_change) VALUES (?, ?, ?, ?, 'done', ?, ?)").run(setId, t.ownerId, label, FIXED_NOW, mark + 1, last);
  })();
}

/** A category as GET /v2/categories/:code answers it (under its group's key, income_categories ...). */
const category = async (t: TestBook, code: string) => Object.values((await t.json('GET', `/v2/categories/${code}`)).body)[0] as { url: string; description: string };
const newCategory = (t: TestBook, code: string, description: string) => t.json('POST', '/v2/categories', { body: { category: { category_group: 'income', description, nominal_code: code } } });

describe('undo and redo of any set whose rows trade unique keys', () => {
  it('swaps two categories’ codes back and forth (each row waits for the other’s code)', async () => {
    const t = createTestBook();
    expect((await newCategory(t, '047', 'Consulting')).status).toBe(201);
    expect((await newCategory(t, '048', 'Training')).status).toBe(201);
    const before = { consulting: await category(t, '047'), rows: recordTables(t) };
    capturedSet(t, 'swapped two codes', (sqlite) => {
      const move = sqlite.prepare('UPDATE categories SET nominal_code = ?, base_code = ? WHERE nominal_code = ?');
      move.run('swap', 'swap', '047');
      move.run('047', '047', '048');
      move.run('048', '048', 'swap');
    });
    const after = recordTables(t);
    expect((await category(t, '047')).description).toBe('Training');

    expect(await undoLatest(t)).toBe('swapped two codes');
    expect(await category(t, '047')).toEqual(before.consulting);
    expect((await category(t, '048')).description).toBe('Training');
    expect(recordTables(t)).toEqual(before.rows);
    expect(await redoLatest(t)).toBe('swapped two codes');
    expect((await category(t, '047')).description).toBe('Training');
    expect(recordTables(t)).toEqual(after);
  });

  it('puts back a category replaced by another of the same code, with the journal that moved to the new one', async () => {
    const t = createTestBook();
    expect((await newCategory(t, '047', 'Consulting')).status).toBe(201);
    const journal = await createSet(t, { journal_entries: [entry('047', '-50'), entry('001', '50')] });
    const before = { consulting: await category(t, '047'), rows: recordTables(t) };
    // The replacement takes the code only once the old row is gone, and the journal moves in between.
    capturedSet(t, 'replaced category Consulting', (sqlite) => {
      const old = sqlite.prepare("SELECT id FROM categories WHERE nominal_code = '047'").pluck().get() as number;
      const made = sqlite
        .prepare("INSERT INTO categories (nominal_code, base_code, list_group, description, is_custom, created_at, updated_at) SELECT 'new', 'new', list_group, 'Advice', 1, created_at, updated_at FROM categories WHERE id = ?")
        .run(old);
      const replacement = Number(made.lastInsertRowid);
      for (const table of ['journal_entries', 'postings']) sqlite.prepare(`UPDATE ${table} SET category_id = ? WHERE category_id = ?`).run(replacement, old);
      sqlite.prepare('DELETE FROM categories WHERE id = ?').run(old);
      sqlite.prepare("UPDATE categories SET nominal_code = '047', base_code = '047' WHERE id = ?").run(replacement);
    });
    const after = recordTables(t);
    const lines = async () => (await t.json('GET', new URL(journal.url).pathname)).body.journal_set.journal_entries.map((line: { category: string }) => line.category);

    expect(await undoLatest(t)).toBe('replaced category Consulting');
    expect(await category(t, '047')).toEqual(before.consulting);
    expect(await lines()).toContain(before.consulting.url);
    expect(recordTables(t)).toEqual(before.rows);
    expect(await redoLatest(t)).toBe('replaced category Consulting');
    expect((await category(t, '047')).description).toBe('Advice');
    expect(recordTables(t)).toEqual(after);
  });
});
