import { basename, extname } from 'node:path';
import type { Engine } from '../engine/app';
import type { RotationPolicy } from '../engine/book-care';
import type { Clock } from '../engine/context';
import { issueToken, openEngine, ownerEmail, type OpenEngine } from '../engine/open';

/** A rename of the company, Back Up Now or Restore… made through the API. */
export function changesShell(request: Request): boolean {
  if (request.method !== 'PUT' && request.method !== 'POST') return false;
  const path = new URL(request.url).pathname;
  return (request.method === 'PUT' && path === '/v2/company') || (request.method === 'POST' && path.startsWith('/v2/book/backups'));
}

/**
 * The one book the window shows. The IPC door is given `engine` once; it answers from whichever
 * book is open, so switching books never re-registers a channel. Every book opened in this run
 * gets the same session token, known only to this process.
 */
export class BookSession {
  private opened: OpenEngine | null = null;
  private openFile: string | null = null;
  private readonly switchListeners = new Set<(opened: OpenEngine | null, file: string | null) => void>();

  readonly engine: Engine = {
    fetch: async (request, options) => {
      if (!this.opened) return Response.json({ errors: [{ message: 'No book is open. Open or create one from the File menu.' }] }, { status: 503 });
      const response = await this.opened.engine.fetch(request, options);
      // The title bar shows the company's name and the File menu lists the backups, so a rename, a
      // backup or a restore made from the window shows there at once.
      if (changesShell(request) && response.ok) this.companyChanged();
      return response;
    },
  };

  constructor(
    private readonly clock: Clock,
    readonly sessionToken: string,
    private readonly backups: () => RotationPolicy,
    private readonly companyChanged: () => void = () => undefined,
  ) {}

  get file(): string | null {
    return this.openFile;
  }

  /** Told after a book opens (with it) and after one closes (with null): the sync follows the open book. */
  onSwitch(listener: (opened: OpenEngine | null, file: string | null) => void): void {
    this.switchListeners.add(listener);
  }

  /**
   * Opens `file` in place of the current book. A new book (create) is named after its file. The
   * current book stays open if the new one is refused, so a bad choice loses nothing.
   */
  open(file: string, create: boolean, companyName?: string): { company: string } {
    const name = companyName ?? (basename(file, extname(file)) || 'My Company');
    const next = openEngine({
      file,
      clock: this.clock,
      create: { type: 'UkLimitedCompany', name, startDate: this.clock.now().toISOString().slice(0, 10), owner: { email: 'owner@ledgerdesk.local', firstName: 'Book', lastName: 'Owner' } },
      book: { create, backups: this.backups() },
    });
    try {
      issueToken(next.deps, ownerEmail(next.deps), this.sessionToken, 'desktop session');
    } catch (error) {
      next.close();
      throw error;
    }
    this.close();
    this.opened = next;
    this.openFile = file;
    for (const listener of this.switchListeners) listener(next, file);
    return { company: this.company() ?? name };
  }

  company(): string | null {
    return (this.opened?.deps.book.sqlite.prepare('SELECT name FROM company LIMIT 1').pluck().get() as string | undefined) ?? null;
  }

  /** The open book's raw connection, for Back Up Now and the integrity check. */
  sqlite() {
    return this.opened?.deps.book.sqlite ?? null;
  }

  close(): void {
    if (this.opened) for (const listener of this.switchListeners) listener(null, null);
    this.opened?.close();
    this.opened = null;
    this.openFile = null;
  }
}
