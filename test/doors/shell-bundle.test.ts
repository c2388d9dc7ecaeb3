import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The same checks as shell-main.test.ts, on the built main bundle (out/main/index.js, what the
// packaged app runs) instead of the sources: it loads with electron mocked, finds its migrations,
// preload and renderer beside it, and behaves the same.
const root = process.cwd();
const build = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: root, encoding: 'utf8' });
if (build.status !== 0) throw new Error(`electron-vite build failed:\n${build.stdout}\n${build.stderr}`);
for (const part of ['out/main/index.js', 'out/main/cli.js', 'out/main/migrations/meta/_journal.json', 'out/preload/index.cjs', 'out/renderer/index.html']) {
  if (!existsSync(join(root, part))) throw new Error(`the build did not make ${part}`);
}

// The command line from the same build, run by plain node with nothing of the development tools:
// what a package's `serve` and `cli` run.
describe('the command line bundle (out/main/cli.js)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'ledgerdesk-cli-bundle-'));
  const cli = join(root, 'out', 'main', 'cli.js');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('imports no TypeScript runner', () => {
    const bundles = readdirSync(join(root, 'out', 'main')).filter((name) => name.endsWith('.js'));
    for (const name of bundles) expect(readFileSync(join(root, 'out', 'main', name), 'utf8'), name).not.toMatch(/from ["']tsx|require\(["']tsx/);
  });

  it('serves a new book on loopback with its migrations, and issues a token for it', async () => {
    const book = join(folder, 'book.ledgerdesk');
    const token = 'bundle-test-token-0123456789';
    const env = { PATH: process.env.PATH ?? '', HOME: folder, LEDGERDESK_TOKEN: token };
    const server = spawn(process.execPath, [cli, 'serve', '--db', book, '--port', '0'], { env, cwd: folder });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let said = '';
        server.stdout.on('data', (chunk: Buffer) => {
          said += chunk.toString();
          const found = /listening on (http:\/\/\S+)/.exec(said);
          if (found) resolve(found[1]!);
        });
        server.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
        server.on('exit', (code) => reject(new Error(`serve stopped with ${code}: ${said}`)));
      });
      const company = await fetch(`${url}/v2/company`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
      expect(company.status).toBe(200);
      expect(((await company.json()) as { company: { name: string } }).company.name).toBeTruthy();
    } finally {
      server.kill();
    }
    const issued = spawnSync(process.execPath, [cli, 'token', '--db', book, '--user', 'owner@ledgerdesk.local'], { env: { PATH: process.env.PATH ?? '', HOME: folder }, encoding: 'utf8' });
    expect(issued.status, issued.stderr).toBe(0);
    expect(issued.stdout.trim()).toMatch(/^[A-Za-z0-9_-]{43,}$/);
  });
});

process.env.LEDGERDESK_MAIN_ENTRY = join(root, 'out', 'main', 'index.js');
await import('./shell-main.test');
