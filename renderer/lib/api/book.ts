/**
 * Typed calls for the book file as a whole (Ledgerdesk extensions, docs/api-notes.md): Back Up Now,
 * the backups beside the book with their date and company, Restore…, and the full integrity check.
 */
import { z } from 'zod';
import { getAll, getOne, type ApiResult } from '../api';

export const backupSchema = z.object({
  url: z.string(),
  name: z.string(),
  kind: z.enum(['daily', 'manual', 'pre-migration', 'pre-restore']),
  taken_at: z.string(),
  company: z.string(),
});
export type Backup = z.infer<typeof backupSchema>;

const restoreSchema = z.object({ backup: backupSchema, previous: backupSchema.nullable() });
export type RestoreResult = z.infer<typeof restoreSchema>;

const integritySchema = z.object({ whole: z.boolean(), problems: z.array(z.string()) });
export type IntegrityCheck = z.infer<typeof integritySchema>;

export function listBackups(): Promise<ApiResult<Backup[]>> {
  return getAll('/v2/book/backups', 'backups', backupSchema);
}

export function backUpNow(): Promise<ApiResult<Backup>> {
  return getOne('POST', '/v2/book/backups', 'backup', backupSchema);
}

export function restoreBackup(backup: Backup): Promise<ApiResult<RestoreResult>> {
  return getOne('POST', `/v2/book/backups/${encodeURIComponent(backup.name)}/restore`, 'restore', restoreSchema);
}

export function checkBook(): Promise<ApiResult<IntegrityCheck>> {
  return getOne('GET', '/v2/book/integrity_check', 'integrity_check', integritySchema);
}

/** How a backup came to be, in the user's words. */
export const BACKUP_KINDS: Readonly<Record<Backup['kind'], string>> = {
  daily: 'Daily, automatic',
  manual: 'Backed up by hand',
  'pre-migration': 'Before an update',
  'pre-restore': 'Before a restore',
};

/** A backup's moment in the user's own time zone: "22 Nov 2026, 10:00". */
export function backupTime(backup: Backup): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(backup.taken_at));
}
