import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { API_CHANNEL, DROP_CHANNEL, IPC_ORIGIN, invalidApiRequest, invalidDropRequest, type ApiRequest, type ApiResponse, type DropEnvelope } from '../shared/bridge';
import type { Engine } from './engine/app';
import { STATEMENT_FILE_LIMIT } from './engine/codec/body';

// Headers the renderer may not set: identity is the main process's business, never the page's.
const RESERVED_HEADERS = new Set(['authorization', 'host', 'cookie', 'content-length']);

function errorEnvelope(status: number, message: string): ApiResponse {
  return { status, headers: { 'content-type': 'application/json' }, body: { errors: [{ message }] } };
}

/**
 * Turns one IPC envelope into an engine request made as the desktop user, and the engine's
 * response back into an envelope. Kept free of Electron so it can be tested in Node.
 */
export async function answerApiRequest(engine: Engine, sessionToken: string, envelope: unknown): Promise<ApiResponse> {
  const problem = invalidApiRequest(envelope);
  if (problem) return errorEnvelope(400, `Bad IPC request: ${problem}`);
  const request = envelope as ApiRequest;
  const url = new URL(request.path, 'http://ipc.invalid');
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (!RESERVED_HEADERS.has(name.toLowerCase())) headers.set(name, value);
  }
  headers.set('Authorization', `Bearer ${sessionToken}`);
  headers.set('Accept', 'application/json');
  let body: string | undefined;
  if (request.body !== undefined && request.method !== 'GET') {
    body = JSON.stringify(request.body);
    headers.set('Content-Type', 'application/json');
  }
  return envelopeOf(await engine.fetch(new Request(url, { method: request.method, headers, body }), { origin: IPC_ORIGIN }));
}

async function envelopeOf(response: Response): Promise<ApiResponse> {
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: response.status, headers: Object.fromEntries(response.headers.entries()), body: parsed };
}

/**
 * Registers the one API channel. Only the app's own window, showing the app's own page, may use it:
 * a frame navigated elsewhere (or any other webContents) gets a 403 envelope.
 */
export function registerApiChannel(engine: Engine, sessionToken: string, isTrustedSender: (event: IpcMainInvokeEvent) => boolean): void {
  ipcMain.handle(API_CHANNEL, (event, envelope: unknown) => {
    if (!isTrustedSender(event)) return errorEnvelope(403, 'This window may not use the Ledgerdesk API');
    return answerApiRequest(engine, sessionToken, envelope);
  });
}

/** A dropped file's bytes: only a regular file, and no larger than the engine takes a statement. */
export async function readDroppedFile(path: string): Promise<Uint8Array> {
  const info = await stat(path);
  if (!info.isFile()) throw new Error('it is not a file');
  if (info.size > STATEMENT_FILE_LIMIT) throw new Error(`it is larger than ${STATEMENT_FILE_LIMIT / 1024 / 1024} MB`);
  return new Uint8Array(await readFile(path));
}

/**
 * Sends each dropped file to the engine as the multipart upload the browser would make, as the
 * desktop user. One envelope per file, in order; a file that cannot be read gets a 400 envelope
 * saying why, and the others still go.
 */
export async function answerDropRequest(engine: Engine, sessionToken: string, envelope: unknown, read = readDroppedFile): Promise<ApiResponse[]> {
  const problem = invalidDropRequest(envelope);
  if (problem) return [errorEnvelope(400, `Bad drop request: ${problem}`)];
  const drop = envelope as DropEnvelope;
  const url = new URL(drop.path, 'http://ipc.invalid');
  for (const [name, value] of Object.entries(drop.query ?? {})) url.searchParams.set(name, value);
  const answers: ApiResponse[] = [];
  for (const path of drop.filePaths) {
    const name = basename(path.replace(/\\/g, '/'));
    let bytes: Uint8Array;
    try {
      bytes = await read(path);
    } catch (error) {
      answers.push(errorEnvelope(400, `${name} could not be read: ${error instanceof Error ? error.message : String(error)}.`));
      continue;
    }
    const form = new FormData();
    form.set('statement', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
    for (const [field, value] of Object.entries(drop.fields ?? {})) form.set(field, value);
    const headers = { Authorization: `Bearer ${sessionToken}`, Accept: 'application/json' };
    answers.push(await envelopeOf(await engine.fetch(new Request(url, { method: 'POST', headers, body: form }), { origin: IPC_ORIGIN })));
  }
  return answers;
}

/** Registers the drop channel, for the same trusted window as the API channel. */
export function registerDropChannel(engine: Engine, sessionToken: string, isTrustedSender: (event: IpcMainInvokeEvent) => boolean): void {
  ipcMain.handle(DROP_CHANNEL, (event, envelope: unknown) => {
    if (!isTrustedSender(event)) return [errorEnvelope(403, 'This window may not use the Ledgerdesk API')];
    return answerDropRequest(engine, sessionToken, envelope);
  });
}
