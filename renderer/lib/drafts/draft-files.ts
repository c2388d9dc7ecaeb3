/**
 * An editor's state as a draft holds it: plain JSON, with each chosen File as its bytes in base64 (so a
 * restored draft attaches exactly the file that was chosen, even after a crash), and each record url
 * without its origin: browser mode's port changes from one start to the next, and a restored contact
 * must be the picker's own url again. `fingerprint` is the cheap comparison used to tell whether the
 * editor changed; it names a file without reading it.
 */
import { recordOrigin } from '../api';

const RECORD_URL = /^[a-z][a-z0-9+.-]*:\/\/[^/]+(\/v2\/.*)$/i;
const KEPT_URL = 'record:';

interface StoredFile {
  __file: true;
  name: string;
  type: string;
  lastModified: number;
  base64: string;
}

const isStoredFile = (value: unknown): value is StoredFile => typeof value === 'object' && value !== null && (value as { __file?: unknown }).__file === true;

const encoded = new WeakMap<File, Promise<StoredFile>>();

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode takes its bytes as arguments, and too many overflow the stack.
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

function storeFile(file: File): Promise<StoredFile> {
  let stored = encoded.get(file);
  if (!stored) {
    stored = file.arrayBuffer().then((buffer) => ({ __file: true, name: file.name, type: file.type, lastModified: file.lastModified, base64: toBase64(new Uint8Array(buffer)) }));
    encoded.set(file, stored);
  }
  return stored;
}

/** The state with every File replaced by its stored form. */
export async function encodeState(value: unknown): Promise<unknown> {
  if (value instanceof File) return storeFile(value);
  if (typeof value === 'string') {
    const url = RECORD_URL.exec(value);
    return url ? KEPT_URL + url[1]! : value;
  }
  if (Array.isArray(value)) return Promise.all(value.map(encodeState));
  if (typeof value === 'object' && value !== null) {
    const entries = await Promise.all(Object.entries(value).map(async ([name, inner]) => [name, await encodeState(inner)] as const));
    return Object.fromEntries(entries);
  }
  return value;
}

/** The state as the editor held it, files made again from their bytes. */
export function decodeState(value: unknown): unknown {
  if (isStoredFile(value)) {
    const bytes = Uint8Array.from(atob(value.base64), (char) => char.charCodeAt(0));
    return new File([bytes], value.name, { type: value.type, lastModified: value.lastModified });
  }
  if (typeof value === 'string' && value.startsWith(`${KEPT_URL}/v2/`)) return recordOrigin() + value.slice(KEPT_URL.length);
  if (Array.isArray(value)) return value.map(decodeState);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, decodeState(inner)]));
  return value;
}

/** A string that changes when anything in the state does; files by name, size and date. */
export function fingerprint(value: unknown): string {
  return JSON.stringify(value, (_name, inner: unknown) => (inner instanceof File ? { file: inner.name, size: inner.size, at: inner.lastModified } : inner));
}
