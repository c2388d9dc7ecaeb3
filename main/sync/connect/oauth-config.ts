import type { Environment } from './link';

/** The service's own hosts: the live one and its sandbox (same app registration, separate logins). */
export const SERVICE_URLS: Readonly<Record<Exclude<Environment, 'custom'>, string>> = {
  production: 'https://api.freeagent.com',
  sandbox: 'https://api.sandbox.freeagent.com',
};

/**
 * The loopback redirect ports registered with the app, tried in order: the service accepts only a
 * redirect uri registered exactly, port included, so a random free port cannot be used.
 */
export const REDIRECT_PORTS = [8723, 8724, 8725] as const;
export const REDIRECT_PATH = '/callback';

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

export interface OAuthEndpoints {
  approveUrl: string;
  tokenUrl: string;
}

export function endpointsFor(baseUrl: string): OAuthEndpoints {
  const base = baseUrl.replace(/\/+$/, '');
  return { approveUrl: `${base}/v2/approve_app`, tokenUrl: `${base}/v2/token_endpoint` };
}

/**
 * The app's client id and secret. None is committed: they come from the user's settings (Settings ›
 * Sync, kept beside the book's other sync settings) or from LEDGERDESK_OAUTH_CLIENT_ID and
 * LEDGERDESK_OAUTH_CLIENT_SECRET, the environment winning so a build or a script can set them.
 */
export function oauthClientFrom(env: Record<string, string | undefined>, saved: Partial<OAuthClient> = {}): OAuthClient | null {
  const clientId = env.LEDGERDESK_OAUTH_CLIENT_ID?.trim() || saved.clientId?.trim();
  const clientSecret = env.LEDGERDESK_OAUTH_CLIENT_SECRET?.trim() || saved.clientSecret?.trim();
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

export class MissingClientError extends Error {
  constructor() {
    super('Connecting through the browser needs the app\'s client id and secret: set LEDGERDESK_OAUTH_CLIENT_ID and LEDGERDESK_OAUTH_CLIENT_SECRET, or enter them in Settings › Sync.');
  }
}
