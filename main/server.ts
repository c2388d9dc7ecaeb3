import { readFile, realpath } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type { Engine } from './engine/app';

export interface ServerOptions {
  engine: Engine;
  /** A loopback address; anything else is refused so the book is never exposed to the network. */
  host?: string;
  /** 0 picks any free port. */
  port: number;
  /** Serve the built renderer from this folder at / (browser mode). */
  rendererDir?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  /**
   * Stops listening and ends every connection: idle ones at once, one still answering or sending
   * after `graceMs` (a write it carries has already reached the engine; only its answer is lost).
   */
  close(graceMs?: number): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The host part of a Host header, without the port: "127.0.0.1:8080" -> "127.0.0.1", "[::1]:80" -> "[::1]". */
function hostName(header: string): string {
  if (header.startsWith('[')) return header.slice(0, header.indexOf(']') + 1);
  return header.split(':')[0]!;
}

/** The renderer's own policy: nothing inline, nothing from elsewhere. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

function errorResponse(status: number, message: string): Response {
  return new Response(JSON.stringify({ errors: [{ message }] }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...SECURITY_HEADERS },
  });
}

/** Serves a file of the built renderer; unknown paths get index.html so reloads keep working. */
export async function serveRenderer(rendererDir: string, pathname: string): Promise<Response> {
  const root = await realpath(rendererDir);
  const wanted = resolve(root, `.${decodeURIComponent(pathname)}`);
  let file = wanted === root || !extname(wanted) ? join(root, 'index.html') : wanted;
  try {
    file = await realpath(file);
  } catch {
    return errorResponse(404, 'Not found');
  }
  if (file !== root && !file.startsWith(root + sep)) return errorResponse(404, 'Not found');
  const headers: Record<string, string> = { 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', ...SECURITY_HEADERS };
  if (file.endsWith('.html')) {
    headers['Content-Security-Policy'] = CONTENT_SECURITY_POLICY;
    headers['Cache-Control'] = 'no-store';
  }
  return new Response(new Uint8Array(await readFile(file)), { headers });
}

/**
 * Wraps the engine for loopback HTTP. Requests whose Host is not a loopback name are refused, so a
 * web page that rebinds its own domain to 127.0.0.1 cannot talk to the book; the engine itself
 * refuses anything without a valid bearer token.
 */
export function createHandler(options: Pick<ServerOptions, 'engine' | 'rendererDir'>): (request: Request) => Promise<Response> {
  return async (request) => {
    const host = request.headers.get('host');
    if (!host || !isLoopbackHost(hostName(host))) return errorResponse(403, 'Requests must be addressed to a loopback host');
    const url = new URL(request.url);
    if (url.pathname === '/v2' || url.pathname.startsWith('/v2/')) {
      const response = await options.engine.fetch(request);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
      return response;
    }
    if (options.rendererDir && (request.method === 'GET' || request.method === 'HEAD')) {
      try {
        return await serveRenderer(options.rendererDir, url.pathname);
      } catch {
        return errorResponse(400, 'Bad path');
      }
    }
    return errorResponse(404, 'Not found');
  };
}

/**
 * Node closes an idle keep-alive connection after 5 s by its own timer. A process whose event loop
 * is held by a write waiting for the book's lock (up to the busy timeout) runs that timer late, after
 * the client has already sent its next request on the connection: the request is lost to a reset.
 * A minute of idle time keeps that race away from the clients of a local server (its browser tab).
 */
export const KEEP_ALIVE_MS = 65_000;

function keepIdleConnectionsLonger(server: ServerType): void {
  if (!('keepAliveTimeout' in server)) return;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node requires the headers timeout to outlast the keep-alive one.
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
}

/**
 * How long close() lets a request in flight finish. A connection whose client stopped reading a large
 * answer (a tab closed mid-download, a test that never read a body) is never idle, and with the
 * minute-long keep-alive above Node's close() would wait for it until that minute ran out.
 */
export const CLOSE_GRACE_MS = 2_000;

function closeServer(server: ServerType, graceMs: number): Promise<void> {
  return new Promise((done) => {
    const endBusyConnections = setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, graceMs);
    server.close(() => {
      clearTimeout(endBusyConnections);
      done();
    });
    // Node 19+ does this inside close(); said here so the rule does not depend on the version.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });
}

export function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host)) return Promise.reject(new Error(`Refusing to listen on ${host}: only loopback addresses are allowed`));
  const fetch = createHandler(options);
  return new Promise((resolvePromise, reject) => {
    let server: ServerType;
    try {
      server = serve({ fetch, hostname: host === 'localhost' ? '127.0.0.1' : host.replace(/^\[|\]$/g, ''), port: options.port }, (info: AddressInfo) => {
        const shownHost = info.family === 'IPv6' ? `[${info.address}]` : info.address;
        resolvePromise({
          url: `http://${shownHost}:${info.port}`,
          port: info.port,
          close: (graceMs = CLOSE_GRACE_MS) => closeServer(server, graceMs),
        });
      });
      server.on('error', reject);
      keepIdleConnectionsLonger(server);
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
