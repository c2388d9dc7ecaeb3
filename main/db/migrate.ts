import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { NewerDatabaseError } from './book-errors';

export { NewerDatabaseError };

export interface MigrateOptions {
  /** Where the drizzle-kit migrations are; defaults to the folder beside this module (or the build's copy). */
  migrationsFolder?: string;
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

export interface SchemaLevel {
  applied: number;
  known: number;
  /** True when the book holds migrations this app does not know: it was written by a newer app. */
  newer: boolean;
}

/** Reads where a book's schema stands against this app's migrations; reads only. */
export function schemaLevel(sqlite: Database.Database, migrationsFolder = defaultMigrationsFolder()): SchemaLevel {
  const known = readMigrationFiles({ migrationsFolder });
  const newestKnown = Math.max(0, ...known.map((migration) => migration.folderMillis));
  const hasJournal = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  const applied = hasJournal ? (sqlite.prepare('SELECT created_at FROM __drizzle_migrations').all() as AppliedRow[]) : [];
  return { applied: applied.length, known: known.length, newer: applied.some((row) => Number(row.created_at) > newestKnown) };
}

/** Refuses a book from a newer app; called before anything (even the journal mode) is written. */
export function assertNotNewer(sqlite: Database.Database, migrationsFolder?: string): SchemaLevel {
  const level = schemaLevel(sqlite, migrationsFolder);
  if (level.newer) throw new NewerDatabaseError();
  return level;
}

/**
 * Migrations only go forward. `beforeMigrating` runs once when there is something to migrate on a
 * book that already had a schema (it takes the pre-migration backup); a failed migration rolls back.
 */
export function migrateDatabase(sqlite: Database.Database, options: MigrateOptions & { beforeMigrating?: () => void } = {}): void {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  const level = assertNotNewer(sqlite, migrationsFolder);
  if (level.known - level.applied <= 0) return;
  if (level.applied > 0) options.beforeMigrating?.();
  migrate(drizzle(sqlite), { migrationsFolder });
}
