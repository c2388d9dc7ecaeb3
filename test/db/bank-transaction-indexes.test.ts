import { afterEach, describe, expect, it } from 'vitest';
import { openBook, type Book } from '../../main/db/client';

// bank_transactions carries one index per way it is read and no more: each index is paid again by
// every line a statement upload inserts (migration 0020 merged the register's two into one).

const books: Book[] = [];
afterEach(() => {
  for (const book of books.splice(0)) book.sqlite.close();
});

function plan(sql: string): string {
  const book = openBook(':memory:');
  books.push(book);
  return (book.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail).join(' / ');
}

describe('bank_transactions indexes', () => {
  it('are the register, dedup, fitid and upload indexes after the migrations', () => {
    const book = openBook(':memory:');
    books.push(book);
    const names = book.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'bank_transactions' AND sql IS NOT NULL ORDER BY name").pluck().all();
    expect(names).toEqual(['bank_transactions_dedup', 'bank_transactions_fitid', 'bank_transactions_register', 'bank_transactions_upload']);
  });

  it("read a register page in the register's order without sorting the account", () => {
    const detail = plan('SELECT id, description FROM bank_transactions t WHERE t.bank_account_id = 1 ORDER BY t.dated_on DESC, t.id DESC LIMIT 50 OFFSET 100');
    expect(detail).toContain('bank_transactions_register');
    expect(detail).not.toContain('TEMP B-TREE');
    const dated = plan("SELECT id FROM bank_transactions t WHERE t.bank_account_id = 1 AND t.dated_on >= '2025-02-01' AND t.dated_on <= '2025-03-01' ORDER BY t.dated_on DESC, t.id DESC LIMIT 50");
    expect(dated).not.toContain('TEMP B-TREE');
  });

  it('sum a running balance from the index alone', () => {
    const detail = plan("SELECT coalesce(sum(amount_minor), 0) FROM bank_transactions WHERE bank_account_id = 1 AND (dated_on, id) > ('2025-03-01', 5)");
    expect(detail).toContain('COVERING INDEX bank_transactions_register');
  });
});
