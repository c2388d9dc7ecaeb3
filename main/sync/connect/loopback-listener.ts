import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { REDIRECT_PATH } from './oauth-config';

export interface LoopbackListener {
  /** The redirect uri the approval must name: http://localhost:PORT/callback on the port that was free. */
  redirectUri: string;
  /** The code the browser brought back with the right state. */
  code: Promise<string>;
  close(): Promise<void>;
}

export class ApprovalDeclinedError extends Error {}

const page = (title: string, sentence: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body style="font: 16px system-ui, sans-serif; margin: 4em auto; max-width: 32em"><h1>${title}</h1><p>${sentence}</p></body></html>`;

function answer(response: ServerResponse, status: number, title: string, sentence: string): void {
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    // The page has no scripts, styles from elsewhere or frames, and sends no referrer onwards (the url holds the code).
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  });
  response.end(page(title, sentence));
}

function listen(server: Server, port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      server.off('listening', listening);
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(false);
      else reject(error);
    };
    const listening = () => {
      server.off('error', failed);
      resolve(true);
    };
    server.once('error', failed);
    server.once('listening', listening);
    // localhost is what the registered redirect uri says; the listener takes the IPv4 loopback only.
    server.listen(port, '127.0.0.1');
  });
}

/**
 * Waits for the service to send the browser back with `?code=…&state=…`. It listens on the first
 * free port of the registered ones, on the loopback address only, and takes a code only with the
 * `state` this connection made: a request with another state (a page trying to slip its own account
 * in) is answered 400 and the listener keeps waiting for the real one. A declined approval
 * (`error=access_denied`) ends the wait with ApprovalDeclinedError.
 */
export async function startLoopbackListener(state: string, ports: readonly number[]): Promise<LoopbackListener> {
  let settle: { resolve(code: string): void; reject(error: Error): void } | null = null;
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  // Nobody may be awaiting yet; a rejection is still handled by whoever awaits later.
  code.catch(() => undefined);
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method !== 'GET' || url.pathname !== REDIRECT_PATH) return answer(response, 404, 'Not found', 'This address only takes the online service\'s answer to Ledgerdesk.');
    if (url.searchParams.get('state') !== state) return answer(response, 400, 'Not for this connection', 'This answer does not belong to the connection Ledgerdesk started, so it was ignored. Go back to Ledgerdesk and try again.');
    const error = url.searchParams.get('error');
    if (error) {
      answer(response, 200, 'Not connected', 'The approval was declined. You can close this tab; Ledgerdesk stays as it was.');
      settle?.reject(new ApprovalDeclinedError(error === 'access_denied' ? 'The approval was declined in the browser.' : `The online service did not approve the connection (${error}).`));
      return;
    }
    const received = url.searchParams.get('code');
    if (!received) return answer(response, 400, 'No code', 'The answer carried no approval code. Go back to Ledgerdesk and try again.');
    answer(response, 200, 'Connected', 'Ledgerdesk has the approval. You can close this tab and go back to the app.');
    settle?.resolve(received);
  });
  for (const port of ports) {
    if (await listen(server, port)) {
      return {
        redirectUri: `http://localhost:${port}${REDIRECT_PATH}`,
        code,
        close: () =>
          new Promise((resolve) => {
            settle?.reject(new ApprovalDeclinedError('The connection was cancelled.'));
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      };
    }
  }
  throw new Error(`None of the registered redirect ports (${ports.join(', ')}) is free; close the program using them, or paste the code instead.`);
}
