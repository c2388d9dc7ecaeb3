import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { API_CHANNEL, CONTEXT_MENU_CHANNEL, DROP_CHANNEL, EVENT_CHANNEL, SYSTEM_FILE_PREFIX, type LedgerdeskBridge } from '../shared/bridge';

/** A file's path for main to read: a real dropped or chosen File, or a file the system opened. */
function pathFor(file: unknown): string {
  if (file instanceof File) return webUtils.getPathForFile(file);
  const ref = (file as { ref?: unknown } | null)?.ref;
  return typeof ref === 'string' ? `${SYSTEM_FILE_PREFIX}${ref}` : '';
}

// The smallest surface the renderer needs: one request function, one event subscription, a way to
// hand main the files the user dropped, and a native context menu for table rows.
const bridge: LedgerdeskBridge = {
  request: (method, path, options = {}) => ipcRenderer.invoke(API_CHANNEL, { method, path, ...options }),
  // Only a File from a drop or a file dialog has a path on disk; one the page made itself has none,
  // so the page cannot name a file for main to read. A system file is named by main's own reference.
  dropFiles(files, upload) {
    const filePaths = files.map(pathFor);
    if (filePaths.length === 0 || filePaths.some((path) => !path)) return Promise.reject(new Error('Only files dropped on the window or chosen in a file dialog can be imported'));
    return ipcRenderer.invoke(DROP_CHANNEL, { path: upload.path, query: upload.query, fields: upload.fields, filePaths });
  },
  onEvent(listener) {
    const handler = (_event: unknown, payload: { name: string; data: unknown }) => listener(payload);
    ipcRenderer.on(EVENT_CHANNEL, handler);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, handler);
  },
  contextMenu: (commands) => ipcRenderer.invoke(CONTEXT_MENU_CHANNEL, [...commands]),
};

contextBridge.exposeInMainWorld('ledgerdesk', bridge);
