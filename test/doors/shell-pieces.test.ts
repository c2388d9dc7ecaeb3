import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SECTION_ORDER } from '../../renderer/lib/sections';
import { SHELL_EVENTS } from '../../shared/bridge';
import { answerAppRequest, isAppUrl } from '../../main/shell/app-protocol';
import { installCrashHandlers } from '../../main/shell/crash-log';
import { guardContents, installGuards, isAllowedExternal } from '../../main/shell/guards';
import { buildMenuTemplate, MENU_SECTIONS, rowMenuTemplate, type MenuActions } from '../../main/shell/menu';
import { readSettings, withRecent, writeSettings } from '../../main/shell/settings';
import { SystemFileRegistry } from '../../main/shell/system-file-registry';
import { firstBook } from '../../main/shell/first-book';
import { classifySystemFiles } from '../../main/shell/system-files';
import { UpdateController, updatePolicy, type Updater, type UpdateScreen } from '../../main/shell/updates';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-shell-'));
  dirs.push(dir);
  return dir;
}

function actions(): MenuActions & { sent: { name: string; data?: unknown }[]; calls: string[] } {
  const sent: { name: string; data?: unknown }[] = [];
  const calls: string[] = [];
  return {
    sent,
    calls,
    newBook: () => calls.push('newBook'),
    openBook: () => calls.push('openBook'),
    openRecent: (path) => calls.push(`openRecent ${path}`),
    clearRecent: () => calls.push('clearRecent'),
    backUpNow: () => calls.push('backUpNow'),
    restoreFrom: (path) => calls.push(`restoreFrom ${path}`),
    checkBook: () => calls.push('checkBook'),
    showBackups: () => calls.push('showBackups'),
    showLogs: () => calls.push('showLogs'),
    openHelp: () => calls.push('openHelp'),
    checkForUpdates: () => calls.push('checkForUpdates'),
    send: (name, data) => sent.push({ name, data }),
  };
}

const submenu = (item: MenuItemConstructorOptions | undefined) => (item?.submenu ?? []) as MenuItemConstructorOptions[];
const byLabel = (items: MenuItemConstructorOptions[], label: string) => items.find((item) => item.label === label);
const click = (item: MenuItemConstructorOptions | undefined) => (item!.click as () => void)();
const state = (platform: NodeJS.Platform) => ({ platform, appName: 'Ledgerdesk', recentBooks: ['/books/Acme Ltd.ledgerdesk'], backups: [{ label: '2026-11-22 10:00 UTC — Acme Ltd (daily)', path: '/books/b1' }], bookOpen: true, developer: false });

describe('the application menu', () => {
  it('has Help › Check for Updates… on every platform', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const menuActions = actions();
      const help = buildMenuTemplate(state(platform), menuActions).find((item) => item.role === 'help');
      click(byLabel(submenu(help), 'Check for Updates…'));
      expect(menuActions.calls).toEqual(['checkForUpdates']);
    }
  });

  it('is App/File/Edit/View/Window/Help on macOS and File-first elsewhere', () => {
    const mac = buildMenuTemplate(state('darwin'), actions());
    expect(mac.map((item) => item.label ?? item.role)).toEqual(['Ledgerdesk', 'File', 'Edit', 'View', 'windowMenu', 'help']);
    const windows = buildMenuTemplate(state('win32'), actions());
    expect(windows.map((item) => item.label ?? item.role)).toEqual(['File', 'Edit', 'View', 'Window', 'help']);
    expect(submenu(windows[0]).at(-1)).toMatchObject({ role: 'quit', label: 'Exit' });
  });

  it('lists every section with the digits the sidebar uses, and each sends the renderer there', () => {
    expect(MENU_SECTIONS.map(([id, label]) => [id, label])).toEqual(SECTION_ORDER.map(([id, label]) => [id, label]));
    const recorded = actions();
    const view = submenu(byLabel(buildMenuTemplate(state('linux'), recorded), 'View'));
    for (const [index, [section, label]] of MENU_SECTIONS.entries()) {
      const item = byLabel(view, label);
      expect(item?.accelerator).toBe(index < 9 ? `CmdOrCtrl+${index + 1}` : undefined);
      click(item);
      expect(recorded.sent.at(-1)).toEqual({ name: SHELL_EVENTS.openSection, data: { section } });
    }
    expect(view.map((item) => item.role).filter(Boolean)).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
  });

  it('runs File and Edit commands: books, import, sync, backups, restore, find, undo and redo', () => {
    const recorded = actions();
    const template = buildMenuTemplate(state('linux'), recorded);
    const file = submenu(byLabel(template, 'File'));
    click(byLabel(file, 'New Book…'));
    click(byLabel(file, 'Open Book…'));
    click(byLabel(submenu(byLabel(file, 'Open Recent')), 'Acme Ltd.ledgerdesk'));
    click(byLabel(file, 'Back Up Now'));
    const restore = submenu(byLabel(file, 'Restore from Backup'));
    click(byLabel(restore, '2026-11-22 10:00 UTC — Acme Ltd (daily)'));
    click(byLabel(restore, 'Another Copy…'));
    click(byLabel(file, 'Check Book for Damage'));
    click(byLabel(file, 'Backups…'));
    expect(recorded.calls).toEqual(['newBook', 'openBook', 'openRecent /books/Acme Ltd.ledgerdesk', 'backUpNow', 'restoreFrom /books/b1', 'restoreFrom null', 'checkBook', 'showBackups']);
    click(byLabel(file, 'Import Statement…'));
    click(byLabel(file, 'Sync Now'));
    const edit = submenu(byLabel(template, 'Edit'));
    click(byLabel(edit, 'Find'));
    expect(recorded.sent.map((event) => event.name)).toEqual([SHELL_EVENTS.importStatement, SHELL_EVENTS.syncNow, SHELL_EVENTS.find]);
    expect(edit.slice(0, 2).map((item) => item.role)).toEqual(['undo', 'redo']);
    expect(byLabel(file, 'Import Statement…')?.accelerator).toBe('CmdOrCtrl+I');
  });

  it('greys out the book commands when no book is open', () => {
    const template = buildMenuTemplate({ ...state('linux'), bookOpen: false, recentBooks: [] }, actions());
    const file = submenu(byLabel(template, 'File'));
    expect(byLabel(file, 'Import Statement…')?.enabled).toBe(false);
    expect(byLabel(file, 'Back Up Now')?.enabled).toBe(false);
    expect(byLabel(file, 'New Book…')?.enabled).toBeUndefined();
    expect(submenu(byLabel(file, 'Open Recent'))).toEqual([{ label: 'No recent books', enabled: false }]);
  });

  it('builds a row context menu from the known commands only', () => {
    const chosen: string[] = [];
    const template = rowMenuTemplate(['delete', 'open', 'format-disk', 'explain'], (command) => chosen.push(command))!;
    expect(template.map((item) => item.label ?? item.type)).toEqual(['Explain…', 'Open', 'separator', 'Delete…']);
    click(template[3]);
    expect(chosen).toEqual(['delete']);
    expect(rowMenuTemplate(['format-disk'], () => undefined)).toBeNull();
    expect(rowMenuTemplate('explain', () => undefined)).toBeNull();
  });
});

describe('the book opened on start', () => {
  const exists = (present: string[]) => (path: string) => present.includes(path);
  it('is the book named at launch, else the last one that still exists, else the default book', () => {
    expect(firstBook({ books: ['/a.ledgerdesk', '/b.ledgerdesk'], statements: [] }, ['/c.ledgerdesk'], '/data/default', exists([]))).toEqual({ file: '/b.ledgerdesk', create: false });
    expect(firstBook({ books: [], statements: [] }, ['/gone.ledgerdesk', '/c.ledgerdesk'], '/data/default', exists(['/c.ledgerdesk']))).toEqual({ file: '/c.ledgerdesk', create: false });
    expect(firstBook({ books: [], statements: [] }, ['/gone.ledgerdesk'], '/data/default', exists(['/data/default']))).toEqual({ file: '/data/default', create: false });
    expect(firstBook({ books: [], statements: [] }, [], '/data/default', exists([]))).toEqual({ file: '/data/default', create: true });
  });
});

describe('files from the system', () => {
  it('sorts a launch’s arguments into books and statements, ignoring flags and the app itself', () => {
    const files = classifySystemFiles(['--inspect', '/Applications/Ledgerdesk.app', 'statements/March.OFX', '/data/Acme.ledgerdesk', '/data/camt.053', 'C:\\x.exe', '/data/feed.mt940', '/data/notes.txt'], '/home/ann');
    expect(files).toEqual({ books: ['/data/Acme.ledgerdesk'], statements: ['/home/ann/statements/March.OFX', '/data/camt.053', '/data/feed.mt940'] });
  });

  it('hands the page a reference, never a path, and only known references come back as paths', () => {
    const dir = tempDir();
    const path = join(dir, 'march.csv');
    writeFileSync(path, 'Date,Amount\n');
    const registry = new SystemFileRegistry(() => 'ref-0123456789');
    expect(registry.add(path)).toEqual({ ref: 'ref-0123456789', name: 'march.csv', size: 12 });
    expect(registry.add(join(dir, 'missing.csv'))).toBeNull();
    expect(registry.resolve({ path: '/v2/x', filePaths: ['system-file:ref-0123456789', 'system-file:forged-ref-000', '/abs/dropped.ofx'] })).toEqual({ path: '/v2/x', filePaths: [path, 'unknown system file', '/abs/dropped.ofx'] });
  });
});

class FakeContents extends EventEmitter {
  openHandler: ((details: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.openHandler = handler;
  }
}
const navigation = (url: string) => ({ url, prevented: false, preventDefault() { this.prevented = true; } });

describe('navigation and permission guards', () => {
  it('keep a window on the app’s own page and open only allow-listed sites outside', () => {
    const contents = new FakeContents();
    const opened: string[] = [];
    guardContents(contents as never, async (url) => void opened.push(url));
    for (const [event, url, stays] of [
      ['will-navigate', 'ledgerdesk://app/index.html#/banking', true],
      ['will-navigate', 'https://evil.example/phish', false],
      ['will-navigate', 'file:///etc/passwd', false],
      ['will-redirect', 'https://evil.example/', false],
      ['will-redirect', 'ledgerdesk://local/v2/company', false],
    ] as const) {
      const details = navigation(url);
      contents.emit(event, details, url);
      expect({ url, prevented: details.prevented }).toEqual({ url, prevented: !stays });
    }
    const webview = navigation('');
    contents.emit('will-attach-webview', webview);
    expect(webview.prevented).toBe(true);
    expect(contents.openHandler!({ url: 'https://support.freeagent.com/hc/en-gb' })).toEqual({ action: 'deny' });
    expect(contents.openHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://support.freeagent.com/hc/en-gb']);
  });

  it('allow only https pages of the service and the help site', () => {
    expect(isAllowedExternal('https://help.ledgerdesk.app/import')).toBe(true);
    expect(isAllowedExternal('http://help.ledgerdesk.app/')).toBe(false);
    expect(isAllowedExternal('https://help.ledgerdesk.app.evil.example/')).toBe(false);
    expect(isAllowedExternal('https://user:pw@www.freeagent.com/')).toBe(false);
    expect(isAllowedExternal('javascript:alert(1)')).toBe(false);
  });

  it('guard every new webContents and refuse every permission', () => {
    const app = new EventEmitter();
    const handlers: Record<string, (...args: unknown[]) => unknown> = {};
    const session = {
      setPermissionCheckHandler: (handler: () => boolean) => (handlers.check = handler),
      setPermissionRequestHandler: (handler: () => void) => (handlers.request = handler),
      setDevicePermissionHandler: (handler: () => boolean) => (handlers.device = handler),
    };
    installGuards(app as never, session as never, async () => undefined);
    const contents = new FakeContents();
    app.emit('web-contents-created', {}, contents);
    const away = navigation('https://evil.example/');
    contents.emit('will-navigate', away, away.url);
    expect(away.prevented).toBe(true);
    expect(handlers.check!({}, 'media', 'ledgerdesk://app')).toBe(false);
    const answer = vi.fn();
    handlers.request!({}, 'notifications', answer);
    expect(answer).toHaveBeenCalledWith(false);
    expect(handlers.device!()).toBe(false);
  });
});

describe('the app protocol', () => {
  it('serves the renderer build with its CSP, and nothing outside it or on another host', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Ledgerdesk</title>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
    const outside = tempDir();
    writeFileSync(join(outside, 'secret.txt'), 'secret');
    const page = await answerAppRequest(dir, new Request('ledgerdesk://app/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect((await answerAppRequest(dir, new Request('ledgerdesk://app/assets/app.js'))).headers.get('content-type')).toContain('javascript');
    const escape = await answerAppRequest(dir, new Request(`ledgerdesk://app/%2e%2e/${basename(outside)}/secret.txt`));
    expect(escape.status).toBe(404);
    expect(await escape.text()).not.toContain('secret');
    expect((await answerAppRequest(dir, new Request('ledgerdesk://local/index.html'))).status).toBe(404);
    expect((await answerAppRequest(dir, new Request('ledgerdesk://app/index.html', { method: 'POST', body: 'x' }))).status).toBe(404);
    expect(isAppUrl('ledgerdesk://app/')).toBe(true);
    expect(isAppUrl('ledgerdesk://app.evil/')).toBe(false);
  });
});

describe('crashes, settings and updates', () => {
  it('log a crash and an unhandled rejection and tell the user in a sentence', () => {
    const source = new EventEmitter();
    const logged: unknown[][] = [];
    const told: string[] = [];
    installCrashHandlers(source as never, { error: (...params) => logged.push(params) }, (message) => told.push(message));
    source.emit('uncaughtException', new Error('disk on fire'));
    source.emit('unhandledRejection', 'sync timed out');
    expect(logged.map((entry) => entry[0])).toEqual(['uncaught exception in main', 'unhandled rejection in main']);
    expect(told[0]).toMatch(/Something went wrong in Ledgerdesk \(disk on fire\)\. Your book is safe/);
    expect(told[1]).toMatch(/sync timed out/);
  });

  it('remember recent books, most recent first, and survive a damaged settings file', () => {
    const file = join(tempDir(), 'settings.json');
    let settings = readSettings(file);
    expect(settings).toEqual({ recentBooks: [], backups: { keepDailies: 14, keepMonthlies: 12 } });
    settings = withRecent(withRecent(withRecent(settings, '/a.ledgerdesk'), '/b.ledgerdesk'), '/a.ledgerdesk');
    writeSettings(file, { ...settings, backups: { keepDailies: 7, keepMonthlies: 24 } });
    expect(readSettings(file)).toEqual({ recentBooks: ['/a.ledgerdesk', '/b.ledgerdesk'], backups: { keepDailies: 7, keepMonthlies: 24 } });
    writeFileSync(file, '{ not json');
    expect(readSettings(file).recentBooks).toEqual([]);
  });

  it('take the update feed only from the build: a feed in settings.json is read past and never reaches the updater', () => {
    const file = join(tempDir(), 'settings.json');
    // What another program of the user's could write to point Ledgerdesk at its own "update".
    writeFileSync(file, JSON.stringify({ recentBooks: [], updateFeed: 'https://evil.example/ledgerdesk' }));
    expect(readSettings(file)).not.toHaveProperty('updateFeed');
    const { updater, setFeedURL } = fakeUpdater();
    new UpdateController(updater, fakeScreen().screen, { enabled: true }, '1.0.0').start();
    expect(setFeedURL).not.toHaveBeenCalled();
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
  });

  it('update only a packaged build with its feed built in, and never on Linux, saying why', () => {
    expect(updatePolicy('win32', true, true)).toEqual({ enabled: true });
    expect(updatePolicy('darwin', true, true)).toEqual({ enabled: true });
    expect(updatePolicy('win32', false, true)).toMatchObject({ enabled: false, reason: expect.stringMatching(/development build/) });
    expect(updatePolicy('darwin', true, false)).toMatchObject({ enabled: false, reason: expect.stringMatching(/without an update feed/) });
    expect(updatePolicy('linux', true, true)).toMatchObject({ enabled: false, reason: expect.stringMatching(/AppImage update cannot be verified/) });
    const { updater } = fakeUpdater();
    const { screen, told } = fakeScreen();
    const off = new UpdateController(updater, screen, updatePolicy('linux', true, true), '1.0.0');
    expect(off.start()).toBe(false);
    off.checkNow();
    expect(updater.checkForUpdates).not.toHaveBeenCalled();
    expect(told).toEqual([['Updates', expect.stringMatching(/Get new versions from the Ledgerdesk website/)]]);
  });

  it('download with progress on the taskbar, then ask to restart; Restart Now installs', async () => {
    const { updater, emit } = fakeUpdater();
    const { screen, progress, asked, told } = fakeScreen(0);
    new UpdateController(updater, screen, { enabled: true }, '1.0.0').start();
    expect(updater.autoDownload).toBe(true);
    emit('update-available', { version: '1.1.0' });
    emit('download-progress', { percent: 42.5 });
    emit('download-progress', { percent: 100 });
    emit('update-downloaded', { version: '1.1.0' });
    await vi.waitFor(() => expect(updater.quitAndInstall).toHaveBeenCalledTimes(1));
    expect(progress).toEqual([0, 0.425, 1, null]);
    expect(asked).toEqual([['Ledgerdesk 1.1.0 is ready to install', ['Restart Now', 'Later']]]);
    expect(told).toEqual([]);
  });

  it('say nothing after the quiet check at start; Help › Check for Updates… always answers', async () => {
    const { updater, emit } = fakeUpdater();
    const { screen, told, asked } = fakeScreen(1);
    const controller = new UpdateController(updater, screen, { enabled: true }, '1.0.0');
    controller.start();
    emit('update-not-available');
    expect(told).toEqual([]);
    controller.checkNow();
    emit('update-not-available');
    expect(told).toEqual([['Ledgerdesk is up to date', 'You have version 1.0.0, the latest.']]);
    controller.checkNow();
    emit('error', new Error('net::ERR_INTERNET_DISCONNECTED'));
    expect(told.at(-1)).toEqual(['Ledgerdesk could not check for updates', 'net::ERR_INTERNET_DISCONNECTED']);
    // A download left for later is offered again rather than fetched twice; Later installs on quit.
    controller.checkNow();
    emit('update-downloaded', { version: '1.2.0' });
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    controller.checkNow();
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(4);
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    expect(updater.autoInstallOnAppQuit).toBe(true);
  });
});

/** electron-updater's autoUpdater as far as the app uses it, plus a setFeedURL the app must never call. */
function fakeUpdater() {
  const events = new EventEmitter();
  const setFeedURL = vi.fn();
  const updater = {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    on: (event: string, listener: (...args: never[]) => void) => events.on(event, listener as (...args: unknown[]) => void),
    checkForUpdates: vi.fn(async () => null),
    quitAndInstall: vi.fn(),
    setFeedURL,
  };
  return { updater: updater as Updater & typeof updater, setFeedURL, emit: (event: string, ...args: unknown[]) => events.emit(event, ...args) };
}

function fakeScreen(answer = 1) {
  const progress: (number | null)[] = [];
  const asked: [string, readonly string[]][] = [];
  const told: [string, string | undefined][] = [];
  const screen: UpdateScreen = {
    progress: (fraction) => progress.push(fraction),
    ask: async (message, _detail, buttons) => (asked.push([message, buttons]), answer),
    tell: (message, detail) => told.push([message, detail]),
  };
  return { screen, progress, asked, told };
}
