import type { z } from 'zod';
import type { BankAccountCreate, BankAccountUpdate } from '../../shared/api/bank_accounts';
import { IPC_ORIGIN, type ApiRequest, type ApiResponse, type FileUpload, type HttpMethod, type LedgerdeskBridge } from '../../shared/bridge';
import {
  reviewedUploadSchema,
  statementPreviewSchema,
  statementUploadSchema,
  type CsvColumnMappingFields,
  type DateOrder,
  type ReviewedUpload,
  type StatementPreview,
  type StatementUpload,
} from '../../shared/api/statement_import';
import { uploadOverHttp, type UploadProgress } from './import-upload';
import { nextPage } from './link-header';
import {
  bankAccountSchema,
  categoryGroupsSchema,
  companySchema,
  type BankAccount,
  type CategoryGroups,
  type Company,
} from './records';
import { sessionToken } from './session-token';
import { registerWorkReader, tracked } from './work-tracker';
import type { WorkProgress } from '../../shared/api/work_progress';

/**
 * The renderer's only way to the engine. In Electron the preload exposes window.ledgerdesk and every
 * request goes over IPC; in browser mode the same /v2 requests go over HTTP to the page's own origin
 * with the tab's bearer token. Views call the typed functions at the bottom and never see which.
 */

declare global {
  interface Window {
    ledgerdesk?: LedgerdeskBridge;
  }
}

/** A request that did not give the result asked for: the HTTP status (0 when nothing answered) and the engine's sentences. */
export class ApiError {
  constructor(
    readonly status: number,
    readonly messages: readonly string[],
  ) {}
}

export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export type RequestOptions = Omit<ApiRequest, 'method' | 'path'>;

async function overHttp(method: HttpMethod, path: string, options: RequestOptions): Promise<ApiResponse> {
  const url = new URL(path, window.location.origin);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  const token = sessionToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const response = await fetch(url, { method, headers, body, credentials: 'omit', cache: 'no-store' });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => (responseHeaders[name] = value));
  return { status: response.status, headers: responseHeaders, body: isJson && text ? (JSON.parse(text) as unknown) : text };
}

function untrackedExchange(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
  // The preload runs before any page script, so the bridge is either there from the start or never.
  const bridge = window.ledgerdesk;
  return bridge ? bridge.request(method, path, options) : overHttp(method, path, options);
}

/** Every request the page waits on counts for the work progress bar (lib/work-progress). */
function exchange(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
  return tracked(untrackedExchange(method, path, options));
}

// Asked beside a long request, so not counted as one itself.
registerWorkReader(async () => {
  const response = await untrackedExchange('GET', '/v2/work_progress');
  if (response.status !== 200) return null;
  return ((response.body as { work_progress?: WorkProgress | null } | null)?.work_progress ?? null);
});

/** The sentences of an error body {"errors":[{"message":"..."}]}, or a plain one when the body has none. */
function errorMessages(status: number, body: unknown): string[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (Array.isArray(errors)) {
    const messages = errors.map((item) => (item as { message?: unknown } | null)?.message).filter((message): message is string => typeof message === 'string');
    if (messages.length > 0) return messages;
  }
  if (status === 401) return ['Ledgerdesk needs an access token: open the link with #token=... that the server printed.'];
  return [`The Ledgerdesk engine answered with status ${status}.`];
}

export function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.entries(headers).find(([key]) => key.toLowerCase() === wanted)?.[1];
}

/**
 * The building blocks for typed calls. Calls for a resource live in lib/api/<resource>.ts and are
 * built on these; nothing else in the renderer touches the bridge.
 */
export async function send(method: HttpMethod, path: string, options?: RequestOptions): Promise<ApiResult<ApiResponse>> {
  let response: ApiResponse;
  try {
    response = await exchange(method, path, options);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, error: new ApiError(0, [`Ledgerdesk could not reach its engine (${reason}).`]) };
  }
  return resultOf(response);
}

function resultOf(response: ApiResponse): ApiResult<ApiResponse> {
  if (response.status >= 400) return { ok: false, error: new ApiError(response.status, errorMessages(response.status, response.body)) };
  return { ok: true, value: response };
}

/**
 * A file to an upload endpoint: by path over the bridge in Electron (main reads it from disk), as a
 * multipart form over HTTP in browser mode, where the upload reports its progress.
 */
async function sendFile(file: File, upload: FileUpload, onProgress?: UploadProgress): Promise<ApiResult<ApiResponse>> {
  let response: ApiResponse;
  try {
    const bridge = window.ledgerdesk;
    if (bridge?.dropFiles) {
      onProgress?.(null);
      const [answer] = await tracked(bridge.dropFiles([file], upload));
      if (!answer) throw new Error('no answer for the file');
      response = answer;
    } else {
      const url = new URL(upload.path, window.location.origin);
      for (const [name, value] of Object.entries(upload.query ?? {})) url.searchParams.set(name, value);
      const form = new FormData();
      form.set('statement', file, file.name);
      for (const [name, value] of Object.entries(upload.fields ?? {})) form.set(name, value);
      response = await tracked(uploadOverHttp(url, form, sessionToken(), onProgress));
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, error: new ApiError(0, [`Ledgerdesk could not send ${file.name} to its engine (${reason}).`]) };
  }
  return resultOf(response);
}

/** Reads the record under `key` of a response body, checked against its schema. */
export function decode<S extends z.ZodType>(response: ApiResponse, key: string | null, schema: S): ApiResult<z.infer<S>> {
  const value = key === null ? response.body : (response.body as Record<string, unknown> | null)?.[key];
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: new ApiError(response.status, ['The engine sent a response this version of Ledgerdesk does not understand.']) };
}

export async function getOne<S extends z.ZodType>(method: HttpMethod, path: string, key: string | null, schema: S, options?: RequestOptions): Promise<ApiResult<z.infer<S>>> {
  const sent = await send(method, path, options);
  return sent.ok ? decode(sent.value, key, schema) : sent;
}

/** Every record of a paginated list, following Link rel="next" at the largest page size. */
export async function getAll<S extends z.ZodType>(path: string, key: string, schema: S, query: Record<string, string> = {}): Promise<ApiResult<z.infer<S>[]>> {
  const records: z.infer<S>[] = [];
  let page: { path: string; query: Record<string, string> } | null = { path, query: { ...query, per_page: '100' } };
  while (page) {
    const sent = await send('GET', page.path, { query: page.query });
    if (!sent.ok) return sent;
    const decoded = decode(sent.value, key, schema.array());
    if (!decoded.ok) return decoded;
    records.push(...decoded.value);
    page = nextPage(headerValue(sent.value.headers, 'link'));
  }
  return { ok: true, value: records };
}

/** The /v2 path of a record url, whichever origin the engine wrote it with. */
/** The origin the engine writes record urls from for this window: ledgerdesk://local over IPC, the page's own over HTTP. */
export function recordOrigin(): string {
  return window.ledgerdesk ? IPC_ORIGIN : window.location.origin;
}

export function pathOf(recordUrl: string): string {
  return new URL(recordUrl).pathname;
}

export function getCompany(): Promise<ApiResult<Company>> {
  return getOne('GET', '/v2/company', 'company', companySchema);
}

export function listBankAccounts(): Promise<ApiResult<BankAccount[]>> {
  return getAll('/v2/bank_accounts', 'bank_accounts', bankAccountSchema);
}

export function getBankAccount(accountUrl: string): Promise<ApiResult<BankAccount>> {
  return getOne('GET', pathOf(accountUrl), 'bank_account', bankAccountSchema);
}

export function createBankAccount(fields: BankAccountCreate): Promise<ApiResult<BankAccount>> {
  return getOne('POST', '/v2/bank_accounts', 'bank_account', bankAccountSchema, { body: { bank_account: fields } });
}

/** Sends only the fields that change; `accountUrl` is the record's url. */
export function updateBankAccount(accountUrl: string, changes: BankAccountUpdate): Promise<ApiResult<BankAccount>> {
  return getOne('PUT', pathOf(accountUrl), 'bank_account', bankAccountSchema, { body: { bank_account: changes } });
}

/**
 * A read of the chart already on its way answers every caller that asks meanwhile: the pickers of a
 * 2,000-line invoice mount together and would otherwise send 2,000 reads. Nothing is kept after the
 * read ends, so a picker opened later sees categories added since.
 */
let chartOnItsWay: Promise<ApiResult<CategoryGroups>> | null = null;

export function listCategories(): Promise<ApiResult<CategoryGroups>> {
  chartOnItsWay ??= getOne('GET', '/v2/categories', null, categoryGroupsSchema).finally(() => {
    chartOnItsWay = null;
  });
  return chartOnItsWay;
}

/** How to read a statement file: the account it goes into, and for a CSV the columns and date order. */
export interface StatementReading {
  bankAccountUrl?: string | null;
  dateOrder?: DateOrder;
  columnMapping?: CsvColumnMappingFields;
}

function readingUpload(path: FileUpload['path'], reading: StatementReading, rows?: readonly number[]): FileUpload {
  const query: Record<string, string> = {};
  const fields: Record<string, string> = {};
  if (reading.bankAccountUrl) query.bank_account = reading.bankAccountUrl;
  if (reading.dateOrder) fields.date_order = reading.dateOrder;
  if (reading.columnMapping) fields.column_mapping = JSON.stringify(reading.columnMapping);
  if (rows) fields.rows = JSON.stringify(rows);
  return { path, query, fields };
}

/** What importing the file would do: its rows marked new, duplicate or possible duplicate. Writes nothing. */
export async function previewStatement(file: File, reading: StatementReading = {}): Promise<ApiResult<StatementPreview>> {
  const sent = await sendFile(file, readingUpload('/v2/bank_transactions/statement/preview', reading));
  return sent.ok ? decode(sent.value, 'statement_preview', statementPreviewSchema) : sent;
}

/**
 * Imports the chosen rows (preview indexes) in one batch; `onProgress` follows the upload. Rows inside
 * a reconciled statement are refused (409) unless `confirmed`: the person was asked and said yes.
 */
export async function importStatement(
  file: File,
  reading: StatementReading & { bankAccountUrl: string },
  rows: readonly number[],
  onProgress?: UploadProgress,
  confirmed = false,
): Promise<ApiResult<ReviewedUpload>> {
  const upload = readingUpload('/v2/bank_transactions/statement', reading, rows);
  if (confirmed) upload.query = { ...upload.query, confirm_reconciled: 'true' };
  const sent = await sendFile(file, upload, onProgress);
  return sent.ok ? decode(sent.value, 'statement_upload', reviewedUploadSchema) : sent;
}

/** The latest hundred statement uploads, newest first: the ones anyone would still undo. */
export function listStatementUploads(): Promise<ApiResult<StatementUpload[]>> {
  return getOne('GET', '/v2/statement_uploads', 'statement_uploads', statementUploadSchema.array(), { query: { per_page: '100' } });
}

/** An account's newest statement upload, or null when it has none: the register's "last upload". */
export async function latestStatementUpload(bankAccountUrl: string): Promise<ApiResult<StatementUpload | null>> {
  const query = { bank_account: bankAccountUrl, per_page: '1' };
  const listed = await getOne('GET', '/v2/statement_uploads', 'statement_uploads', statementUploadSchema.array(), { query });
  return listed.ok ? { ok: true, value: listed.value[0] ?? null } : listed;
}

/** Removes a batch's transactions; refused while any of them is explained. */
export async function undoStatementUpload(uploadUrl: string): Promise<ApiResult<null>> {
  const sent = await send('DELETE', pathOf(uploadUrl));
  return sent.ok ? { ok: true, value: null } : sent;
}
