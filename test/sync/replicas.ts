import { CoalescingTokenSource, type RefreshingTokens } from '../../main/sync/tokens';
import { SyncService } from '../../main/sync/service';
import { VirtualTimer, type SyncTimer } from '../../main/sync/timer';
import { START, makeBook, type SimBook } from './books';
import { FaultyRemote, seeded, type FaultOptions } from './fault-remote';
import { canonicalBanking } from './sim-banking';
import { canonicalDocuments } from './sim-documents';

export const TIMEOUT_MS = 10_000;

export interface Replica {
  book: SimBook;
  service: SyncService;
  /** A fresh service on the same book, as after the app was killed and started again. */
  restart(): void;
  sync(options?: { direction?: 'both' | 'pull' | 'push'; signal?: AbortSignal }): ReturnType<SyncService['runOnce']>;
}

export interface World {
  timer: VirtualTimer;
  random: () => number;
  remote: FaultyRemote;
  replica(name: string, tokens?: RefreshingTokens, options?: ReplicaOptions): Replica;
}

export interface ReplicaOptions {
  sweepEveryMs?: number;
  /** How far this desktop's clock is from the service's (the virtual time): hours ahead, or behind when negative. */
  clockOffsetMs?: number;
}

/** The shared virtual time as a desktop whose clock is `offsetMs` off reads it; waits and deadlines are the same. */
export function skewed(timer: VirtualTimer, offsetMs: number): SyncTimer {
  return { now: () => timer.now() + offsetMs, sleep: (ms) => timer.sleep(ms), deadline: (ms) => timer.deadline(ms) };
}

/** The remote book and its faults, on one virtual clock, from one seed. */
export function world(seed: number, faults: Partial<FaultOptions> = {}): World {
  const timer = new VirtualTimer(START);
  const random = seeded(seed);
  const remoteBook = makeBook('remote', timer);
  const remote = new FaultyRemote(remoteBook, timer, random, { rate: 0, faults: [], timeoutMs: TIMEOUT_MS, ...faults });
  return {
    timer,
    random,
    remote,
    replica(name, refreshing, options) {
      const desktop = options?.clockOffsetMs ? skewed(timer, options.clockOffsetMs) : timer;
      const book = makeBook(name, desktop);
      const tokens = new CoalescingTokenSource(refreshing ?? remote.tokens());
      const build = () =>
        new SyncService({
          engine: book.engine,
          deps: book.deps,
          remote: { baseUrl: 'http://remote.test', tokens },
          fetch: remote.fetch,
          timer: desktop,
          random,
          requestTimeoutMs: TIMEOUT_MS,
          sweepEveryMs: options?.sweepEveryMs ?? 0,
          maxRetries: 4,
        });
      const replica: Replica = {
        book,
        service: build(),
        restart() {
          replica.service = build();
        },
        sync: (options) => replica.service.runOnce(options),
      };
      return replica;
    },
  };
}

/** The books as a person would compare them: every synced record's fields, links by what they point to. */
export async function canonical(book: SimBook): Promise<string> {
  const contacts = ((await book.call('GET', '/v2/contacts?view=all&per_page=100')).body.contacts as Record<string, unknown>[]) ?? [];
  const nameOf = new Map(contacts.map((c) => [String(c.url).replace(/^.*\/v2/, ''), `${String(c.organisation_name ?? '')}|${String(c.first_name ?? '')} ${String(c.last_name ?? '')}|${String(c.email ?? '')}`]));
  const strip = (record: Record<string, unknown>, drop: string[]) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) if (!drop.includes(key)) out[key] = value;
    return out;
  };
  const server = ['url', 'created_at', 'updated_at', 'account_balance', 'active_projects_count', 'current_balance', 'latest_activity_date', 'is_primary', 'total_count', 'unexplained_transaction_count', 'marked_for_review_count', 'manually_added_transaction_count', 'is_deletable', 'contact_name'];
  const projects = ((await book.call('GET', '/v2/projects?view=all&per_page=100')).body.projects as Record<string, unknown>[]) ?? [];
  const banks = ((await book.call('GET', '/v2/bank_accounts?per_page=100')).body.bank_accounts as Record<string, unknown>[]) ?? [];
  const sorted = (rows: Record<string, unknown>[]) => rows.map((row) => JSON.stringify(row)).sort();
  return JSON.stringify({
    contacts: sorted(contacts.map((c) => strip(c, server))),
    projects: sorted(projects.map((p) => ({ ...strip(p, server), contact: nameOf.get(String(p.contact).replace(/^.*\/v2/, '')) ?? 'missing' }))),
    bank_accounts: sorted(banks.map((b) => strip(b, server))),
    banking: await canonicalBanking(book, banks),
    documents: await canonicalDocuments(book, (url) => nameOf.get(String(url).replace(/^.*\/v2/, '')) ?? 'missing'),
  });
}
