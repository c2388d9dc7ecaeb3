import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
const cli = join(process.cwd(), 'main', 'cli.ts');

function run(args: string[], remoteToken?: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  // The remote's token by the environment, as a script gives it: never on argv, where ps shows it.
  const child = spawn(tsx, [cli, ...args], { env: remoteToken === undefined ? process.env : { ...process.env, LEDGERDESK_REMOTE_TOKEN: remoteToken } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (status) => resolve({ status, stdout, stderr })));
}

// Given by hand (LEDGERDESK_TOKEN), so at least 16 characters each.
const REMOTE_TOKEN = 'remote-owner-token';
const LOCAL_TOKEN = 'local-owner-token-';

function serve(db: string, token: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(tsx, [cli, 'serve', '--db', db, '--port', '0', '--company-name', 'Example Ltd'], { env: { ...process.env, LEDGERDESK_TOKEN: token } });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve({ url: match[1]!, stop: () => new Promise((done) => (child.once('exit', () => done()), child.kill('SIGTERM'))) });
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
}

async function post(url: string, token: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(201);
}

describe('npm run cli -- sync', () => {
  it('brings a remote served by another Ledgerdesk into a new book, then shows the plan for a book that already has records', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-sync-'));
    const remote = await serve(join(dir, 'remote.sqlite'), REMOTE_TOKEN);
    try {
      await post(remote.url, REMOTE_TOKEN, '/v2/contacts', { contact: { organisation_name: 'Acme Ltd', email: 'ap@acme.test' } });
      await post(remote.url, REMOTE_TOKEN, '/v2/bank_accounts', { bank_account: { name: 'Current', type: 'StandardBankAccount', opening_balance: '10', account_number: '12345678', sort_code: '12-34-56' } });
      const first = await run(['sync', '--db', join(dir, 'new.sqlite'), '--remote', remote.url], REMOTE_TOKEN);
      expect(first.stderr).toBe('');
      const result = JSON.parse(first.stdout) as Record<string, number>;
      expect(result).toMatchObject({ pulled: 2, pushed: 0, conflicts: 0, refused: 0 });
      expect(result.requests).toBeGreaterThan(0);
      expect(Object.keys(result).sort()).toEqual(['agree', 'checkRequests', 'conflicts', 'differences', 'pulled', 'pushed', 'refused', 'requests']);
      // Both books computed the same figures after the round.
      expect(result).toMatchObject({ agree: true, differences: 0 });

      // A book with its own records: the same contact (name and email) and one the remote lacks.
      const localDb = join(dir, 'own.sqlite');
      const local = await serve(localDb, LOCAL_TOKEN);
      await post(local.url, LOCAL_TOKEN, '/v2/contacts', { contact: { organisation_name: 'ACME LTD', email: 'ap@acme.test', town: 'Leeds' } });
      await post(local.url, LOCAL_TOKEN, '/v2/contacts', { contact: { organisation_name: 'Only Here' } });
      await local.stop();
      const planned = await run(['sync', '--db', localDb, '--remote', remote.url], REMOTE_TOKEN);
      expect(planned.status).toBe(3);
      expect(planned.stderr).toContain('--accept-plan');
      const plan = (JSON.parse(planned.stdout) as { plan: { mode: string; families: { family: string; linked: unknown[]; createHere: unknown[]; createThere: unknown[] }[] } }).plan;
      expect(plan.mode).toBe('merge');
      const contacts = plan.families.find((family) => family.family === 'contacts')!;
      expect(contacts.linked).toHaveLength(1);
      expect(contacts.createThere).toHaveLength(1);
      expect(plan.families.find((family) => family.family === 'bank_accounts')!.createHere).toHaveLength(1);
      const accepted = await run(['sync', '--db', localDb, '--remote', remote.url, '--accept-plan', '--push-only'], REMOTE_TOKEN);
      expect(JSON.parse(accepted.stdout)).toMatchObject({ pushed: 1, pulled: 0 });
      const pulled = await run(['sync', '--db', localDb, '--remote', remote.url, '--pull-only'], REMOTE_TOKEN);
      expect(JSON.parse(pulled.stdout)).toMatchObject({ pulled: 1, pushed: 0 });
      const listed = (await (await fetch(`${remote.url}/v2/contacts?view=all`, { headers: { Authorization: `Bearer ${REMOTE_TOKEN}` } })).json()) as { contacts: { organisation_name: string }[] };
      expect(listed.contacts.map((contact) => contact.organisation_name).sort()).toEqual(['Acme Ltd', 'Only Here']);
    } finally {
      await remote.stop();
    }
  }, 300_000); // six tsx processes start one after another; on a loaded machine each takes 15-30 s

  it('refuses the remote\'s token on the command line, where ps and npm\'s log would show it, and sends nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-sync-'));
    const refused = await run(['sync', '--db', join(dir, 'new.sqlite'), '--remote', 'http://127.0.0.1:9', '--remote-token', REMOTE_TOKEN]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('--remote-token on the command line shows in ps and in logs: put the token in a file and pass --remote-token-file FILE, or set LEDGERDESK_REMOTE_TOKEN');
    expect(refused.stdout).toBe('');
    const missing = await run(['sync', '--db', join(dir, 'new.sqlite'), '--remote', 'http://127.0.0.1:9']);
    expect(missing.stderr).toContain("The remote's token is required: --remote-token-file FILE, or LEDGERDESK_REMOTE_TOKEN");
  }, 120_000);
});
