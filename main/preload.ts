import { contextBridge, ipcRenderer } from 'electron';
import { API_CHANNEL, EVENT_CHANNEL, type LedgerdeskBridge } from '../shared/bridge';

type EventListener = (event: { name: string; data: unknown }) => void;

// The smallest surface the renderer needs: one request function and one event subscription.
const bridge: LedgerdeskBridge & { onEvent(listener: EventListener): () => void } = {
  request: (method, path, options = {}) => ipcRenderer.invoke(API_CHANNEL, { method, path, ...options }),
  onEvent(listener) {
    const handler = (_event: unknown, payload: { name: string; data: unknown }) => listener(payload);
    ipcRenderer.on(EVENT_CHANNEL, handler);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, handler);
  },
};

contextBridge.exposeInMainWorld('ledgerdesk', bridge);
