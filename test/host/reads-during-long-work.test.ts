import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The proof: the engine started as the app starts it (the engine host's writer and reader
// workers, main/host), a long piece of work under way, and reads of other records at each door
// answered before that work is. Ordering, not wall-clock bounds, is asserted: a read queued behind
// the work (the engine on one thread, as before) would be answered after it, however fast the
// machine. The latencies are printed for the report.
vi.mock('electron', () => ({ ipcMain: { handle: () => undefined } }));

const { answerApiRequest, answerDropRequest } = await import('../../main/ipc');
const { startServer } = await import('../../main/server');
const { invoiceItems, openCommand, SESSION_TOKEN, startHostedBook } = await import('./hosted-book-helpers');
type HostedBook = import('../../main/host/hosted-book').HostedBook;

const LONG = 240_000;
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function hostedBook() {
  const started = await startHostedBook();
  stops.push(() => started.hosted.stop());
  return started;
}

const ipc = (hosted: HostedBook, method: 'GET' | 'POST', path: string, body?: unknown) => answerApiRequest(hosted.engine, SESSION_TOKEN, { method, path, ...(body === undefined ? {} : { body }) });

async function contact(hosted: HostedBook, name: string): Promise<string> {
  const made = await ipc(hosted, 'POST', '/v2/contacts', { contact: { organisation_name: name } });
  expect(made.status).toBe(201);
  return String((made.body as { contact: { url: string } }).contact.url);
}

/** Runs `work`, then `read` once it is under way; answers which finished first and the read's latency. */
async function readDuring<W, R>(work: () => Promise<W>, read: () => Promise<R>): Promise<{ order: string[]; work: W; read: R; readMs: number; workMs: number }> {
  const order: string[] = [];
  const started = performance.now();
  const working = work().then((value) => {
    order.push('work');
    return value;
  });
  // Let the work's request leave main for its worker before the read is asked.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const asked = performance.now();
  const reading = read().then((value) => {
    order.push('read');
    return value;
  });
  const readValue = await reading;
  const readMs = performance.now() - asked;
  const workValue = await working;
  return { order, work: workValue, read: readValue, readMs, workMs: performance.now() - started };
}

describe('reads go on while long work runs in the engine host', () => {
  it('at the IPC door: a contact and the company are read while a 20,000-item invoice is written, and the invoice is there afterwards', { timeout: LONG }, async () => {
    const { hosted } = await hostedBook();
    const north = await contact(hosted, 'North Ltd');
    const south = await contact(hosted, 'South Ltd');
    const southPath = new URL(south).pathname;
    const result = await readDuring(
      () => ipc(hosted, 'POST', '/v2/invoices', { invoice: { contact: north, dated_on: '2026-11-01', invoice_items: invoiceItems(20_000) } }),
      async () => [await ipc(hosted, 'GET', southPath), await ipc(hosted, 'GET', '/v2/company')],
    );
    console.log(`IPC door: read answered in ${result.readMs.toFixed(0)} ms during a 20,000-item invoice write of ${result.workMs.toFixed(0)} ms`);
    expect(result.order).toEqual(['read', 'work']);
    expect(result.read.map((answer) => answer.status)).toEqual([200, 200]);
    expect((result.read[0]!.body as { contact: { organisation_name: string } }).contact.organisation_name).toBe('South Ltd');
    expect(result.work.status).toBe(201);
    // The reader sees the write once it has committed: a read after the answer finds all 20,000 items.
    const invoicePath = new URL((result.work.body as { invoice: { url: string } }).invoice.url).pathname;
    const invoice = await ipc(hosted, 'GET', invoicePath);
    expect((invoice.body as { invoice: { invoice_items: unknown[] } }).invoice.invoice_items).toHaveLength(20_000);
  });

  it('at the loopback HTTP door: a contact is read while a 20,000-item invoice is written', { timeout: LONG }, async () => {
    const { hosted } = await hostedBook();
    const north = await contact(hosted, 'North Ltd');
    const south = new URL(await contact(hosted, 'South Ltd')).pathname;
    const server = await startServer({ engine: hosted.engine, port: 0 });
    stops.push(() => server.close());
    const headers = { Authorization: `Bearer ${SESSION_TOKEN}`, Accept: 'application/json', 'Content-Type': 'application/json' };
    const result = await readDuring(
      () => fetch(`${server.url}/v2/invoices`, { method: 'POST', headers, body: JSON.stringify({ invoice: { contact: north.replace('ledgerdesk://local', server.url), dated_on: '2026-11-01', invoice_items: invoiceItems(20_000) } }) }),
      () => fetch(`${server.url}${south}`, { headers }),
    );
    console.log(`HTTP door: read answered in ${result.readMs.toFixed(0)} ms during a 20,000-item invoice write of ${result.workMs.toFixed(0)} ms`);
    expect(result.order).toEqual(['read', 'work']);
    expect(result.read.status).toBe(200);
    expect(((await result.read.json()) as { contact: { organisation_name: string } }).contact.organisation_name).toBe('South Ltd');
    expect(result.work.status).toBe(201);
    // The whole answer is read: the invoice came back with all its lines.
    expect(((await result.work.json()) as { invoice: { invoice_items: unknown[] } }).invoice.invoice_items).toHaveLength(20_000);
  });

  it('at the drop door: a contact is read while a 45 MB CSV statement is parsed for its preview', { timeout: LONG }, async () => {
    const { hosted, folder } = await hostedBook();
    const south = new URL(await contact(hosted, 'South Ltd')).pathname;
    const statement = join(folder, 'big.csv');
    writeFileSync(statement, bigCsv(45 * 1024 * 1024));
    const result = await readDuring(
      () => answerDropRequest(hosted.engine, SESSION_TOKEN, { path: '/v2/bank_transactions/statement/preview', filePaths: [statement] }),
      () => ipc(hosted, 'GET', south),
    );
    console.log(`drop door: read answered in ${result.readMs.toFixed(0)} ms during a 45 MB statement preview of ${result.workMs.toFixed(0)} ms`);
    expect(result.order).toEqual(['read', 'work']);
    expect(result.read.status).toBe(200);
    expect(result.work[0]!.status).toBe(200);
    expect((result.work[0]!.body as { statement_preview: { format: string } }).statement_preview.format).toBe('csv');
  });

  it('while another book opens (check, migrations), the open book is still read; then the new one is', { timeout: LONG }, async () => {
    const { hosted, folder } = await hostedBook();
    const south = new URL(await contact(hosted, 'South Ltd')).pathname;
    const result = await readDuring(
      () => hosted.open(openCommand(join(folder, 'second.ledgerdesk'), 'Second Ltd')),
      () => ipc(hosted, 'GET', south),
    );
    console.log(`book open: read answered in ${result.readMs.toFixed(0)} ms during a book open of ${result.workMs.toFixed(0)} ms`);
    expect(result.order).toEqual(['read', 'work']);
    expect(result.read.status).toBe(200);
    expect(result.work.company).toBe('Second Ltd');
    const company = await ipc(hosted, 'GET', '/v2/company');
    expect((company.body as { company: { name: string } }).company.name).toBe('Second Ltd');
    // The first book's contact is not in the second.
    expect((await ipc(hosted, 'GET', south)).status).toBe(404);
  });
});

/** A CSV statement of about `bytes` bytes: a header and one dated payment a line. */
function bigCsv(bytes: number): string {
  const lines = ['Date,Description,Amount'];
  let size = lines[0]!.length + 1;
  for (let index = 0; size < bytes; index += 1) {
    const day = String(1 + (index % 28)).padStart(2, '0');
    const line = `${day}/10/2026,Card payment to supplier number ${index} reference ${(index * 7919) % 100000},-${(index % 500) + 1}.${String(index % 100).padStart(2, '0')}`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}
