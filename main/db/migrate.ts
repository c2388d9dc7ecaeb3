import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';

export interface MigrateOptions {
  /** Where the drizzle-kit migrations are; defaults to the folder beside this module (or the build's copy). */
  migrationsFolder?: string;
  /** Names the backup file; the clock is not read here so that tests can fix it. */
  backupSuffix?: string;
}

export class NewerDatabaseError extends Error {
  constructor() {
    super('This book was written by a newer version of Ledgerdesk. Update the app to open it.');
  }
}

export function defaultMigrationsFolder(): string {
  // In the source tree this module sits beside migrations/; the Electron build copies them next to
  // its single bundled file, which is then the module that import.meta.url names.
  const folder = fileURLToPath(new URL('./migrations', import.meta.url));
  return existsSync(folder) ? folder : fileURLToPath(new URL('./db/migrations', import.meta.url));
}

interface AppliedRow {
  created_at: number;
}

/**
 * Migrations only go forward. A book with migrations this app does not know was written by a newer
 * app and is refused untouched. Before any pending migration runs on a file, a copy is made with
 * VACUUM INTO so a failed or unwanted upgrade can be undone by hand.
 */
export function migrateDatabase(sqlite: Database.Database, file: string, options: MigrateOptions): void {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  const known = readMigrationFiles({ migrationsFolder });
  const newestKnown = Math.max(0, ...known.map((migration) => migration.folderMillis));

  const hasJournal = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get();
  const applied = hasJournal
    ? (sqlite.prepare('SELECT created_at FROM __drizzle_migrations').all() as AppliedRow[])
    : [];
  if (applied.some((row) => Number(row.created_at) > newestKnown)) throw new NewerDatabaseError();

  const pending = known.length - applied.length;
  if (pending <= 0) return;
  if (file !== ':memory:' && applied.length > 0) {
    const backup = `${file}.backup-${options.backupSuffix ?? `v${applied.length}`}`;
    if (!existsSync(backup)) sqlite.prepare('VACUUM INTO ?').run(backup);
  }
  migrate(drizzle(sqlite), { migrationsFolder });
}
