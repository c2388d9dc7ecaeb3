import { afterEach, describe, expect, it } from 'vitest';
import { openBook, type Book } from '../../main/db/client';
import { dueSql } from '../../main/engine/sales/status';
import { billOutstandingSql } from '../../main/engine/sales/contact-record';

// What is still due on an invoice or a bill is worked out in SQL from what settled it, once per
// document: per contact on the contacts list (its balance), per invoice for the invoice views and
// their counts. Without an index each of those read every bank explanation in the book: on a
// two-year book (5,000 explained lines) a page of 100 contacts took 650-780 ms. Migration 0025.

const books: Book[] = [];
afterEach(() => {
  for (const book of books.splice(0)) book.sqlite.close();
});

function plan(sql: string): string {
  const book = openBook(':memory:');
  books.push(book);
  return (book.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ native: 'GBP' }) as { detail: string }[]).map((row) => row.detail).join(' / ');
}

describe('settlement indexes', () => {
  it("an invoice's due amount reads its payments and credit notes by index, not the whole tables", () => {
    const detail = plan(`SELECT ${dueSql('i')} FROM invoices i WHERE i.contact_id = 1 AND i.status = 'Sent'`);
    expect(detail).toContain('USING INDEX explanations_paid_invoice');
    expect(detail).toContain('USING INDEX credit_note_reconciliations_invoice');
    expect(detail).toContain('USING INDEX credit_note_reconciliations_credit_note');
    expect(detail).not.toMatch(/SCAN e\b|SCAN r\b/);
  });

  it("a bill's outstanding amount reads its payments by index", () => {
    const detail = plan(`SELECT ${billOutstandingSql('b')} FROM bills b WHERE b.contact_id = 1`);
    expect(detail).toContain('USING INDEX explanations_paid_bill');
    expect(detail).not.toMatch(/SCAN e\b/);
  });
});
