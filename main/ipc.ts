import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { API_CHANNEL, IPC_ORIGIN, invalidApiRequest, type ApiRequest, type ApiResponse } from '../shared/bridge';
import type { Engine } from './engine/app';

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
  const response = await engine.fetch(new Request(url, { method: request.method, headers, body }), { origin: IPC_ORIGIN });
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
