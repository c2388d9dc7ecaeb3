import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
const cli = join(process.cwd(), 'main', 'cli.ts');
const env: NodeJS.ProcessEnv = { ...process.env, LEDGERDESK_NOW: '2026-11-22T10:00:00Z' };
delete env.LEDGERDESK_TOKEN;
/** Given by hand, so at least 16 characters. */
const OWNER_TOKEN = 'T0K3N-for-the-owner';

function runCli(args: string[], extraEnv: Record<string, string> = {}) {
  return spawnSync(tsx, [cli, ...args], { env: { ...env, ...extraEnv }, encoding: 'utf8' });
}

/** Starts `serve` and resolves with its url once it prints the listening line. */
function serve(args: string[], extraEnv: Record<string, string> = {}): Promise<{ url: string; stop(): void }> {
  const child = spawn(tsx, [cli, 'serve', ...args], { env: { ...env, ...extraEnv } });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve({ url: match[1]!, stop: () => child.kill('SIGTERM') });
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
}

describe('command line', () => {
  it('serve creates the book, prints the listening line and accepts the given owner token', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'ledgerdesk-cli-')), 'book.sqlite');
    const server = await serve(['--db', db, '--port', '0', '--company-type', 'UkSoleTrader', '--company-start', '2025-04-06', '--vat-registered'], { LEDGERDESK_TOKEN: OWNER_TOKEN });
    try {
      const company = await fetch(`${server.url}/v2/company`, { headers: { Authorization: `Bearer ${OWNER_TOKEN}` } });
      const body = (await company.json()) as { company: { type: string; company_start_date: string; sales_tax_registration_status: string } };
      expect(body.company).toMatchObject({ type: 'UkSoleTrader', company_start_date: '2025-04-06', sales_tax_registration_status: 'Registered' });
      const me = (await (await fetch(`${server.url}/v2/users/me`, { headers: { Authorization: `Bearer ${OWNER_TOKEN}` } })).json()) as { user: { permission_level: number } };
      expect(me.user.permission_level).toBe(8);
    } finally {
      server.stop();
    }
    const token = runCli(['token', '--db', db, '--user', 'owner@ledgerdesk.local']);
    expect(token.status).toBe(0);
    const issued = token.stdout.trim();
    expect(issued).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const unknown = runCli(['token', '--db', db, '--user', 'nobody@example.com']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No user with email nobody@example.com');
    const again = await serve(['--db', db, '--port', '0']);
    try {
      const response = await fetch(`${again.url}/v2/users/me`, { headers: { Authorization: `Bearer ${issued}` } });
      expect(response.status).toBe(200);
    } finally {
      again.stop();
    }
  }, 600_000);

  it('token needs an existing book and a known user', () => {
    const db = join(mkdtempSync(join(tmpdir(), 'ledgerdesk-cli-')), 'book.sqlite');
    const missing = runCli(['token', '--db', db, '--user', 'owner@ledgerdesk.local']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('No book at');
    expect(existsSync(db)).toBe(false);
  }, 120_000);

  it('refuses to listen beyond loopback and explains bad options', () => {
    const db = join(mkdtempSync(join(tmpdir(), 'ledgerdesk-cli-')), 'book.sqlite');
    const exposed = runCli(['serve', '--db', db, '--port', '0', '--host', '0.0.0.0']);
    expect(exposed.status).not.toBe(0);
    expect(exposed.stderr).toContain('only loopback addresses are allowed');
    const badType = runCli(['serve', '--db', db, '--port', '0', '--company-type', 'Llc']);
    expect(badType.status).toBe(2);
    expect(badType.stderr).toContain('--company-type must be one of');
  }, 120_000);
});

describe('cli parse', () => {
  it('prints one JSON object with the format and the transaction count, and exits 1 on a file it refuses', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-parse-'));
    const csv = join(dir, 'statement.csv');
    writeFileSync(csv, '01/10/2025,-50,Savings Account\n01/10/2025,100,Dunder Mifflin\n02/10/2025,-6.07,Amazon Web Services\n');
    const parsed = runCli(['parse', csv]);
    expect(parsed.status).toBe(0);
    const result = JSON.parse(parsed.stdout.trim().split('\n').pop()!);
    expect(result).toMatchObject({ transactions: 3, errors: [] });
    expect(Object.keys(result)).toEqual(['format', 'accounts', 'transactions', 'warnings', 'errors']);
    const junk = join(dir, 'junk.ofx');
    writeFileSync(junk, 'this is not a statement');
    const refused = runCli(['parse', junk]);
    expect(refused.status).toBe(1);
    expect(JSON.parse(refused.stdout.trim().split('\n').pop()!).errors.length).toBeGreaterThan(0);
  }, 120_000);
});
