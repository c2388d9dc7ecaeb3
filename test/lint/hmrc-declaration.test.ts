import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HMRC_DECLARATION } from '../../shared/api/hmrc';

// HMRC's VAT (MTD) end-to-end service guide, "Submit a VAT Return with a declaration through software"
// (github.com/hmrc/vat-service-guide, source/documentation/obligations.html.md, commit 985f95ae1daa,
// 6 July 2026): "Declaration text to use when a business confirms submission". The person filing from
// Ledgerdesk is the business itself (there is no agent mode), so this is the text, word for word.
const HMRC_BUSINESS_DECLARATION = 'When you submit this VAT information you are making a legal declaration that the information is true and complete. A false declaration can result in prosecution.';

const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const sources = (folder: string) =>
  readdirSync(join(repo, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(ts|svelte)$/.test(path))
    .map((path) => join(folder, path));

describe("HMRC's declaration before a return is sent", () => {
  it("is HMRC's business declaration word for word", () => {
    expect(HMRC_DECLARATION).toBe(HMRC_BUSINESS_DECLARATION);
  });

  it('has one home: the desk and the CLI show the shared words, never a copy of their own', () => {
    const copies = [...sources('main'), ...sources('renderer')].filter((file) => /legal declaration/i.test(readFileSync(join(repo, file), 'utf8')));
    expect(copies).toEqual([]);
    expect(readFileSync(join(repo, 'renderer/sections/tax/HmrcFiling.svelte'), 'utf8')).toContain('{HMRC_DECLARATION}');
    expect(readFileSync(join(repo, 'main/hmrc-command.ts'), 'utf8')).toContain('${HMRC_DECLARATION}');
  });
});
