/**
 * The renderer <-> main contract. One channel carries every API request; the envelope mirrors an
 * HTTP exchange so the same renderer code works over IPC (desktop) and over loopback HTTP (browser).
 */
export const API_CHANNEL = 'ledgerdesk:api';
export const EVENT_CHANNEL = 'ledgerdesk:event';

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

export interface LedgerdeskBridge {
  request(method: HttpMethod, path: string, options?: Omit<ApiRequest, 'method' | 'path'>): Promise<ApiResponse>;
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
