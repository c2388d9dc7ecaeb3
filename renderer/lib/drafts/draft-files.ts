/**
 * An editor's state as a draft holds it: plain JSON, with each chosen File as its bytes in base64 (so a
 * restored draft attaches exactly the file that was chosen, even after a crash), and each record url
 * without its origin: browser mode's port changes from one start to the next, and a restored contact
 * must be the picker's own url again. Whether the editor changed is draft-compare's.
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
  // The files are read first, then the state is walked in one go: a walk awaiting every value made a
  // promise per field, 18,000 of them for a 2,000-line invoice.
  const files: File[] = [];
  collectFiles(value, files);
  const stored = new Map<File, StoredFile>(await Promise.all(files.map(async (file) => [file, await storeFile(file)] as const)));
  return encodeWith(value, stored);
}

function collectFiles(value: unknown, into: File[]): void {
  if (value instanceof File) into.push(value);
  else if (Array.isArray(value)) for (const inner of value) collectFiles(inner, into);
  else if (typeof value === 'object' && value !== null) for (const inner of Object.values(value)) collectFiles(inner, into);
}

function encodeWith(value: unknown, stored: ReadonlyMap<File, StoredFile>): unknown {
  if (value instanceof File) return stored.get(value);
  if (typeof value === 'string') {
    const url = RECORD_URL.exec(value);
    return url ? KEPT_URL + url[1]! : value;
  }
  if (Array.isArray(value)) return value.map((inner) => encodeWith(inner, stored));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, encodeWith(inner, stored)]));
  return value;
}

/**
 * The state as the editor held it, files made again from their bytes. Decoding what is decoded changes
 * nothing: a stored draft is decoded to read its editor, and its fields again as the editor takes them,
 * and a File walked as an object came out empty (a restored draft lost its files).
 */
export function decodeState(value: unknown): unknown {
  if (value instanceof File) return value;
  if (isStoredFile(value)) {
    const bytes = Uint8Array.from(atob(value.base64), (char) => char.charCodeAt(0));
    return new File([bytes], value.name, { type: value.type, lastModified: value.lastModified });
  }
  if (typeof value === 'string' && value.startsWith(`${KEPT_URL}/v2/`)) return recordOrigin() + value.slice(KEPT_URL.length);
  if (Array.isArray(value)) return value.map(decodeState);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, decodeState(inner)]));
  return value;
}
