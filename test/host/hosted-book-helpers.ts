import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HostedBook, type HostedBookOptions } from '../../main/host/hosted-book';
import type { HostConfig, OpenCommand } from '../../main/host/messages';

export const SESSION_TOKEN = 'hosted-session-token-0123456789';
export const FIXED_NOW = '2026-11-20T09:00:00Z';

export function tempFolder(): string {
  return mkdtempSync(join(tmpdir(), 'ledgerdesk-host-'));
}

/** How the desktop opens a book in the host: created if absent, the session token issued. */
export function openCommand(file: string, name = 'Hosted Ltd'): OpenCommand {
  return {
    file,
    create: true,
    setup: { type: 'UkLimitedCompany', name, startDate: '2026-01-01', owner: { email: 'owner@ledgerdesk.local', firstName: 'Book', lastName: 'Owner' } },
    backups: false,
    token: { value: SESSION_TOKEN, label: 'desktop session' },
  };
}

/** Starts the host as the app does (writer and reader workers) on a fresh book file. */
export async function startHostedBook(options: Partial<HostedBookOptions> = {}, config: Partial<HostedBookOptions['config']> = {}): Promise<{ hosted: HostedBook; folder: string; file: string }> {
  const folder = tempFolder();
  const base: Omit<HostConfig, 'role'> = { now: FIXED_NOW, userData: folder, cipher: 'key file', cipherKind: 'key file', openBrowser: false, env: {} };
  const hosted = new HostedBook({ ...options, config: { ...base, ...config } });
  const file = join(folder, 'book.ledgerdesk');
  await hosted.open(openCommand(file));
  return { hosted, folder, file };
}

/** The items of an invoice with `count` lines. */
export function invoiceItems(count: number): { description: string; item_type: string; price: string; quantity: string }[] {
  return Array.from({ length: count }, (_, index) => ({ description: `Line ${index + 1}: consulting`, item_type: 'Hours', price: '45.50', quantity: String(1 + (index % 7)) }));
}
