import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { API_CHANNEL, DROP_CHANNEL, EVENT_CHANNEL, type LedgerdeskBridge } from '../shared/bridge';

type EventListener = (event: { name: string; data: unknown }) => void;

// The smallest surface the renderer needs: one request function, one event subscription, and a way
// to hand main the files the user dropped.
const bridge: LedgerdeskBridge & { onEvent(listener: EventListener): () => void } = {
  request: (method, path, options = {}) => ipcRenderer.invoke(API_CHANNEL, { method, path, ...options }),
  // Only a File from a drop or a file dialog has a path on disk; one the page made itself has none,
  // so the page cannot name a file for main to read.
  dropFiles(files, upload) {
    const filePaths = files.map((file) => (file instanceof File ? webUtils.getPathForFile(file) : ''));
    if (filePaths.length === 0 || filePaths.some((path) => !path)) return Promise.reject(new Error('Only files dropped on the window or chosen in a file dialog can be imported'));
    return ipcRenderer.invoke(DROP_CHANNEL, { path: upload.path, query: upload.query, fields: upload.fields, filePaths });
  },
  onEvent(listener) {
    const handler = (_event: unknown, payload: { name: string; data: unknown }) => listener(payload);
    ipcRenderer.on(EVENT_CHANNEL, handler);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, handler);
  },
};

contextBridge.exposeInMainWorld('ledgerdesk', bridge);
