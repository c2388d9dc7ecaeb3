import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { expect, it } from 'vitest';
import { parseStatement } from '../../main/importers';
import { describeShared, hasShared, readSharedText, sharedDir } from './shared';

// Every file of the statement corpus (../shared/corpora/statements, real exports from many banks,
// several of them GPL or AGPL and so kept out of this tree) parsed through parseStatement: each must
// give exactly the number of transactions its MANIFEST.tsv expects, reporting at most the records the
// manifest saw but does not count, or be refused (errors, no transactions) where it says refuse.

interface ManifestRow {
  path: string;
  notes: string;
  expect: number | 'refuse';
  /** How many records the manifest's author saw in the file, good or bad. */
  recordsSeen: number;
}

function readManifest(): ManifestRow[] {
  const [heading, ...lines] = readSharedText('corpora', 'statements', 'MANIFEST.tsv').trim().split('\n');
  const columns = heading.split('\t');
  const at = (name: string) => columns.indexOf(name);
  return lines.map((line) => {
    const cells = line.split('\t');
    const expected = cells[at('expect')].trim();
    return {
      path: cells[at('local_path')],
      notes: cells[at('notes')],
      expect: expected === 'refuse' ? 'refuse' : Number(expected),
      // The cell is free text that starts with a count ("1 (unterminated)", "1 entry / 2 TxDtls").
      recordsSeen: Number.parseInt(cells[at('records_seen')], 10),
    };
  });
}

const rows = hasShared ? readManifest() : [];

describeShared('statement corpus (MANIFEST.tsv)', () => {
  it('lists files that exist', () => {
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) expect(() => readFileSync(join(sharedDir, 'corpora', 'statements', row.path))).not.toThrow();
  });

  for (const row of rows) {
    const title = `${row.path}: ${row.expect === 'refuse' ? 'refused' : `${row.expect} transactions`}`;

    it(title, () => {
      const bytes = new Uint8Array(readFileSync(join(sharedDir, 'corpora', 'statements', row.path)));
      const result = parseStatement(bytes, { fileName: basename(row.path) });

      if (row.expect === 'refuse') {
        expect(result.transactions).toHaveLength(0);
        expect(result.errors.length).toBeGreaterThan(0);
      } else {
        expect(result.transactions).toHaveLength(row.expect);
        // A record the manifest does not count (no usable date or amount) is reported, never
        // silently dropped; a file whose every record counts reports nothing.
        const uncounted = Math.max(0, row.recordsSeen - row.expect);
        expect(result.errors.length).toBeLessThanOrEqual(uncounted);
      }
      // A clear message: a sentence, not a code.
      for (const error of result.errors) expect(error.message).toMatch(/^[A-Z].{12,}[.)]$/);

      for (const line of result.transactions) {
        expect(line.datedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(line.amount).toMatch(/^-?\d+\.\d{2,}$/);
        expect(typeof line.description).toBe('string');
        expect(line.accountIndex).toBeLessThan(result.accounts.length);
      }
    });
  }
});
