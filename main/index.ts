import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { app, BrowserWindow, session, shell, type IpcMainInvokeEvent } from 'electron';
import { clockFromEnvironment } from './engine/context';
import { issueToken, openEngine, ownerEmail, randomIds, type OpenEngine } from './engine/open';
import { registerApiChannel, registerDropChannel } from './ipc';
import { BOOK_FILE_NAME } from './user-data';

let opened: OpenEngine | null = null;

// The bundled main process sits in out/main; the preload and renderer builds sit beside it.
const here = fileURLToPath(new URL('.', import.meta.url));

function rendererEntry(): string {
  return join(here, '../renderer/index.html');
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Ledgerdesk',
    webPreferences: {
      preload: join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  window.once('ready-to-show', () => window.show());
  // The app never navigates away from its own page; links to the web open in the browser.
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  void window.loadFile(rendererEntry());
  return window;
}

async function start(): Promise<void> {
  await app.whenReady();
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  const clock = clockFromEnvironment(process.env.LEDGERDESK_NOW);
  opened = openEngine({
    file: join(app.getPath('userData'), BOOK_FILE_NAME),
    clock,
    create: {
      type: 'UkLimitedCompany',
      name: 'My Company',
      startDate: clock.now().toISOString().slice(0, 10),
      owner: { email: 'owner@ledgerdesk.local', firstName: 'Book', lastName: 'Owner' },
    },
  });
  // A fresh token per run, known only to this process; the renderer never sees it.
  const sessionToken = issueToken(opened.deps, ownerEmail(opened.deps), randomIds.token(), 'desktop session');
  const window = createWindow();
  const appPage = pathToFileURL(rendererEntry()).href;
  const isAppWindow = (event: IpcMainInvokeEvent) => event.sender === window.webContents && event.senderFrame?.url === appPage;
  registerApiChannel(opened.engine, sessionToken, isAppWindow);
  registerDropChannel(opened.engine, sessionToken, isAppWindow);
  app.on('window-all-closed', () => app.quit());
}

app.on('will-quit', () => opened?.close());
void start();
