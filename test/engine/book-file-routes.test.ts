import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { backupFolder } from '../../main/db/backups';
import { defaultMigrationsFolder } from '../../main/db/migrate';
import { saveToken } from '../../main/engine/auth';
import { issueToken, openEngine, ownerEmail, type OpenEngine } from '../../main/engine/open';
import { createTestBook, fixedClock } from './harness';

/**
 * Back Up Now, Restore… and the full integrity check through the engine (GET/POST /v2/book/backups,
 * POST /v2/book/backups/:name/restore, GET /v2/book/integrity_check), on real book files, so the
 * window reaches them in browser mode too.
 */
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

type Opened = OpenEngine & { clock: ReturnType<typeof fixedClock>; call(method: string, path: string, token?: string, accept?: string): Promise<{ status: number; body: any; headers: Headers; text: string }> };

function bookOn(file: string, company = 'Backed Up Ltd'): Opened {
  const clock = fixedClock('2026-11-22T10:00:00Z');
  const opened = openEngine({ file, clock, create: { type: 'UkLimitedCompany', name: company, startDate: '2025-04-01', owner: { email: 'owner@example.com', firstName: 'O', lastName: 'Owner' } } });
  cleanups.push(() => opened.close());
  const token = issueToken(opened.deps, ownerEmail(opened.deps), 'OWNER');
  const call = async (method: string, path: string, as = token, accept = 'application/json') => {
    const response = await opened.engine.fetch(new Request(`http://127.0.0.1:9999${path}`, { method, headers: { Authorization: `Bearer ${as}`, Accept: accept } }));
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, body: accept === 'application/json' && text ? JSON.parse(text) : null };
  };
  return { ...opened, clock, call };
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-book-routes-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function addContact(opened: Opened, name: string): Promise<number> {
  const response = await opened.engine.fetch(
    new Request('http://127.0.0.1:9999/v2/contacts', { method: 'POST', headers: { Authorization: 'Bearer OWNER', 'Content-Type': 'application/json' }, body: JSON.stringify({ contact: { organisation_name: name } }) }),
  );
  return response.status;
}

const contactNames = (opened: Opened) => opened.deps.book.sqlite.prepare('SELECT organisation_name FROM contacts ORDER BY id').pluck().all() as string[];

describe('Back Up Now and the list of backups', () => {
  it('makes a backup beside the book and lists it newest first with its date, company and kind, in JSON and XML', async () => {
    const dir = tempDir();
    const opened = bookOn(join(dir, 'book.ledgerdesk'));
    expect((await opened.call('GET', '/v2/book/backups')).body).toEqual({ backups: [] });

    const made = await opened.call('POST', '/v2/book/backups');
    expect(made.status).toBe(201);
    expect(made.body.backup).toEqual({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:9999\/v2\/book\/backups\/backup-2026-11-22-100000-000-manual\.ledgerdesk$/),
      name: 'backup-2026-11-22-100000-000-manual.ledgerdesk',
      kind: 'manual',
      taken_at: '2026-11-22T10:00:00.000Z',
      company: 'Backed Up Ltd',
    });
    expect(made.headers.get('location')).toBe(made.body.backup.url);
    expect(readdirSync(backupFolder(join(dir, 'book.ledgerdesk')))).toEqual([made.body.backup.name]);

    opened.clock.set('2026-11-23T08:30:00Z');
    await opened.call('POST', '/v2/book/backups');
    const listed = await opened.call('GET', '/v2/book/backups');
    expect(listed.body.backups.map((entry: { taken_at: string }) => entry.taken_at)).toEqual(['2026-11-23T08:30:00.000Z', '2026-11-22T10:00:00.000Z']);
    expect(listed.headers.get('x-total-count')).toBe('2');
    const paged = await opened.call('GET', '/v2/book/backups?per_page=1&page=2');
    expect(paged.body.backups).toHaveLength(1);
    expect(paged.headers.get('link')).toContain('rel="prev"');

    const xml = await opened.call('GET', '/v2/book/backups', 'OWNER', 'application/xml');
    expect(xml.text).toContain('<company>Backed Up Ltd</company>');
  });

  it('is for Full access only, and a book held in memory says it has no file', async () => {
    const opened = bookOn(join(tempDir(), 'book.ledgerdesk'));
    const made = await opened.engine.fetch(
      new Request('http://127.0.0.1:9999/v2/users', { method: 'POST', headers: { Authorization: 'Bearer OWNER', 'Content-Type': 'application/json' }, body: JSON.stringify({ user: { email: 't@example.com', first_name: 'T', last_name: 'Seven', role: 'Employee', permission_level: 7 } }) }),
    );
    const user = (await made.json()) as { user: { url: string } };
    saveToken(opened.deps.book.db, Number(user.user.url.split('/').pop()), 'SEVEN', 'test', '2026-11-22T10:00:00Z');
    expect((await opened.call('POST', '/v2/book/backups', 'SEVEN')).status).toBe(403);
    expect((await opened.call('GET', '/v2/book/backups', 'SEVEN')).status).toBe(403);
    expect((await opened.call('POST', '/v2/book/backups/x/restore', 'SEVEN')).status).toBe(403);

    const memory = createTestBook();
    const answer = await memory.json('POST', '/v2/book/backups');
    expect(answer.status).toBe(422);
    expect(answer.body.errors[0].message).toMatch(/held in memory/);
  });
});

describe('Restore…', () => {
  it('puts the chosen backup back, keeping the book as it was in a pre-restore backup, and the open book reads the restored one', async () => {
    const dir = tempDir();
    const opened = bookOn(join(dir, 'book.ledgerdesk'));
    expect(await addContact(opened, 'Kept Customer')).toBe(201);
    const made = await opened.call('POST', '/v2/book/backups');
    expect(await addContact(opened, 'Added By Mistake')).toBe(201);
    opened.clock.set('2026-11-22T11:00:00Z');

    const restored = await opened.call('POST', `/v2/book/backups/${made.body.backup.name}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.restore.backup).toMatchObject({ name: made.body.backup.name, company: 'Backed Up Ltd', taken_at: '2026-11-22T10:00:00.000Z' });
    expect(restored.body.restore.previous).toMatchObject({ kind: 'pre-restore', taken_at: '2026-11-22T11:00:00.000Z', company: 'Backed Up Ltd' });
    // The engine's own connection, open all along, answers from the restored book.
    expect(contactNames(opened)).toEqual(['Kept Customer']);
    const list = await opened.engine.fetch(new Request('http://127.0.0.1:9999/v2/contacts', { headers: { Authorization: 'Bearer OWNER' } }));
    expect(((await list.json()) as { contacts: { organisation_name: string }[] }).contacts.map((contact) => contact.organisation_name)).toEqual(['Kept Customer']);
    // The book as it was before the restore is in the pre-restore backup.
    const previous = new Database(join(backupFolder(join(dir, 'book.ledgerdesk')), restored.body.restore.previous.name), { readonly: true });
    expect(previous.prepare('SELECT organisation_name FROM contacts ORDER BY id').pluck().all()).toEqual(['Kept Customer', 'Added By Mistake']);
    previous.close();
    // Writing goes on in the restored book.
    expect(await addContact(opened, 'After The Restore')).toBe(201);
    expect(contactNames(opened)).toEqual(['Kept Customer', 'After The Restore']);
  });

  it('refuses a backup from a newer version and a damaged one with 422, an unknown name or a path with 404, changing nothing', async () => {
    const dir = tempDir();
    const file = join(dir, 'book.ledgerdesk');
    const opened = bookOn(file);
    expect(await addContact(opened, 'Only Customer')).toBe(201);
    const made = await opened.call('POST', '/v2/book/backups');
    const folder = backupFolder(file);

    // A copy written by a newer Ledgerdesk: its migration journal names a migration this app does not know.
    const newer = join(folder, 'backup-2026-11-21-090000-000-manual.ledgerdesk');
    copyFileSync(join(folder, made.body.backup.name), newer);
    const raw = new Database(newer);
    const journal = JSON.parse(readFileSync(join(defaultMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    raw.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('future', Math.max(...journal.entries.map((entry) => entry.when)) + 1);
    raw.close();
    // A copy with flipped bytes on every page after the first.
    const damaged = join(folder, 'backup-2026-11-20-090000-000-daily.ledgerdesk');
    const bytes = readFileSync(join(folder, made.body.backup.name));
    for (let page = 1; page < bytes.length / 4096; page += 1) for (let offset = 0; offset < 12; offset += 1) bytes[page * 4096 + offset]! ^= 0x5a;
    writeFileSync(damaged, bytes);
    expect(await addContact(opened, 'Second Customer')).toBe(201);
    const before = readdirSync(folder).sort();

    const refusedNewer = await opened.call('POST', `/v2/book/backups/${basename(newer)}/restore`);
    expect(refusedNewer.status).toBe(422);
    expect(refusedNewer.body.errors[0].message).toMatch(/was not restored: .*newer version of Ledgerdesk/);
    const refusedDamaged = await opened.call('POST', `/v2/book/backups/${basename(damaged)}/restore`);
    expect(refusedDamaged.status).toBe(422);
    expect(refusedDamaged.body.errors[0].message).toMatch(/was not restored: .*damaged/);
    expect((await opened.call('POST', '/v2/book/backups/backup-2030-01-01-000000-000-manual.ledgerdesk/restore')).status).toBe(404);
    expect((await opened.call('POST', `/v2/book/backups/${encodeURIComponent('../book.ledgerdesk')}/restore`)).status).toBe(404);

    expect(contactNames(opened)).toEqual(['Only Customer', 'Second Customer']);
    // No pre-restore backup was made for a refused restore.
    expect(readdirSync(folder).sort()).toEqual(before);
  });
});

describe('Check Book for Damage', () => {
  // That it finds an index out of step with its table is tested on openBook's full check (book-safety.test.ts).
  it('runs the full integrity check and says the book is whole', async () => {
    const opened = bookOn(join(tempDir(), 'book.ledgerdesk'));
    expect(await opened.call('GET', '/v2/book/integrity_check')).toMatchObject({ status: 200, body: { integrity_check: { whole: true, problems: [] } } });
  });
});
