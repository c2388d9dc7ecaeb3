import type { CompanyType } from '../../shared/api/company';
import { openBook, type Book } from '../../main/db/client';
import { createEngine, type Engine } from '../../main/engine/app';
import { saveToken } from '../../main/engine/auth';
import type { Clock, EngineDeps, Ids } from '../../main/engine/context';
import { createBook, type BookOptions } from '../../main/engine/setup';

export const FIXED_NOW = '2026-11-22T10:00:00.000Z';
export const ORIGIN = 'http://127.0.0.1:9999';
export const OWNER_TOKEN = 'owner-token';

export function fixedClock(iso = FIXED_NOW): Clock & { set(iso: string): void } {
  let current = new Date(iso);
  return { now: () => new Date(current.getTime()), set: (next) => (current = new Date(next)) };
}

/** Tokens from a counter, so test runs repeat exactly. */
export function countingIds(): Ids {
  let next = 0;
  return { token: () => `token-${++next}` };
}

export interface TestBook {
  engine: Engine;
  book: Book;
  deps: EngineDeps;
  clock: ReturnType<typeof fixedClock>;
  ownerId: number;
  /** Sends a request as the owner (or with `token`); a JSON body unless `xml` is given. */
  request(method: string, path: string, options?: RequestOptions): Promise<Response>;
  /** Same as request, returning status and parsed JSON. */
  json(method: string, path: string, options?: RequestOptions): Promise<{ status: number; body: any; headers: Headers }>;
  /** Adds a user at a permission level with its own token; returns the token. */
  userWithLevel(level: number, role?: string): Promise<string>;
  changeCount(): number;
}

export interface RequestOptions {
  body?: unknown;
  xml?: string;
  raw?: string | Uint8Array;
  token?: string | null;
  headers?: Record<string, string>;
}

export function createTestBook(options: Partial<BookOptions> & { type?: CompanyType } = {}): TestBook {
  const book = openBook(':memory:');
  const clock = fixedClock();
  const deps: EngineDeps = { book, clock, ids: countingIds() };
  const { ownerId } = createBook(deps, {
    type: options.type ?? 'UkLimitedCompany',
    name: options.name ?? 'Example Ltd',
    startDate: options.startDate ?? '2025-05-01',
    firstAccountingYearEnd: options.firstAccountingYearEnd ?? '2026-04-30',
    vatRegistered: options.vatRegistered ?? false,
    cisSubcontractor: options.cisSubcontractor ?? false,
    owner: options.owner ?? { email: 'owner@example.com', firstName: 'Olive', lastName: 'Owner' },
    ownerToken: OWNER_TOKEN,
    // Test books are set up; the first run's own tests ask for a book that is not.
    setupCompleted: true,
    ...options,
  });
  const engine = createEngine(deps);
  let users = 0;

  const request = (method: string, path: string, options: RequestOptions = {}) => {
    const headers = new Headers(options.headers);
    if (options.token !== null) headers.set('Authorization', `Bearer ${options.token ?? OWNER_TOKEN}`);
    let body: BodyInit | undefined;
    if (options.xml !== undefined) {
      body = options.xml;
      if (!headers.has('content-type')) headers.set('Content-Type', 'application/xml');
    } else if (options.raw !== undefined) {
      body = options.raw as BodyInit;
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers.set('Content-Type', 'application/json');
    }
    return engine.fetch(new Request(`${ORIGIN}${path}`, { method, headers, body }));
  };

  const json = async (method: string, path: string, options?: RequestOptions) => {
    const response = await request(method, path, options);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  };

  return {
    engine,
    book,
    deps,
    clock,
    ownerId,
    request,
    json,
    async userWithLevel(level, role = 'Employee') {
      users += 1;
      const created = await json('POST', '/v2/users', {
        body: { user: { email: `user${users}@example.com`, first_name: 'Level', last_name: String(level), role, permission_level: level } },
      });
      if (created.status !== 201) throw new Error(`could not create user: ${JSON.stringify(created.body)}`);
      const id = Number(String(created.body.user.url).split('/').pop());
      const token = `level-${level}-${users}`;
      saveToken(book.db, id, token, 'test', FIXED_NOW);
      return token;
    },
    changeCount: () => (book.sqlite.prepare('SELECT count(*) FROM changes').pluck().get() as number),
  };
}
