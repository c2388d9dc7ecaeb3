/**
 * A receipt picked or dropped, checked before it is sent: the types and the size the engine takes
 * (api-notes: attachments), so the person hears at once, at the field, what is wrong with a file
 * instead of after Save. The engine checks the bytes again (a .pdf that is not a PDF is its 422).
 */
import type { NewAttachment } from './api/attachments';

export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

/** What the engine accepts, by type; the extension stands in when the system gives no type. */
const TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  txt: 'text/plain',
  csv: 'text/csv',
};
const ACCEPTED_TYPES = new Set(Object.values(TYPES_BY_EXTENSION));
const ALIASES: Readonly<Record<string, string>> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

/** For a file input's accept attribute. */
export const ATTACHMENT_ACCEPT = Object.keys(TYPES_BY_EXTENSION)
  .map((extension) => `.${extension}`)
  .join(',');

export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(Math.round((bytes * 10) / (1024 * 1024)) / 10).toFixed(1)} MB`;
}

export function attachmentType(name: string, declared: string): string | null {
  const type = ALIASES[declared.toLowerCase()] ?? declared.toLowerCase();
  if (ACCEPTED_TYPES.has(type)) return type;
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  // A browser may call a CSV "application/vnd.ms-excel"; the name says what it is.
  return TYPES_BY_EXTENSION[extension] ?? null;
}

/** Why a file cannot be attached, in a sentence; null when it can. */
export function attachmentProblem(file: { name: string; type: string; size: number }): string | null {
  if (attachmentType(file.name, file.type) === null) return `${file.name} cannot be attached: use a PDF, PNG, JPEG, GIF, TIFF or WebP image, or a text or CSV file.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_ATTACHMENT_BYTES) return `${file.name} is ${fileSizeText(file.size)}; a file can be at most 5 MB.`;
  return null;
}

function base64(bytes: Uint8Array): string {
  // In slices: String.fromCharCode(...all) overflows the stack for a file of megabytes.
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

export type ReadFile = { ok: true; file: NewAttachment } | { ok: false; message: string };

export async function readAttachment(file: File): Promise<ReadFile> {
  const problem = attachmentProblem(file);
  if (problem) return { ok: false, message: problem };
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { ok: true, file: { file_name: file.name, content_type: attachmentType(file.name, file.type)!, data: base64(bytes), size: bytes.length } };
}

const KINDS: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/tiff': 'TIFF image',
  'image/webp': 'WebP image',
  'text/plain': 'text',
  'text/csv': 'CSV',
};
const kindOf = (type: string) => KINDS[type] ?? type;

/**
 * The engine's refusal of a file (api-notes: attachments) as a sentence about that file: the bytes
 * are checked against the type its name gave, which the person never typed.
 */
export function fileRefusal(fileName: string, message: string): string {
  const mismatch = /^attachment content_type is (\S+) but the file is (.+?)\.?$/i.exec(message);
  if (mismatch) {
    const [, declared, found] = mismatch as unknown as [string, string, string];
    return found === 'not of that type' || found === 'not text'
      ? `${fileName} is not really a ${kindOf(declared)}: its contents are something else, whatever its name says.`
      : `${fileName} is really a ${kindOf(found)}, not a ${kindOf(declared)}: rename it and drop it again.`;
  }
  const text = message.replace(/^attachment /i, '').trim();
  return `${fileName}: ${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}

const SENT_FILE = /^attachments\[(\d+)\]: (.*)$/s;

/**
 * Sorts an answer to a record saved with its files in one request: a sentence about the N-th file
 * (`attachments[N]: …`, api-notes "An expense and its receipts in one request") is said about that
 * file by name; the rest are the record's own.
 */
export function fileRefusals(messages: readonly string[], files: readonly { file_name: string }[]): { refused: string[]; rest: string[] } {
  const refused: string[] = [];
  const rest: string[] = [];
  for (const message of messages) {
    const sent = SENT_FILE.exec(message);
    const file = sent ? files[Number(sent[1])] : undefined;
    if (sent && file) refused.push(fileRefusal(file.file_name, sent[2]!));
    else rest.push(message);
  }
  return { refused, rest };
}
