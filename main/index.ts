import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, safeStorage, session, shell, type IpcMainInvokeEvent } from 'electron';
import log from 'electron-log/main';
import updater from 'electron-updater';
import { CONTEXT_MENU_CHANNEL, DROP_CHANNEL, EVENT_CHANNEL, SHELL_EVENTS, type ShellEventName, type SystemFile } from '../shared/bridge';
import { backupFolder, describeBackup, listBackups, type BackupFile } from './engine/book-care';
import { clockFromEnvironment } from './engine/context';
import { randomIds } from './engine/open';
import { HostedBookError, type HostedBook } from './host/hosted-book';
import { answerDropRequest, registerApiChannel } from './ipc';
import { APP_PAGE, APP_SCHEME_PRIVILEGES, handleAppProtocol, isAppUrl } from './shell/app-protocol';
import { desktopHost, desktopOpenCommand } from './shell/desktop-host';
import { desktopCipher } from './shell/desktop-sync';
import { firstBook } from './shell/first-book';
import { installCrashHandlers } from './shell/crash-log';
import { guardContents, installGuards, isAllowedExternal } from './shell/guards';
import { buildMenuTemplate, rowMenuTemplate } from './shell/menu';
import { readSettings, withRecent, writeSettings, type ShellSettings } from './shell/settings';
import { SystemFileRegistry } from './shell/system-file-registry';
import { BOOK_EXTENSION, classifySystemFiles, type SystemFiles } from './shell/system-files';
import { UpdateController, updatePolicy, type UpdateScreen } from './shell/updates';
import { APP_NAME, BOOK_FILE_NAME } from './user-data';

// The bundled main process sits in out/main; the preload and renderer builds sit beside it.
const here = fileURLToPath(new URL('.', import.meta.url));
const rendererDir = join(here, '../renderer');
const HELP_URL = 'https://help.ledgerdesk.app';
const BOOK_FILTERS = [{ name: 'Ledgerdesk book', extensions: [BOOK_EXTENSION, 'sqlite'] }];

// Before ready: the app's own scheme must be known to be standard and secure when the page loads.
protocol.registerSchemesAsPrivileged(APP_SCHEME_PRIVILEGES);

const clock = clockFromEnvironment(process.env.LEDGERDESK_NOW);
const systemFiles = new SystemFileRegistry();
let settings: ShellSettings;
let window: BrowserWindow | null = null;
let pageReady = false;
/** Statement files that arrived before the page could take them. */
const waitingStatements: SystemFile[] = [];
// A fresh token per run, known only to this process; the renderer never sees it.
const sessionToken = randomIds.token();
// The engine, sync and HMRC run in the engine host's workers; main only routes (main/host). Made
// once the app is ready, since the keychain the workers ask main for needs it.
let book: HostedBook;

const settingsFile = () => join(app.getPath('userData'), 'settings.json');
let updates: UpdateController | null = null;

function send(name: ShellEventName, data?: unknown): void {
  if (window && !window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, { name, data });
}

function tell(message: string): void {
  if (window && pageReady) send(SHELL_EVENTS.appError, { message });
  else dialog.showErrorBox(APP_NAME, message);
}

function showTitle(): void {
  const company = book.company();
  window?.setTitle(company ? `${company} — ${APP_NAME}` : APP_NAME);
}

function refreshMenu(): void {
  const file = book.file;
  const backups = file
    ? listBackups(file)
        .slice(0, 30)
        .map((entry) => ({ label: backupLabel(entry), path: entry.path }))
    : [];
  const template = buildMenuTemplate(
    { platform: process.platform, appName: APP_NAME, recentBooks: settings.recentBooks, backups, bookOpen: file !== null, developer: !app.isPackaged },
    {
      newBook: () => void newBook(),
      openBook: () => void chooseBook(),
      openRecent: (path) => void openBookFile(path, false),
      clearRecent: () => saveSettings({ ...settings, recentBooks: book.file ? [book.file] : [] }),
      backUpNow: () => void backUpNow(),
      restoreFrom: (path) => void restoreFrom(path),
      checkBook: () => void checkBook(),
      showBackups: () => send(SHELL_EVENTS.showBackups),
      showLogs: () => void shell.openPath(dirname(log.transports.file.getFile().path)),
      openHelp: () => void shell.openExternal(HELP_URL),
      checkForUpdates: () => updates?.checkNow(),
      send,
    },
  );
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

function backupLabel(entry: BackupFile): string {
  const details = describeBackup(entry);
  return `${entry.takenAt.toISOString().slice(0, 16).replace('T', ' ')} UTC — ${details.company} (${entry.kind})`;
}

function saveSettings(next: ShellSettings): void {
  settings = next;
  writeSettings(settingsFile(), settings);
  // The system's own recent list (Dock, Jump List); Linux has none.
  if (book.file && process.platform !== 'linux') app.addRecentDocument(book.file);
  refreshMenu();
}

/** Opens a book in the window; a refused book is explained and the current one stays open. */
async function openBookFile(file: string, create: boolean, companyName?: string): Promise<boolean> {
  try {
    const { company } = await book.open(desktopOpenCommand(file, create, clock, sessionToken, settings.backups, companyName));
    saveSettings(withRecent(settings, file));
    showTitle();
    log.info(`opened ${file}`);
    // The page starts afresh on the new book, so nothing of the last one lingers on screen.
    if (window && pageReady) window.webContents.reload();
    send(SHELL_EVENTS.bookOpened, { file, company });
    return true;
  } catch (error) {
    void explainRefusal(error);
    return false;
  }
}

async function explainRefusal(error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  log.warn('book refused', message);
  const damaged = error instanceof HostedBookError ? error.detail.damaged : undefined;
  const backup = damaged?.latestBackup ?? null;
  const buttons = backup ? ['Restore Latest Backup', 'Open Another Book…', 'Cancel'] : ['Open Another Book…', 'Cancel'];
  const options = { type: 'error' as const, message: 'The book could not be opened', detail: message, buttons, defaultId: 0, cancelId: buttons.length - 1 };
  const { response } = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
  if (backup && damaged && response === 0) await restoreInto(damaged.file, backup);
  else if (buttons[response] === 'Open Another Book…') await chooseBook();
}

async function chooseBook(): Promise<void> {
  const options = { title: 'Open Book', filters: BOOK_FILTERS, properties: ['openFile' as const] };
  const chosen = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  if (!chosen.canceled && chosen.filePaths[0]) await openBookFile(chosen.filePaths[0], false);
}

async function newBook(): Promise<void> {
  const options = { title: 'New Book', defaultPath: join(app.getPath('documents'), `My Company.${BOOK_EXTENSION}`), filters: BOOK_FILTERS };
  const chosen = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  if (chosen.canceled || !chosen.filePath) return;
  // The save dialog offers to replace a file; a new book never replaces anything.
  if (existsSync(chosen.filePath)) {
    await dialog.showMessageBox({ type: 'warning', message: 'A file with that name is already there', detail: `${chosen.filePath} was left as it is. Choose a new name for the new book.` });
    return;
  }
  await openBookFile(chosen.filePath, true);
}

async function backUpNow(): Promise<void> {
  if (!book.file) return;
  try {
    const copy = await book.backUp();
    refreshMenu();
    void dialog.showMessageBox({ type: 'info', message: 'Backed up', detail: `The book was copied to ${copy}.` });
  } catch (error) {
    tell(`The backup could not be made: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function checkBook(): Promise<void> {
  if (!book.file) return;
  const problems = await book.check();
  const whole = problems.length === 1 && problems[0] === 'ok';
  void dialog.showMessageBox({
    type: whole ? 'info' : 'error',
    message: whole ? 'The book is whole' : 'The book is damaged',
    detail: whole ? 'The full integrity check found no damage.' : `${problems.join('\n')}\n\nRestore the latest backup from File › Restore from Backup.`,
  });
}

async function restoreFrom(path: string | null): Promise<void> {
  const file = book.file;
  if (!file) return;
  let from = path;
  if (!from) {
    const chosen = await dialog.showOpenDialog({ title: 'Restore from a Copy', defaultPath: backupFolder(file), filters: BOOK_FILTERS, properties: ['openFile'] });
    if (chosen.canceled || !chosen.filePaths[0]) return;
    from = chosen.filePaths[0];
  }
  await restoreInto(file, from);
}

/** Restores `from` into `file` after the user has seen what it is; the book as it was is backed up first. */
async function restoreInto(file: string, from: string): Promise<void> {
  const listed = listBackups(file).find((entry) => entry.path === from) ?? null;
  const details = describeBackup(listed ?? { path: from, kind: 'manual', takenAt: clock.now() });
  const { response } = await dialog.showMessageBox({
    type: 'question',
    message: `Restore the backup of ${details.company}?`,
    detail: `${listed ? `Taken ${listed.takenAt.toISOString().slice(0, 16).replace('T', ' ')} UTC. ` : ''}The book as it is now is backed up first, so this can be undone.`,
    buttons: ['Restore', 'Cancel'],
    defaultId: 0,
    cancelId: 1,
  });
  if (response !== 0) return;
  try {
    const result = await book.restore(file, from, listed);
    log.info(`restored ${from} into ${file}; previous kept in ${result.previous ?? 'nothing'}`);
  } catch (error) {
    tell(`The backup was not restored: ${error instanceof Error ? error.message : String(error)}`);
  }
  await openBookFile(file, false);
}

/** Books open in the window; statements go to the import review (now, or once the page is ready). */
async function takeSystemFiles(files: SystemFiles): Promise<void> {
  const lastBook = files.books.at(-1);
  if (lastBook) await openBookFile(lastBook, false);
  const statements = files.statements.map((path) => systemFiles.add(path)).filter((file): file is SystemFile => file !== null);
  if (statements.length === 0) return;
  if (pageReady && book.file) send(SHELL_EVENTS.importFiles, { files: statements });
  else waitingStatements.push(...statements);
}

function focusWindow(): void {
  if (!window) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

function createWindow(): BrowserWindow {
  const created = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: APP_NAME,
    webPreferences: {
      preload: join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  created.once('ready-to-show', () => created.show());
  // The window shows the book's company, not the page's own title.
  created.on('page-title-updated', (event) => event.preventDefault());
  guardContents(created.webContents, (url) => shell.openExternal(url));
  created.webContents.on('did-finish-load', () => {
    pageReady = true;
    if (waitingStatements.length && book.file) send(SHELL_EVENTS.importFiles, { files: waitingStatements.splice(0) });
  });
  // A crashed page is reloaded; the book lives in main, so nothing of it is lost.
  created.webContents.on('render-process-gone', (_event, details) => {
    log.error('render process gone', details);
    pageReady = false;
    if (details.reason !== 'clean-exit') created.webContents.reload();
  });
  void created.loadURL(APP_PAGE);
  return created;
}

const isAppWindow = (event: IpcMainInvokeEvent) => window !== null && event.sender === window.webContents && isAppUrl(event.senderFrame?.url ?? '');

function startHost(): HostedBook {
  const userData = app.getPath('userData');
  return desktopHost({
    userData,
    // Sync and HMRC tokens are sealed by the system keychain where there is one.
    cipher: desktopCipher(safeStorage, userData, process.platform),
    now: process.env.LEDGERDESK_NOW ?? null,
    // The approval pages open in the user's own browser, where they are signed in to the service.
    openExternal: (url) => void shell.openExternal(url),
    onSyncStatus: (status) => send(SHELL_EVENTS.syncStatus, status),
    // Opening, parsing, backing up, restoring: the taskbar/dock shows the work (2: indeterminate).
    onProgress: (busy) => window?.setProgressBar(busy ? 2 : -1),
    onCrash: (message) => {
      log.error(message);
      tell(message);
    },
    onShellChange: () => {
      showTitle();
      refreshMenu();
    },
  });
}

function registerChannels(): void {
  // /v2/sync/… and /v2/hmrc/… are routed to the open book's sync and HMRC inside the writer worker.
  registerApiChannel(book.engine, sessionToken, isAppWindow);
  ipcMain.handle(DROP_CHANNEL, (event, envelope: unknown) => {
    if (!isAppWindow(event)) return [{ status: 403, headers: {}, body: { errors: [{ message: 'This window may not use the Ledgerdesk API' }] } }];
    return answerDropRequest(book.engine, sessionToken, systemFiles.resolve(envelope));
  });
  ipcMain.handle(CONTEXT_MENU_CHANNEL, (event, commands: unknown) => {
    if (!isAppWindow(event) || !window) return null;
    return new Promise<string | null>((resolve) => {
      const template = rowMenuTemplate(commands, (command) => resolve(command));
      if (!template) return resolve(null);
      // The menu closes after a click is delivered; a close without one answers null.
      Menu.buildFromTemplate(template).popup({ window: window!, callback: () => setTimeout(() => resolve(null), 0) });
    });
  });
}

async function start(): Promise<void> {
  installCrashHandlers(process, log, tell);
  const launch = classifySystemFiles(process.argv.slice(app.isPackaged ? 1 : 2), process.cwd());
  await app.whenReady();
  log.initialize();
  settings = readSettings(settingsFile());
  installGuards(app, session.defaultSession, (url) => (isAllowedExternal(url) ? shell.openExternal(url) : Promise.resolve()));
  handleAppProtocol(protocol, rendererDir);
  book = startHost();
  registerChannels();
  const first = firstBook(launch, settings.recentBooks, join(app.getPath('userData'), BOOK_FILE_NAME));
  window = createWindow();
  // The default book of a first run is "My Company" until the user names it in Settings.
  if (!(await openBookFile(first.file, first.create, first.create ? 'My Company' : undefined))) refreshMenu();
  await takeSystemFiles({ books: [], statements: launch.statements });
  updates = startUpdates();
  app.on('window-all-closed', () => app.quit());
}

/** The window's side of an update: taskbar/dock progress and native dialogs (they need no page). */
const updateScreen: UpdateScreen = {
  progress: (fraction) => window?.setProgressBar(fraction === null ? -1 : fraction),
  ask: async (message, detail, buttons) => {
    const options = { type: 'info' as const, message, detail, buttons: [...buttons], defaultId: 0, cancelId: buttons.length - 1 };
    return (window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options)).response;
  },
  tell: (message, detail) => void (window ? dialog.showMessageBox(window, { type: 'info', message, detail }) : dialog.showMessageBox({ type: 'info', message, detail })),
};

/** The feed is the build's own (app-update.yml in the app's resources, written by electron-builder): see shell/updates.ts. */
function startUpdates(): UpdateController {
  const feedBuiltIn = app.isPackaged && existsSync(join(process.resourcesPath, 'app-update.yml'));
  const controller = new UpdateController(updater.autoUpdater, updateScreen, updatePolicy(process.platform, app.isPackaged, feedBuiltIn), app.getVersion());
  controller.start();
  return controller;
}

// One app instance: a second launch hands its files to this one and quits.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', (_event, argv, workingDirectory) => {
    focusWindow();
    void takeSystemFiles(classifySystemFiles(argv.slice(1), workingDirectory));
  });
  // macOS hands files (Finder, the Dock) by event, also before the app is ready.
  app.on('open-file', (event, path) => {
    event.preventDefault();
    const files = classifySystemFiles([path], dirname(path));
    if (app.isReady() && window) void takeSystemFiles(files);
    else void app.whenReady().then(() => setTimeout(() => void takeSystemFiles(files), 0));
  });
  // The writer closes the book (checkpointing its WAL) and the workers stop before the app quits.
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed || !book) return;
    event.preventDefault();
    void book
      .close()
      .catch((error: unknown) => log.error('the book did not close cleanly', error))
      .finally(() => {
        closed = true;
        void book.stop().finally(() => app.quit());
      });
  });
  void start();
}
