import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { expect, it } from 'vitest';
import { parseStatement } from '../../main/importers';
import { describeShared, hasShared, readSharedText, sharedDir } from './shared';

// Every file of the statement corpus (../shared/corpora/statements, real exports from many banks,
// several of them GPL or AGPL and so kept out of this tree) parsed through parseStatement: each must
// give exactly the number of transactions its MANIFEST.tsv expects, with no errors, or be refused
// (errors, no transactions) where the manifest says refuse.

interface ManifestRow {
  path: string;
  notes: string;
  expect: number | 'refuse';
}

function readManifest(): ManifestRow[] {
  const [heading, ...lines] = readSharedText('corpora', 'statements', 'MANIFEST.tsv').trim().split('\n');
  const columns = heading.split('\t');
  const at = (name: string) => columns.indexOf(name);
  return lines.map((line) => {
    const cells = line.split('\t');
    const expected = cells[at('expect')].trim();
    return { path: cells[at('local_path')], notes: cells[at('notes')], expect: expected === 'refuse' ? 'refuse' : Number(expected) };
  });
}

/**
 * Files where we believe the manifest is wrong, with what the importer gives instead and why. The
 * rule behind most: a line needs a date and an amount; a line without one is reported as an error
 * (the import review shows it) rather than imported under an invented date or amount.
 */
const EXCEPTIONS: Record<string, { transactions: number; errors: number; reason: string }> = {
  'ofx/ofxparse__date_missing.ofx': {
    transactions: 0,
    errors: 3,
    reason:
      'None of the three STMTTRN has a usable DTPOSTED (missing, empty, 20120231) and none has a DTUSER: importing them means inventing dates. ofxparse itself discards all three (TestGracefulFailures.testDateFieldMissing).',
  },
  'ofx/ofxparse__decimal_error.ofx': {
    transactions: 0,
    errors: 1,
    reason:
      "The amount '$120' is read (as 120.00) but DTPOSTED '201120000000' is month 20, and there is no DTUSER. ofxparse discards it too (testDecimalConversionError).",
  },
  'ofx/bank-statement-import__test_ofx_wrong.ofx': {
    transactions: 3,
    errors: 1,
    reason:
      'The fourth STMTTRN has its DTPOSTED, TRNAMT and FITID inside an XML comment: no date and no amount to import. The upstream OCA test asserts the whole file is rejected (_check_ofx is False); the three good lines are kept and the fourth is reported.',
  },
  'csv/nationwide-transaction-parser__nationwide_bad-statement-4.csv': {
    transactions: 2,
    errors: 1,
    reason: "The row dated '99 Jan 2025' has no real date. Upstream's test expects the file to raise StatementParseError; the two good rows are kept and the bad one is reported.",
  },
  'qif/quiffen__test_unknown_account_type.qif': {
    transactions: 0,
    errors: 1,
    reason: 'The only record (!Type:Invst, action Cash) has a date but no T, U or $ line: there is no amount to import.',
  },
  'qif/quiffen__test.qif': {
    transactions: 6,
    errors: 0,
    reason:
      "The manifest counts the !Type:Invst 'Buy' of AAPL shares as a seventh line. A purchase of shares is a trade, not a cash line, the same way the manifest itself does not count BUYSTOCK in OFX files (ofxparse__fidelity.ofx: 17 records, 3 expected); it is left out with a warning.",
  },
  'csv/beancount_reds_importers__schwab_brokerage.csv': {
    transactions: 11,
    errors: 0,
    reason:
      "Every one of the 11 dated rows has an amount; the manifest's 7 needs Schwab's action vocabulary (Buy, Sell, Reinvest Shares and Reinvest Dividend are not cash lines) that a general CSV mapping cannot know. The same manifest counts the quantity-bearing MONEY MARKET PURCHASE rows of beangulp__example.csv, so there is no column rule that gives both.",
  },
};

const rows = hasShared ? readManifest() : [];

describeShared('statement corpus (MANIFEST.tsv)', () => {
  it('lists files that exist, and every exception names one of them with a different expectation', () => {
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) expect(() => readFileSync(join(sharedDir, 'corpora', 'statements', row.path))).not.toThrow();
    for (const [path, exception] of Object.entries(EXCEPTIONS)) {
      const row = rows.find((r) => r.path === path);
      expect(row, path).toBeDefined();
      const manifestSays = row!.expect === 'refuse' ? { transactions: 0, errors: 1 } : { transactions: row!.expect, errors: 0 };
      expect({ transactions: exception.transactions, errors: Math.min(exception.errors, 1) }, `${path} needs no exception`).not.toEqual(manifestSays);
    }
  });

  for (const row of rows) {
    const exception = EXCEPTIONS[row.path];
    const title = exception
      ? `${row.path}: ${exception.transactions} transactions, ${exception.errors} errors (manifest: ${row.expect}; see EXCEPTIONS)`
      : `${row.path}: ${row.expect === 'refuse' ? 'refused' : `${row.expect} transactions`}`;

    it(title, () => {
      const bytes = new Uint8Array(readFileSync(join(sharedDir, 'corpora', 'statements', row.path)));
      const result = parseStatement(bytes, { fileName: basename(row.path) });

      if (exception) {
        expect(result.transactions).toHaveLength(exception.transactions);
        expect(result.errors).toHaveLength(exception.errors);
      } else if (row.expect === 'refuse') {
        expect(result.transactions).toHaveLength(0);
        expect(result.errors.length).toBeGreaterThan(0);
        // A clear message: a sentence, not a code.
        for (const error of result.errors) expect(error.message).toMatch(/^[A-Z].{12,}[.)]$/);
      } else {
        expect(result.errors).toEqual([]);
        expect(result.transactions).toHaveLength(row.expect);
      }

      for (const line of result.transactions) {
        expect(line.datedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(line.amount).toMatch(/^-?\d+\.\d{2,}$/);
        expect(typeof line.description).toBe('string');
        expect(line.accountIndex).toBeLessThan(result.accounts.length);
      }
    });
  }
});
