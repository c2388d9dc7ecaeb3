import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RotationPolicy } from '../engine/book-care';

/** What the desktop app remembers between runs, in settings.json in the user data folder. */
export interface ShellSettings {
  /** Books opened, most recent first; the first is reopened on start. */
  recentBooks: string[];
  /** Automatic backups: how many dailies and monthlies to keep. */
  backups: RotationPolicy;
}
// No update feed here: this file is writable by every program the user runs (see updates.ts). An
// `updateFeed` left by an older version is read past and dropped at the next write.

export const MAX_RECENT_BOOKS = 10;

const DEFAULTS: ShellSettings = { recentBooks: [], backups: { keepDailies: 14, keepMonthlies: 12 } };

const count = (value: unknown, fallback: number) => (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 1000 ? (value as number) : fallback);

/** Reads the settings; a missing or hand-damaged file gives the defaults rather than stopping the app. */
export function readSettings(file: string): ShellSettings {
  let raw: Partial<ShellSettings> & { backups?: Partial<RotationPolicy> } = {};
  try {
    raw = JSON.parse(readFileSync(file, 'utf8')) as typeof raw;
  } catch {
    return structuredClone(DEFAULTS);
  }
  return {
    recentBooks: Array.isArray(raw.recentBooks) ? raw.recentBooks.filter((entry): entry is string => typeof entry === 'string').slice(0, MAX_RECENT_BOOKS) : [],
    backups: { keepDailies: count(raw.backups?.keepDailies, 14), keepMonthlies: count(raw.backups?.keepMonthlies, 12) },
  };
}

/** Written whole to a temporary file and renamed, so a crash never leaves half a settings file. */
export function writeSettings(file: string, settings: ShellSettings): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, `${JSON.stringify(settings, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** The recent list with `book` first, once. */
export function withRecent(settings: ShellSettings, book: string): ShellSettings {
  return { ...settings, recentBooks: [book, ...settings.recentBooks.filter((entry) => entry !== book)].slice(0, MAX_RECENT_BOOKS) };
}
