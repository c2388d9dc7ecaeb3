import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { bankAccount, explain, upload } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { postBill } from './purchases-helpers';
import { contact, sentInvoice } from './sales-helpers';
import { allLines } from './suggest-helpers';
import { labelledYear, type LabelledLine, type Truth } from './labelled-history';

/**
 * Issue 22's proof: a year of a small company's lines, nine months explained through the API, three
 * imported; the top suggestion of each imported line is scored against the explanation it should get.
 */

const CONFIDENT = 0.8;

async function explainLine(t: TestBook, url: string, line: LabelledLine, savings: string): Promise<void> {
  const { truth } = line;
  const fields: Record<string, unknown> = { bank_transaction: url, gross_value: line.amount };
  if (truth.kind === 'transfer') fields.transfer_bank_account = savings;
  else if (truth.kind === 'category') Object.assign(fields, { category: truth.code }, truth.rate !== null ? { sales_tax_rate: truth.rate } : {});
  const response = await explain(t, fields);
  if (response.status !== 201) throw new Error(`explain ${line.description}: ${JSON.stringify(response.body)}`);
}

const sameRate = (a: string | undefined, b: string | null) => (a === undefined || b === null ? a === undefined && b === null : new Decimal(a).equals(b));

function isRight(suggestion: any, truth: Truth, urls: { savings: string; documents: Map<string, string> }): boolean {
  if (!suggestion) return false;
  switch (truth.kind) {
    case 'category':
      return suggestion.category === `http://127.0.0.1:9999/v2/categories/${truth.code}` && sameRate(suggestion.sales_tax_rate, truth.rate);
    case 'transfer':
      return suggestion.transfer_bank_account === urls.savings;
    case 'invoice':
      return suggestion.paid_invoice === urls.documents.get(truth.reference);
    case 'bill':
      return suggestion.paid_bill === urls.documents.get(truth.reference);
  }
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

describe('suggestions on a labelled year', () => {
  it('are right for at least 90% of repeat payees, confidently wrong for at most 2%, and never confident for a new payee', async () => {
    const t = createTestBook({ vatRegistered: true, startDate: '2025-05-01' });
    const current = await bankAccount(t, { name: 'Current' });
    const savings = await bankAccount(t, { name: 'Savings' });
    const { training, test } = labelledYear();

    // Nine months uploaded and explained through the API, line by line as a bookkeeper would.
    expect((await upload(t, current, training.map(({ dated_on, amount, description }) => ({ dated_on, amount, description })))).status).toBe(200);
    const stored = await allLines(t, current, '&suggestions=false');
    const byKey = new Map<string, string[]>();
    for (const row of stored) {
      const key = `${row.dated_on}|${new Decimal(row.amount).toFixed(2)}|${row.description.replace(/\/[^/]*\/[^/]*\/$/, '')}`;
      byKey.set(key, [...(byKey.get(key) ?? []), row.url]);
    }
    for (const line of training) {
      const url = byKey.get(`${line.dated_on}|${line.amount}|${line.description}`)!.shift()!;
      await explainLine(t, url, line, savings);
    }

    // The imported quarter also pays two invoices and a bill raised in it.
    const documents = new Map<string, string>();
    const hooli = await sentInvoice(t, { contact: await contact(t, { organisation_name: 'Hooli Ltd' }), reference: 'INV-0101', dated_on: '2026-08-01' });
    const umbrella = await sentInvoice(t, { contact: await contact(t, { organisation_name: 'Umbrella Corporation' }), reference: 'INV-0102', dated_on: '2026-09-01' });
    const bill = await postBill(t, await contact(t, { organisation_name: 'Paper Supplies Ltd' }), { reference: 'PS-0077', dated_on: '2026-08-10', due_on: '2026-09-10' });
    documents.set('INV-0101', hooli.url).set('INV-0102', umbrella.url).set('PS-0077', bill.body.bill.url);
    const payments: LabelledLine[] = [
      { dated_on: '2026-08-20', amount: hooli.total_value, description: 'FPI HOOLI LTD REF INV-0101', payee: 'invoice INV-0101', truth: { kind: 'invoice', reference: 'INV-0101' } },
      { dated_on: '2026-09-24', amount: umbrella.total_value, description: 'BGC UMBRELLA CORPORATION 88123', payee: 'invoice INV-0102', truth: { kind: 'invoice', reference: 'INV-0102' } },
      { dated_on: '2026-09-10', amount: new Decimal(bill.body.bill.total_value).negated().toFixed(2), description: 'DD PAPER SUPPLIES 4417', payee: 'bill PS-0077', truth: { kind: 'bill', reference: 'PS-0077' } },
    ];
    const imported = [...test, ...payments];
    expect((await upload(t, current, imported.map(({ dated_on, amount, description }) => ({ dated_on, amount, description })))).status).toBe(200);

    const unexplained = await allLines(t, current, '&view=unexplained');
    const seenPayees = new Set(training.map((line) => line.payee));
    const rows = imported.map((line) => {
      const row = unexplained.find((candidate) => candidate.dated_on === line.dated_on && new Decimal(candidate.amount).equals(line.amount) && candidate.description.startsWith(`${line.description}/`));
      if (!row) throw new Error(`imported line not found: ${line.description}`);
      unexplained.splice(unexplained.indexOf(row), 1);
      const suggestion = row.suggested_explanation;
      const confidence = suggestion ? Number(suggestion.confidence) : 0;
      const kind = line.truth.kind === 'invoice' || line.truth.kind === 'bill' ? 'match' : seenPayees.has(line.payee) ? 'repeat' : 'new';
      return { line, suggestion, confident: confidence >= CONFIDENT, right: isRight(suggestion, line.truth, { savings, documents }), kind };
    });

    const repeat = rows.filter((row) => row.kind === 'repeat');
    const fresh = rows.filter((row) => row.kind === 'new');
    const matches = rows.filter((row) => row.kind === 'match');
    const confident = rows.filter((row) => row.confident);
    const figures = {
      lines: rows.length,
      repeat: repeat.length,
      new_payees: fresh.length,
      invoice_and_bill_payments: matches.length,
      coverage_any_suggestion: percent(share(rows.filter((row) => row.suggestion).length, rows.length)),
      coverage_confident: percent(share(confident.length, rows.length)),
      repeat_right_top_suggestion: percent(share(repeat.filter((row) => row.right).length, repeat.length)),
      repeat_confident: percent(share(repeat.filter((row) => row.confident).length, repeat.length)),
      right_among_confident: percent(share(confident.filter((row) => row.right).length, confident.length)),
      confidently_wrong: percent(share(confident.filter((row) => !row.right).length, rows.length)),
      new_payee_confident: fresh.filter((row) => row.confident).length,
      matches_right: `${matches.filter((row) => row.right).length}/${matches.length}`,
    };
    console.log('labelled year', JSON.stringify(figures, null, 1));
    for (const row of rows.filter((candidate) => !candidate.right && candidate.kind !== 'new')) {
      console.log('wrong', row.kind, row.line.description, JSON.stringify(row.line.truth), JSON.stringify(row.suggestion));
    }

    expect(repeat.length).toBeGreaterThan(60);
    expect(fresh.length).toBe(8);
    expect(share(repeat.filter((row) => row.right).length, repeat.length)).toBeGreaterThanOrEqual(0.9);
    expect(share(confident.filter((row) => !row.right).length, rows.length)).toBeLessThanOrEqual(0.02);
    expect(fresh.filter((row) => row.confident)).toEqual([]);
    expect(matches.every((row) => row.right && row.confident)).toBe(true);
  }, 120_000);
});
