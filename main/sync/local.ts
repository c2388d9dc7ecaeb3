import { eq } from 'drizzle-orm';
import { IPC_ORIGIN } from '../../shared/bridge';
import { apiTokens, users } from '../db/schema';
import type { Engine } from '../engine/app';
import { saveToken } from '../engine/auth';
import type { EngineDeps } from '../engine/context';
import { errorMessages } from './remote-errors';

/** The hidden Full-access user the sync writes as; its change-log rows are never pushed back. */
export const SYNC_USER_EMAIL = 'sync@ledgerdesk.local';

export interface LocalAnswer {
  status: number;
  body: Record<string, unknown> | null;
  messages: string[];
}

/** The id of the sync's own user, created on first use. */
export function syncUserId(deps: EngineDeps): number {
  const db = deps.book.db;
  const existing = db.select({ id: users.id }).from(users).where(eq(users.email, SYNC_USER_EMAIL)).get();
  if (existing) return existing.id;
  const now = deps.clock.now().toISOString();
  const row = db
    .insert(users)
    .values({ email: SYNC_USER_EMAIL, firstName: 'Ledgerdesk', lastName: 'Sync', role: 'Owner', permissionLevel: 8, openingMileage: '0.0', hidden: true, sendInvitation: false, createdAt: now, updatedAt: now })
    .returning({ id: users.id })
    .get();
  return row.id;
}

/**
 * The book, reached the way every other door reaches it: engine.fetch, one request one transaction,
 * so remote records post, respect locks and land in the change log like anything else.
 */
export class LocalBook {
  readonly userId: number;
  private readonly authorization: string;

  constructor(
    private readonly engine: Engine,
    readonly deps: EngineDeps,
  ) {
    this.userId = syncUserId(deps);
    const token = deps.ids.token();
    // One live token for the sync user: the one this process holds.
    deps.book.db.delete(apiTokens).where(eq(apiTokens.userId, this.userId)).run();
    saveToken(deps.book.db, this.userId, token, 'sync', deps.clock.now().toISOString());
    this.authorization = `Bearer ${token}`;
  }

  /** A local url (ledgerdesk://local/v2/...) for a record's path. */
  urlOf(path: string): string {
    return `${IPC_ORIGIN}${path}`;
  }

  /** `extra` headers: the attachments endpoints want X-Api-Version 2026-09-01 before it is the default. */
  async request(method: string, pathOrUrl: string, body?: unknown, extra: Record<string, string> = {}): Promise<LocalAnswer> {
    const given = pathOrUrl.startsWith(IPC_ORIGIN) ? pathOrUrl.slice(IPC_ORIGIN.length) : pathOrUrl;
    // A change from the remote to a reconciled line has already happened there: the question the desk
    // asks a person first (api-notes, "Reconcile to the statement") is answered for it.
    const path = method !== 'GET' && given.startsWith('/v2/bank_transaction') ? `${given}${given.includes('?') ? '&' : '?'}confirm_reconciled=true` : given;
    const headers = new Headers({ ...extra, Authorization: this.authorization, Accept: 'application/json' });
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    const response = await this.engine.fetch(new Request(`http://ledgerdesk.local${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), { origin: IPC_ORIGIN });
    const text = await response.text();
    if (response.status >= 400) return { status: response.status, body: null, messages: errorMessages(text) };
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null, messages: [] };
  }

  /** Every record of a local list (the engine pages like the remote). */
  async list(path: string, key: string | ((body: Record<string, unknown>) => unknown), query: Record<string, string>): Promise<Record<string, unknown>[]> {
    const records: Record<string, unknown>[] = [];
    const seen = new Set<unknown>();
    for (let page = 1; ; page += 1) {
      const params = new URLSearchParams({ ...query, page: String(page), per_page: '100' });
      const answer = await this.request('GET', `${path}?${params.toString()}`);
      const rows = typeof key === 'string' ? answer.body?.[key] : answer.body ? key(answer.body) : undefined;
      if (!Array.isArray(rows)) throw new Error(`The book did not list ${path}: ${answer.messages.join('; ')}`);
      // A list the engine does not page (the chart of accounts) answers the same rows for every page.
      const fresh = (rows as Record<string, unknown>[]).filter((row) => !seen.has(row.url));
      for (const row of fresh) seen.add(row.url);
      records.push(...fresh);
      if (rows.length < 100 || fresh.length === 0) return records;
    }
  }
}

/** The integer id at the end of a local url. */
export function localIdOf(url: string): number {
  const match = /\/(\d+)$/.exec(url);
  if (!match) throw new Error(`Not a record url: ${url}`);
  return Number(match[1]);
}
