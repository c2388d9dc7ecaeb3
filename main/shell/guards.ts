import type { App, Session, WebContents } from 'electron';
import { isAppUrl } from './app-protocol';

/** The only sites a link in the app may open, in the user's browser: the service's pages and the help site. */
export const EXTERNAL_ALLOW_LIST = ['https://www.freeagent.com', 'https://support.freeagent.com', 'https://dev.freeagent.com', 'https://ledgerdesk.app', 'https://help.ledgerdesk.app'];

export function isAllowedExternal(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password) return false;
  return EXTERNAL_ALLOW_LIST.includes(parsed.origin);
}

type OpenExternal = (url: string) => Promise<void>;

/** Keeps one webContents on the app's own page: no navigation, no redirect, no new windows, no webviews. */
export function guardContents(contents: WebContents, openExternal: OpenExternal): void {
  const stay = (event: { preventDefault(): void; url?: string }, url?: string) => {
    if (!isAppUrl(event.url ?? url ?? '')) event.preventDefault();
  };
  contents.on('will-navigate', stay);
  contents.on('will-redirect', stay);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternal(url)) void openExternal(url);
    return { action: 'deny' };
  });
}

/**
 * Every webContents the app ever makes is guarded as it is created, and the session grants no
 * permission (camera, notifications, clipboard reads, …) to anyone: the app needs none.
 */
export function installGuards(app: App, session: Session, openExternal: OpenExternal): void {
  app.on('web-contents-created', (_event, contents) => guardContents(contents, openExternal));
  session.setPermissionCheckHandler(() => false);
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setDevicePermissionHandler(() => false);
}
