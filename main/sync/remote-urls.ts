/**
 * Urls as the configured base names them. The live service (or a proxy, or a sandbox alias in front
 * of it) may name its records, its Link pages and its Location on another host than the one the
 * sync was configured with; the API is the same under the base, so such a url is mapped by its /v2
 * path onto the base. Then every url the sync stores, compares and requests is on the one origin
 * the token belongs to. A url without a /v2 path on another origin (a file store's signed link) is
 * left as it is, and is fetched without the token (remote.ts).
 */
const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i;

/** `value` on the base when it is an API url on another origin; anything else unchanged. */
export function onBase(baseUrl: string, value: string): string {
  const origin = ABSOLUTE.exec(value)?.[0];
  if (!origin || origin.toLowerCase() === new URL(baseUrl).origin.toLowerCase()) return value;
  const rest = value.slice(origin.length);
  const at = rest.search(/\/v2(\/|\?|#|$)/);
  return at < 0 ? value : `${baseUrl}${rest.slice(at)}`;
}

/** An answer's JSON with every API url in it on the base (records, their links, nested rows). */
export function rebased(baseUrl: string, value: unknown): unknown {
  if (typeof value === 'string') return ABSOLUTE.test(value) ? onBase(baseUrl, value) : value;
  if (Array.isArray(value)) return value.map((item) => rebased(baseUrl, item));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = rebased(baseUrl, item);
    return out;
  }
  return value;
}

/** A Link header with each of its targets on the base. */
export const linkOnBase = (baseUrl: string, header: string | null) => (header ? header.replace(/<([^>]*)>/g, (_all, target: string) => `<${onBase(baseUrl, target)}>`) : header);
