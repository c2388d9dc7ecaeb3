/**
 * What the doors (cli, serve) and the desktop shell may do to a book file as a whole: back it up,
 * list and restore its backups, and recognise why a file was refused. The work is in main/db; this
 * is the engine's face for it, since the doors reach the database only through the engine.
 */
export { backUp, backupFolder, describeBackup, listBackups, rotateBackups, DEFAULT_ROTATION, type BackupDetails, type BackupFile, type RotationPolicy } from '../db/backups';
export { BookFileError, DamagedBookError, MissingBookError, MissingFolderError, NewerDatabaseError, NotABookError, ReadOnlyBookError } from '../db/book-errors';
export { restoreBook, type RestoreResult } from '../db/restore';
