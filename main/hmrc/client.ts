import type { ObligationStatus } from '../../shared/api/hmrc';
import { parseMoneyJson } from './money-json';

/**
 * HMRC's VAT (MTD) API 1.0 over HTTP (../shared/spec/hmrc/vat-api-rules.md): the Accept header, the
 * bearer token, the fraud prevention headers on every call, HMRC's error bodies turned into HmrcError,
 * 429 waited out, and a GET retried when HMRC fails. A POST is never retried here: whether a
 * submission that got no answer was taken is for submit.ts to find out by looking it up.
 */

export const HMRC_ACCEPT = 'application/vnd.hmrc.1.0+json';

export interface HmrcTokens {
  /** The Authorization header value, refreshed first if it is about to expire. */
  authorization(): Promise<string>;
  /** After a 401: a fresh value, or throws (the grant has ended: connect again). */
  afterUnauthorized(): Promise<string>;
  /**
   * HMRC answered 401 to the fresh value afterUnauthorized gave (the grant was revoked between the
   * refresh and the call): the connection is marked to be made again. Only a keeper that refreshes has one.
   */
  refusedAfterRefresh?(authorization: string): void;
}

export interface HmrcClientOptions {
  baseUrl: string;
  vrn: string;
  tokens: HmrcTokens;
  /** The fourteen fraud prevention headers, collected afresh for each request (a promise: reading the machine must not block). */
  fraudHeaders: () => Record<string, string> | Promise<Record<string, string>>;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** How long an answer is waited for before it counts as lost. */
  timeoutMs?: number;
  /** Attempts for a GET (and for a POST refused with 429). */
  attempts?: number;
}

/** HMRC answered with an error: its status, code and message as it wrote them. */
export class HmrcError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly codes: string[],
    /** The VRN the call was for, so the refusal can name it. */
    readonly vrn?: string,
  ) {
    super(message);
  }
}

/** No answer came (connection dropped, timed out): whether HMRC acted on the request is not known. */
export class HmrcUnanswered extends Error {}

export interface Obligation {
  periodKey: string;
  start: string;
  end: string;
  due: string;
  status: ObligationStatus;
  received?: string;
}

export interface SubmitReceipt {
  processingDate: string;
  formBundleNumber: string;
  paymentIndicator?: string;
  chargeRefNumber?: string;
  receiptId?: string;
  receiptTimestamp?: string;
}

export interface Liability {
  taxPeriod?: { from: string; to: string };
  type: string;
  originalAmount: string;
  outstandingAmount?: string;
  due?: string;
}

export interface Payment {
  amount: string;
  received?: string;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** HMRC's error body: {code, message, errors?: [{code, message, path}]}, or the code's {statusCode, message}. */
function errorFrom(status: number, text: string, vrn: string): HmrcError {
  let body: { code?: unknown; message?: unknown; errors?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // An empty or non-JSON body (404 of a return, a proxy's page): the status speaks.
  }
  const inner = Array.isArray(body.errors) ? (body.errors as { code?: unknown; message?: unknown }[]) : [];
  const code = typeof body.code === 'string' ? body.code : typeof body.message === 'string' && /^[A-Z_]+$/.test(body.message) ? body.message : `HTTP_${status}`;
  const codes = [code, ...inner.map((error) => String(error.code ?? ''))].filter(Boolean);
  const messages = inner.length ? inner.map((error) => String(error.message ?? error.code ?? '')) : [typeof body.message === 'string' ? body.message : `HMRC answered ${status}`];
  return new HmrcError(status, code, messages.join(' '), codes, vrn);
}

export class HmrcClient {
  private readonly fetcher: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly base: string;

  constructor(private readonly options: HmrcClientOptions) {
    this.fetcher = options.fetch ?? fetch;
    this.sleep = options.sleep ?? defaultSleep;
    this.base = `${options.baseUrl.replace(/\/+$/, '')}/organisations/vat/${encodeURIComponent(options.vrn)}`;
  }

  private async send(method: 'GET' | 'POST', path: string, body?: string, authorization?: string): Promise<Response> {
    // The token first (a refresh goes out over the network): the IPs' timestamp stays the last thing read.
    const bearer = authorization ?? (await this.options.tokens.authorization());
    const headers: Record<string, string> = { ...(await this.options.fraudHeaders()), Accept: HMRC_ACCEPT, Authorization: bearer };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      return await this.fetcher(`${this.base}${path}`, { method, headers, body, signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000) });
    } catch (error) {
      throw new HmrcUnanswered(`HMRC did not answer (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  /** How long to wait after a 429 or a failure: Retry-After when HMRC gives it, else 1 s, 2 s, 4 s... */
  private waitFor(response: Response | null, attempt: number): number {
    const header = Number(response?.headers.get('retry-after'));
    return Number.isFinite(header) && header >= 0 ? Math.min(header, 60) * 1000 : 1000 * 2 ** (attempt - 1);
  }

  /** One call with its retries; resolves with the successful response's text. */
  private async call(method: 'GET' | 'POST', path: string, body?: string): Promise<{ status: number; text: string; headers: Headers }> {
    const attempts = this.options.attempts ?? 4;
    let authorization: string | undefined;
    let refreshed = false;
    for (let attempt = 1; ; attempt += 1) {
      let response: Response;
      try {
        response = await this.send(method, path, body, authorization);
      } catch (error) {
        // A lost POST is not retried blind: only a look-up can tell whether it was taken.
        if (method === 'POST' || attempt >= attempts) throw error;
        await this.sleep(this.waitFor(null, attempt));
        continue;
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        // The answer broke off after its status line (a timeout, a dropped connection): as good as
        // none, and for a POST it may have been acted on, so it is not sent again from here either.
        const unanswered = new HmrcUnanswered(`HMRC's answer broke off (${error instanceof Error ? error.message : String(error)})`);
        if (method === 'POST' || attempt >= attempts) throw unanswered;
        await this.sleep(this.waitFor(null, attempt));
        continue;
      }
      if (response.ok) return { status: response.status, text, headers: response.headers };
      if (response.status === 401 && !refreshed) {
        // The platform refused the token before the service saw the request: safe to send again.
        refreshed = true;
        authorization = await this.options.tokens.afterUnauthorized();
        continue;
      }
      // Refused again with the token just refreshed: no refresh will help, only connecting again.
      if (response.status === 401 && authorization !== undefined) this.options.tokens.refusedAfterRefresh?.(authorization);
      const retryable = response.status === 429 || (method === 'GET' && response.status >= 500);
      if (retryable && attempt < attempts) {
        await this.sleep(this.waitFor(response, attempt));
        continue;
      }
      throw errorFrom(response.status, text, this.options.vrn);
    }
  }

  async obligations(query: { from?: string; to?: string; status?: ObligationStatus }): Promise<Obligation[]> {
    const params = new URLSearchParams();
    if (query.from) params.set('from', query.from);
    if (query.to) params.set('to', query.to);
    if (query.status) params.set('status', query.status);
    try {
      const { text } = await this.call('GET', `/obligations${params.size ? `?${params}` : ''}`);
      return (JSON.parse(text) as { obligations: Obligation[] }).obligations;
    } catch (error) {
      // 404 NOT_FOUND: "no data can be found", which for a list is none.
      if (error instanceof HmrcError && error.status === 404) return [];
      throw error;
    }
  }

  /** POST the return, once. Throws HmrcError (refused) or HmrcUnanswered (not known). */
  async submitReturn(json: string): Promise<SubmitReceipt> {
    const { text, headers } = await this.call('POST', '/returns', json);
    let body: { processingDate?: unknown; formBundleNumber?: unknown; paymentIndicator?: string; chargeRefNumber?: string };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = {};
    }
    // Taken (201), but the receipt cannot be read: only a look-up can say what HMRC holds.
    if (typeof body.processingDate !== 'string' || typeof body.formBundleNumber !== 'string') throw new HmrcUnanswered(`HMRC answered ${text.length ? 'with a receipt that cannot be read' : 'with no receipt'}`);
    return {
      processingDate: body.processingDate,
      formBundleNumber: body.formBundleNumber,
      paymentIndicator: body.paymentIndicator,
      chargeRefNumber: body.chargeRefNumber,
      receiptId: headers.get('receipt-id') ?? undefined,
      receiptTimestamp: headers.get('receipt-timestamp') ?? undefined,
    };
  }

  /** The return HMRC holds for a period key (figures as decimal text), or null when it holds none. */
  async viewReturn(periodKey: string): Promise<Record<string, string> | null> {
    try {
      const { text } = await this.call('GET', `/returns/${encodeURIComponent(periodKey)}`);
      return parseMoneyJson(text) as Record<string, string>;
    } catch (error) {
      if (error instanceof HmrcError && error.status === 404) return null;
      throw error;
    }
  }

  async liabilities(from: string, to: string): Promise<Liability[]> {
    return this.list<Liability>('liabilities', from, to);
  }

  async payments(from: string, to: string): Promise<Payment[]> {
    return this.list<Payment>('payments', from, to);
  }

  private async list<T>(what: 'liabilities' | 'payments', from: string, to: string): Promise<T[]> {
    try {
      const { text } = await this.call('GET', `/${what}?${new URLSearchParams({ from, to })}`);
      return ((parseMoneyJson(text) as Record<string, T[] | undefined>)[what] ?? []) as T[];
    } catch (error) {
      if (error instanceof HmrcError && error.status === 404) return [];
      throw error;
    }
  }
}
