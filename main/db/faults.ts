/**
 * What SQLite says when the file under a book lets it down, turned into an HTTP answer the user can
 * act on. Each of these is a fault of the machine, not of the request, and none of them is a 500:
 * SQLite rolls the write back, so nothing was changed.
 */
export interface BookFault {
  status: number;
  message: string;
  headers: Record<string, string>;
}

/** Seconds a client is asked to wait before trying a write again on a busy book. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

function sqliteCode(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : null;
}

export function bookFault(error: unknown): BookFault | null {
  const code = sqliteCode(error);
  if (!code) return null;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return {
      status: 503,
      message: 'The book is busy: another window or program is saving to it. Nothing was changed; try again in a moment.',
      headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
    };
  }
  if (code === 'SQLITE_FULL') {
    return { status: 507, message: 'The disk that holds the book is full. Nothing was changed; free some space and try again.', headers: {} };
  }
  if (code.startsWith('SQLITE_READONLY')) {
    return { status: 503, message: 'The book file has become read-only. Nothing was changed; allow changes to the file and open it again.', headers: {} };
  }
  if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_IOERR')) {
    return { status: 503, message: 'The book file cannot be reached (was its drive or folder removed?). Nothing was changed; reconnect it and try again.', headers: {} };
  }
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') {
    return { status: 503, message: 'The book file is damaged. Nothing was changed; close it and restore the latest backup.', headers: {} };
  }
  return null;
}
