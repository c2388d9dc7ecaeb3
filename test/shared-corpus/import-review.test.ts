import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { csvColumnMappingSchema } from '../../shared/api/statement_import';
import { parseStatement } from '../../main/importers';
import { createTestBook, type TestBook } from '../engine/harness';
import { preview, reviewedUpload, statuses } from '../engine/statement-review-helpers';
import { describeShared, hasShared, sharedDir } from './shared';

// The import review on the real statement corpus (../shared/corpora/statements): for every file the
// upload accepts, the preview's rows are exactly what a reviewed upload of them adds, a second look
// marks every row duplicate, and a CSV read with the mapping the review shows (as the renderer sends
// it back) gives the same lines as the plain upload. Account matching is checked on real account details.

const STATEMENTS = join(sharedDir, 'corpora', 'statements');

function corpusFiles(): string[] {
  if (!hasShared) return [];
  const walk = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return walk(STATEMENTS)
    .filter((path) => !path.endsWith('MANIFEST.tsv'))
    .map((path) => relative(STATEMENTS, path))
    .sort();
}

/** Files one plain upload accepts whole: they parse with no errors and hold one account's lines. */
function importable(path: string): { bytes: Uint8Array; currency: string } | null {
  const bytes = new Uint8Array(readFileSync(join(STATEMENTS, path)));
  const parsed = parseStatement(bytes, { fileName: path });
  if (parsed.errors.length > 0 || parsed.transactions.length === 0) return null;
  if (new Set(parsed.transactions.map((line) => line.accountIndex)).size > 1) return null;
  const currency = (parsed.accounts[parsed.transactions[0]!.accountIndex]?.currency ?? 'GBP').toUpperCase();
  // The engine's currencies are ISO codes; DEM and the like are refused at account creation.
  return /^[A-Z]{3}$/.test(currency) ? { bytes, currency } : null;
}

async function accountIn(t: TestBook, currency: string): Promise<string | null> {
  const created = await t.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: `Account ${currency}`, opening_balance: '0', currency } } });
  return created.status === 201 ? (created.body.bank_account.url as string) : null;
}

async function listed(t: TestBook, account: string): Promise<string[]> {
  const rows: string[] = [];
  for (let page = 1; ; page++) {
    const { body } = await t.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&per_page=100&page=${page}`);
    rows.push(...body.bank_transactions.map((row: { dated_on: string; amount: string; description: string }) => `${row.dated_on} ${row.amount} ${row.description}`));
    if (body.bank_transactions.length < 100) return rows.sort();
  }
}

describeShared('import review on the statement corpus', () => {
  const files = corpusFiles();

  it('finds importable files of every format in the corpus', () => {
    const formats = new Set(files.filter((path) => importable(path)).map((path) => path.split('/')[0]));
    expect([...formats].sort()).toEqual(['camt053', 'csv', 'mt940', 'ofx', 'qfx', 'qif']);
  });

  it('imports exactly the rows the preview showed, and a second look marks every one duplicate', async () => {
    const checked: string[] = [];
    for (const path of files) {
      const file = importable(path);
      if (!file) continue;
      const t = createTestBook();
      const account = await accountIn(t, file.currency);
      if (!account) continue;
      const name = path.split('/').pop()!;
      const first = await preview(t, name, file.bytes, { bank_account: account });
      expect(first.status, path).toBe(200);
      const review = first.body.statement_preview;
      if (review.errors.length > 0) {
        // What the review reports as a problem, the upload refuses: nothing goes in.
        const refused = await reviewedUpload(t, name, file.bytes, { bank_account: account, rows: review.rows.map((row: { index: number }) => row.index) });
        expect(refused.status, path).toBe(422);
        continue;
      }
      const fresh = review.rows.filter((row: { status: string }) => row.status === 'new').map((row: { index: number }) => row.index);
      // Rows repeated inside one file are all new: the count rule keeps identical lines of one upload.
      expect(fresh, path).toHaveLength(review.rows.length);
      const fields = review.csv ? { column_mapping: review.csv.mapping, date_order: review.csv.mapping.date_order } : {};
      const imported = await reviewedUpload(t, name, file.bytes, { bank_account: account, rows: fresh, ...fields });
      expect(imported.status, `${path}: ${JSON.stringify(imported.body)}`).toBe(200);
      expect(imported.body.statement_upload.added_count, path).toBe(fresh.length);
      const again = await preview(t, name, file.bytes, { bank_account: account });
      expect(new Set(statuses(again.body)), path).toEqual(new Set(['duplicate']));
      checked.push(path);
    }
    console.log(`import review: ${checked.length} corpus files previewed, imported and previewed again`);
    expect(checked.length).toBeGreaterThan(60);
  }, 120_000);

  it('reads every CSV with the mapping the review shows exactly as the plain upload reads it', async () => {
    let checked = 0;
    for (const path of files.filter((file) => file.startsWith('csv/'))) {
      const file = importable(path);
      if (!file) continue;
      const t = createTestBook();
      const plain = await accountIn(t, file.currency);
      const reviewed = await accountIn(t, file.currency);
      if (!plain || !reviewed) continue;
      const name = path.split('/').pop()!;
      const shown = (await preview(t, name, file.bytes, { bank_account: reviewed })).body.statement_preview;
      expect(csvColumnMappingSchema.safeParse(shown.csv.mapping).success, `${path}: ${JSON.stringify(shown.csv.mapping)}`).toBe(true);
      const form = new FormData();
      form.set('statement', new Blob([file.bytes as BlobPart]), name);
      const response = await t.engine.fetch(new Request(`http://127.0.0.1:9999/v2/bank_transactions/statement?bank_account=${encodeURIComponent(plain)}`, { method: 'POST', headers: { Authorization: 'Bearer owner-token' }, body: form }));
      expect(response.status, path).toBe(200);
      const all = shown.rows.map((row: { index: number }) => row.index);
      const imported = await reviewedUpload(t, name, file.bytes, { bank_account: reviewed, rows: all, column_mapping: shown.csv.mapping, date_order: shown.csv.mapping.date_order });
      expect(imported.status, path).toBe(200);
      expect(await listed(t, reviewed), path).toEqual(await listed(t, plain));
      checked += 1;
    }
    console.log(`import review: ${checked} CSVs read alike with and without the mapping`);
    expect(checked).toBeGreaterThan(25);
  }, 120_000);

  it('matches real account details: a card by its last digits, a UK CSV by sort code and number, an IBAN, one account of a multi-account file', async () => {
    const t = createTestBook();
    const create = async (fields: Record<string, unknown>) => (await t.json('POST', '/v2/bank_accounts', { body: { bank_account: { opening_balance: '0', ...fields } } })).body.bank_account.url as string;
    const card = await create({ name: 'Amex', type: 'CreditCardAccount', currency: 'USD', account_number: '1222' });
    const lloyds = await create({ name: 'Lloyds', sort_code: '12-34-56', account_number: '99966633' });
    const abn = await create({ name: 'ABN AMRO', currency: 'EUR', iban: 'NL77ABNA0574908765' });
    const savings = await create({ name: 'Savings', currency: 'USD', account_number: '123412341234' });
    const read = (path: string) => readFileSync(join(STATEMENTS, path));

    const amex = (await preview(t, 'amex.ofx', read('ofx/beangulp__2013-12-03.bofa.ofx'))).body.statement_preview;
    expect(amex).toMatchObject({ matched_bank_account: card, bank_account: card, balance: { closing_balance: '-2093.01', as_of: '2013-12-03' } });
    const csv = (await preview(t, 'lloyds.csv', read('csv/full-fledged-hledger__lloyds_99966633_20171223_1844.csv'))).body.statement_preview;
    expect(csv).toMatchObject({ matched_bank_account: lloyds, balance: { closing_balance: '4058.83', as_of: '2017-05-25', difference: '100.0' } });
    const camt = (await preview(t, 'camt.xml', read('camt053/bank-statement-import__test-camt053.xml'))).body.statement_preview;
    expect(camt).toMatchObject({ matched_bank_account: abn, counts: { new: 3 } });
    const zip = (await preview(t, 'camt.zip', read('camt053/bank-statement-import__test-camt053.zip'))).body.statement_preview;
    expect(zip).toMatchObject({ matched_bank_account: abn, counts: { new: 6 } });

    // An OFX naming a checking account (with the lines) and a card (without): each is matched on its own.
    const checking = await create({ name: 'Checking', currency: 'USD', account_number: '12345678901' });
    const two = (await preview(t, 'two.ofx', read('ofx/bank-statement-import__test_ofx_iban.ofx'))).body.statement_preview;
    expect(two.accounts.map((account: { matched_bank_account: string | null }) => account.matched_bank_account)).toEqual([checking, savings]);
    expect(two).toMatchObject({ statement_account: 0, bank_account: checking, counts: { new: 4 } });

    // MT940 with twenty accounts: the one whose number matches is reviewed, with its own closing balance.
    const giro = await create({ name: 'Giro', currency: 'EUR', account_number: '0194787400888' });
    const twenty = (await preview(t, 'sepa.sta', read('mt940/mt940__sepa_mt9401.sta'))).body.statement_preview;
    expect(twenty).toMatchObject({ statement_account: 14, bank_account: giro, counts: { new: 4 }, balance: { closing_balance: '1125250.4' } });
    // Asked for an account none of them names, the review says why instead of guessing.
    const wrong = (await preview(t, 'sepa.sta', read('mt940/mt940__sepa_mt9401.sta'), { bank_account: abn })).body.statement_preview;
    expect(wrong.rows).toEqual([]);
    expect(wrong.errors[0].message).toMatch(/holds statements for 20 accounts and none matches/);
  });
});
