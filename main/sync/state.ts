import type Database from 'better-sqlite3';
import type { SyncRecord } from './family';

export type OutboxState = 'pending' | 'in_flight' | 'uncertain' | 'done' | 'conflict' | 'rejected';
export type Operation = 'create' | 'update' | 'delete';
export type ReviewKind = 'conflict' | 'deleted-there' | 'deleted-here' | 'refused' | 'invalid-remote' | 'difference';

export interface MappedRecord {
  family: string;
  localId: number;
  remoteUrl: string;
  remoteBase: SyncRecord;
  localBase: SyncRecord;
  remoteUpdatedAt: string | null;
}

export interface Cursor {
  /** The largest updated_at seen in the family. */
  lastUpdatedAt: string | null;
  /** When it was last listed, by our clock. */
  listedAt: string | null;
  /** null until probed. */
  honoursUpdatedSince: boolean | null;
  lastSweptAt: string | null;
}

export interface OutboxRow {
  id: number;
  family: string;
  localId: number;
  operation: Operation;
  state: OutboxState;
  remoteUrl: string | null;
  attempts: number;
  lastError: string | null;
  updatedAt: string;
}

export interface AccountRow {
  baseUrl: string;
  companyName: string;
  companyType: string;
  userUrl: string;
  userEmail: string;
  permissionLevel: number;
  linkedAt: string;
  changeCursor: number;
  lastSyncedAt: string | null;
  lastError: string | null;
  /** When the agreement check last ran to the end, and how many figures differed then. */
  checkedAt: string | null;
  differences: number | null;
}

export interface ReviewRow {
  id: number;
  family: string;
  kind: ReviewKind;
  localId: number | null;
  remoteUrl: string | null;
  label: string;
  detail: string;
  reason: string;
  state: 'open' | 'resolved';
  resolution: string | null;
  createdAt: string;
}

interface RawMapped {
  family: string;
  localId: number;
  remoteUrl: string;
  remoteBase: string;
  localBase: string;
  remoteUpdatedAt: string | null;
}

const mapped = (row: RawMapped | undefined): MappedRecord | null =>
  row ? { ...row, remoteBase: JSON.parse(row.remoteBase) as SyncRecord, localBase: JSON.parse(row.localBase) as SyncRecord } : null;

const RECORD_COLUMNS = 'family, local_id AS localId, remote_url AS remoteUrl, remote_base AS remoteBase, local_base AS localBase, remote_updated_at AS remoteUpdatedAt';
const OUTBOX_COLUMNS = 'id, family, local_id AS localId, operation, state, remote_url AS remoteUrl, attempts, last_error AS lastError, updated_at AS updatedAt';
const REVIEW_COLUMNS = 'id, family, kind, local_id AS localId, remote_url AS remoteUrl, label, detail, reason, state, resolution, created_at AS createdAt';
const ACCOUNT_COLUMNS =
  'base_url AS baseUrl, company_name AS companyName, company_type AS companyType, user_url AS userUrl, user_email AS userEmail, permission_level AS permissionLevel, linked_at AS linkedAt, change_cursor AS changeCursor, last_synced_at AS lastSyncedAt, last_error AS lastError, checked_at AS checkedAt, differences';

/** The sync's own tables, read and written with prepared statements (one writer: the sync). */
export class SyncState {
  constructor(readonly sqlite: Database.Database) {}

  transaction<T>(run: () => T): T {
    return this.sqlite.transaction(run)();
  }

  // --- account ---
  account(): AccountRow | null {
    return (this.sqlite.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM sync_account WHERE id = 1`).get() as AccountRow | undefined) ?? null;
  }

  recordCheck(at: string, differences: number): void {
    this.sqlite.prepare('UPDATE sync_account SET checked_at = ?, differences = ? WHERE id = 1').run(at, differences);
  }

  saveAccount(account: Omit<AccountRow, 'lastSyncedAt' | 'lastError' | 'checkedAt' | 'differences'>): void {
    this.sqlite
      .prepare(
        `INSERT INTO sync_account (id, base_url, company_name, company_type, user_url, user_email, permission_level, linked_at, change_cursor)
         VALUES (1, @baseUrl, @companyName, @companyType, @userUrl, @userEmail, @permissionLevel, @linkedAt, @changeCursor)`,
      )
      .run(account);
  }

  setChangeCursor(id: number): void {
    this.sqlite.prepare('UPDATE sync_account SET change_cursor = ? WHERE id = 1').run(id);
  }

  finishRound(at: string | null, error: string | null): void {
    if (at) this.sqlite.prepare('UPDATE sync_account SET last_synced_at = ?, last_error = NULL WHERE id = 1').run(at);
    else this.sqlite.prepare('UPDATE sync_account SET last_error = ? WHERE id = 1').run(error);
  }

  forget(): void {
    this.transaction(() => {
      for (const table of ['sync_account', 'sync_cursors', 'sync_records', 'sync_outbox', 'sync_review']) this.sqlite.prepare(`DELETE FROM ${table}`).run();
    });
  }

  // --- cursors ---
  cursor(family: string): Cursor {
    const row = this.sqlite
      .prepare('SELECT last_updated_at AS lastUpdatedAt, listed_at AS listedAt, honours_updated_since AS honours, last_swept_at AS lastSweptAt FROM sync_cursors WHERE family = ?')
      .get(family) as { lastUpdatedAt: string | null; listedAt: string | null; honours: number | null; lastSweptAt: string | null } | undefined;
    return {
      lastUpdatedAt: row?.lastUpdatedAt ?? null,
      listedAt: row?.listedAt ?? null,
      honoursUpdatedSince: row?.honours === null || row?.honours === undefined ? null : row.honours === 1,
      lastSweptAt: row?.lastSweptAt ?? null,
    };
  }

  saveCursor(family: string, cursor: Cursor): void {
    this.sqlite
      .prepare(
        `INSERT INTO sync_cursors (family, last_updated_at, listed_at, honours_updated_since, last_swept_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(family) DO UPDATE SET last_updated_at = excluded.last_updated_at, listed_at = excluded.listed_at, honours_updated_since = excluded.honours_updated_since, last_swept_at = excluded.last_swept_at`,
      )
      .run(family, cursor.lastUpdatedAt, cursor.listedAt, cursor.honoursUpdatedSince === null ? null : cursor.honoursUpdatedSince ? 1 : 0, cursor.lastSweptAt);
  }

  // --- id map and bases ---
  byLocal(family: string, localId: number): MappedRecord | null {
    return mapped(this.sqlite.prepare(`SELECT ${RECORD_COLUMNS} FROM sync_records WHERE family = ? AND local_id = ?`).get(family, localId) as RawMapped | undefined);
  }

  byRemote(remoteUrl: string): MappedRecord | null {
    return mapped(this.sqlite.prepare(`SELECT ${RECORD_COLUMNS} FROM sync_records WHERE remote_url = ?`).get(remoteUrl) as RawMapped | undefined);
  }

  mappedIn(family: string): MappedRecord[] {
    return (this.sqlite.prepare(`SELECT ${RECORD_COLUMNS} FROM sync_records WHERE family = ?`).all(family) as RawMapped[]).map((row) => mapped(row)!);
  }

  saveMapped(record: MappedRecord): void {
    this.sqlite
      .prepare(
        `INSERT INTO sync_records (family, local_id, remote_url, remote_base, local_base, remote_updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(family, local_id) DO UPDATE SET remote_url = excluded.remote_url, remote_base = excluded.remote_base, local_base = excluded.local_base, remote_updated_at = excluded.remote_updated_at`,
      )
      .run(record.family, record.localId, record.remoteUrl, JSON.stringify(record.remoteBase), JSON.stringify(record.localBase), record.remoteUpdatedAt);
  }

  unmap(family: string, localId: number): void {
    this.sqlite.prepare('DELETE FROM sync_records WHERE family = ? AND local_id = ?').run(family, localId);
  }

  // --- outbox ---
  outboxFor(family: string, localId: number): OutboxRow | null {
    return (this.sqlite.prepare(`SELECT ${OUTBOX_COLUMNS} FROM sync_outbox WHERE family = ? AND local_id = ?`).get(family, localId) as OutboxRow | undefined) ?? null;
  }

  outboxIn(family: string, operations: readonly Operation[]): OutboxRow[] {
    const rows = this.sqlite.prepare(`SELECT ${OUTBOX_COLUMNS} FROM sync_outbox WHERE family = ? AND state NOT IN ('done') ORDER BY id`).all(family) as OutboxRow[];
    return rows.filter((row) => operations.includes(row.operation));
  }

  saveOutbox(row: Omit<OutboxRow, 'id'>): void {
    this.sqlite
      .prepare(
        `INSERT INTO sync_outbox (family, local_id, operation, state, remote_url, attempts, last_error, updated_at) VALUES (@family, @localId, @operation, @state, @remoteUrl, @attempts, @lastError, @updatedAt)
         ON CONFLICT(family, local_id) DO UPDATE SET operation = excluded.operation, state = excluded.state, remote_url = excluded.remote_url, attempts = excluded.attempts, last_error = excluded.last_error, updated_at = excluded.updated_at, sent = NULL, first_sent_at = NULL`,
      )
      .run(row);
  }

  setOutboxState(family: string, localId: number, state: OutboxState, lastError: string | null, now: string): void {
    this.sqlite.prepare('UPDATE sync_outbox SET state = ?, last_error = ?, attempts = attempts + 1, updated_at = ? WHERE family = ? AND local_id = ?').run(state, lastError, now, family, localId);
  }

  /**
   * A create going out: in flight from `now`, with the record it sends (the book's spelling, as compared).
   * Its first send also keeps `firstSentAt` (the service's time then, or null when that clock was not
   * known); a send again after the in-doubt window keeps the first.
   */
  markSent(family: string, localId: number, sent: Record<string, unknown>, now: string, firstSentAt: string | null): void {
    this.sqlite
      .prepare(
        "UPDATE sync_outbox SET state = 'in_flight', last_error = NULL, attempts = attempts + 1, updated_at = ?, sent = ?, first_sent_at = CASE WHEN attempts = 0 THEN ? ELSE first_sent_at END WHERE family = ? AND local_id = ?",
      )
      .run(now, JSON.stringify(sent), firstSentAt, family, localId);
  }

  /** When the create first went out, on the service's clock; null when never sent, not known then, or sent before this was kept (migration 0026). */
  firstSentOf(family: string, localId: number): string | null {
    return (this.sqlite.prepare('SELECT first_sent_at FROM sync_outbox WHERE family = ? AND local_id = ?').pluck().get(family, localId) as string | null | undefined) ?? null;
  }

  /** The record a create in doubt sent, or null when it was never sent (or sent before this was kept). */
  sentOf(family: string, localId: number): Record<string, unknown> | null {
    const sent = this.sqlite.prepare('SELECT sent FROM sync_outbox WHERE family = ? AND local_id = ?').pluck().get(family, localId) as string | null | undefined;
    return sent ? (JSON.parse(sent) as Record<string, unknown>) : null;
  }

  clearOutbox(family: string, localId: number): void {
    this.sqlite.prepare('DELETE FROM sync_outbox WHERE family = ? AND local_id = ?').run(family, localId);
  }

  /** Local records with changes not on the remote: in the outbox, or in the change log not yet folded into it. */
  waiting(syncUserId: number, families: readonly string[]): number {
    const queued = this.sqlite.prepare("SELECT count(*) FROM sync_outbox WHERE state <> 'done'").pluck().get() as number;
    const cursor = this.account()?.changeCursor ?? 0;
    const placeholders = families.map(() => '?').join(', ');
    const unfolded = this.sqlite
      .prepare(
        `SELECT count(*) FROM (SELECT DISTINCT resource, record_id FROM changes c WHERE c.id > ? AND (c.user_id IS NULL OR c.user_id <> ?) AND c.resource IN (${placeholders})
           AND NOT EXISTS (SELECT 1 FROM sync_outbox o WHERE o.family = c.resource AND o.local_id = CAST(c.record_id AS INTEGER)))`,
      )
      .pluck()
      .get(cursor, syncUserId, ...families) as number;
    return queued + unfolded;
  }

  // --- review ---
  openReviews(): ReviewRow[] {
    return this.sqlite.prepare(`SELECT ${REVIEW_COLUMNS} FROM sync_review WHERE state = 'open' ORDER BY id`).all() as ReviewRow[];
  }

  review(id: number): ReviewRow | null {
    return (this.sqlite.prepare(`SELECT ${REVIEW_COLUMNS} FROM sync_review WHERE id = ?`).get(id) as ReviewRow | undefined) ?? null;
  }

  /**
   * An open review holds its record: neither pull nor push touches it until the user decides. A
   * difference the agreement check found holds nothing: it reports figures, and the sync goes on.
   */
  held(family: string, localId: number | null, remoteUrl: string | null): boolean {
    return (
      this.sqlite
        .prepare("SELECT 1 FROM sync_review WHERE family = ? AND kind <> 'difference' AND (state = 'open' OR resolution = 'ignored') AND ((local_id IS NOT NULL AND local_id = ?) OR (remote_url IS NOT NULL AND remote_url = ?)) LIMIT 1")
        .get(family, localId ?? -1, remoteUrl ?? '') !== undefined
    );
  }

  /** Whether the record is held in review as deleted on the remote (and kept here, changed or refused). */
  goneThere(family: string, localId: number): boolean {
    return this.sqlite.prepare("SELECT 1 FROM sync_review WHERE family = ? AND local_id = ? AND kind = 'deleted-there' AND state = 'open' LIMIT 1").get(family, localId) !== undefined;
  }

  addReview(review: Omit<ReviewRow, 'id' | 'state' | 'resolution'>): void {
    this.sqlite
      .prepare(
        `INSERT INTO sync_review (family, kind, local_id, remote_url, label, detail, reason, state, created_at) VALUES (@family, @kind, @localId, @remoteUrl, @label, @detail, @reason, 'open', @createdAt)`,
      )
      .run(review);
  }

  resolveReview(id: number, resolution: string, now: string): void {
    this.sqlite.prepare("UPDATE sync_review SET state = 'resolved', resolution = ?, resolved_at = ? WHERE id = ?").run(resolution, now, id);
  }

  openReviewCount(): number {
    return this.sqlite.prepare("SELECT count(*) FROM sync_review WHERE state = 'open'").pluck().get() as number;
  }

  // --- runs ---
  startRun(direction: string, at: string): number {
    return Number(this.sqlite.prepare('INSERT INTO sync_runs (started_at, direction, pulled, pushed, conflicts, refused, requests) VALUES (?, ?, 0, 0, 0, 0, 0)').run(at, direction).lastInsertRowid);
  }

  finishRun(id: number, at: string, result: { pulled: number; pushed: number; conflicts: number; refused: number; requests: number }, error: string | null): void {
    this.sqlite
      .prepare('UPDATE sync_runs SET finished_at = ?, pulled = ?, pushed = ?, conflicts = ?, refused = ?, requests = ?, error = ? WHERE id = ?')
      .run(at, result.pulled, result.pushed, result.conflicts, result.refused, result.requests, error, id);
  }
}
