// A child process for the kill -9 harness (explanation-batch-kill.test.ts): it saves a line's split
// and merges it back, over and over, each as one batch request, until it is killed. It prints "step"
// after each committed batch, so the parent kills it while it is writing (kill-point.ts).
import { openBook } from '../../../main/db/client';
import { createEngine } from '../../../main/engine/app';

const [file, migrationsFolder, lineUrl, token] = process.argv.slice(2) as [string, string, string, string];
const book = openBook(file, { migrationsFolder, backups: false });
const engine = createEngine({ book, clock: { now: () => new Date('2026-11-22T10:00:00Z') }, ids: { token: () => 'unused' } });
const origin = 'http://127.0.0.1:9999';
const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-Api-Version': '2026-09-01' };
const PDF = { file_name: 'receipt.pdf', content_type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64') };

async function send(method: string, path: string, body?: unknown): Promise<any> {
  const reply = await engine.fetch(new Request(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  const json = await reply.json().catch(() => null);
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(json)}`);
  return json;
}

const explain = (category: string, gross: string) => ({ op: 'create', bank_transaction_explanation: { bank_transaction: lineUrl, category, gross_value: gross } });

for (;;) {
  const line = (await send('GET', new URL(lineUrl).pathname)).bank_transaction;
  const parts: string[] = (line.bank_transaction_explanations ?? []).map((part: any) => part.url);
  const removals = parts.map((url) => ({ op: 'delete', url }));
  const steps =
    parts.length === 1
      ? [...removals, explain('285', '-30'), explain('250', '-30'), explain('363', '-40'), { op: 'attach', to: removals.length, attachments: [PDF] }]
      : [...removals, explain('285', '-100')];
  await send('POST', '/v2/bank_transaction_explanations/batch', { batch: { steps } });
  process.stdout.write('step\n');
}
