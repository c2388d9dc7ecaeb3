import type { MenuItemConstructorOptions } from 'electron';
import { SHELL_EVENTS, type ShellEventName } from '../../shared/bridge';

/** The sections in the sidebar's order (renderer/lib/sections.ts; a test keeps the two the same). */
export const MENU_SECTIONS = [
  ['overview', 'Overview'],
  ['banking', 'Banking'],
  ['invoices', 'Invoices'],
  ['bills', 'Bills'],
  ['expenses', 'Expenses'],
  ['contacts', 'Contacts'],
  ['journals', 'Journals'],
  ['categories', 'Categories'],
  ['reports', 'Reports'],
  ['tax', 'Tax'],
  ['settings', 'Settings'],
] as const;

export interface RestoreChoice {
  label: string;
  path: string;
}

export interface MenuState {
  platform: NodeJS.Platform;
  appName: string;
  recentBooks: readonly string[];
  /** The backups of the open book, newest first, labelled with date, company and kind. */
  backups: readonly RestoreChoice[];
  bookOpen: boolean;
  /** Developer tools only in a build that is not packaged. */
  developer: boolean;
}

/** What the menu's own items do; the renderer's commands go as bridge events through `send`. */
export interface MenuActions {
  newBook(): void;
  openBook(): void;
  openRecent(path: string): void;
  clearRecent(): void;
  backUpNow(): void;
  restoreFrom(path: string | null): void;
  checkBook(): void;
  /** Settings › Backups in the window: the backups with date and company, Restore…, Back Up Now. */
  showBackups(): void;
  showLogs(): void;
  openHelp(): void;
  /** Help › Check for Updates…: always answers (up to date, downloading, ready, or why not). */
  checkForUpdates(): void;
  send(name: ShellEventName, data?: unknown): void;
}

const fileName = (path: string) => path.split(/[\\/]/).pop() ?? path;

function fileMenu(state: MenuState, actions: MenuActions): MenuItemConstructorOptions {
  const recent: MenuItemConstructorOptions[] = state.recentBooks.length
    ? [...state.recentBooks.map((path) => ({ label: fileName(path), sublabel: path, click: () => actions.openRecent(path) })), { type: 'separator' as const }, { label: 'Clear Menu', click: () => actions.clearRecent() }]
    : [{ label: 'No recent books', enabled: false }];
  const restore: MenuItemConstructorOptions[] = [
    ...state.backups.map((backup) => ({ label: backup.label, click: () => actions.restoreFrom(backup.path) })),
    ...(state.backups.length ? [{ type: 'separator' as const }] : []),
    { label: 'Another Copy…', click: () => actions.restoreFrom(null) },
  ];
  const mac = state.platform === 'darwin';
  return {
    label: 'File',
    submenu: [
      { label: 'New Book…', accelerator: 'CmdOrCtrl+Shift+N', click: () => actions.newBook() },
      { label: 'Open Book…', accelerator: 'CmdOrCtrl+O', click: () => actions.openBook() },
      { label: 'Open Recent', submenu: recent },
      { type: 'separator' },
      { label: 'Import Statement…', accelerator: 'CmdOrCtrl+I', enabled: state.bookOpen, click: () => actions.send(SHELL_EVENTS.importStatement) },
      { label: 'Sync Now', accelerator: 'CmdOrCtrl+Shift+S', enabled: state.bookOpen, click: () => actions.send(SHELL_EVENTS.syncNow) },
      { type: 'separator' },
      { label: 'Back Up Now', accelerator: 'CmdOrCtrl+Shift+B', enabled: state.bookOpen, click: () => actions.backUpNow() },
      { label: 'Backups…', enabled: state.bookOpen, click: () => actions.showBackups() },
      { label: 'Restore from Backup', enabled: state.bookOpen, submenu: restore },
      { label: 'Check Book for Damage', enabled: state.bookOpen, click: () => actions.checkBook() },
      { type: 'separator' },
      mac ? { role: 'close' } : { role: 'quit', label: 'Exit' },
    ],
  };
}

function editMenu(actions: MenuActions): MenuItemConstructorOptions {
  return {
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
      { type: 'separator' },
      { label: 'Find', accelerator: 'CmdOrCtrl+F', click: () => actions.send(SHELL_EVENTS.find) },
    ],
  };
}

function viewMenu(state: MenuState, actions: MenuActions): MenuItemConstructorOptions {
  const sections: MenuItemConstructorOptions[] = MENU_SECTIONS.map(([section, label], index) => ({
    label,
    // The same digits the renderer gives its sidebar (Ctrl or Cmd with the section's place).
    accelerator: index < 9 ? `CmdOrCtrl+${index + 1}` : undefined,
    enabled: state.bookOpen,
    click: () => actions.send(SHELL_EVENTS.openSection, { section }),
  }));
  return {
    label: 'View',
    submenu: [
      ...sections,
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...(state.developer ? [{ type: 'separator' as const }, { role: 'reload' as const }, { role: 'toggleDevTools' as const }] : []),
    ],
  };
}

function helpMenu(state: MenuState, actions: MenuActions): MenuItemConstructorOptions {
  return {
    role: 'help',
    submenu: [
      { label: `${state.appName} Help`, click: () => actions.openHelp() },
      { label: 'Show Log Files', click: () => actions.showLogs() },
      { label: 'Check for Updates…', click: () => actions.checkForUpdates() },
      ...(state.platform === 'darwin' ? [] : [{ type: 'separator' as const }, { role: 'about' as const }]),
    ],
  };
}

/**
 * The application menu: on macOS the App menu comes first and the Window menu is standard; on
 * Windows and Linux File comes first and Exit ends it.
 */
export function buildMenuTemplate(state: MenuState, actions: MenuActions): MenuItemConstructorOptions[] {
  const mac = state.platform === 'darwin';
  const appMenu: MenuItemConstructorOptions = {
    label: state.appName,
    submenu: [{ role: 'about' }, { type: 'separator' }, { role: 'services' }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' }],
  };
  const windowMenu: MenuItemConstructorOptions = mac
    ? { role: 'windowMenu' }
    : { label: 'Window', submenu: [{ role: 'minimize' }, { role: 'close' }] };
  return [...(mac ? [appMenu] : []), fileMenu(state, actions), editMenu(actions), viewMenu(state, actions), windowMenu, helpMenu(state, actions)];
}

/** The commands a table row offers on right-click, as the renderer asks for them. */
export const ROW_COMMANDS = ['explain', 'open', 'delete'] as const;
export type RowCommand = (typeof ROW_COMMANDS)[number];
const ROW_LABELS: Record<RowCommand, string> = { explain: 'Explain…', open: 'Open', delete: 'Delete…' };

/** A row's context menu: only the known commands the renderer asked for, in the usual order. */
export function rowMenuTemplate(asked: unknown, choose: (command: RowCommand) => void): MenuItemConstructorOptions[] | null {
  if (!Array.isArray(asked)) return null;
  const commands = ROW_COMMANDS.filter((command) => asked.includes(command));
  if (commands.length === 0) return null;
  return commands.flatMap((command) => [
    ...(command === 'delete' && commands.length > 1 ? [{ type: 'separator' as const }] : []),
    { label: ROW_LABELS[command], click: () => choose(command) },
  ]);
}
