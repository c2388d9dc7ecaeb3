// A child process for the kill -9 harness (expense-receipts-kill.test.ts): it saves an expense with
// two receipts as one request and deletes it, over and over, until it is killed. It prints "step"
// after each committed write, so the parent kills it while it is writing (kill-point.ts).
import { openBook } from '../../../main/db/client';
import { createEngine } from '../../../main/engine/app';

const [file, migrationsFolder, userUrl, token] = process.argv.slice(2) as [string, string, string, string];
const book = openBook(file, { migrationsFolder, backups: false });
const engine = createEngine({ book, clock: { now: () => new Date('2026-11-22T10:00:00Z') }, ids: { token: () => 'unused' } });
const origin = 'http://127.0.0.1:9999';
const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Api-Version': '2026-09-01' };
const PDF = { file_name: 'receipt.pdf', content_type: 'application/pdf', data: Buffer.from(`%PDF-1.4\n${'x'.repeat(64 * 1024)}\n%%EOF\n`).toString('base64') };

async function send(method: string, path: string, body?: unknown): Promise<any> {
  const reply = await engine.fetch(new Request(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  const json = await reply.json().catch(() => null);
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(json)}`);
  return json;
}

// An expense an earlier kill left (the parent has checked it) goes first, so the state the parent
// finds is this run's alone: one left over had made every later run count as "kept".
for (const left of (await send('GET', '/v2/expenses?per_page=100')).expenses as { url: string }[]) await send('DELETE', new URL(left.url).pathname);
for (;;) {
  const expense = {
    user: userUrl,
    category: `${origin}/v2/categories/285`,
    gross_value: '-12.34',
    dated_on: '2026-10-01',
    description: 'Lunch',
    attachments: [PDF, { ...PDF, file_name: 'second.pdf' }],
  };
  const made = (await send('POST', '/v2/expenses', { expense })).expense;
  process.stdout.write('step\n');
  await send('DELETE', new URL(made.url).pathname);
  process.stdout.write('step\n');
}
