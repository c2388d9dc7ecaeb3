import type { z } from 'zod';
import { connectBrowserSchema, connectTokenSchema, deviceFactsSchema, OBLIGATION_STATUSES, submitSchema, type DeviceFacts, type LiabilityRecord, type ObligationStatus, type PaymentRecord } from '../../shared/api/hmrc';
import { LEVEL_NAMES, Level } from '../../shared/api/permissions';
import type { Engine } from '../engine/app';
import { bookCaller, BookRefusal, type BookCaller } from './book';
import { HmrcError, HmrcUnanswered } from './client';
import { rangeProblems, type HmrcList } from './date-ranges';
import { HmrcSignInError, MissingHmrcClientError } from './oauth';
import { defaultObligationWindow, NoVrnError, obligationsWithBook, vrnOf } from './obligations';
import { PeriodKeyMismatch } from './period-check';
import { readRefusal } from './refusal-words';
import type { HmrcService } from './service';
import { NotConnectedError } from './service';
import { SubmissionInDoubt, SubmissionRefused, submitVatReturn } from './submit';
import { HmrcReconnectNeeded } from './tokens';

/**
 * The HMRC commands on the doors (IPC and loopback HTTP), as the sync's door does for /v2/sync:
 * /v2/hmrc/… is answered here, every other path goes on to the engine. The engine still decides who
 * asks: the request's own token reads /v2/users/me; reading needs Tax, Accounting & Users access,
 * connecting and submitting need Full access (as marking a return filed does). The window reports its
 * screens and size in the Ledgerdesk-Device header, for the fraud prevention headers.
 */
export const HMRC_PATH = '/v2/hmrc';
export const DEVICE_HEADER = 'ledgerdesk-device';

const HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };
const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: HEADERS });
const refuse = (status: number, ...messages: string[]) => reply(status, { errors: messages.map((message) => ({ message })) });

const USER_ERRORS = [MissingHmrcClientError, HmrcSignInError, NotConnectedError, HmrcReconnectNeeded, NoVrnError, SubmissionRefused, SubmissionInDoubt, HmrcUnanswered, PeriodKeyMismatch];

class BadRequest extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(messages.join(' '));
  }
}

export function withHmrcDoor(engine: Engine, service: () => HmrcService | null, now: () => Date = () => new Date()): Engine {
  return {
    fetch: async (request, options) => {
      const url = new URL(request.url);
      if (url.pathname !== HMRC_PATH && !url.pathname.startsWith(`${HMRC_PATH}/`)) return engine.fetch(request, options);
      const authorization = request.headers.get('authorization') ?? '';
      const who = await engine.fetch(new Request(new URL('/v2/users/me', url), { headers: { Authorization: authorization, Accept: 'application/json' } }), options);
      if (!who.ok) return who;
      const level = Number(((await who.json()) as { user?: { permission_level?: unknown } }).user?.permission_level);
      if (level < Level.TaxAccountingAndUsers) return refuse(403, `HMRC filing needs ${LEVEL_NAMES[Level.TaxAccountingAndUsers]} access.`);
      if (request.method !== 'GET' && level < Level.Full) return refuse(403, `Connecting to HMRC and sending returns need ${LEVEL_NAMES[Level.Full]} access.`);
      const hmrc = service();
      if (!hmrc) return refuse(503, 'No book is open.');
      const book = bookCaller({ fetch: (inner) => engine.fetch(inner, options) }, authorization, url.origin);
      try {
        return await route(hmrc, book, request, url, now);
      } catch (error) {
        if (error instanceof BadRequest) return refuse(error.status, ...error.messages);
        if (USER_ERRORS.some((kind) => error instanceof kind)) return refuse(422, (error as Error).message);
        if (error instanceof BookRefusal) return refuse(error.status, error.message);
        if (error instanceof HmrcError) return refuse(502, readRefusal(error));
        return refuse(500, `Talking to HMRC failed inside the app: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}

async function body<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  let value: unknown;
  try {
    value = JSON.parse((await request.text()) || '{}');
  } catch {
    throw new BadRequest(400, ['The request body is not JSON.']);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new BadRequest(422, parsed.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')} ${issue.message}` : issue.message)));
  return parsed.data;
}

function device(request: Request): DeviceFacts | undefined {
  const header = request.headers.get(DEVICE_HEADER);
  if (!header) return undefined;
  try {
    const parsed = deviceFactsSchema.safeParse(JSON.parse(header));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The range asked for: the year around today when none is given (its `to` clipped to today for
 * liabilities and payments by the caller), else the range given, checked here against HMRC's limits
 * (date-ranges.ts) so a range HMRC would refuse is answered 422, naming the date, and never sent.
 */
function dates(url: URL, today: string, list: HmrcList): { from: string; to: string; given: boolean } {
  const from = url.searchParams.get('from');
  const to = url.searchParams.get('to');
  if (from === null && to === null) return { ...defaultObligationWindow(today), given: false };
  const problems = rangeProblems(list, { from, to }, today);
  if (problems.length) throw new BadRequest(422, problems);
  return { from: from!, to: to!, given: true };
}

/** Liabilities' or payments' range: the default year's `to` is clipped to today, as HMRC takes no later one. */
function financialRange(url: URL, today: string, list: 'liabilities' | 'payments'): { from: string; to: string } {
  const { from, to, given } = dates(url, today, list);
  return { from, to: !given && to > today ? today : to };
}

async function route(hmrc: HmrcService, book: BookCaller, request: Request, url: URL, now: () => Date): Promise<Response> {
  const path = url.pathname.slice(HMRC_PATH.length) || '/';
  const method = request.method;
  const today = now().toISOString().slice(0, 10);
  if (path === '/' && method === 'GET') {
    const company = (await book('GET', '/v2/company')).body.company as { sales_tax_registration_number?: string } | undefined;
    return reply(200, { hmrc_status: hmrc.status(vrnOf(company?.sales_tax_registration_number) ?? undefined) });
  }
  if (path === '/connect/token' && method === 'POST') {
    const { base_url: baseUrl, token } = await body(request, connectTokenSchema);
    hmrc.connectWithToken(baseUrl, token);
    return reply(200, { hmrc_status: hmrc.status() });
  }
  if (path === '/connect/browser' && method === 'POST') {
    const { environment } = await body(request, connectBrowserSchema);
    const started = await hmrc.connectInBrowser(environment);
    return reply(200, { authorize_url: started.authorizeUrl, hmrc_status: hmrc.status() });
  }
  if (path === '/connect/browser/cancel' && method === 'POST') {
    await hmrc.cancelSignIn();
    return reply(200, { hmrc_status: hmrc.status() });
  }
  if (path === '/disconnect' && method === 'POST') {
    hmrc.disconnect();
    return reply(200, { hmrc_status: hmrc.status() });
  }
  if (path === '/obligations' && method === 'GET') {
    const status = url.searchParams.get('status');
    if (status !== null && !OBLIGATION_STATUSES.includes(status as ObligationStatus)) throw new BadRequest(400, ['status must be O (open) or F (fulfilled).']);
    // Open ones alone: HMRC lists every open obligation without dates (vat-api-rules.md section 9), so a
    // return overdue from before the default year's window can still be found and sent.
    const openOfAnyAge = status === 'O' && !url.searchParams.has('from') && !url.searchParams.has('to');
    const range = openOfAnyAge ? null : dates(url, today, 'obligations');
    const query = range ? { from: range.from, to: range.to, status: (status as ObligationStatus | null) ?? undefined } : { status: 'O' as const };
    const client = await hmrc.client(book, device(request));
    return reply(200, { obligations: await obligationsWithBook(client, book, query) });
  }
  if (path === '/returns' && method === 'POST') {
    const submission = await body(request, submitSchema);
    const client = await hmrc.client(book, submission.device ?? device(request));
    const outcome = await submitVatReturn({ book, client, periodEndsOn: submission.period_ends_on, periodKey: submission.period_key, now });
    return reply(200, { vat_return: outcome.vatReturn, hmrc_receipt: outcome.receipt, already_filed: outcome.alreadyFiled });
  }
  if (path === '/liabilities' && method === 'GET') {
    const { from, to } = financialRange(url, today, 'liabilities');
    const client = await hmrc.client(book, device(request));
    const liabilities: LiabilityRecord[] = (await client.liabilities(from, to)).map((item) => ({
      from: item.taxPeriod?.from,
      to: item.taxPeriod?.to,
      type: item.type,
      original_amount: item.originalAmount,
      outstanding_amount: item.outstandingAmount,
      due: item.due,
    }));
    return reply(200, { liabilities });
  }
  if (path === '/payments' && method === 'GET') {
    const { from, to } = financialRange(url, today, 'payments');
    const client = await hmrc.client(book, device(request));
    const payments: PaymentRecord[] = (await client.payments(from, to)).map((item) => ({ amount: item.amount, received: item.received }));
    return reply(200, { payments });
  }
  return refuse(404, `No HMRC command at ${HMRC_PATH}${path === '/' ? '' : path} for ${method}.`);
}
