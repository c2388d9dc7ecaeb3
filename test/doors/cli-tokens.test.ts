import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clockFromEnvironment } from '../../main/engine/context';
import { issueToken, openEngine, ownerEmail } from '../../main/engine/open';

// Issue 23 item 5: tokens that protect the book. The CLI runs as a person runs it (tsx, a child
// process); the book is set up and checked in process, through the engine's own authentication.

const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
const cli = join(process.cwd(), 'main', 'cli.ts');
const NOW = '2026-11-22T10:00:00Z';
const baseEnv: Record<string, string | undefined> = { ...process.env, LEDGERDESK_NOW: NOW, LEDGERDESK_TOKEN: undefined };
const OWNER = 'owner@ledgerdesk.local';

function runCli(args: string[], env: Record<string, string> = {}) {
  return spawnSync(tsx, [cli, ...args], { env: { ...baseEnv, ...env }, encoding: 'utf8' });
}

/** A new book file with its company set up, and a folder beside it for anything else. */
function newBook(): { dir: string; db: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-tokens-'));
  const db = join(dir, 'book.sqlite');
  const opened = openEngine({ file: db, clock: clockFromEnvironment(NOW), create: { type: 'UkLimitedCompany', name: 'Tokens Ltd', startDate: '2025-01-01', owner: { email: OWNER, firstName: 'Book', lastName: 'Owner' } } });
  opened.close();
  return { dir, db };
}

/** What the book answers to `token` on GET /v2/users/me, read in process. */
async function statusWith(db: string, token: string, at = NOW): Promise<number> {
  const opened = openEngine({ file: db, clock: clockFromEnvironment(at), create: { type: 'UkLimitedCompany', name: 'x', startDate: '2025-01-01', owner: { email: OWNER, firstName: 'a', lastName: 'b' } }, book: { create: false } });
  try {
    return (await opened.engine.fetch(new Request('http://ledgerdesk.invalid/v2/users/me', { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } }))).status;
  } finally {
    opened.close();
  }
}

describe('tokens', () => {
  it('are made of 32 random bytes when generated', () => {
    const { db } = newBook();
    const issued = [runCli(['token', '--db', db, '--user', OWNER]), runCli(['token', '--db', db, '--user', OWNER])].map((run) => run.stdout.trim());
    for (const token of issued) expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(issued[0]).not.toBe(issued[1]);
  }, 300_000);

  it('are never taken from the command line, and one given by hand under 16 characters is refused', () => {
    const { dir, db } = newBook();
    const onArgv = runCli(['serve', '--db', join(dir, 'new.sqlite'), '--port', '0', '--token', 'a-long-enough-token-on-argv']);
    expect(onArgv.status).not.toBe(0);
    expect(onArgv.stderr).toContain('--token on the command line shows in ps');
    const short = runCli(['serve', '--db', join(dir, 'new.sqlite'), '--port', '0'], { LEDGERDESK_TOKEN: 'fifteen-chars-x' });
    expect(short.status).not.toBe(0);
    expect(short.stderr).toContain('at least 16 characters');
    // Refused before anything is opened: no book was made.
    expect(existsSync(join(dir, 'new.sqlite'))).toBe(false);
    const revokeShort = runCli(['token', '--db', db, '--revoke'], { LEDGERDESK_TOKEN: 'short' });
    expect(revokeShort.status).not.toBe(0);
    expect(revokeShort.stderr).toContain('at least 16 characters');
  }, 300_000);

  it('serve takes the owner token from a file or from LEDGERDESK_TOKEN', async () => {
    const { dir, db } = newBook();
    const fromFile = 'owner-token-from-a-file';
    writeFileSync(join(dir, 'token'), `${fromFile}\n`, { mode: 0o600 });
    for (const [args, env, token] of [
      [['--token-file', join(dir, 'token')], {}, fromFile],
      [[], { LEDGERDESK_TOKEN: 'owner-token-from-the-environment' }, 'owner-token-from-the-environment'],
    ] as const) {
      const child = spawn(tsx, [cli, 'serve', '--db', db, '--port', '0', ...args], { env: { ...baseEnv, ...env } });
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match) resolve(match[1]!);
        });
        child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
      });
      try {
        expect((await fetch(`${url}/v2/users/me`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
      } finally {
        await new Promise((done) => (child.once('exit', done), child.kill('SIGTERM')));
      }
    }
  }, 300_000);

  it('token --expires ends a token on its own: it works until then and is refused after, with the time it ended', async () => {
    const { db } = newBook();
    const issued = runCli(['token', '--db', db, '--user', OWNER, '--expires', '30d']);
    expect(issued.status).toBe(0);
    expect(issued.stderr.trim()).toBe('expires 2026-12-22T10:00:00.000Z');
    const token = issued.stdout.trim();
    expect(await statusWith(db, token)).toBe(200);
    expect(await statusWith(db, token, '2026-12-22T09:59:59Z')).toBe(200);
    expect(await statusWith(db, token, '2026-12-22T10:00:00Z')).toBe(401);
    // A moment already past, or words, are refused and nothing is issued.
    for (const wrong of ['2026-01-01', 'next week']) {
      const refused = runCli(['token', '--db', db, '--user', OWNER, '--expires', wrong]);
      expect(refused.status).not.toBe(0);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toMatch(/--expires/);
    }
  }, 300_000);

  it('token --revoke forgets one token given in a file, or every token of a user', async () => {
    const { dir, db } = newBook();
    // Issued in process: the CLI's own issuing is the first test's; three CLI runs are slow enough.
    const opened = openEngine({ file: db, clock: clockFromEnvironment(NOW), create: { type: 'UkLimitedCompany', name: 'x', startDate: '2025-01-01', owner: { email: OWNER, firstName: 'a', lastName: 'b' } }, book: { create: false } });
    const [first, second] = [issueToken(opened.deps, OWNER), issueToken(opened.deps, OWNER)];
    opened.close();
    expect(await statusWith(db, first)).toBe(200);
    writeFileSync(join(dir, 'revoke'), first, { mode: 0o600 });
    const one = runCli(['token', '--db', db, '--revoke', '--token-file', join(dir, 'revoke')]);
    expect(one.stdout.trim()).toBe('revoked 1 token');
    expect(await statusWith(db, first)).toBe(401);
    expect(await statusWith(db, second)).toBe(200);
    const all = runCli(['token', '--db', db, '--revoke', '--user', OWNER]);
    expect(all.status).toBe(0);
    expect(await statusWith(db, second)).toBe(401);
    expect(runCli(['token', '--db', db, '--revoke', '--user', 'nobody@example.com']).stderr).toContain('No user with email nobody@example.com');
  }, 600_000);

  it('browser mode\'s session token lives only as long as that run', async () => {
    const { dir, db } = newBook();
    // A session token left by a run that did not end cleanly.
    const opened = openEngine({ file: db, clock: clockFromEnvironment(NOW), create: { type: 'UkLimitedCompany', name: 'x', startDate: '2025-01-01', owner: { email: OWNER, firstName: 'a', lastName: 'b' } }, book: { create: false } });
    const leftOver = issueToken(opened.deps, ownerEmail(opened.deps), undefined, 'browser');
    opened.close();
    expect(await statusWith(db, leftOver)).toBe(200);

    const renderer = join(dir, 'renderer');
    mkdirSync(renderer);
    writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Ledgerdesk</title>');
    const child = spawn(tsx, [cli, 'browser', '--db', db, '--port', '0', '--renderer', renderer], { env: { ...baseEnv, XDG_CONFIG_HOME: join(dir, 'config') } });
    const [url, token] = await new Promise<[string, string]>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /open (http:\/\/127\.0\.0\.1:\d+)\/#token=(\S+)/.exec(output);
        if (match) resolve([match[1]!, match[2]!]);
      });
      child.on('exit', (code) => reject(new Error(`browser exited with ${code}: ${output}`)));
    });
    try {
      expect((await fetch(`${url}/v2/users/me`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
      expect((await fetch(`${url}/v2/users/me`, { headers: { Authorization: `Bearer ${leftOver}` } })).status).toBe(401);
    } finally {
      await new Promise((done) => (child.once('exit', done), child.kill('SIGTERM')));
    }
    expect(await statusWith(db, token)).toBe(401);
  }, 300_000);
});
