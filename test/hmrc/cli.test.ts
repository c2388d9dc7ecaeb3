import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEngine } from '../../main/engine/open';
import { fixedClock, type TestBook } from '../engine/harness';
import { postDocument } from '../engine/report-fixtures';
import { simulator } from './fixture';
import type { HmrcSimulator } from './simulator';

/**
 * Issue 21 item 9: `hmrc obligations` and `hmrc submit` against the simulator, as a person runs them:
 * one JSON object and exit 0, or one sentence and exit 1; nothing sent without --declare.
 */
const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
const cli = join(process.cwd(), 'main', 'cli.ts');
let sim: HmrcSimulator;
let db: string;
let env: NodeJS.ProcessEnv;

function run(args: string[], extraEnv: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  // Async: the simulator answers from this process while the CLI runs.
  const child = spawn(tsx, [cli, 'hmrc', ...args], { env: { ...env, ...extraEnv } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

const bookState = () => {
  const opened = openEngine({ file: db, clock: fixedClock(), create: undefined as never, book: { create: false } });
  try {
    return opened.deps.book.sqlite.prepare("SELECT filing_status, filed_reference FROM vat_return_states WHERE period_ends_on = '2026-10-31'").get() as { filing_status: string; filed_reference: string } | undefined;
  } finally {
    opened.close();
  }
};

beforeAll(async () => {
  // The CLI has no window: screens and window size go empty, as the validator is told.
  sim = await simulator({ mayBeEmpty: ['Gov-Client-Multi-Factor', 'Gov-Vendor-License-IDs', 'Gov-Client-Screens', 'Gov-Client-Window-Size'] });
  const folder = mkdtempSync(join(tmpdir(), 'ledgerdesk-hmrc-cli-'));
  db = join(folder, 'book.sqlite');
  env = { ...process.env, LEDGERDESK_NOW: '2026-11-22T10:00:00Z', XDG_CONFIG_HOME: folder, LEDGERDESK_HMRC_BASE: '', LEDGERDESK_HMRC_TOKEN: '' };
  const opened = openEngine({
    file: db,
    clock: fixedClock(),
    create: { type: 'UkLimitedCompany', name: 'Example Ltd', startDate: '2025-05-01', vatRegistered: true, cisSubcontractor: false, owner: { email: 'owner@example.com', firstName: 'O', lastName: 'Owner' } },
  });
  opened.deps.book.sqlite.prepare("UPDATE company SET vat_registration_number = 'GB 123 456 789', sales_tax_effective_date = '2025-05-01'").run();
  const t = { book: opened.deps.book } as TestBook;
  postDocument(t, '2026-09-10', [{ code: '001', debit: -100_050, salesTaxStatus: 'TAXABLE' }, { code: '819', debit: -20_010 }, { code: '681', debit: 120_060 }], 'invoices');
  opened.close();
});

afterAll(async () => {
  expect(sim.fraudProblems()).toEqual([]);
  await sim.stop();
});

const hmrc = () => ['--hmrc-base', sim.url, '--hmrc-token', sim.token];

// Each run starts tsx afresh, which takes many seconds on a busy machine.
describe('npm run cli -- hmrc', { timeout: 240_000 }, () => {
  it('prints HMRC obligations as one JSON object, each with the book period it matches', async () => {
    const result = await run(['obligations', '--db', db, ...hmrc()]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const printed = JSON.parse(result.stdout) as { obligations: { period_key: string; status: string; book_period_ends_on?: string }[] };
    expect(printed.obligations.find((obligation) => obligation.period_key === '18A6')).toMatchObject({ status: 'O', start: '2026-08-01', end: '2026-10-31', due: '2026-12-07', book_period_ends_on: '2026-10-31' });
    const open = JSON.parse((await run(['obligations', '--db', db, '--status', 'O'], { LEDGERDESK_HMRC_BASE: sim.url, LEDGERDESK_HMRC_TOKEN: sim.token })).stdout) as typeof printed;
    expect(open.obligations.map((obligation) => obligation.period_key)).toEqual(['18A6', '18A7']);
    // The CLI acts as the book's owner: Gov-Client-User-IDs names them beside the operating system's user.
    for (const request of sim.requests) expect(request.headers.get('Gov-Client-User-IDs')).toMatch(/^os=[^&]+&ledgerdesk=owner%40example\.com$/);
  });

  it('refuses a range of obligations HMRC would refuse, naming the option, and asks HMRC nothing', async () => {
    const before = sim.requests.length;
    // HMRC takes `to` up to a year after `from` (vat-api-rules.md section 9).
    const result = await run(['obligations', '--db', db, '--from', '2025-01-01', '--to', '2026-01-02', ...hmrc()]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('--to must be 1 January 2026 or earlier: HMRC gives obligations for 366 days at most at a time, and --from is 1 January 2025.');
    expect(sim.requests.length).toBe(before);
  });

  it('sends nothing without --declare, and says why in one sentence', async () => {
    const before = sim.requests.length;
    const result = await run(['submit', '--db', db, '--period-key', '18A6', ...hmrc()]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n'), result.stderr).toHaveLength(1);
    expect(result.stderr).toContain('Nothing was sent: confirm HMRC\'s declaration with --declare');
    expect(sim.requests.length).toBe(before);
    expect(bookState()).toBeUndefined();
  });

  it('submits with --declare, prints the receipt and files the return in the book; a second run is refused', async () => {
    const result = await run(['submit', '--db', db, '--period-key', '18A6', '--declare', ...hmrc()]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const receipt = JSON.parse(result.stdout) as { formBundleNumber: string; processingDate: string };
    expect(receipt.formBundleNumber).toBe(sim.returns.get('18A6')!.formBundleNumber);
    expect(receipt.processingDate).toBe('2026-11-22T10:15:30.123Z');
    expect(bookState()).toEqual({ filing_status: 'filed', filed_reference: receipt.formBundleNumber });
    const again = await run(['submit', '--db', db, '--period-key', '18A6', '--declare', ...hmrc()]);
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toBe('The VAT return for the period ending 2026-10-31 is already filed with HMRC');
    expect(sim.submissions()).toHaveLength(1);
  });

  it('tells the person to connect again when HMRC refuses the token', async () => {
    const result = await run(['obligations', '--db', db, '--hmrc-base', sim.url, '--hmrc-token', 'expired']);
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('HMRC refused the token given for it: connect to HMRC again with a new one.');
  });
});
