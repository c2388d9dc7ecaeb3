import { Level } from '../../../shared/api/permissions';
import { backUp, describeBackup, listBackups, type BackupFile } from '../../db/backups';
import { BookFileError, NewerDatabaseError } from '../../db/book-errors';
import { restoreBook } from '../../db/restore';
import type { EngineContext } from '../context';
import { notFound, unprocessable } from '../errors';
import { listPage } from '../pagination';
import { created, ok, type BookFileRoute, type RouteRequest } from '../route';
import { recordUrl } from '../urls';
import { timestamp, type ApiRecord } from '../values';

/**
 * Ledgerdesk extensions (issue 12 item 3, docs/api-notes.md): the book's own backups, so that Back Up
 * Now, Restore… and the full integrity check are reachable from the window in browser mode as well
 * as from the desktop menu. A backup is named by its file name in the book's backups folder, never by
 * a path: the page cannot make the engine read or replace any other file.
 */

function bookFile(ctx: EngineContext): string {
  if (ctx.book.file === ':memory:') throw unprocessable('This book is held in memory and has no file, so it has no backups.');
  return ctx.book.file;
}

const nameOf = (backup: BackupFile) => backup.path.split(/[\\/]/).pop()!;

function render(ctx: EngineContext, backup: BackupFile): ApiRecord {
  const details = describeBackup(backup);
  return {
    url: recordUrl(ctx, 'book/backups', nameOf(backup)),
    name: nameOf(backup),
    kind: backup.kind,
    taken_at: timestamp(backup.takenAt.toISOString()),
    company: details.company,
  };
}

function findBackup(file: string, name: string): BackupFile {
  const backup = listBackups(file).find((entry) => nameOf(entry) === name);
  if (!backup) throw notFound(`There is no backup called ${name} beside this book`);
  return backup;
}

/** A copy that is not a book, is damaged or comes from a newer version is a rule broken, not a fault. */
function refusal(backup: BackupFile, error: unknown): never {
  if (error instanceof BookFileError || error instanceof NewerDatabaseError) throw unprocessable(`The backup taken ${backup.takenAt.toISOString().slice(0, 16).replace('T', ' ')} UTC was not restored: ${error.message}`);
  throw error;
}

export const bookFileRoutes: BookFileRoute[] = [
  {
    method: 'GET',
    path: '/v2/book/backups',
    level: Level.Full,
    wholeBook: true,
    handle: async (request: RouteRequest) => {
      const { ctx } = request;
      return listPage(request, 'backups', listBackups(bookFile(ctx)), (backup) => render(ctx, backup));
    },
  },
  {
    method: 'POST',
    path: '/v2/book/backups',
    level: Level.Full,
    wholeBook: true,
    handle: async ({ ctx }: RouteRequest) => {
      const file = bookFile(ctx);
      const path = backUp(ctx.book.sqlite, file, 'manual', ctx.clock.now());
      const backup = findBackup(file, path.split(/[\\/]/).pop()!);
      return created({ backup: render(ctx, backup) }, recordUrl(ctx, 'book/backups', nameOf(backup)));
    },
  },
  {
    method: 'POST',
    path: '/v2/book/backups/:name/restore',
    level: Level.Full,
    wholeBook: true,
    handle: async ({ ctx, params }: RouteRequest) => {
      const file = bookFile(ctx);
      const backup = findBackup(file, params.name!);
      const result = await restoreBook(file, backup.path, backup, { now: () => ctx.clock.now() }).catch((error: unknown) => refusal(backup, error));
      const previous = result.previous ? listBackups(file).find((entry) => entry.path === result.previous) : undefined;
      return ok({ restore: { backup: render(ctx, backup), previous: previous ? render(ctx, previous) : null } });
    },
  },
  {
    method: 'GET',
    path: '/v2/book/integrity_check',
    level: Level.Full,
    wholeBook: true,
    // The full check also reads every index against its table: File › Check Book for Damage.
    handle: async ({ ctx }: RouteRequest) => {
      const problems = ctx.book.sqlite.prepare('PRAGMA integrity_check(20)').pluck().all() as string[];
      const whole = problems.length === 1 && problems[0] === 'ok';
      return ok({ integrity_check: { whole, problems: whole ? [] : problems } });
    },
  },
];
