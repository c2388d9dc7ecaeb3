import { randomBytes } from 'node:crypto';

/** An unguessable `state` for one approval: it ties the answer to the request this app made. */
export const newState = () => randomBytes(24).toString('base64url');

export function approveUrl(approveEndpoint: string, clientId: string, redirectUri: string, state: string): string {
  const url = new URL(approveEndpoint);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

export class PastedCodeError extends Error {}

/**
 * What the user pasted when the browser could not reach the app: the code alone, or the whole
 * address the browser ended on (…/callback?code=…&state=…). A whole address must carry this
 * connection's state, as the listener insists too.
 */
export function codeFromPaste(input: string, state: string): string {
  const text = input.trim();
  if (!text) throw new PastedCodeError('Paste the code, or the whole address the browser showed after you approved.');
  if (/^https?:\/\//i.test(text)) {
    const url = new URL(text);
    const error = url.searchParams.get('error');
    if (error) throw new PastedCodeError(`The online service did not approve the connection (${error}).`);
    const code = url.searchParams.get('code');
    if (!code) throw new PastedCodeError('That address carries no code; copy the address the browser showed after you approved.');
    if (url.searchParams.get('state') !== state) throw new PastedCodeError('That address belongs to another connection attempt; start connecting again and paste the new one.');
    return code;
  }
  if (!/^[\w.~+/=-]{4,512}$/.test(text)) throw new PastedCodeError('That does not look like an approval code.');
  return text;
}
