import { revokeTokens } from '../engine/auth';
import { backUp, DamagedBookError, restoreBook, type BackupFile } from '../engine/book-care';
import { clockFromEnvironment, type Clock } from '../engine/context';
import type { Engine } from '../engine/app';
import { issueToken, openEngine, ownerEmail, type OpenEngine } from '../engine/open';
import { connectionFileFor } from '../hmrc/connection';
import { withHmrcDoor } from '../hmrc/door';
import { HmrcService } from '../hmrc/service';
import type { TokenCipher } from '../sync/connect/cipher';
import { keyFileCipher } from '../sync/control/book-sync';
import { withSyncDoor } from '../sync/control/door';
import { HostSync } from './book-sync';
import { bridgedCipher } from './cipher-bridge';
import type { FromWorker, HostCall, HostConfig, HostError, LongTask, OpenCommand } from './messages';
import { workBoard, type WorkBoard } from '../engine/work/board';
import { errorResponse, fromWireRequest, toWireResponse, transferOf, type WireRequest } from './wire';

export type Post = (message: FromWorker, transfer?: ArrayBuffer[]) => void;

/** A statement upload this large is parsed for long enough that the window shows progress. */
const LONG_UPLOAD_BYTES = 1024 * 1024;

export const NO_BOOK_MESSAGE = 'No book is open. Open or create one from the File menu.';

/**
 * The writer worker: the one connection that writes to the book, with the sync and HMRC beside it.
 * It opens books (check, migrations, backup), answers every request main routes to it and runs the
 * long work (backups, restores) that used to stop the window.
 */
export class WriterHost {
  private opened: OpenEngine | null = null;
  private openFile: string | null = null;
  private door: Engine | null = null;
  private hmrc: HmrcService | null = null;
  private readonly clock: Clock;
  private readonly cipher: TokenCipher | null;
  private readonly sync: HostSync | null;
  /** The engine's reports of long work, each posted to main, which passes it to the reader. */
  private readonly work: WorkBoard;

  constructor(
    private readonly config: HostConfig,
    private readonly post: Post,
  ) {
    this.clock = clockFromEnvironment(config.now ?? undefined);
    this.work = workBoard((progress) => post({ type: 'work', progress }));
    const userData = config.userData;
    this.cipher = userData === null ? null : config.cipher === 'main' ? bridgedCipher(config.cipherKind, (ask) => post({ type: 'cipher', ...ask })) : keyFileCipher(userData);
    this.sync =
      userData === null || !this.cipher
        ? null
        : new HostSync({ userData, cipher: this.cipher, env: config.env, send: (status) => post({ type: 'syncStatus', status }), ...(config.openBrowser ? { openBrowser: this.openBrowser } : {}) });
  }

  private readonly openBrowser = (url: string): Promise<void> => {
    this.post({ type: 'openExternal', url });
    return Promise.resolve();
  };

  async answer(id: number, wire: WireRequest): Promise<void> {
    const request = fromWireRequest(wire);
    const long = request.method === 'POST' && (wire.body?.byteLength ?? 0) > LONG_UPLOAD_BYTES;
    if (long) this.progress('statement', false);
    try {
      const response = this.door ? await this.door.fetch(request, wire.origin === undefined ? undefined : { origin: wire.origin }) : errorResponse(503, NO_BOOK_MESSAGE);
      const out = await toWireResponse(response);
      this.post({ type: 'response', id, wire: out }, transferOf(out));
    } finally {
      if (long) this.progress('statement', true);
    }
  }

  async call(id: number, body: HostCall): Promise<void> {
    try {
      const value = await this.run(body);
      this.post({ type: 'reply', id, ok: true, value });
    } catch (error) {
      this.post({ type: 'reply', id, ok: false, error: hostError(error) });
    }
  }

  private async run(body: HostCall): Promise<unknown> {
    switch (body.call) {
      case 'open':
        return this.long('open', () => this.open(body.open));
      case 'close':
        if (body.revoke && this.opened) revokeTokens(this.opened.deps.book.db, { token: body.revoke });
        this.close();
        return null;
      case 'company':
        return this.company();
      case 'backUp':
        return this.long('backup', () => this.backUp());
      case 'check':
        return this.check();
      case 'restore':
        return this.long('restore', () => this.restore(body.file, body.from, body.listed));
    }
  }

  private async long<T>(task: LongTask, run: () => T | Promise<T>): Promise<T> {
    this.progress(task, false);
    try {
      return await run();
    } finally {
      this.progress(task, true);
    }
  }

  private progress(task: LongTask, done: boolean): void {
    this.post({ type: 'progress', task, done });
    // Uncounted until the engine counts something (rows checked, rows written).
    this.work.report(done ? null : { task, stage: null, done: null, total: null });
  }

  /** Opens `command.file` in place of the current book; the current one stays open if it is refused. */
  private async open(command: OpenCommand): Promise<{ company: string | null }> {
    const next = openEngine({ file: command.file, clock: this.clock, create: command.setup, book: { create: command.create, backups: command.backups }, work: this.work });
    try {
      if (command.token.revokeLabel) revokeTokens(next.deps.book.db, { label: command.token.revokeLabel });
      issueToken(next.deps, ownerEmail(next.deps), command.token.value, command.token.label);
    } catch (error) {
      next.close();
      throw error;
    }
    this.close();
    this.opened = next;
    this.openFile = command.file;
    this.door = this.doorFor(next, command.file);
    this.sync?.switchTo(next, command.file);
    await this.catchUp(next.engine, command.token.value);
    return { company: this.company() };
  }

  /**
   * Recurring invoices fall due on the day's first request the engine answers, but reads now go to
   * the reader, which never writes: one read here, as the book opens, runs the day's catch-up.
   */
  private async catchUp(engine: Engine, token: string): Promise<void> {
    await engine.fetch(new Request('http://host.invalid/v2/company', { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } }));
  }

  /** /v2/sync/… goes to the book's sync and /v2/hmrc/… to its HMRC connection; the rest to its engine. */
  private doorFor(opened: OpenEngine, file: string): Engine {
    const { userData } = this.config;
    this.hmrc =
      userData === null || !this.cipher
        ? null
        : new HmrcService({ store: connectionFileFor(userData, file, this.cipher), userData, env: this.config.env, ...(this.config.openBrowser ? { openBrowser: this.openBrowser } : {}) });
    return withHmrcDoor(withSyncDoor(opened.engine, () => this.sync?.controller ?? null), () => this.hmrc);
  }

  private close(): void {
    if (this.opened) this.sync?.switchTo(null, null);
    // A browser sign-in to HMRC still waiting belongs to this book: left waiting, its loopback
    // listener stayed open for its 30 minutes, and a person who finished it gave the tokens to the
    // book just closed.
    void this.hmrc?.cancelSignIn();
    this.opened?.close();
    this.opened = null;
    this.openFile = null;
    this.door = null;
    this.hmrc = null;
  }

  private company(): string | null {
    return (this.opened?.deps.book.sqlite.prepare('SELECT name FROM company LIMIT 1').pluck().get() as string | undefined) ?? null;
  }

  private backUp(): string {
    if (!this.opened || !this.openFile) throw new Error(NO_BOOK_MESSAGE);
    return backUp(this.opened.deps.book.sqlite, this.openFile, 'manual', this.clock.now());
  }

  private check(): string[] {
    if (!this.opened) throw new Error(NO_BOOK_MESSAGE);
    return this.opened.deps.book.sqlite.prepare('PRAGMA integrity_check(20)').pluck().all() as string[];
  }

  /** The book is closed first; main opens it again afterwards, restored or not. */
  private async restore(file: string, from: string, listed: BackupFile | null): Promise<{ previous: string | null }> {
    this.close();
    const result = await restoreBook(file, from, listed, { now: () => this.clock.now() });
    return { previous: result.previous ?? null };
  }
}

function hostError(error: unknown): HostError {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof DamagedBookError) return { message, damaged: { file: error.file, latestBackup: error.latestBackup } };
  return { message };
}
