/**
 * What went wrong with the connection, in one sentence with its cause, for the app and the CLI alike.
 * Node's fetch says only "fetch failed"; the cause (a system error code) sits on `cause`, sometimes
 * inside an AggregateError when several addresses were tried.
 */

const NO_NETWORK = new Set(['ENETUNREACH', 'ENETDOWN', 'EHOSTUNREACH', 'EHOSTDOWN', 'EADDRNOTAVAIL']);
const DNS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);
const CUT = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED']);
const SLOW = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

const TLS_WHY: Record<string, string> = {
  CERT_HAS_EXPIRED: 'its certificate has expired',
  CERT_NOT_YET_VALID: 'its certificate is not valid yet (is this computer’s date right?)',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is for another name',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate is signed by an authority this computer does not trust',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate could not be checked against a trusted authority',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its certificate could not be checked against a trusted authority',
  ERR_SSL_WRONG_VERSION_NUMBER: 'it does not speak https at that address (is it http?)',
  EPROTO: 'the secure handshake failed',
};

const isTls = (code: string) => code in TLS_WHY || /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_)/.test(code) || code.includes('_CERT_');

interface Cause {
  code: string | null;
  message: string;
}

/** The innermost system error: its code (ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED ...) and message. */
export function causeOf(error: unknown): Cause {
  let current: unknown = error;
  let message = error instanceof Error ? error.message : String(error);
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    const record = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof record.message === 'string' && record.message) message = record.message;
    if (typeof record.code === 'string' && record.code) return { code: record.code, message };
    current = record.cause ?? (Array.isArray(record.errors) ? record.errors[0] : undefined);
  }
  return { code: null, message };
}

/** Whether sending again in a moment could help: not for a certificate, nor for a name that does not exist. */
export function worthRetrying(error: unknown): boolean {
  const { code } = causeOf(error);
  return !(code && (isTls(code) || code === 'ENOTFOUND'));
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** One sentence for a request that got no answer at all (`error` from fetch), naming the cause. */
export function connectionProblem(error: unknown, url: string): string {
  const host = hostOf(url);
  const { code, message } = causeOf(error);
  if (code === 'ECONNREFUSED') return `The online service at ${host} refused the connection (ECONNREFUSED): nothing is answering there. Check the address, and that the service is running.`;
  if (code && NO_NETWORK.has(code)) return `No network: this computer could not reach ${host} (${code}). Check the internet connection.`;
  if (code && DNS.has(code)) return code === 'ENOTFOUND' ? `The address ${host} could not be found (DNS lookup failed, ENOTFOUND). Check the address, and the internet connection.` : `The address ${host} could not be looked up (DNS, ${code}): the name server did not answer. Check the internet connection.`;
  if (code && isTls(code)) return `The secure connection to ${host} failed (${code}): ${TLS_WHY[code] ?? 'its certificate was not accepted'}. Check the address, this computer’s date and time, or a proxy that intercepts secure connections.`;
  if (code && CUT.has(code)) return `The connection to ${host} was cut before the answer came (${code}).`;
  if (code && SLOW.has(code)) return `${host} did not answer in time (${code}).`;
  const why = message && message !== 'fetch failed' ? message : 'no answer';
  return `The online service at ${host} could not be reached${code ? ` (${code})` : ''}: ${why}.`;
}

const STATUS_WORDS: Record<number, string> = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 409: 'Conflict', 410: 'Gone', 422: 'Unprocessable' };

/** One sentence for a request the service answered with a refusal (4xx) that stopped the round. */
export function refusalWords(status: number, messages: readonly string[], url: string | null): string {
  const where = url ? ` at ${hostOf(url)}` : '';
  const said = messages.length > 0 ? `: ${messages.join('; ')}` : '';
  if (status === 403) return `The online service${where} refused access (403 Forbidden)${said}. The connected user may not have the permission this needs.`;
  if (status === 404) return `The online service${where} has no such address (404 Not Found)${said}. Check that the address is the service's (its /v2 API).`;
  return `The online service${where} refused the request (${status}${STATUS_WORDS[status] ? ` ${STATUS_WORDS[status]}` : ''})${said}.`;
}
