import { BadRemoteAnswer, errorMessages, RemoteRefusal, RemoteUnavailable, SyncAborted, UncertainWrite } from './remote-errors';
import { connectionProblem, worthRetrying } from './failure-words';
import type { RateBudget } from './budget';
import { linkOnBase, onBase, rebased } from './remote-urls';
import type { ServiceClock } from './service-clock';
import type { SyncTimer } from './timer';
import { ReauthorizationNeeded, RefreshLater, type TokenSource } from './tokens';

/** The API shape this client is written against (spec section 9: explanation attachments). */
export const API_VERSION = '2026-09-01';
export const USER_AGENT = 'Ledgerdesk/0.1 (+https://ledgerdesk.app; sync)';
export const PER_PAGE = 100;

/** Reads the list out of one page's answer. */
export type ListReader = (body: Record<string, unknown>) => unknown;

export interface RemoteClientOptions {
  /** Origin of the API, without /v2: https://api.freeagent.com, or http://127.0.0.1:PORT for another Ledgerdesk. */
  baseUrl: string;
  tokens: TokenSource;
  budget: RateBudget;
  timer: SyncTimer;
  random: () => number;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Resends of a request after network errors and 5xx before the remote counts as unavailable. */
  maxRetries?: number;
  signal?: AbortSignal;
  /** Set from every answer's Date header: the service's time, for every decision about its records. */
  clock?: ServiceClock;
}

export interface RemoteAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown> | null;
  /** The answer's bytes as they came, when asked for with `raw` (an attachment's file). */
  bytes?: Uint8Array;
}

export interface RequestOptions {
  body?: unknown;
  /**
   * 'never' for anything with a side effect outside the books (emails, payments, scheduling): a lost
   * answer is reported, never resent. POSTs are never resent blindly either: they come back uncertain.
   */
  retry?: 'safe' | 'never';
  /**
   * The answer is a file, not JSON: its bytes are returned as they are. A url on another origin than
   * the API's (a file store's signed link) is sent without our token, which is not that host's to see.
   */
  raw?: boolean;
}

const MIN_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;
const TIMED_OUT: unique symbol = Symbol('timed out');

/** Jittered exponential backoff: 0.5 s, 1 s, 2 s ... capped at 30 s, each between half and all of it. */
export function backoffMs(attempt: number, random: () => number): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, MIN_BACKOFF_MS * 2 ** attempt);
  return Math.max(MIN_BACKOFF_MS, Math.round(ceiling * (0.5 + random() / 2)));
}

/** Seconds or an HTTP date; 60 s (the live service's value) when missing or unreadable. */
export function retryAfterMs(header: string | null, now: number): number {
  if (header && /^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = header ? Date.parse(header) : NaN;
  return Number.isNaN(date) ? 60_000 : Math.max(0, date - now);
}

/**
 * The rel next target of a Link header, or null at the end. The rel value is read quoted with double
 * quotes (RFC 8288), single quotes (as the service's own documentation writes its Link headers) or not
 * at all, and may name several relations ("next last"): a list that stopped at its first page of 100
 * would leave the rest of the remote's records unpulled, and nothing would say so.
 */
export function nextLink(header: string | null): string | null {
  for (const link of (header ?? '').matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s;,]+))/i.exec(link[2]!);
    const relations = (rel?.[1] ?? rel?.[2] ?? rel?.[3] ?? '').toLowerCase().split(/\s+/);
    if (link[1] && relations.includes('next')) return link[1];
  }
  return null;
}

/** The /v2 API over fetch: rate budget, timeouts, retries, token refresh, paging. */
export class RemoteClient {
  /** Requests sent (each attempt counts), for the sync's report. */
  requests = 0;
  /** Requests that may have changed the remote (anything but GET), each attempt counted. */
  writes = 0;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  readonly baseUrl: string;

  constructor(private readonly options: RemoteClientOptions) {
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetries = options.maxRetries ?? 6;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '').replace(/\/v2$/, '');
  }

  /**
   * An absolute url for a path (/v2/...), a relative Location or a full url from the remote; an API url
   * on another host is mapped by its path onto the base (remote-urls.ts).
   */
  resolve(target: string): string {
    return onBase(this.baseUrl, new URL(target, `${this.baseUrl}/`).toString());
  }

  get(target: string): Promise<RemoteAnswer> {
    return this.request('GET', target);
  }

  async request(method: string, target: string, options: RequestOptions = {}): Promise<RemoteAnswer> {
    const url = this.resolve(target);
    const retriable = method !== 'POST' && options.retry !== 'never';
    const ownOrigin = new URL(url).origin === new URL(this.baseUrl).origin;
    let authorization = ownOrigin ? await this.patiently(() => this.options.tokens.authorization()) : null;
    let refreshed = false;
    let failures = 0;
    for (;;) {
      this.checkAborted();
      await this.options.budget.take();
      this.checkAborted();
      const outcome = await this.send(method, url, authorization, options.body);
      if (outcome === TIMED_OUT || outcome instanceof Error) {
        // A sentence with the cause (ECONNREFUSED, ENOTFOUND, a certificate ...), never "fetch failed".
        const reason = outcome === TIMED_OUT ? `The online service at ${new URL(url).host} did not answer within ${this.timeoutMs / 1000} s.` : connectionProblem(outcome, url);
        if (!retriable) throw new UncertainWrite(`${method} ${url}: ${reason}`);
        // A certificate or an address that does not exist will be the same in a second: the round stops now.
        if (outcome !== TIMED_OUT && !worthRetrying(outcome)) throw new RemoteUnavailable(reason);
        failures = await this.backOff(failures, reason);
        continue;
      }
      const { status, headers, bytes } = outcome;
      this.options.clock?.observe(headers.get('date'));
      const text = new TextDecoder().decode(bytes);
      if (status === 429) {
        // Not executed, so any method may be sent again once the pause is over.
        this.options.budget.pauseUntil(this.options.timer.now() + retryAfterMs(headers.get('retry-after'), this.options.timer.now()));
        continue;
      }
      if (status === 401 && authorization !== null) {
        if (refreshed) throw new ReauthorizationNeeded('The remote refused a freshly refreshed token');
        const rejected = authorization;
        authorization = await this.patiently(() => this.options.tokens.afterUnauthorized(rejected));
        refreshed = true;
        continue;
      }
      if (status >= 500) {
        if (!retriable) throw new UncertainWrite(`${method} ${url}: the remote answered ${status}`);
        failures = await this.backOff(failures, `The online service at ${new URL(url).host} is failing: it answered ${status} every time it was asked (${method} ${new URL(url).pathname}).`);
        continue;
      }
      if (status >= 400) throw new RemoteRefusal(status, errorMessages(text), url);
      if (options.raw) return { status, headers, body: null, bytes };
      try {
        return { status, headers: this.headersOnBase(headers), body: rebased(this.baseUrl, this.parse(method, url, status, text)) as Record<string, unknown> | null };
      } catch (error) {
        // HTML from a proxy or a body cut short: nothing says whether a write behind it was made.
        if (!(error instanceof BadRemoteAnswer)) throw error;
        if (!retriable) throw new UncertainWrite(error.message);
        failures = await this.backOff(failures, error.message);
      }
    }
  }

  /**
   * A token, waiting as long as the token service asks when it refuses a refresh for now (429): the
   * pause is the budget's, so every other request of the round waits with it rather than pile up.
   */
  private async patiently(token: () => Promise<string>): Promise<string> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await token();
      } catch (error) {
        if (!(error instanceof RefreshLater) || attempt >= this.maxRetries) throw error;
        this.options.budget.pauseUntil(this.options.timer.now() + error.retryAfterMs);
        this.checkAborted();
        await this.options.budget.take();
      }
    }
  }

  /**
   * Every record of a list, following Link rel="next" (per_page=100); `key` names the list in each page,
   * or reads it (categories come grouped). `total` is the first page's X-Total-Count, `servedAt` its
   * Date (epoch ms on the service's clock), where the next incremental list can start.
   */
  async list(path: string, key: string | ListReader, query: Record<string, string> = {}): Promise<{ records: Record<string, unknown>[]; total: number | null; servedAt: number | null }> {
    const url = new URL(this.resolve(path));
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    url.searchParams.set('per_page', String(PER_PAGE));
    let next: string | null = url.toString();
    const records: Record<string, unknown>[] = [];
    let total: number | null = null;
    let servedAt: number | null = null;
    while (next) {
      const answer = await this.get(next);
      if (servedAt === null) {
        const date = Date.parse(answer.headers.get('date') ?? '');
        if (!Number.isNaN(date)) servedAt = date;
      }
      const page = typeof key === 'string' ? answer.body?.[key] : key(answer.body ?? {});
      if (!Array.isArray(page)) throw new BadRemoteAnswer(`GET ${next}: no ${typeof key === 'string' ? `"${key}" ` : ''}list in the answer`);
      const count = answer.headers.get('x-total-count');
      if (total === null && count !== null && /^\d+$/.test(count)) total = Number(count);
      records.push(...(page as Record<string, unknown>[]));
      // An empty page or a missing Link is the end, whatever the headers claim.
      next = page.length === 0 ? null : nextLink(answer.headers.get('link'));
      if (next) next = this.resolve(next);
    }
    return { records, total, servedAt };
  }

  /** Location and Link naming another host, mapped onto the base like the body's urls. */
  private headersOnBase(headers: Headers): Headers {
    const location = headers.get('location');
    const link = headers.get('link');
    const mappedLocation = location && onBase(this.baseUrl, location);
    const mappedLink = linkOnBase(this.baseUrl, link);
    if (mappedLocation === location && mappedLink === link) return headers;
    const out = new Headers(headers);
    if (mappedLocation) out.set('location', mappedLocation);
    if (mappedLink) out.set('link', mappedLink);
    return out;
  }

  private checkAborted(): void {
    if (this.options.signal?.aborted) throw new SyncAborted();
  }

  private async backOff(failures: number, reason: string): Promise<number> {
    if (failures >= this.maxRetries) throw new RemoteUnavailable(reason);
    await this.options.timer.sleep(backoffMs(failures, this.options.random));
    return failures + 1;
  }

  private parse(method: string, url: string, status: number, text: string): Record<string, unknown> | null {
    if (text.trim() === '') return null;
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // reported below
    }
    throw new BadRemoteAnswer(`${method} ${url}: the remote answered ${status} with something that is not the API's JSON`);
  }

  /** One attempt, the body read inside the same timeout (a reset mid-body is a network error). */
  private async send(method: string, url: string, authorization: string | null, body: unknown): Promise<{ status: number; headers: Headers; bytes: Uint8Array } | Error | typeof TIMED_OUT> {
    const controller = new AbortController();
    const headers = new Headers({
      Accept: 'application/json',
      'X-Api-Version': API_VERSION,
      'User-Agent': USER_AGENT,
    });
    if (authorization !== null) headers.set('Authorization', authorization);
    if (body !== undefined) headers.set('Content-Type', 'application/json');
    this.requests += 1;
    if (method !== 'GET') this.writes += 1;
    // The deadline starts before the request does, so an answer that never comes is always cut off.
    const deadline = this.options.timer.deadline(this.timeoutMs);
    const attempt = (async () => {
      const response = await this.fetchImpl(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: controller.signal });
      return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
    })().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    const outcome = await Promise.race([attempt, deadline.reached.then((): typeof TIMED_OUT => TIMED_OUT)]);
    deadline.cancel();
    if (outcome === TIMED_OUT) controller.abort();
    return outcome;
  }
}
