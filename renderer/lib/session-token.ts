/**
 * Browser mode's bearer token. The server prints a link ending in #token=...: a fragment never
 * reaches the server or its logs, and moving it into sessionStorage at once keeps it out of the
 * address bar, history and bookmarks while surviving reloads of the same tab.
 */
const STORAGE_KEY = 'ledgerdesk.token';

/** Takes #token=... from the address (if present), keeps it for this tab and removes it from the address. */
export function captureTokenFromAddress(): void {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const token = fragment.get('token');
  if (!token) return;
  sessionStorage.setItem(STORAGE_KEY, token);
  fragment.delete('token');
  const rest = fragment.toString();
  const { pathname, search } = window.location;
  history.replaceState(history.state, '', `${pathname}${search}${rest ? `#${rest}` : ''}`);
}

export function sessionToken(): string | null {
  return sessionStorage.getItem(STORAGE_KEY);
}
