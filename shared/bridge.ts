/**
 * The renderer <-> main contract. One channel carries every API request; the envelope mirrors an
 * HTTP exchange so the same renderer code works over IPC (desktop) and over loopback HTTP (browser).
 */
export const API_CHANNEL = 'ledgerdesk:api';
export const EVENT_CHANNEL = 'ledgerdesk:event';
/** The renderer asks main for a native context menu on a table row; answers the command chosen or null. */
export const CONTEXT_MENU_CHANNEL = 'ledgerdesk:context-menu';

/**
 * The events main sends on EVENT_CHANNEL (the preload's `onEvent`), named here so both sides agree.
 * In browser mode there is no native menu; the renderer reaches the same commands from the keyboard.
 * - openSection `{ section }`: View › a section (CmdOrCtrl+digit).
 * - importStatement: File › Import Statement… (open the statement file picker).
 * - syncNow: File › Sync Now. The renderer starts a sync round in main (or opens Settings › Sync
 *   when the book is not connected).
 * - showBackups: File › Backups… (Settings › Backups: Back Up Now, Restore… with date and company).
 * - find: Edit › Find (focus the current screen's filter or search box).
 * - importFiles `{ files: { ref, name, size }[] }`: statement files the system opened with the app
 *   (file association, dock or taskbar drop, command line); pass them to `dropFiles` to import them.
 * - bookOpened `{ file, company }`: a book was opened (after New, Open, Restore); data is stale.
 * - appError `{ message }`: main caught a crash; show the sentence, the details are in the log.
 * - syncStatus: the sync's status record (shared/api/sync.ts) whenever it changes, and while a sync
 *   runs its progress (at most ten a second). Browser mode has no events: it reads GET /v2/sync.
 */
export const SHELL_EVENTS = {
  openSection: 'menu:open-section',
  importStatement: 'menu:import-statement',
  syncNow: 'menu:sync-now',
  showBackups: 'menu:show-backups',
  find: 'menu:find',
  importFiles: 'system:import-files',
  bookOpened: 'book:opened',
  appError: 'app:error',
  syncStatus: 'sync:status',
} as const;
export type ShellEventName = (typeof SHELL_EVENTS)[keyof typeof SHELL_EVENTS];

/** A statement file the system handed main; the page never learns its path, only this reference. */
export interface SystemFile {
  ref: string;
  name: string;
  size: number;
}

/** Refs in a drop envelope's filePaths stand for files the system opened: "system-file:<ref>". */
export const SYSTEM_FILE_PREFIX = 'system-file:';
/** Files dropped on the window (or chosen in a file dialog), sent by path for main to read. */
export const DROP_CHANNEL = 'ledgerdesk:drop';

/** The origin urls are rendered from when the engine is reached over IPC. */
export const IPC_ORIGIN = 'ledgerdesk://local';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface ApiRequest {
  method: HttpMethod;
  /** A path under /v2, such as "/v2/bank_accounts/1". */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A JSON-serialisable body; sent as application/json. */
  body?: unknown;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The endpoints a dropped file may be sent to, in the multipart field `statement`. */
export const FILE_UPLOAD_PATHS = ['/v2/bank_transactions/statement/preview', '/v2/bank_transactions/statement'] as const;
export type FileUploadPath = (typeof FILE_UPLOAD_PATHS)[number];

/** Where a file goes, with the query and the multipart fields beside it. */
export interface FileUpload {
  path: FileUploadPath;
  query?: Record<string, string>;
  fields?: Record<string, string>;
}

/** A file as the renderer holds it (a DOM File); the preload turns it into its path on disk. */
export interface DroppedFile {
  readonly name: string;
  readonly size: number;
}

/** What the preload sends on DROP_CHANNEL: the files' paths in place of their bytes. */
export interface DropEnvelope extends FileUpload {
  filePaths: string[];
}

export interface LedgerdeskBridge {
  request(method: HttpMethod, path: string, options?: Omit<ApiRequest, 'method' | 'path'>): Promise<ApiResponse>;
  /** Desktop only: sends each file to `upload.path` and answers one response per file, in order. */
  dropFiles?(files: readonly (DroppedFile | SystemFile)[], upload: FileUpload): Promise<ApiResponse[]>;
  /** Desktop only: main's events (SHELL_EVENTS); returns the unsubscribe function. */
  onEvent?(listener: (event: { name: string; data: unknown }) => void): () => void;
  /** Desktop only: a native context menu of row commands ('explain', 'open', 'delete'); the one chosen, or null. */
  contextMenu?(commands: readonly string[]): Promise<string | null>;
}

const MAX_PATH = 2048;

/** Checks an envelope from an untrusted sender; returns a reason when it is not acceptable. */
export function invalidApiRequest(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'request must be an object';
  const request = value as Record<string, unknown>;
  if (!HTTP_METHODS.includes(request.method as HttpMethod)) return 'method must be GET, POST, PUT or DELETE';
  if (typeof request.path !== 'string' || !request.path.startsWith('/v2/') || request.path.length > MAX_PATH) {
    return 'path must be a string under /v2/';
  }
  // URL parsing turns %2e%2e into .., a backslash into a slash and drops tabs and newlines, so each
  // of those could walk a path out of /v2 as surely as a plain ..
  // eslint-disable-next-line no-control-regex
  if (/\.\.|\/\/|%2e|\\|[\u0000-\u001f\u007f]/i.test(request.path)) return 'path must not contain .., //, \\, an encoded dot or a control character';
  for (const key of ['query', 'headers'] as const) {
    const entries = request[key];
    if (entries === undefined) continue;
    if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) return `${key} must be an object`;
    for (const item of Object.values(entries)) if (typeof item !== 'string') return `${key} values must be strings`;
  }
  return null;
}

export const MAX_DROPPED_FILES = 20;
// confirm_reconciled: the person said yes to importing rows into a reconciled statement (the engine asks with a 409).
const DROP_QUERY = ['bank_account', 'confirm_reconciled'];
const DROP_FIELDS = ['bank_account', 'rows', 'column_mapping', 'date_order'];
// A reviewed upload of 100,000 rows lists them all in `rows`.
const MAX_FIELD_LENGTH = 4 * 1024 * 1024;

function invalidStrings(value: unknown, name: string, allowed: readonly string[]): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${name} must be an object`;
  for (const [key, item] of Object.entries(value)) {
    if (!allowed.includes(key)) return `${name} may only hold ${allowed.join(', ')}`;
    if (typeof item !== 'string' || item.length > MAX_FIELD_LENGTH) return `${name} values must be strings`;
  }
  return null;
}

/** An absolute path as the preload's webUtils.getPathForFile gives it, on any platform. */
const isAbsolutePath = (path: string) => /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(path) || /^system-file:[A-Za-z0-9_-]{8,64}$/.test(path);

/** Checks a drop envelope from an untrusted sender; returns a reason when it is not acceptable. */
export function invalidDropRequest(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'drop must be an object';
  const drop = value as Record<string, unknown>;
  if (!FILE_UPLOAD_PATHS.includes(drop.path as FileUploadPath)) return `path must be one of ${FILE_UPLOAD_PATHS.join(', ')}`;
  const paths = drop.filePaths;
  if (!Array.isArray(paths) || paths.length === 0 || paths.length > MAX_DROPPED_FILES) return `filePaths must list 1 to ${MAX_DROPPED_FILES} files`;
  // eslint-disable-next-line no-control-regex
  if (!paths.every((path) => typeof path === 'string' && path.length < 4096 && isAbsolutePath(path) && !/[\u0000-\u001f]/.test(path))) {
    return 'filePaths must be absolute paths';
  }
  return invalidStrings(drop.query, 'query', DROP_QUERY) ?? invalidStrings(drop.fields, 'fields', DROP_FIELDS);
}
