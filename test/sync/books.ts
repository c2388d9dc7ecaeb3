import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { openBook, type Book } from '../../main/db/client';
import * as schema from '../../main/db/schema';
import { createEngine, type Engine } from '../../main/engine/app';
import type { EngineDeps } from '../../main/engine/context';
import { createBook } from '../../main/engine/setup';
import type { SyncTimer } from '../../main/sync/timer';

export const OWNER = 'owner-token';
export const START = Date.parse('2026-11-22T10:00:00.000Z');

let template: Buffer | null = null;

/** One migrated, set-up book, copied for every test book: migrations once per file, not per book. */
function templateBytes(): Buffer {
  if (template) return template;
  const book = openBook(':memory:');
  createBook(
    { book, clock: { now: () => new Date(START) }, ids: { token: () => 'unused' } },
    {
      type: 'UkLimitedCompany',
      name: 'Example Ltd',
      startDate: '2025-05-01',
      firstAccountingYearEnd: '2026-04-30',
      vatRegistered: false,
      cisSubcontractor: false,
      owner: { email: 'owner@example.com', firstName: 'Olive', lastName: 'Owner' },
      ownerToken: OWNER,
      setupCompleted: true,
    },
  );
  template = book.sqlite.serialize();
  book.close();
  return template;
}

export interface SimBook {
  name: string;
  engine: Engine;
  deps: EngineDeps;
  book: Book;
  /** A request as the book's owner (a person using the app, or the accountant on the remote). */
  call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
}

/** A book whose clock is the test's virtual time, so updated_at moves as the simulation runs. */
export function makeBook(name: string, timer: SyncTimer, origin = `http://${name}.test`): SimBook {
  const sqlite = new Database(templateBytes());
  sqlite.pragma('foreign_keys = ON');
  const book: Book = { db: drizzle(sqlite, { schema }), sqlite, file: ':memory:', close: () => sqlite.close() };
  let tokens = 0;
  const deps: EngineDeps = { book, clock: { now: () => new Date(timer.now()) }, ids: { token: () => `${name}-token-${++tokens}` } };
  const engine = createEngine(deps);
  return {
    name,
    engine,
    deps,
    book,
    async call(method, path, body) {
      const headers = new Headers({ Authorization: `Bearer ${OWNER}`, Accept: 'application/json' });
      if (body !== undefined) headers.set('Content-Type', 'application/json');
      const response = await engine.fetch(new Request(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
  };
}
