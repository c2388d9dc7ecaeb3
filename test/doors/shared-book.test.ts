import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { issueToken, openEngine, ownerEmail } from '../../main/engine/open';

const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
const cli = join(process.cwd(), 'main', 'cli.ts');
const children: ChildProcess[] = [];
/** What each server process said, and how it ended if it did: a dead server fails the test with its reason. */
const outputs: string[] = [];
const deaths: string[] = [];
/** Given by hand (LEDGERDESK_TOKEN), so at least 16 characters. */
const SHARED_TOKEN = 'SHARED-owner-token';
const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-shared-'));
afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

function serve(db: string): Promise<string> {
  const child = spawn(tsx, [cli, 'serve', '--db', db, '--port', '0'], { env: { ...process.env, LEDGERDESK_NOW: '2026-11-22T10:00:00Z', LEDGERDESK_TOKEN: SHARED_TOKEN } });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code, signal) => {
      deaths.push(`serve exited with ${code ?? signal}: ${output}`);
      reject(new Error(`serve exited with ${code}: ${output}`));
    });
    outputs.push('');
    const index = outputs.length - 1;
    child.stderr.on('data', (chunk: Buffer) => (outputs[index] += chunk.toString()));
  });
}

const PROCESSES = 3;
const CLIENTS = 30;
const WRITES_PER_CLIENT = 8;

describe('one book, several processes', () => {
  it(`${PROCESSES} processes and ${CLIENTS} clients writing at once: no 5xx and no write lost`, async () => {
    const db = join(dir, 'shared.ledgerdesk');
    // The book exists before the servers start, as it would when the app is already open on it.
    const made = openEngine({ file: db, create: { type: 'UkLimitedCompany', name: 'Shared Ltd', startDate: '2025-04-01', owner: { email: 'owner@example.com', firstName: 'O', lastName: 'Owner' } } });
    issueToken(made.deps, ownerEmail(made.deps), SHARED_TOKEN);
    made.close();
    const urls = await Promise.all(Array.from({ length: PROCESSES }, () => serve(db)));

    const statuses: number[] = [];
    const created: string[] = [];
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        const url = urls[client % PROCESSES]!;
        for (let write = 0; write < WRITES_PER_CLIENT; write += 1) {
          const name = `client ${client} write ${write}`;
          // Each write reads the list first, as the app does, so transactions overlap with reads.
          const list = await fetch(`${url}/v2/contacts?per_page=5`, { headers: { Authorization: `Bearer ${SHARED_TOKEN}` } });
          statuses.push(list.status);
          await list.arrayBuffer();
          const response = await fetch(`${url}/v2/contacts`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${SHARED_TOKEN}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ contact: { organisation_name: name } }),
          });
          statuses.push(response.status);
          const body = (await response.json()) as { contact?: { url: string } };
          if (response.status !== 201) continue;
          created.push(name);
          // An invoice reads the contact, the company and the numbering before it writes: the kind
          // of transaction a deferred BEGIN lets another process overtake (SQLITE_BUSY_SNAPSHOT).
          const invoice = await fetch(`${url}/v2/invoices`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${SHARED_TOKEN}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ invoice: { contact: body.contact!.url, dated_on: '2026-11-01', payment_terms_in_days: 30, invoice_items: Array.from({ length: 10 }, (_, line) => ({ item_type: 'Hours', description: `line ${line}`, price: '12.50', quantity: '2' })) } }),
          });
          statuses.push(invoice.status);
          await invoice.arrayBuffer();
        }
      }),
    ).catch((error: Error) => {
      throw new Error(`${error.message} (${String((error.cause as Error | undefined)?.message)}); servers: ${deaths.join(' | ') || 'all alive'}; their errors: ${outputs.join(' | ')}`);
    });

    const serverErrors = statuses.filter((status) => status >= 500);
    expect(serverErrors).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2 * CLIENTS * WRITES_PER_CLIENT);
    expect(statuses.filter((status) => status === 200)).toHaveLength(CLIENTS * WRITES_PER_CLIENT);
    const book = new Database(db, { readonly: true });
    const stored = book.prepare('SELECT organisation_name FROM contacts ORDER BY organisation_name').pluck().all() as string[];
    const invoices = book.prepare('SELECT count(*) FROM invoices').pluck().get();
    const numbers = book.prepare('SELECT count(DISTINCT reference) FROM invoices').pluck().get();
    book.close();
    expect(stored).toEqual([...created].sort());
    expect(invoices).toBe(CLIENTS * WRITES_PER_CLIENT);
    // Invoice numbers come from the book, so writers in different processes never share one.
    expect(numbers).toBe(CLIENTS * WRITES_PER_CLIENT);
  }, 120_000);
});
