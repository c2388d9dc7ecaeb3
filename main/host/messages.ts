import type { WorkProgress, WorkTask } from '../../shared/api/work_progress';
import type { SyncStatusRecord } from '../../shared/api/sync';
import type { BackupFile, RotationPolicy } from '../engine/book-care';
import type { BookOptions } from '../engine/setup';
import type { WireRequest, WireResponse } from './wire';

/** What a worker is told when it starts. */
export interface HostConfig {
  role: 'writer' | 'reader';
  /** LEDGERDESK_NOW or null: the clock the engine reads. */
  now: string | null;
  /** Where sync links, HMRC connections and the key file live; null runs no sync or HMRC (serve). */
  userData: string | null;
  /** How tokens are sealed: main's keychain (asked by message) or the key file beside the books. */
  cipher: 'main' | 'key file';
  /** Shown in Settings: the kind main's cipher reports. */
  cipherKind: string;
  /** Whether sign-in pages may be opened in the user's browser (asked of main); browser mode cannot. */
  openBrowser: boolean;
  /** The platform's environment for sync and HMRC (client ids, hosts). */
  env: Record<string, string | undefined>;
}

export interface OpenCommand {
  file: string;
  /** False refuses to create a book where there is none. */
  create: boolean;
  /** How the company is set up when the book is new. */
  setup: BookOptions;
  /** Automatic backups and their rotation; false for none. */
  backups: RotationPolicy | false;
  /** The token the door acts with, stored for the owner; tokens with `revokeLabel` are forgotten first. */
  token: { value: string; label: string; revokeLabel?: string };
}

/** Calls main makes of the writer; each is answered by a `reply` with the same id. */
export type HostCall =
  | { call: 'open'; open: OpenCommand }
  /** `revoke`: a token to forget before closing (browser mode's per-run token). */
  | { call: 'close'; revoke?: string }
  | { call: 'company' }
  | { call: 'backUp' }
  | { call: 'check' }
  | { call: 'restore'; file: string; from: string; listed: BackupFile | null };

export type ToWorker =
  | { type: 'request'; id: number; wire: WireRequest }
  | { type: 'call'; id: number; body: HostCall }
  /** Reader only: the book the writer has opened (null when none is). */
  | { type: 'follow'; id: number; file: string | null }
  /** Reader only: the writer's latest report of long work, for GET /v2/work_progress. */
  | { type: 'work'; progress: WorkProgress | null };

/** A refusal that crosses the port: its message, and the backup a damaged book could be restored from. */
export interface HostError {
  message: string;
  damaged?: { file: string; latestBackup: string | null };
}

export type LongTask = WorkTask;

export type FromWorker =
  | { type: 'response'; id: number; wire: WireResponse }
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; error: HostError }
  /** Long work started (done false) or finished (done true); main shows progress meanwhile. */
  | { type: 'progress'; task: LongTask; done: boolean }
  /** How far the long work has got (null: it ended); main passes it on to the reader, which the page asks. */
  | { type: 'work'; progress: WorkProgress | null }
  | { type: 'syncStatus'; status: SyncStatusRecord }
  /** Only main may open the user's browser. */
  | { type: 'openExternal'; url: string }
  /** A seal/open of main's keychain; the worker waits on `signal` until main has answered (cipher-bridge.ts). */
  | { type: 'cipher'; op: 'seal' | 'open'; input: Uint8Array; signal: SharedArrayBuffer };
