import { isCalendarDate } from '../../shared/api/fields';
import type { Book, Db } from '../db/client';
import { changes } from '../db/schema';
import { preparedPerConnection, rowPlaceholders } from './prepared';
import { skipCapture } from './undo/capture';
import type { WorkBoard } from './work/board';
import type { users } from '../db/schema';

export interface Clock {
  now(): Date;
}

/** Randomness comes in through here so that tests can make it repeatable. */
export interface Ids {
  /** An unguessable token (a bearer token, a download key). */
  token(): string;
}

export type UserRow = typeof users.$inferSelect;

/** What every engine instance is built from. */
export interface EngineDeps {
  book: Book;
  clock: Clock;
  ids: Ids;
  /** Where long work reports how far it has got (the engine host's workers); none in tests and tools. */
  work?: WorkBoard;
}

/** One request's view of the engine: who is asking, when, and how urls are written back to them. */
export interface EngineContext extends EngineDeps {
  db: Book['db'];
  user: UserRow;
  /** X-Api-Version as sent, or null. */
  apiVersion: string | null;
  /** The origin urls are rendered from: the request's own (http://127.0.0.1:PORT) or ledgerdesk://local. */
  origin: string;
  /** Timestamp of this request, UTC ISO 8601; the same for every write the request makes. */
  now: string;
  /** Today's date by the engine clock, YYYY-MM-DD (UTC). */
  today: string;
  /** Appends to the change log; called by every write, inside the request's transaction. */
  recordChange(resource: string, recordId: number | string, operation: 'create' | 'update' | 'delete'): void;
  /** Number of changes recorded by this request so far. */
  changeCount(): number;
  /** A bulk write (a large statement import) says so before writing: it is undone its own way, not from the undo stack. */
  skipUndoCapture(): void;
  /**
   * Every date the request's dated writes touched (old and new), as the lock check saw them: the
   * filed VAT returns holding them are checked again before the request commits (ledger/locks.ts).
   */
  readonly touchedDays: Set<string>;
}

// Every write records a change, a bulk accept several a line: the insert is built and prepared once per connection.
const insertChange = preparedPerConnection((db: Db) => db.insert(changes).values(rowPlaceholders(changes, 'id')).prepare());

/** A class rather than an object of closures: one request builds one, and methods cost nothing to create. */
class RequestContext implements EngineContext {
  readonly book: Book;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly work: WorkBoard | undefined;
  readonly db: Book['db'];
  readonly now: string;
  readonly today: string;
  readonly touchedDays = new Set<string>();
  private recorded = 0;

  constructor(
    deps: EngineDeps,
    readonly user: UserRow,
    readonly origin: string,
    readonly apiVersion: string | null,
  ) {
    this.book = deps.book;
    this.clock = deps.clock;
    this.ids = deps.ids;
    this.work = deps.work;
    this.db = deps.book.db;
    this.now = deps.clock.now().toISOString();
    this.today = this.now.slice(0, 10);
  }

  recordChange(resource: string, recordId: number | string, operation: 'create' | 'update' | 'delete'): void {
    insertChange(this.db).run({ resource, recordId: String(recordId), operation, at: this.now, userId: this.user.id });
    this.recorded += 1;
  }

  changeCount(): number {
    return this.recorded;
  }

  skipUndoCapture(): void {
    skipCapture(this.book.sqlite);
  }
}

export function buildContext(deps: EngineDeps, user: UserRow, origin: string, apiVersion: string | null): EngineContext {
  return new RequestContext(deps, user, origin, apiVersion);
}

export const systemClock: Clock = { now: () => new Date() };

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** LEDGERDESK_NOW (ISO timestamp) fixes the clock for tests and reproducible runs. */
export function clockFromEnvironment(value: string | undefined): Clock {
  if (!value) return systemClock;
  // A time without a zone is UTC, so a run does not depend on the machine's time zone.
  const zoned = /T[\d:.]+$/.test(value) ? `${value}Z` : value;
  const fixed = new Date(zoned);
  // Date() also takes "1" (2001) and "Dec 25 2026", and rolls 2026-02-30 into March; none is ISO.
  const iso = ISO_TIMESTAMP.test(value) && isCalendarDate(value.slice(0, 10));
  if (!iso || Number.isNaN(fixed.getTime())) throw new Error(`LEDGERDESK_NOW is not an ISO timestamp: ${value}`);
  return { now: () => new Date(fixed.getTime()) };
}
