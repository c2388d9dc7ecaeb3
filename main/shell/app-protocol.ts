import type { Protocol } from 'electron';
import { serveRenderer } from '../server';

/**
 * The renderer is loaded from ledgerdesk://app/, not file://: a file:// page may read any file the
 * user can, and every file:// page shares one origin. This scheme serves the built renderer only.
 * (ledgerdesk://local is the origin the engine writes record urls from; it is never loaded.)
 */
export const APP_SCHEME = 'ledgerdesk';
export const APP_HOST = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_PAGE = `${APP_ORIGIN}/index.html`;

/** Must run before the app is ready: a standard, secure scheme, so the page has a real origin and CSP applies. */
export const APP_SCHEME_PRIVILEGES = [{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }];

export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}

/** Answers one request on the scheme: a file of the renderer build, with the renderer's CSP; nothing else. */
export async function answerAppRequest(rendererDir: string, request: Request): Promise<Response> {
  if (!isAppUrl(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) return new Response('Not found', { status: 404 });
  try {
    return await serveRenderer(rendererDir, new URL(request.url).pathname);
  } catch {
    return new Response('Bad path', { status: 400 });
  }
}

export function handleAppProtocol(protocol: Protocol, rendererDir: string): void {
  protocol.handle(APP_SCHEME, (request) => answerAppRequest(rendererDir, request));
}
