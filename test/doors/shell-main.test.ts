import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

// The Electron main process, loaded in Node with electron (and electron-log, electron-updater)
// mocked: what it registers, which book it opens, and what a second launch does.
const userData = mkdtempSync(join(tmpdir(), 'ledgerdesk-userdata-'));
const elsewhere = mkdtempSync(join(tmpdir(), 'ledgerdesk-elsewhere-'));

const mocks = vi.hoisted(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { EventEmitter: Emitter } = require('node:events') as typeof import('node:events');
  class Contents extends Emitter {
    sent: { channel: string; payload: { name: string; data: unknown } }[] = [];
    reloads = 0;
    openHandler: ((details: { url: string }) => { action: string }) | null = null;
    send(channel: string, payload: { name: string; data: unknown }) {
      this.sent.push({ channel, payload });
    }
    reload() {
      this.reloads += 1;
    }
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      this.openHandler = handler;
    }
  }
  class Window extends Emitter {
    static all: Window[] = [];
    webContents = new Contents();
    title = '';
    loaded = '';
    focused = 0;
    constructor(readonly options: unknown) {
      super();
      Window.all.push(this);
    }
    loadURL(url: string) {
      this.loaded = url;
      return Promise.resolve();
    }
    setTitle(title: string) {
      this.title = title;
    }
    progress: number[] = [];
    setProgressBar(fraction: number) {
      this.progress.push(fraction);
    }
    isDestroyed() {
      return false;
    }
    isMinimized() {
      return false;
    }
    restore() {}
    show() {}
    focus() {
      this.focused += 1;
    }
  }
  const app = Object.assign(new Emitter(), {
    isPackaged: false,
    paths: {} as Record<string, string>,
    recent: [] as string[],
    getPath: (name: string) => app.paths[name] ?? '/nowhere',
    whenReady: () => Promise.resolve(),
    isReady: () => true,
    requestSingleInstanceLock: vi.fn(() => true),
    quit: vi.fn(),
    addRecentDocument: (path: string) => app.recent.push(path),
  });
  return {
    app,
    Window,
    handlers: new Map<string, (event: unknown, payload: unknown) => unknown>(),
    protocols: new Map<string, (request: Request) => Promise<Response>>(),
    privileged: [] as unknown[],
    menus: [] as unknown[],
    built: [] as unknown[],
    session: { setPermissionCheckHandler: vi.fn(), setPermissionRequestHandler: vi.fn(), setDevicePermissionHandler: vi.fn() },
  };
});

vi.mock('electron', () => ({
  app: mocks.app,
  BrowserWindow: mocks.Window,
  dialog: { showErrorBox: vi.fn(), showMessageBox: vi.fn(async () => ({ response: 1 })), showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] })), showSaveDialog: vi.fn(async () => ({ canceled: true })) },
  ipcMain: { handle: (channel: string, handler: (event: unknown, payload: unknown) => unknown) => mocks.handlers.set(channel, handler) },
  Menu: { buildFromTemplate: (template: unknown) => { const menu = { template, popup: vi.fn() }; mocks.built.push(menu); return menu; }, setApplicationMenu: (menu: unknown) => mocks.menus.push(menu) },
  protocol: { registerSchemesAsPrivileged: (schemes: unknown[]) => mocks.privileged.push(...schemes), handle: (scheme: string, handler: (request: Request) => Promise<Response>) => mocks.protocols.set(scheme, handler) },
  session: { defaultSession: mocks.session },
  shell: { openExternal: vi.fn(async () => undefined), openPath: vi.fn(async () => '') },
  // No keychain here: sync credentials fall back to the key file in the user data folder.
  safeStorage: { isEncryptionAvailable: () => false, encryptString: vi.fn(), decryptString: vi.fn() },
}));
vi.mock('electron-log/main', () => ({ default: { initialize: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), transports: { file: { getFile: () => ({ path: '/logs/main.log' }) } } } }));
vi.mock('electron-updater', () => ({ default: { autoUpdater: { setFeedURL: vi.fn(), checkForUpdatesAndNotify: vi.fn(async () => null) } } }));

mocks.app.paths.userData = userData;
mocks.app.paths.documents = elsewhere;
process.env.LEDGERDESK_NOW = '2026-11-24T09:00:00Z';
// The sources, or the built bundle when shell-bundle.test.ts names it.
await import(process.env.LEDGERDESK_MAIN_ENTRY ?? '../../main/index');
// The book opens in the engine host's writer worker: the window's title says when it has.
await vi.waitFor(() => expect(mocks.Window.all[0]?.title).toBe('My Company — Ledgerdesk'), { timeout: 30_000, interval: 20 });

const { API_CHANNEL, CONTEXT_MENU_CHANNEL, DROP_CHANNEL, SHELL_EVENTS } = await import('../../shared/bridge');
const { openEngine } = await import('../../main/engine/open');

const window = () => mocks.Window.all[0]!;
/** The last menu built for a popup (a context menu), with its items. */
const lastPopup = () => mocks.built.at(-1) as { template: { label?: string; type?: string; click?: () => void }[] };
const fromApp = (url = 'ledgerdesk://app/index.html') => ({ sender: window().webContents, senderFrame: { url } });
const events = () => window().webContents.sent.map((entry) => entry.payload);

describe('the Electron main process (electron mocked)', () => {
  // Quitting closes the book and stops the engine host's workers.
  afterAll(async () => {
    const quitting = { prevented: false, preventDefault() { this.prevented = true; } };
    mocks.app.emit('will-quit', quitting);
    // The quit waits for the book to close in the writer, then goes on.
    expect(quitting.prevented).toBe(true);
    await vi.waitFor(() => expect(mocks.app.quit).toHaveBeenCalled(), { timeout: 30_000, interval: 20 });
  });

  it('registers its privileged scheme, takes the single-instance lock and loads the page from it', () => {
    expect(mocks.privileged).toEqual([{ scheme: 'ledgerdesk', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
    expect(mocks.app.requestSingleInstanceLock).toHaveBeenCalled();
    expect(mocks.protocols.has('ledgerdesk')).toBe(true);
    expect(window().loaded).toBe('ledgerdesk://app/index.html');
    expect(mocks.app.listenerCount('web-contents-created')).toBe(1);
    expect(mocks.session.setPermissionCheckHandler).toHaveBeenCalled();
    expect(window().options).toMatchObject({ webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false } });
  });

  it('opens the default book on a first run, shows its company in the title and remembers it', async () => {
    const book = join(userData, 'ledgerdesk.sqlite');
    expect(existsSync(book)).toBe(true);
    expect(window().title).toBe('My Company — Ledgerdesk');
    // The open ran in the engine host's writer, shown meanwhile as the taskbar's busy bar, then cleared.
    expect(window().progress.slice(0, 2)).toEqual([2, -1]);
    expect(JSON.parse(readFileSync(join(userData, 'settings.json'), 'utf8')).recentBooks).toEqual([book]);
    const answer = (await mocks.handlers.get(API_CHANNEL)!(fromApp(), { method: 'GET', path: '/v2/company' })) as { status: number; body: { company: { name: string } } };
    expect(answer.status).toBe(200);
    expect(answer.body.company.name).toBe('My Company');
    // A frame that navigated away is not the app.
    const stranger = (await mocks.handlers.get(API_CHANNEL)!(fromApp('https://evil.example/'), { method: 'GET', path: '/v2/company' })) as { status: number };
    expect(stranger.status).toBe(403);
  });

  it('answers the window\'s sync commands for the open book, sealing with the key file where there is no keychain', async () => {
    const answer = (await mocks.handlers.get(API_CHANNEL)!(fromApp(), { method: 'GET', path: '/v2/sync' })) as { status: number; body: { sync_status: { state: string; settings: { cipher: string } } } };
    expect(answer.status).toBe(200);
    expect(answer.body.sync_status.state).toBe('not-connected');
    expect(answer.body.sync_status.settings.cipher).toBe('key file');
  });

  it('keeps the window on its page and reloads the page when its renderer crashes', () => {
    const away = { url: 'https://evil.example/', prevented: false, preventDefault() { this.prevented = true; } };
    window().webContents.emit('will-navigate', away, away.url);
    expect(away.prevented).toBe(true);
    const before = window().webContents.reloads;
    window().webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 11 });
    expect(window().webContents.reloads).toBe(before + 1);
  });

  it('a second launch focuses the window, opens the book it names and sends its statements to the import review', async () => {
    window().webContents.emit('did-finish-load');
    const other = join(elsewhere, 'Acme Trading.ledgerdesk');
    openEngine({ file: other, create: { type: 'UkLimitedCompany', name: 'Acme Trading Ltd', startDate: '2025-04-01', owner: { email: 'o@example.com', firstName: 'O', lastName: 'Owner' } } }).close();
    const statement = join(elsewhere, 'march.ofx');
    writeFileSync(statement, 'OFXHEADER:100\n');
    const focused = window().focused;
    mocks.app.emit('second-instance', {}, ['/opt/Ledgerdesk/ledgerdesk', '--flag', other, 'march.ofx'], elsewhere);
    expect(window().focused).toBe(focused + 1);
    await vi.waitFor(() => expect(window().title).toBe('Acme Trading Ltd — Ledgerdesk'), { timeout: 30_000, interval: 20 });
    const imported = events().filter((event) => event.name === SHELL_EVENTS.importFiles);
    expect(imported).toHaveLength(1);
    const files = (imported[0]!.data as { files: { ref: string; name: string; size: number }[] }).files;
    expect(files).toEqual([{ ref: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/), name: 'march.ofx', size: 14 }]);
    // The page hands the reference back through the drop channel; main reads the file it stands for.
    const answers = (await mocks.handlers.get(DROP_CHANNEL)!(fromApp(), { path: '/v2/bank_transactions/statement/preview', filePaths: [`system-file:${files[0]!.ref}`] })) as { status: number; body: unknown }[];
    expect(answers).toHaveLength(1);
    expect(JSON.stringify(answers[0]!.body)).not.toContain('could not be read');
    const forged = (await mocks.handlers.get(DROP_CHANNEL)!(fromApp(), { path: '/v2/bank_transactions/statement/preview', filePaths: ['system-file:forged-reference-1'] })) as { status: number }[];
    expect(forged[0]!.status).toBe(400);
    expect(JSON.parse(readFileSync(join(userData, 'settings.json'), 'utf8')).recentBooks[0]).toBe(other);
  });

  it('refuses a file that is not a book from a second launch and keeps the open book', async () => {
    const letter = join(elsewhere, 'Letter.ledgerdesk');
    writeFileSync(letter, 'Dear Sir');
    const { dialog } = await import('electron');
    const explained = vi.mocked(dialog.showMessageBox).mock.calls.length;
    mocks.app.emit('second-instance', {}, ['/opt/Ledgerdesk/ledgerdesk', letter], elsewhere);
    // The refusal is explained in a dialog once the writer has looked at the file.
    await vi.waitFor(() => expect(vi.mocked(dialog.showMessageBox).mock.calls.length).toBe(explained + 1), { timeout: 30_000, interval: 20 });
    expect(JSON.stringify(vi.mocked(dialog.showMessageBox).mock.calls.at(-1))).toContain('could not be opened');
    expect(window().title).toBe('Acme Trading Ltd — Ledgerdesk');
    expect(readFileSync(letter, 'utf8')).toBe('Dear Sir');
  });

  it('builds the application menu with the book commands enabled', () => {
    const menu = mocks.menus.at(-1) as { template: { label?: string; submenu?: { label?: string; enabled?: boolean }[] }[] };
    const file = menu.template.find((item) => item.label === 'File')!;
    expect(file.submenu!.find((item) => item.label === 'Import Statement…')!.enabled).toBe(true);
  });

  it('Back Up Now and Restore… made from the window (the engine’s /v2/book/backups) show at once in the File menu and the title', async () => {
    const api = mocks.handlers.get(API_CHANNEL)!;
    const made = (await api(fromApp(), { method: 'POST', path: '/v2/book/backups' })) as { status: number; body: { backup: { name: string; company: string } } };
    expect(made.status).toBe(201);
    expect(made.body.backup.company).toBe('Acme Trading Ltd');
    type Item = { label?: string; click?: () => void; submenu?: Item[] };
    const fileMenu = () => (mocks.menus.at(-1) as { template: Item[] }).template.find((item) => item.label === 'File')!.submenu!;
    const restoreMenu = () => fileMenu().find((item) => item.label === 'Restore from Backup')!.submenu!;
    expect(restoreMenu().map((item) => item.label)).toContain('2026-11-24 09:00 UTC — Acme Trading Ltd (manual)');

    const renamed = (await api(fromApp(), { method: 'PUT', path: '/v2/company', body: { company: { name: 'Acme Renamed Ltd' } } })) as { status: number };
    expect(renamed.status).toBe(200);
    expect(window().title).toBe('Acme Renamed Ltd — Ledgerdesk');
    const restored = (await api(fromApp(), { method: 'POST', path: `/v2/book/backups/${made.body.backup.name}/restore` })) as { status: number };
    expect(restored.status).toBe(200);
    expect(window().title).toBe('Acme Trading Ltd — Ledgerdesk');
    expect(restoreMenu().some((item) => item.label?.endsWith('(pre-restore)'))).toBe(true);

    // File › Backups… opens Settings › Backups in the window.
    fileMenu().find((item) => item.label === 'Backups…')!.click!();
    expect(events().at(-1)).toEqual({ name: SHELL_EVENTS.showBackups, data: undefined });
  });

  it('pops a native context menu for a table row and answers the command chosen', async () => {
    const answer = mocks.handlers.get(CONTEXT_MENU_CHANNEL)!(fromApp(), ['open', 'delete', 'rm -rf']) as Promise<string | null>;
    const menu = lastPopup();
    expect(menu.template.map((item) => item.label ?? item.type)).toEqual(['Open', 'separator', 'Delete…']);
    menu.template[2]!.click!();
    expect(await answer).toBe('delete');
    expect(await mocks.handlers.get(CONTEXT_MENU_CHANNEL)!(fromApp(), ['nothing-known'])).toBeNull();
    expect(await mocks.handlers.get(CONTEXT_MENU_CHANNEL)!(fromApp('https://evil.example/'), ['open'])).toBeNull();
  });
});
