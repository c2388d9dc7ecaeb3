import type { Worker } from 'node:worker_threads';
import type { SyncStatusRecord } from '../../shared/api/sync';
import type { WorkProgress } from '../../shared/api/work_progress';
import type { Engine } from '../engine/app';
import type { BackupFile } from '../engine/book-care';
import type { TokenCipher } from '../sync/connect/cipher';
import { answerCipherAsk } from './cipher-bridge';
import { launchWorker, workerEntry } from './launch';
import type { FromWorker, HostCall, HostConfig, HostError, LongTask, OpenCommand, ToWorker } from './messages';
import { errorResponse, fromWireResponse, toWireRequest, transferOf, type WireResponse } from './wire';

export interface HostedBookOptions {
  config: Omit<HostConfig, 'role'>;
  /** main's keychain cipher, which the writer asks by message when config.cipher is 'main'. */
  cipher?: TokenCipher;
  /** A reader worker for GETs beside the writer (default true). */
  reader?: boolean;
  /** Where engine-worker is; by default beside this module (source) or the bundle (built). */
  entry?: URL;
  openExternal?: (url: string) => void;
  onSyncStatus?: (status: SyncStatusRecord) => void;
  /** Long work started (done false) or ended (done true). */
  onProgress?: (task: LongTask, done: boolean) => void;
  /** A worker stopped unexpectedly; it has been started again. */
  onCrash?: (message: string) => void;
  /** The company's name or the backups changed through the API (a rename, Back Up Now, a restore). */
  onShellChange?: () => void;
}

/** Answers a worker that asks for a keychain this process was not given, rather than let it wait. */
const NO_KEYCHAIN: TokenCipher = {
  kind: 'none',
  seal: () => {
    throw new Error('No system keychain is available to this process');
  },
  open: () => {
    throw new Error('No system keychain is available to this process');
  },
};

/** A refusal from the worker, with the backup a damaged book could be restored from. */
export class HostedBookError extends Error {
  constructor(readonly detail: HostError) {
    super(detail.message);
  }
}

export const CRASH_MESSAGE = 'The Ledgerdesk engine stopped unexpectedly and has been restarted. The last change may not have been saved: check it and try again.';

/** A rename of the company, Back Up Now or Restore… made through the API. */
export function changesShell(request: Request): boolean {
  if (request.method !== 'PUT' && request.method !== 'POST') return false;
  const path = new URL(request.url).pathname;
  return (request.method === 'PUT' && path === '/v2/company') || (request.method === 'POST' && path.startsWith('/v2/book/backups'));
}

/** Sync, HMRC and anything not a read go to the writer; the reader has none of them. */
function readerMayAnswer(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = new URL(request.url).pathname;
  return !path.startsWith('/v2/sync') && !path.startsWith('/v2/hmrc');
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** One worker and the answers it owes; a worker that dies fails them all at once. */
class Channel {
  readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private stopping = false;

  constructor(entry: URL, config: HostConfig, onMessage: (message: FromWorker) => void, onExit: (channel: Channel, code: number) => void) {
    this.worker = launchWorker(entry, config);
    this.worker.on('message', (message: FromWorker) => {
      if (message.type === 'response' || message.type === 'reply') this.settle(message);
      else onMessage(message);
    });
    this.worker.on('error', (error) => console.error('ledgerdesk engine worker failed', error));
    this.worker.on('exit', (code) => {
      for (const waiting of this.pending.values()) waiting.reject(new Error(CRASH_MESSAGE));
      this.pending.clear();
      if (!this.stopping) onExit(this, code);
    });
  }

  send(make: (id: number) => ToWorker, transfer: ArrayBuffer[] = []): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage(make(id), transfer);
    });
  }

  private settle(message: Extract<FromWorker, { type: 'response' | 'reply' }>): void {
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.type === 'response') waiting.resolve(message.wire);
    else if (message.ok) waiting.resolve(message.value);
    else waiting.reject(new HostedBookError(message.error));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.worker.terminate();
  }
}

/**
 * The book as main sees it when the engine runs in workers: main only routes. Requests are
 * serialised (bodies transferred, not copied) to the writer worker, or to the reader worker when
 * they are reads it can answer; the Response is rebuilt from the answer. A worker that dies is
 * started again (the writer reopens the book) and whatever it owed is answered with a clear 503.
 */
export class HostedBook {
  private writer: Channel;
  private reader: Channel | null = null;
  private readerFile: string | null = null;
  private openFile: string | null = null;
  private lastOpen: OpenCommand | null = null;
  private companyName: string | null = null;
  private work: WorkProgress | null = null;
  private readonly entry: URL;

  readonly engine: Engine = { fetch: (request, options) => this.fetch(request, options?.origin) };

  constructor(private readonly options: HostedBookOptions) {
    this.entry = options.entry ?? workerEntry(import.meta.url);
    this.writer = this.startWriter();
    if (options.reader !== false) this.reader = this.startReader();
  }

  get file(): string | null {
    return this.openFile;
  }

  /** The open book's company name, as of its opening or its last rename through the API. */
  company(): string | null {
    return this.companyName;
  }

  /** Opens a book in place of the current one; the current one stays open if this one is refused. */
  async open(command: OpenCommand): Promise<{ company: string | null }> {
    const result = (await this.writer.send((id) => ({ type: 'call', id, body: { call: 'open', open: command } }))) as { company: string | null };
    this.openFile = command.file;
    // A book made now is not made again when the writer reopens it after a crash.
    this.lastOpen = { ...command, create: false };
    this.companyName = result.company;
    await this.follow(command.file);
    return result;
  }

  async close(revoke?: string): Promise<void> {
    await this.follow(null);
    await this.call({ call: 'close', ...(revoke ? { revoke } : {}) });
    this.openFile = null;
    this.lastOpen = null;
    this.companyName = null;
  }

  backUp(): Promise<string> {
    return this.call({ call: 'backUp' }) as Promise<string>;
  }

  /** PRAGMA integrity_check's lines: ['ok'] for a whole book. */
  check(): Promise<string[]> {
    return this.call({ call: 'check' }) as Promise<string[]>;
  }

  /** Restores `from` into `file` with the book closed; open it again afterwards. */
  async restore(file: string, from: string, listed: BackupFile | null): Promise<{ previous: string | null }> {
    await this.follow(null);
    this.openFile = null;
    this.lastOpen = null;
    return (await this.call({ call: 'restore', file, from, listed })) as { previous: string | null };
  }

  /** Stops a worker as a crash would (tests; a worker that no longer answers). It is started again. */
  async kill(role: 'writer' | 'reader'): Promise<void> {
    const channel = role === 'writer' ? this.writer : this.reader;
    await channel?.worker.terminate();
  }

  /** Stops both workers for good (app quit, serve stopping). */
  async stop(): Promise<void> {
    await Promise.all([this.writer.stop(), this.reader?.stop()]);
  }

  private call(body: HostCall): Promise<unknown> {
    return this.writer.send((id) => ({ type: 'call', id, body }));
  }

  private async follow(file: string | null): Promise<void> {
    const reader = this.reader;
    if (!reader) return;
    this.readerFile = null;
    try {
      await reader.send((id) => ({ type: 'follow', id, file }));
      if (reader === this.reader) this.readerFile = file;
    } catch (error) {
      // Reads then go to the writer, as before there was a reader; nothing is lost but concurrency.
      console.error('ledgerdesk reader could not follow the book', error);
    }
  }

  private async fetch(request: Request, origin?: string): Promise<Response> {
    const toReader = this.reader !== null && this.readerFile !== null && this.readerFile === this.openFile && readerMayAnswer(request);
    const channel = toReader ? this.reader! : this.writer;
    const wire = await toWireRequest(request, origin);
    let answer: WireResponse;
    try {
      answer = (await channel.send((id) => ({ type: 'request', id, wire }), transferOf(wire))) as WireResponse;
    } catch (error) {
      return errorResponse(503, error instanceof Error ? error.message : String(error));
    }
    const response = fromWireResponse(answer);
    if (changesShell(request) && response.ok) await this.refreshCompany();
    return response;
  }

  private async refreshCompany(): Promise<void> {
    try {
      this.companyName = (await this.call({ call: 'company' })) as string | null;
    } catch {
      // The title keeps its last name; the next open or rename sets it.
    }
    this.options.onShellChange?.();
  }

  private startWriter(): Channel {
    return new Channel(this.entry, { ...this.options.config, role: 'writer' }, (message) => this.heard(message), () => void this.restartWriter());
  }

  private startReader(): Channel {
    return new Channel(this.entry, { ...this.options.config, role: 'reader' }, (message) => this.heard(message), () => void this.restartReader());
  }

  private async restartWriter(): Promise<void> {
    this.options.onCrash?.(CRASH_MESSAGE);
    this.writer = this.startWriter();
    const reopen = this.lastOpen;
    if (!reopen) return;
    try {
      await this.open(reopen);
    } catch (error) {
      this.openFile = null;
      this.options.onCrash?.(`The book could not be opened again after the engine restarted: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async restartReader(): Promise<void> {
    this.readerFile = null;
    this.reader = this.startReader();
    if (this.work) this.reader.worker.postMessage({ type: 'work', progress: this.work } satisfies ToWorker);
    await this.follow(this.openFile);
  }

  private heard(message: FromWorker): void {
    switch (message.type) {
      case 'progress':
        this.options.onProgress?.(message.task, message.done);
        return;
      case 'work':
        // The writer is busy with the work; the reader answers the page's GET /v2/work_progress.
        this.work = message.progress;
        this.reader?.worker.postMessage({ type: 'work', progress: message.progress } satisfies ToWorker);
        return;
      case 'syncStatus':
        this.options.onSyncStatus?.(message.status);
        return;
      case 'openExternal':
        this.options.openExternal?.(message.url);
        return;
      case 'cipher':
        answerCipherAsk(this.options.cipher ?? NO_KEYCHAIN, message);
        return;
      default:
        return;
    }
  }
}
