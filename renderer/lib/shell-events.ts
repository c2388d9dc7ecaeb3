import { SHELL_EVENTS, type SystemFile } from '../../shared/bridge';
import type { SectionId } from './sections';

/** What the window does for each command of the native menu (and its keyboard twins in browser mode). */
export interface ShellCommands {
  openSection(section: SectionId): void;
  importStatement(): void;
  /** Statement files the system opened with the app; they import like dropped files. */
  importSystemFiles(files: SystemFile[]): void;
  find(): void;
  syncNow(): void;
  /** Settings › Backups: Back Up Now, Restore… and the check for damage. */
  showBackups(): void;
  appError(message: string): void;
}

function isSystemFile(value: unknown): value is SystemFile {
  const file = value as SystemFile | null;
  return typeof file?.ref === 'string' && typeof file.name === 'string' && typeof file.size === 'number';
}

/** Routes main's events (desktop only) to the window's commands; returns the unsubscribe function. */
export function listenToShell(commands: ShellCommands): () => void {
  const bridge = window.ledgerdesk;
  if (!bridge?.onEvent) return () => undefined;
  return bridge.onEvent(({ name, data }) => {
    const payload = (data ?? {}) as Record<string, unknown>;
    if (name === SHELL_EVENTS.openSection && typeof payload.section === 'string') commands.openSection(payload.section as SectionId);
    else if (name === SHELL_EVENTS.importStatement) commands.importStatement();
    else if (name === SHELL_EVENTS.importFiles && Array.isArray(payload.files)) commands.importSystemFiles(payload.files.filter(isSystemFile));
    else if (name === SHELL_EVENTS.find) commands.find();
    else if (name === SHELL_EVENTS.syncNow) commands.syncNow();
    else if (name === SHELL_EVENTS.showBackups) commands.showBackups();
    else if (name === SHELL_EVENTS.appError && typeof payload.message === 'string') commands.appError(payload.message);
  });
}

/**
 * The menu's commands from the keyboard where there is no native menu (browser mode): Ctrl/Cmd+I
 * imports a statement, Ctrl/Cmd+F finds in the current screen (when it has a search box), and
 * Ctrl/Cmd+Shift+S syncs, and Ctrl/Cmd+Shift+B backs the book up now (File › Back Up Now). Returns
 * true when the key was one of them.
 */
export function shellShortcut(event: KeyboardEvent, commands: Pick<ShellCommands, 'importStatement' | 'syncNow'> & { find(): boolean; backUpNow(): void }): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.defaultPrevented) return false;
  const key = event.key.toLowerCase();
  if (key === 'i' && !event.shiftKey) commands.importStatement();
  else if (key === 'f' && !event.shiftKey) return commands.find();
  else if (key === 's' && event.shiftKey) commands.syncNow();
  else if (key === 'b' && event.shiftKey) commands.backUpNow();
  else return false;
  return true;
}

/** Focuses the current screen's search or filter box; false when it has none (the browser's own find stays). */
export function focusFind(): boolean {
  const box = document.querySelector<HTMLInputElement>('main input[type="search"], main [data-find]');
  if (!box) return false;
  box.focus();
  box.select?.();
  return true;
}
