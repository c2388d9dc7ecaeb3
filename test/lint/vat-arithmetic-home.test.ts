import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// DESIGN.md: VAT arithmetic lives in shared/money.ts and is called, never written out again, by the
// engine and the editors. These are the two formulas as they were once written out in six places.
const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));

const WRITTEN_OUT = [
  // The VAT fraction: gross x rate / (100 + rate).
  { formula: 'VAT in a gross amount', pattern: /new Decimal\(100\)\.plus\(|\.plus\(\s*100\s*\)/ },
  // VAT on a net: net x rate / 100.
  { formula: 'VAT on a net amount', pattern: /\.times\([^()]*(rate|vat)[^()]*\)\s*\.dividedBy\(\s*100\s*\)/i },
];

function sources(folder: string): string[] {
  return readdirSync(join(repo, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(ts|svelte)$/.test(path))
    .map((path) => join(folder, path));
}

describe('VAT arithmetic has one home', () => {
  it('no file in main/ or renderer/ writes out a VAT formula of its own', () => {
    const found: string[] = [];
    for (const file of [...sources('main'), ...sources('renderer')]) {
      const text = readFileSync(join(repo, file), 'utf8');
      for (const { formula, pattern } of WRITTEN_OUT) if (pattern.test(text)) found.push(`${relative(repo, join(repo, file))}: ${formula}`);
    }
    expect(found).toEqual([]);
  });
});
