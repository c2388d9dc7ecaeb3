import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TokenCipher } from '../../main/sync/connect/cipher';

vi.mock('electron', () => ({ ipcMain: { handle: () => undefined } }));

const { answerApiRequest } = await import('../../main/ipc');
const { CRASH_MESSAGE } = await import('../../main/host/hosted-book');
const { invoiceItems, SESSION_TOKEN, startHostedBook } = await import('./hosted-book-helpers');
type HostedBook = import('../../main/host/hosted-book').HostedBook;

const LONG = 240_000;
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

const ipc = (hosted: HostedBook, method: 'GET' | 'POST', path: string, body?: unknown) => answerApiRequest(hosted.engine, SESSION_TOKEN, { method, path, ...(body === undefined ? {} : { body }) });

describe('the engine host: crashes, own writes, progress and the keychain', () => {
  it('a writer that dies mid-write answers the window with a clear 503, is started again and the book reopened', { timeout: LONG }, async () => {
    const crashes: string[] = [];
    const { hosted } = await startHostedBook({ onCrash: (message) => crashes.push(message) });
    stops.push(() => hosted.stop());
    const made = await ipc(hosted, 'POST', '/v2/contacts', { contact: { organisation_name: 'Kept Ltd' } });
    const kept = new URL((made.body as { contact: { url: string } }).contact.url).pathname;
    const writing = ipc(hosted, 'POST', '/v2/invoices', { invoice: { contact: kept, dated_on: '2026-11-01', invoice_items: invoiceItems(20_000) } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await hosted.kill('writer');
    const answer = await writing;
    expect(answer.status).toBe(503);
    expect(JSON.stringify(answer.body)).toContain('stopped unexpectedly');
    expect(crashes).toEqual([CRASH_MESSAGE]);
    // The restarted writer has the book open again: what was saved is there, the cut-off write is not.
    await vi.waitFor(async () => expect((await ipc(hosted, 'GET', '/v2/company')).status).toBe(200), { timeout: 60_000, interval: 100 });
    expect((await ipc(hosted, 'GET', kept)).status).toBe(200);
    expect((await ipc(hosted, 'GET', '/v2/invoices')).body).toMatchObject({ invoices: [] });
    expect((await ipc(hosted, 'POST', '/v2/contacts', { contact: { organisation_name: 'After Ltd' } })).status).toBe(201);
  });

  it('a read right after a write sees it (the reader reads what the writer committed)', { timeout: LONG }, async () => {
    const { hosted } = await startHostedBook();
    stops.push(() => hosted.stop());
    for (const name of ['One Ltd', 'Two Ltd', 'Three Ltd', 'Four Ltd', 'Five Ltd']) {
      const made = await ipc(hosted, 'POST', '/v2/contacts', { contact: { organisation_name: name } });
      const read = await ipc(hosted, 'GET', new URL((made.body as { contact: { url: string } }).contact.url).pathname);
      expect((read.body as { contact: { organisation_name: string } }).contact.organisation_name).toBe(name);
    }
    const listed = await ipc(hosted, 'GET', '/v2/contacts');
    expect(listed.headers['x-total-count']).toBe('5');
  });

  it('long work is reported as it starts and ends (a backup)', { timeout: LONG }, async () => {
    const progress: string[] = [];
    const { hosted, folder } = await startHostedBook({ onProgress: (task, done) => progress.push(`${task}:${done ? 'done' : 'start'}`) });
    stops.push(() => hosted.stop());
    const copy = await hosted.backUp();
    expect(copy.startsWith(folder)).toBe(true);
    expect(progress).toEqual(['open:start', 'open:done', 'backup:start', 'backup:done']);
  });

  it('tokens sealed by main\'s keychain: the worker asks main, which seals and opens them', { timeout: LONG }, async () => {
    const asked: string[] = [];
    // A stand-in for safeStorage: reversible, and visibly not plain text on disk.
    const keychain: TokenCipher = {
      kind: 'safeStorage',
      seal: (plain) => {
        asked.push('seal');
        return new TextEncoder().encode(`SEALED:${[...plain].reverse().join('')}`);
      },
      open: (sealed) => {
        asked.push('open');
        const text = new TextDecoder().decode(sealed);
        if (!text.startsWith('SEALED:')) throw new Error('not sealed by this keychain');
        return [...text.slice('SEALED:'.length)].reverse().join('');
      },
    };
    const { hosted, folder } = await startHostedBook({ cipher: keychain }, { cipher: 'main', cipherKind: 'safeStorage' });
    stops.push(() => hosted.stop());
    const connected = await ipc(hosted, 'POST', '/v2/hmrc/connect/token', { base_url: 'https://test-api.service.hmrc.gov.uk', token: 'hmrc-access-token-0123' });
    expect(connected.status).toBe(200);
    expect(asked[0]).toBe('seal');
    const status = await ipc(hosted, 'GET', '/v2/hmrc');
    expect(status.body).toMatchObject({ hmrc_status: { connected: true, mode: 'token' } });
    expect(asked).toContain('open');
    const onDisk = sealedFiles(folder);
    expect(onDisk).toHaveLength(1);
    expect(onDisk[0]).toContain('SEALED:');
    expect(onDisk[0]).not.toContain('hmrc-access-token-0123');
  });
});

/** The HMRC connection files in the user data folder, as text. */
function sealedFiles(folder: string): string[] {
  return readdirSync(join(folder, 'hmrc')).filter((name) => name.endsWith('.connection')).map((name) => readFileSync(join(folder, 'hmrc', name), 'utf8'));
}
