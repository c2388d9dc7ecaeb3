import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import Decimal from 'decimal.js';
import { expect, it } from 'vitest';
import { parseStatement } from '../../main/importers';
import { createTestBook, ORIGIN, OWNER_TOKEN, type TestBook } from '../engine/harness';
import { describeShared, hasShared, readSharedText, sharedDir } from './shared';

// Reconcile to the statement (issue 22 item 4) on the real statement corpus: every file whose
// statement prints a closing balance (OFX LEDGERBAL, CAMT.053 CLBD, MT940 :62F:) is uploaded into an
// account opened at the statement's own opening balance where it prints one. Reconcile must offer
// the file's closing balance and date, find the difference the file's own figures give (worked out
// here with decimal.js from the parsed lines), and reconcile exactly when that difference is nil.

const STATEMENTS = join(sharedDir, 'corpora', 'statements');

interface Candidate {
  path: string;
  bytes: Uint8Array;
  currency: string;
  opening: string;
  closing: string;
  closingDate: string;
  /** Opening plus every line up to the closing date, minus the closing balance: nil when the file is consistent. */
  ownDifference: Decimal;
}

/** Files of one statement account, with a closing balance and a date to reconcile on. */
function candidates(): Candidate[] {
  if (!hasShared) return [];
  const [heading, ...rows] = readSharedText('corpora', 'statements', 'MANIFEST.tsv').trim().split('\n');
  const columns = heading!.split('\t');
  const found: Candidate[] = [];
  for (const row of rows) {
    const cells = row.split('\t');
    const path = cells[columns.indexOf('local_path')]!;
    if (cells[columns.indexOf('expect')]?.trim() === 'refuse') continue;
    const bytes = new Uint8Array(readFileSync(join(STATEMENTS, path)));
    const parsed = parseStatement(bytes, { fileName: basename(path) });
    if (parsed.errors.length > 0 || parsed.transactions.length === 0) continue;
    const used = new Set(parsed.transactions.map((line) => line.accountIndex));
    if (used.size > 1) continue;
    const index = [...used][0]!;
    const account = parsed.accounts[index];
    const closing = account?.closingBalance;
    if (!closing?.date || closing.amount.trim() === '') continue;
    const currency = (account.currency ?? 'GBP').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) continue;
    const opening = account.openingBalance?.amount ?? '0';
    const upTo = parsed.transactions.filter((line) => line.datedOn <= closing.date!);
    const book = upTo.reduce((sum, line) => sum.plus(line.amount), new Decimal(opening));
    found.push({ path, bytes, currency, opening, closing: closing.amount, closingDate: closing.date, ownDifference: new Decimal(closing.amount).minus(book) });
  }
  return found;
}

async function uploadFile(t: TestBook, account: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set('statement', new Blob([bytes as BlobPart]), name);
  const response = await t.engine.fetch(
    new Request(`${ORIGIN}/v2/bank_transactions/statement?bank_account=${encodeURIComponent(account)}`, { method: 'POST', headers: { Authorization: `Bearer ${OWNER_TOKEN}` }, body: form }),
  );
  return response.status;
}

/** Decimal text compared as a number ("-27.0" and "-27.00" are one amount). */
const same = (a: string, b: Decimal.Value) => new Decimal(a).equals(b);

describeShared('reconciling the statement corpus to its closing balances', () => {
  const files = candidates();

  it('finds statements with closing balances in OFX, CAMT.053 and MT940', () => {
    expect(new Set(files.map((file) => file.path.split('/')[0]))).toEqual(new Set(['ofx', 'qfx', 'camt053', 'mt940']));
  });

  it('offers each file\'s closing balance, finds its own difference to the penny, and reconciles exactly the consistent ones', async () => {
    let reconciled = 0;
    let refused = 0;
    for (const file of files) {
      const t = createTestBook();
      const created = await t.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Statement', opening_balance: file.opening, currency: file.currency } } });
      expect(created.status, `${file.path}: ${JSON.stringify(created.body)}`).toBe(201);
      const account = created.body.bank_account.url as string;
      expect(await uploadFile(t, account, basename(file.path), file.bytes), file.path).toBe(200);

      const offered = (await t.json('GET', `/v2/bank_reconciliations/statement_balance?bank_account=${encodeURIComponent(account)}`)).body.statement_balance;
      expect(offered, file.path).not.toBeNull();
      expect(offered.statement_date, file.path).toBe(file.closingDate);
      expect(same(offered.closing_balance, file.closing), `${file.path}: ${offered.closing_balance} vs ${file.closing}`).toBe(true);

      const asked = { bank_account: account, statement_date: offered.statement_date, closing_balance: offered.closing_balance, statement_upload: offered.statement_upload };
      const preview = await t.json('POST', '/v2/bank_reconciliations/preview', { body: { bank_reconciliation: asked } });
      expect(preview.status, file.path).toBe(200);
      expect(same(preview.body.bank_reconciliation_preview.difference, file.ownDifference), `${file.path}: ${preview.body.bank_reconciliation_preview.difference} vs ${file.ownDifference}`).toBe(true);

      const made = await t.json('POST', '/v2/bank_reconciliations', { body: { bank_reconciliation: asked } });
      if (file.ownDifference.isZero()) {
        expect(made.status, `${file.path}: ${JSON.stringify(made.body)}`).toBe(201);
        expect(made.body.bank_reconciliation.file_name, file.path).toBe(basename(file.path));
        reconciled += 1;
      } else {
        expect(made.status, file.path).toBe(422);
        expect(made.body.errors[0].message, file.path).toMatch(/nothing was reconciled/);
        refused += 1;
      }
    }
    console.info(`Reconciled ${reconciled} corpus statements; refused ${refused} whose own balances do not meet their lines`);
    // Both outcomes are exercised on real files: statements that balance, and ones that do not
    // (opening balance not printed, or the lines do not add up to the printed balances).
    expect(reconciled).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(0);
  });
});
