import type { VirtualTimer } from '../../main/sync/timer';
import type { RefreshingTokens } from '../../main/sync/tokens';
import { ReauthorizationNeeded } from '../../main/sync/tokens';
import { OWNER, type SimBook } from './books';
import { httpDate, quotesAnAmount, renamedHost, respellMoney, withMadeLinesUnmarked, type LiveOptions, type Spelling } from './live-service';

/** A small seeded generator (mulberry32): every fault and every operation repeats for a seed. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * 'late-commit' (a POST) is answered never, and made on the remote `live.lateCommitMs` later: after the
 * client gave up and looked for it. On another method it is 'slow'.
 */
export type Fault = 'rate-limit' | 'error-before' | 'error-after' | 'reset' | 'slow' | 'slow-after' | 'html' | 'late-commit';

export interface FaultOptions {
  /** Chance that a request meets a fault while faults are on. */
  rate: number;
  faults: readonly Fault[];
  /** The client's timeout, which a slow answer runs past. */
  timeoutMs: number;
  /** Families whose lists ignore updated_since, as many of the live service's do. */
  ignoreUpdatedSince?: readonly string[];
  /** Writes the remote refuses as a locked period would. */
  refuse?: (method: string, path: string, body: string) => string | null;
  /** Runs between the pages of a list: an accountant writing while we read shifts the pages. */
  betweenPages?: () => Promise<void>;
  /**
   * Runs as a write (any method but GET) reaches the remote, before the remote makes it: someone using
   * a book, or the accountant on the service, while the sync's request is out.
   */
  whileWriting?: (method: string, path: string) => Promise<void>;
  /** The remote user the sync acts as (default: the owner). */
  remoteToken?: string;
  /** Rewrites an answer's JSON on its way out (a record the book will not accept). */
  rewrite?: (method: string, path: string, body: any) => any;
  /** Answers as the live service gives them (live-service.ts); every answer then carries the service's Date. */
  live?: LiveOptions;
}

/**
 * The remote for tests: a second Ledgerdesk engine behind the faults the live service shows. It counts
 * what the sync must never do (a request before Retry-After, a record created twice) so tests assert it.
 */
export class FaultyRemote {
  faultsOn = true;
  requests = 0;
  /** Requests sent while a Retry-After was still running. */
  early = 0;
  refreshes = 0;
  /** 429s for going over the live caps (not injected ones). */
  capped = 0;
  /** Every request as it arrived, by virtual time. */
  log: { method: string; path: string; at: number; origin: string }[] = [];
  /** Faults a test asks for: the next request matching `match` meets `fault`. */
  private forced: { fault: Fault; match: (method: string, path: string) => boolean; then?: () => void }[] = [];
  /** POSTs that reached the engine and created something, by path. */
  creates: string[] = [];
  private notBefore = 0;
  private windowStart = 0;
  private windowCount = 0;
  private liveTokens = new Set<string>(['t0']);
  private tokenSerial = 0;
  /** Requests to the signed-file origin that carried a bearer token (the token went where it must not). */
  tokensLeaked = 0;
  /** POSTs answered never and made later ('late-commit'), by when they land. */
  private late: { at: number; land: () => Promise<void> }[] = [];
  /** When each access token was issued, for the live lifetime. */
  private issuedAt = new Map<string, number>();
  /** Failing the sync at its Nth request from now (a kill), or never. */
  private killAt: { countdown: number; abort: () => void; afterCommit: boolean } | null = null;

  constructor(
    readonly book: SimBook,
    private readonly timer: VirtualTimer,
    private readonly random: () => number,
    private readonly options: FaultOptions,
  ) {
    this.issuedAt.set('t0', timer.now());
  }

  /** The token source a replica uses: refreshes come from here; `expire` makes the current one fail. */
  tokens(): RefreshingTokens {
    let current: string | null = 't0';
    return {
      current: () => current,
      refresh: async () => {
        this.refreshes += 1;
        await Promise.resolve();
        const next = `t${++this.tokenSerial}`;
        this.liveTokens.add(next);
        this.issuedAt.set(next, this.timer.now());
        current = next;
        return next;
      },
    };
  }

  /** The next request matching `match` meets `fault`; `then` runs once it has been answered so. */
  force(fault: Fault, match: (method: string, path: string) => boolean = () => true, then?: () => void): void {
    this.forced.push({ fault, match, then });
  }

  /** Every live token stops working at once, as an access token does after its hour. */
  expireTokens(): void {
    this.liveTokens.clear();
  }

  /** A refresh that fails as a revoked refresh token does. */
  static revoked(): RefreshingTokens {
    return { current: () => 'nothing', refresh: () => Promise.reject(new ReauthorizationNeeded()) };
  }

  /** Kills the sync at the Nth request from now: before the remote sees it, or after it committed. */
  killAfter(requests: number, abort: () => void, afterCommit: boolean): void {
    this.killAt = { countdown: requests, abort, afterCommit };
  }

  /** Whether any late commit is still to land. */
  get lateCommitsPending(): number {
    return this.late.length;
  }

  /** Makes the late commits whose time has come, oldest first (they land as the next request arrives). */
  private async landLate(): Promise<void> {
    const due = this.late.filter((entry) => entry.at <= this.timer.now());
    this.late = this.late.filter((entry) => entry.at > this.timer.now());
    for (const entry of due) await entry.land();
  }

  readonly fetch: typeof fetch = async (input, init) => {
    const answer = await this.serve(input, init);
    if (!this.options.live) return answer;
    const headers = new Headers(answer.headers);
    headers.set('Date', httpDate(this.timer.now()));
    return new Response(answer.body, { status: answer.status, headers });
  };

  private async serve(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> {
    const request = new Request(input, init);
    const url = new URL(request.url);
    await this.landLate();
    const now = this.timer.now();
    const live = this.options.live;
    if (live?.filesHost && url.origin === new URL(live.filesHost).origin) return this.signedFile(request, url);
    this.requests += 1;
    this.log.push({ method: request.method, path: url.pathname + url.search, at: now, origin: url.origin });
    if (now < this.notBefore) this.early += 1;
    if (request.headers.get('x-api-version') === null || !request.headers.get('user-agent')) throw new Error('the remote wants X-Api-Version and User-Agent on every request');
    let kill: { afterCommit: boolean; abort: () => void } | null = null;
    if (this.killAt && --this.killAt.countdown <= 0) {
      kill = this.killAt;
      this.killAt = null;
      if (!kill.afterCommit) {
        kill.abort();
        throw new TypeError('fetch failed (the sync was killed)');
      }
    }
    // The live caps: 120 a minute on fixed windows.
    if (now - this.windowStart >= 60_000) {
      this.windowStart = now - ((now - this.windowStart) % 60_000);
      this.windowCount = 0;
    }
    this.windowCount += 1;
    if (this.windowCount > 120) {
      this.capped += 1;
      return this.tooMany(Math.ceil((this.windowStart + 60_000 - now) / 1000));
    }
    const auth = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
    if (!auth || !this.liveTokens.has(auth)) return json(401, { errors: [{ message: 'The access token is not valid' }] });
    if (live?.tokenLifetimeMs !== undefined && now - (this.issuedAt.get(auth) ?? 0) >= live.tokenLifetimeMs) return json(401, { errors: [{ message: 'The access token has expired' }] });

    const forcedAt = this.forced.findIndex((entry) => entry.match(request.method, url.pathname));
    const forced = forcedAt >= 0 ? this.forced.splice(forcedAt, 1)[0]! : null;
    forced?.then?.();
    const fault = forced ? forced.fault : this.faultsOn && !kill && this.random() < this.options.rate ? this.options.faults[Math.floor(this.random() * this.options.faults.length)]! : null;
    if (fault === 'rate-limit') return this.tooMany(1 + Math.floor(this.random() * 60));
    if (fault === 'error-before') return json(503, { errors: [{ message: 'Service unavailable' }] });
    if (fault === 'slow' || (fault === 'late-commit' && request.method !== 'POST')) return this.never();
    if (fault === 'html') return new Response('<html><body>Bad gateway</body></html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    if (request.method !== 'GET') {
      const refusal = this.options.refuse?.(request.method, url.pathname, text) ?? null;
      if (refusal) return json(422, { errors: [{ message: refusal }] });
    }
    if (request.method !== 'GET') await this.options.whileWriting?.(request.method, url.pathname);
    if (live?.quotedAmountsImportNothing && request.method === 'POST' && url.pathname === '/v2/bank_transactions/statement' && quotesAnAmount(text)) return new Response(null, { status: 200 });
    if (request.method === 'GET' && this.options.ignoreUpdatedSince?.some((family) => url.pathname === `/v2/${family}`)) url.searchParams.delete('updated_since');
    if (request.method === 'GET' && this.options.betweenPages && Number(url.searchParams.get('page') ?? '1') > 1) await this.options.betweenPages();
    const forwarded = new Headers(request.headers);
    forwarded.set('Authorization', `Bearer ${this.options.remoteToken ?? OWNER}`);
    if (fault === 'late-commit') {
      // The client times out now; the service makes it later, whoever has looked for it since.
      this.late.push({
        at: now + this.options.timeoutMs + (live?.lateCommitMs ?? 60_000),
        land: async () => {
          const made = await this.book.engine.fetch(new Request(url, { method: request.method, headers: forwarded, body: text || undefined }));
          if (made.status === 201) this.creates.push(url.pathname);
        },
      });
      return this.never();
    }
    const send = () => this.book.engine.fetch(new Request(url, { method: request.method, headers: forwarded, body: text || undefined }));
    const keepsMadeLines = live?.uploadKeepsMadeLines && request.method === 'POST' && url.pathname === '/v2/bank_transactions/statement';
    const answer = keepsMadeLines ? await withMadeLinesUnmarked(this.book.book.sqlite, send) : await send();
    let body = await answer.text();
    if (this.options.rewrite && body) body = JSON.stringify(this.options.rewrite(request.method, url.pathname, JSON.parse(body)));
    const headers = new Headers(answer.headers);
    if (live && body && (answer.headers.get('content-type') ?? '').includes('json')) body = this.liveBody(body, url.origin);
    if (live?.host) for (const name of ['link', 'location']) if (headers.get(name)) headers.set(name, renamedHost(headers.get(name)!, url.origin, live.host));
    if (request.method === 'POST' && answer.status === 201) this.creates.push(url.pathname);
    if (live?.bodilessCreates && request.method === 'POST' && answer.status === 201) {
      const location = headers.get('location');
      if (location) headers.set('location', new URL(location).pathname);
      body = '';
    }
    // The write committed; now the answer is lost.
    if (kill) {
      kill.abort();
      throw new TypeError('fetch failed (the sync was killed)');
    }
    if (fault === 'error-after') return json(502, { errors: [{ message: 'Bad gateway' }] });
    if (fault === 'slow-after') return this.never();
    if (fault === 'reset') return new Response(brokenStream(body), { status: answer.status, headers });
    return new Response(body || null, { status: answer.status, headers });
  }

  /** An answer's JSON as the live service writes it: money respelt (a new spelling each answer), urls on its host, files behind signed links elsewhere. */
  private liveBody(body: string, origin: string): string {
    const live = this.options.live!;
    let value: unknown = JSON.parse(body);
    if (live.respellMoney) {
      const spellings: Spelling[] = ['number', 'short', 'stored'];
      value = respellMoney(value, spellings[Math.floor(this.random() * spellings.length)]!);
    }
    let text = JSON.stringify(value);
    // Signed links keep their query (expiry and signature) but leave the API's path: /files/... on the file store.
    if (live.filesHost) text = text.replace(/"content_src":"[^"]*?\/v2\/attachments\//g, `"content_src":"${live.filesHost}/files/attachments/`);
    if (live.host) text = renamedHost(text, origin, live.host);
    return text;
  }

  /** The file store: a signed link answers without a token, and refuses one (two ways to authenticate). */
  private async signedFile(request: Request, url: URL): Promise<Response> {
    this.requests += 1;
    this.log.push({ method: request.method, path: url.pathname + url.search, at: this.timer.now(), origin: url.origin });
    if (request.headers.get('authorization')) {
      this.tokensLeaked += 1;
      return new Response('<Error><Code>InvalidArgument</Code><Message>Only one auth mechanism allowed</Message></Error>', { status: 400, headers: { 'Content-Type': 'application/xml' } });
    }
    const path = url.pathname.replace(/^\/files\//, '/v2/');
    return this.book.engine.fetch(new Request(`http://remote.test${path}${url.search}`, { method: 'GET', headers: { 'X-Api-Version': request.headers.get('x-api-version') ?? '' } }));
  }

  private tooMany(seconds: number): Response {
    this.notBefore = Math.max(this.notBefore, this.timer.now() + seconds * 1000);
    return new Response('Rate limit exceeded', { status: 429, headers: { 'Retry-After': String(seconds), 'Content-Type': 'text/plain' } });
  }

  /** An answer slower than the client's timeout: time passes it, and it never comes. */
  private never(): Promise<Response> {
    this.timer.advance(this.options.timeoutMs + 1);
    return new Promise<Response>(() => undefined);
  }
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The first half of the body, then the connection drops. */
function brokenStream(body: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(body);
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes.slice(0, Math.floor(bytes.length / 2)));
      controller.error(new TypeError('terminated: other side closed'));
    },
  });
}
