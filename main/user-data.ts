import { homedir } from 'node:os';
import { join } from 'node:path';

export const APP_NAME = 'Ledgerdesk';
export const BOOK_FILE_NAME = 'ledgerdesk.sqlite';

/**
 * The folder Electron's app.getPath('userData') gives for this app on each platform, so that the
 * desktop app and browser mode open the same book.
 */
export function userDataFolder(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), APP_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_NAME);
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), APP_NAME);
}

export const defaultBookPath = () => join(userDataFolder(), BOOK_FILE_NAME);
