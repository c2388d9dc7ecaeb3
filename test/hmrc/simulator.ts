import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Decimal from 'decimal.js';
import { validateFraudHeaders, type FraudHeaderName } from './fraud-validator';

/**
 * HMRC's VAT (MTD) API 1.0 as a test server on 127.0.0.1, written from ../shared/spec/hmrc/
 * (vat-api-rules.md, vat-api.yaml, oauth.md): it refuses what HMRC refuses (Accept header, token,
 * VRN, body types and arithmetic, periods not ended, duplicates, bad query dates), validates the
 * fraud prevention headers of every request, and can lose an answer, fail with 500 and answer 429.
 */

export interface SimObligation {
  periodKey: string;
  start: string;
  end: string;
  due: string;
  status: 'O' | 'F';
  received?: string;
}

/**
 * `answer`: this request is answered as usual, so a fault queued after it meets a later request.
 * `lose`: acted on, no answer; `lose-before`: not acted on, no answer; `lose-body`: acted on, the
 * status line and headers arrive and the connection drops inside the body (a timeout mid-answer).
 * `hang`: acted on, and no answer ever comes (the client's timeout decides).
 * An object: HMRC answers with it instead, without acting on the request.
 */
export type Fault = 'answer' | 'lose' | 'lose-before' | 'lose-body' | 'hang' | '500' | '503' | '429' | { status: number; body?: unknown };

export interface SimRequest {
  method: string;
  path: string;
  headers: Headers;
  body: string;
  fraudProblems: string[];
}

export interface SimulatorOptions {
  vrn?: string;
  token?: string;
  /** HMRC's today (periods not ended are refused); defaults to the wall clock's date. */
  today?: string;
  obligations?: SimObligation[];
  liabilities?: unknown[];
  payments?: unknown[];
  /** Fraud headers the app may send empty (values it cannot collect). */
  mayBeEmpty?: FraudHeaderName[];
}

const FIELDS = ['vatDueSales', 'vatDueAcquisitions', 'totalVatDue', 'vatReclaimedCurrPeriod', 'netVatDue', 'totalValueSalesExVAT', 'totalValuePurchasesExVAT', 'totalValueGoodsSuppliedExVAT', 'totalAcquisitionsExVAT'] as const;
const WHOLE = new Set<string>(['totalValueSalesExVAT', 'totalValuePurchasesExVAT', 'totalValueGoodsSuppliedExVAT', 'totalAcquisitionsExVAT']);

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };
const error = (status: number, code: string, message: string, errors?: unknown[]): Answer => ({ status, body: errors ? { code, message, errors } : { code, message } });
const invalidRequest = (errors: unknown[]) => error(400, 'INVALID_REQUEST', 'Invalid request', errors);

/** Due: one month and seven days after the end (vat-api.yaml, Obligation.due). */
export function dueDate(end: string): string {
  const date = new Date(`${end}T00:00:00Z`);
  const nextMonthEnd = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 2, 0));
  return new Date(nextMonthEnd.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
}

const isDate = (value: string | null) => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
const addDays = (value: string, days: number) => new Date(new Date(`${value}T00:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);
/** The same day a year on (29 February to 28 February, as java.time's plusYears does). */
const plusYear = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  const next = new Date(Date.UTC(date.getUTCFullYear() + 1, date.getUTCMonth(), 1));
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return next.toISOString().slice(0, 10);
};

/** The same day `years` years back (29 February going to 28 February). */
const minusYears = (value: string, years: number) => {
  const date = new Date(`${value}T00:00:00Z`);
  const back = new Date(Date.UTC(date.getUTCFullYear() - years, date.getUTCMonth(), 1));
  const lastDay = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth() + 1, 0)).getUTCDate();
  back.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return back.toISOString().slice(0, 10);
};

export class HmrcSimulator {
  readonly vrn: string;
  token: string;
  today: string;
  obligations: SimObligation[];
  liabilities: unknown[];
  payments: unknown[];
  readonly returns = new Map<string, { body: Record<string, unknown>; formBundleNumber: string }>();
  readonly requests: SimRequest[] = [];
  /** Faults for the next submit calls (POST /returns) and for any call, taken in order. */
  readonly submitFaults: Fault[] = [];
  readonly anyFaults: Fault[] = [];
  private bundle = 100000000000;
  private server = createServer((req, res) => void this.handle(req, res));
  url = '';

  constructor(private readonly options: SimulatorOptions = {}) {
    this.vrn = options.vrn ?? '123456789';
    this.token = options.token ?? 'hmrc-test-token';
    this.today = options.today ?? new Date().toISOString().slice(0, 10);
    this.obligations = options.obligations ?? [];
    this.liabilities = options.liabilities ?? [];
    this.payments = options.payments ?? [];
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Every fraud header problem seen, request by request. */
  fraudProblems(): string[] {
    return this.requests.flatMap((request) => request.fraudProblems.map((problem) => `${request.method} ${request.path}: ${problem}`));
  }

  submissions(): SimRequest[] {
    return this.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/returns'));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // The token endpoint is the platform's, not the VAT API's: no fraud headers there.
    const fraudProblems = url.pathname === '/oauth/token' ? [] : validateFraudHeaders(headers, { mayBeEmpty: this.options.mayBeEmpty, receivedAt: new Date() });
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, headers, body, fraudProblems });

    const isSubmit = req.method === 'POST' && /\/returns$/.test(url.pathname);
    const fault = (isSubmit ? this.submitFaults.shift() : undefined) ?? this.anyFaults.shift();
    if (fault === 'lose-before') return void res.socket?.destroy();
    if (fault === '500') return this.write(res, error(500, 'INTERNAL_SERVER_ERROR', 'An internal server error occurred'));
    if (fault === '503') return this.write(res, error(503, 'SERVICE_UNAVAILABLE', 'Internal server error'));
    if (fault === '429') return this.write(res, { ...error(429, 'MESSAGE_THROTTLED_OUT', 'The request for the API is throttled as you have exceeded your quota.'), headers: { 'Retry-After': '0' } });
    if (typeof fault === 'object') return this.write(res, fault);

    const answer = url.pathname === '/oauth/token' ? this.oauthToken(new URLSearchParams(body)) : this.answer(req.method ?? 'GET', url, headers, body, fraudProblems);
    // Lost: HMRC acted on the request, but the answer never reaches the client.
    if (fault === 'lose') return void res.socket?.destroy();
    if (fault === 'lose-body') return this.writeHalf(res, answer);
    if (fault === 'hang') return;
    this.write(res, answer);
  }

  private write(res: ServerResponse, answer: Answer): void {
    const headers: Record<string, string> = { 'X-CorrelationId': randomUUID(), ...answer.headers };
    if (answer.body !== undefined) headers['Content-Type'] = 'application/json';
    res.writeHead(answer.status, headers);
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  }

  /** The status and headers, then half the body, then the connection drops. */
  private writeHalf(res: ServerResponse, answer: Answer): void {
    const text = JSON.stringify(answer.body ?? {});
    res.writeHead(answer.status, { 'X-CorrelationId': randomUUID(), 'Content-Type': 'application/json', 'Content-Length': String(text.length), ...answer.headers });
    res.write(text.slice(0, Math.floor(text.length / 2)), () => res.socket?.destroy());
  }

  private answer(method: string, url: URL, headers: Headers, body: string, fraudProblems: string[]): Answer {
    if (headers.get('accept') !== 'application/vnd.hmrc.1.0+json') return error(406, 'ACCEPT_HEADER_INVALID', 'The accept header is missing or invalid');
    const authorization = headers.get('authorization');
    if (!authorization) return error(401, 'MISSING_CREDENTIALS', 'Authentication information is not provided');
    if (authorization !== `Bearer ${this.token}`) return error(401, 'INVALID_CREDENTIALS', 'Invalid Authentication information provided');
    // Not HMRC's behaviour (it checks headers offline): here a bad header fails the test at once.
    if (fraudProblems.length) return error(400, 'INVALID_FRAUD_PREVENTION_HEADERS', fraudProblems.join('; '));
    const match = /^\/organisations\/vat\/([^/]*)\/(obligations|returns|liabilities|payments)(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return error(404, 'MATCHING_RESOURCE_NOT_FOUND', 'A resource with the name in the request can not be found in the API');
    const [, vrn, what, key] = match as unknown as [string, string, string, string | undefined];
    if (!/^\d{9}$/.test(vrn)) return error(400, 'VRN_INVALID', 'The provided VRN is invalid');
    if (vrn !== this.vrn) return error(403, 'CLIENT_OR_AGENT_NOT_AUTHORISED', 'The client and/or agent is not authorised.');
    if (what === 'obligations' && method === 'GET' && !key) return this.listObligations(url.searchParams);
    if (what === 'returns' && method === 'POST' && !key) return this.submit(headers, body);
    if (what === 'returns' && method === 'GET' && key) return this.view(decodeURIComponent(key));
    if ((what === 'liabilities' || what === 'payments') && method === 'GET' && !key) return this.financial(what, url.searchParams);
    return error(405, 'METHOD_NOT_ALLOWED', 'The request method is not allowed');
  }

  /** OAuth (oauth.md): the app's registration, codes issued at the authorise page, the live refresh token. */
  readonly oauth = { clientId: 'ledgerdesk-client', clientSecret: 'ledgerdesk-secret', codes: new Map<string, { challenge: string; redirectUri: string }>(), refreshToken: null as string | null, tokenCalls: 0 };

  /** What HMRC's authorise page does once the person signs in and grants the scopes. */
  issueCode(authorizeUrl: string): { code: string; redirect: string } {
    const url = new URL(authorizeUrl);
    const params = url.searchParams;
    if (url.pathname !== '/oauth/authorize' || params.get('response_type') !== 'code' || params.get('client_id') !== this.oauth.clientId || params.get('scope') !== 'read:vat write:vat' || params.get('code_challenge_method') !== 'S256') {
      throw new Error(`HMRC would refuse this authorise request: ${authorizeUrl}`);
    }
    const code = randomUUID();
    this.oauth.codes.set(code, { challenge: params.get('code_challenge')!, redirectUri: params.get('redirect_uri')! });
    const redirect = new URL(params.get('redirect_uri')!);
    redirect.search = new URLSearchParams({ code, state: params.get('state')! }).toString();
    return { code, redirect: redirect.toString() };
  }

  /** The grant ends (18 months, or the person revoked it in HMRC's service). */
  revokeGrant(): void {
    this.oauth.refreshToken = null;
    this.token = randomUUID();
  }

  private oauthToken(form: URLSearchParams): Answer {
    this.oauth.tokenCalls += 1;
    if (form.get('client_id') !== this.oauth.clientId || form.get('client_secret') !== this.oauth.clientSecret) return { status: 401, body: { error: 'invalid_client', error_description: 'invalid client id or secret' } };
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const issued = this.oauth.codes.get(form.get('code') ?? '');
      this.oauth.codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!issued || issued.challenge !== challenge || issued.redirectUri !== form.get('redirect_uri')) return { status: 400, body: { error: 'invalid_grant' } };
    } else if (grant === 'refresh_token') {
      if (!this.oauth.refreshToken || form.get('refresh_token') !== this.oauth.refreshToken) return { status: 400, body: { error: 'invalid_grant' } };
    } else {
      return { status: 400, body: { error: 'unsupported_grant_type' } };
    }
    this.token = randomUUID();
    this.oauth.refreshToken = randomUUID();
    return { status: 200, body: { access_token: this.token, token_type: 'bearer', expires_in: 14400, refresh_token: this.oauth.refreshToken, scope: 'read:vat write:vat' } };
  }

  private listObligations(query: URLSearchParams): Answer {
    const from = query.get('from');
    const to = query.get('to');
    const status = query.get('status');
    const bad = (code: string, message: string) => error(400, code, message);
    if (status !== null && status !== 'O' && status !== 'F') return bad('INVALID_STATUS', 'Invalid status');
    if (from === null && to === null) {
      if (status === 'F') return bad('MISSING_DATE_RANGE', 'Missing date range');
      if (status !== 'O') return bad('INVALID_DATE_FROM', 'The provided from date is invalid');
    } else {
      if (!isDate(from)) return bad('INVALID_DATE_FROM', 'The provided from date is invalid');
      if (!isDate(to)) return bad('INVALID_DATE_TO', 'The provided to date is invalid');
      // "to no later than from plus one year" (vat-api-rules.md section 9).
      if (from! >= to! || to! > plusYear(from!)) return bad('INVALID_DATE_RANGE', 'Invalid date range, must be 366 days or less');
    }
    const found = this.obligations
      .filter((obligation) => (status ? obligation.status === status : true))
      .filter((obligation) => (from && to ? obligation.end >= from && obligation.start <= to : true))
      .sort((a, b) => a.start.localeCompare(b.start));
    if (!found.length) return error(404, 'NOT_FOUND', 'The remote endpoint has indicated that no data can be found');
    return { status: 200, body: { obligations: found } };
  }

  /** The body's own number tokens, as written: the scale checks need "12.30" not 12.3. */
  private rawNumber(body: string, field: string): string | null {
    return new RegExp(`"${field}"\\s*:\\s*(-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)\\s*[,}]`).exec(body)?.[1] ?? null;
  }

  private submit(headers: Headers, text: string): Answer {
    const type = (headers.get('content-type') ?? '').split(';')[0]!.trim();
    if (type !== 'application/json' && type !== 'text/json') return error(415, 'INVALID_BODY_TYPE', 'Expecting text/json or application/json body');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
    } catch {
      return error(400, 'INVALID_REQUEST', 'Invalid request');
    }
    const problems: { code: string; message: string; path: string }[] = [];
    if (!('periodKey' in body)) problems.push({ code: 'MANDATORY_FIELD_MISSING', message: 'a mandatory field is missing', path: '/periodKey' });
    else if (typeof body.periodKey !== 'string') problems.push({ code: 'INVALID_STRING_VALUE', message: 'invalid string value', path: '/periodKey' });
    else if (!/^[#0-9A-Z]{4}$/.test(body.periodKey)) problems.push({ code: 'PERIOD_KEY_INVALID', message: 'Invalid period key', path: '/periodKey' });
    const values = new Map<string, Decimal>();
    for (const field of FIELDS) {
      const path = `/${field}`;
      if (!(field in body)) {
        problems.push({ code: 'MANDATORY_FIELD_MISSING', message: 'a mandatory field is missing', path });
        continue;
      }
      const raw = typeof body[field] === 'number' ? this.rawNumber(text, field) : null;
      if (raw === null) {
        problems.push({ code: 'INVALID_NUMERIC_VALUE', message: 'please provide a numeric field', path });
        continue;
      }
      const value = new Decimal(raw);
      const limit = field === 'netVatDue' ? new Decimal('99999999999.99') : new Decimal(WHOLE.has(field) ? '9999999999999' : '9999999999999.99');
      const low = field === 'netVatDue' ? new Decimal(0) : limit.negated();
      const scaleOk = WHOLE.has(field) ? value.isInteger() : value.decimalPlaces() <= 2 && !/\.\d{3,}/.test(raw);
      if (!scaleOk || value.lessThan(low) || value.greaterThan(limit)) problems.push({ code: 'INVALID_MONETARY_AMOUNT', message: 'amount should be a monetary value', path });
      values.set(field, value);
    }
    if (!('finalised' in body)) problems.push({ code: 'MANDATORY_FIELD_MISSING', message: 'a mandatory field is missing', path: '/finalised' });
    else if (typeof body.finalised !== 'boolean') problems.push({ code: 'UNMAPPED_PLAY_ERROR', message: 'error.expected.jsboolean', path: '/finalised' });
    if (problems.length) return invalidRequest(problems);
    const sums: typeof problems = [];
    const [box1, box2, box3, box4, box5] = ['vatDueSales', 'vatDueAcquisitions', 'totalVatDue', 'vatReclaimedCurrPeriod', 'netVatDue'].map((field) => values.get(field)!) as [Decimal, Decimal, Decimal, Decimal, Decimal];
    if (!box5.equals(box3.minus(box4).abs())) sums.push({ code: 'VAT_NET_VALUE', message: 'The value of netVatDue should be the difference between the largest and the smallest values among totalVatDue and vatReclaimedCurrPeriod', path: '/netVatDue' });
    if (!box3.equals(box1.plus(box2))) sums.push({ code: 'VAT_TOTAL_VALUE', message: 'totalVatDue should be equal to vatDueSales + vatDueAcquisitions', path: '/totalVatDue' });
    if (sums.length) return invalidRequest(sums);
    if (body.finalised !== true) return error(403, 'BUSINESS_ERROR', 'Business validation error', [{ code: 'NOT_FINALISED', message: 'The return cannot be accepted without a declaration it is finalised.', path: '/finalised' }]);
    const periodKey = body.periodKey as string;
    const obligation = this.obligations.find((candidate) => candidate.periodKey === periodKey);
    if (!obligation) return error(400, 'PERIOD_KEY_INVALID', 'Invalid period key');
    if (this.returns.has(periodKey)) return error(403, 'BUSINESS_ERROR', 'Business validation error', [{ code: 'DUPLICATE_SUBMISSION', message: 'The VAT return was already submitted for the given period.' }]);
    if (this.today <= obligation.end) return error(403, 'TAX_PERIOD_NOT_ENDED', 'The remote endpoint has indicated that the submission is for a tax period that has not ended');
    const formBundleNumber = String((this.bundle += 1));
    this.returns.set(periodKey, { body, formBundleNumber });
    obligation.status = 'F';
    obligation.received = this.today;
    const debit = box3.greaterThan(box4);
    const processingDate = `${this.today}T10:15:30.123Z`;
    return {
      status: 201,
      body: { processingDate, formBundleNumber, ...(debit ? { paymentIndicator: 'DD', chargeRefNumber: 'XM002610011594' } : { paymentIndicator: 'BANK' }) },
      headers: { 'Receipt-ID': randomUUID(), 'Receipt-Timestamp': `${this.today}T10:15:30Z`, 'X-Content-Type-Options': 'nosniff' },
    };
  }

  private view(periodKey: string): Answer {
    if (!/^[#0-9A-Z]{4}$/.test(periodKey)) return error(400, 'PERIOD_KEY_INVALID', 'Invalid period key');
    // "403 DATE_RANGE_TOO_LARGE when the period is more than four years back" (vat-api-rules.md section 8;
    // the YAML's message): counted here from the period's last day, whether or not a return is held.
    const obligation = this.obligations.find((candidate) => candidate.periodKey === periodKey);
    if (obligation && obligation.end < minusYears(this.today, 4)) return error(403, 'DATE_RANGE_TOO_LARGE', 'The date of the requested return cannot be further than four years from the current date');
    const held = this.returns.get(periodKey);
    // The code answers 404 with an empty body (vat-api-rules.md section 8).
    if (!held) return { status: 404 };
    const { finalised: _finalised, ...rest } = held.body;
    return { status: 200, body: rest };
  }

  private financial(what: 'liabilities' | 'payments', query: URLSearchParams): Answer {
    const from = query.get('from');
    const to = query.get('to');
    if (!isDate(from) || from! < '2016-04-06') return error(400, 'DATE_FROM_INVALID', 'Invalid date from');
    if (!isDate(to) || to! > this.today) return error(400, 'DATE_TO_INVALID', 'Invalid date to');
    // "longer than a year less a day" is refused (vat-api-rules.md section 10).
    if (from! >= to! || to! > addDays(plusYear(from!), -1)) return error(400, 'DATE_RANGE_INVALID', 'Invalid date range, must be 365 days or less');
    const items = what === 'liabilities' ? this.liabilities : this.payments;
    if (!items.length) return error(404, 'NOT_FOUND', 'The remote endpoint has indicated that no data can be found');
    return { status: 200, body: { [what]: items } };
  }
}
