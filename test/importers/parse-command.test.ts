import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCommand } from '../../main/parse-command';

const folder = mkdtempSync(join(tmpdir(), 'ledgerdesk-parse-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

async function run(argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await parseCommand(argv, { out: (text) => out.push(text), err: (text) => err.push(text) });
  return { code, out, err };
}

describe('parse command', () => {
  it('prints one JSON object with the transactions counted, exit 0', async () => {
    const { code, out } = await run([file('ok.qif', '!Type:Bank\nD01/13/2024\nT-1.00\nPShop\n^\nD01/14/2024\nT2.00\n^\n')]);
    expect(code).toBe(0);
    expect(out).toHaveLength(1);
    expect(JSON.parse(out[0])).toEqual({ format: 'qif', accounts: [{ accountType: 'BANK' }], transactions: 2, warnings: [], errors: [] });
  });

  it('exits 1 for a refused file, still printing the result', async () => {
    const { code, out } = await run([file('bad.csv', 'nothing here')]);
    expect(code).toBe(1);
    expect(JSON.parse(out[0]).errors[0].message).toMatch(/does not look like a statement/);
  });

  it('passes --date-order on, for CSV dates nothing settles', async () => {
    const path = file('ambiguous.csv', 'Date,Description,Amount\n03/04/2024,A,-1.00\n01/02/2024,B,-2.00\n05/06/2024,C,-3.00\n');
    expect((await run([path])).code).toBe(1);
    const { code, out } = await run([path, '--date-order', 'dmy']);
    expect(code).toBe(0);
    expect(JSON.parse(out[0]).transactions).toBe(3);
  });

  it('exits 2 with usage for missing or wrong arguments, 1 for an unreadable file', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(['a', 'b'])).code).toBe(2);
    expect((await run(['a', '--date-order', 'ddmm'])).err[0]).toMatch(/--date-order must be dmy, mdy or ymd/);
    const missing = await run([join(folder, 'missing.ofx')]);
    expect(missing.code).toBe(1);
    expect(missing.err[0]).toMatch(/^Cannot read .*missing\.ofx/);
  });
});
