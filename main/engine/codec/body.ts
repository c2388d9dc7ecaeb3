import { ApiError, badRequest } from '../errors';
import { plainMultipart } from './multipart';
import { decodeXml } from './xml';

export const BODY_LIMIT = 10 * 1024 * 1024;
export const STATEMENT_FILE_LIMIT = 50 * 1024 * 1024;

export type BodyFormat = 'json' | 'xml';

export interface UploadedFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface DecodedBody {
  /** The payload with underscore keys, from JSON or XML; undefined when there was no body. */
  value: unknown;
  /** Files of a multipart body, by field name. */
  files: Record<string, UploadedFile>;
  /** Plain fields of a multipart body. */
  fields: Record<string, string>;
}

const tooLarge = (limit: number) => new ApiError(413, `Request body is larger than ${limit / 1024 / 1024} MB`);

/** Reads at most `limit` bytes; a larger body is refused without reading the rest of it. */
export async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export function mediaType(header: string | null): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');
const isXml = (type: string) => type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml');

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badRequest('Request body is not valid UTF-8');
  }
}

async function decodeMultipart(request: Request, bytes: Uint8Array<ArrayBuffer>): Promise<DecodedBody> {
  // The plain body every client here sends is split directly; anything else goes to undici as before.
  const plain = plainMultipart(bytes, request.headers.get('content-type') ?? '');
  if (plain) return { value: undefined, ...plain };
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
  } catch {
    throw badRequest('Malformed multipart form data');
  }
  const files: Record<string, UploadedFile> = {};
  const fields: Record<string, string> = {};
  for (const [name, entry] of form.entries()) {
    if (typeof entry === 'string') fields[name] = entry;
    else files[name] = { name: entry.name, type: entry.type, bytes: new Uint8Array(await entry.arrayBuffer()) };
  }
  return { value: undefined, files, fields };
}

/** Reads and decodes a request body by its Content-Type. Malformed bodies are 400, unknown types 415. */
export async function decodeBody(request: Request, options: { acceptsFiles: boolean }): Promise<DecodedBody> {
  const type = mediaType(request.headers.get('content-type'));
  const multipart = type === 'multipart/form-data';
  if (multipart && !options.acceptsFiles) throw new ApiError(415, 'This endpoint takes application/json or application/xml, not a file upload');
  const bytes = await readLimited(request, multipart ? STATEMENT_FILE_LIMIT : BODY_LIMIT);
  if (multipart) return decodeMultipart(request, bytes);
  const empty = { value: undefined, files: {}, fields: {} };
  if (bytes.byteLength === 0) return empty;
  if (isXml(type)) return { ...empty, value: decodeXml(decodeText(bytes)) };
  if (isJson(type) || type === '') {
    const text = decodeText(bytes);
    if (text.trim() === '') return empty;
    try {
      return { ...empty, value: JSON.parse(text) as unknown };
    } catch {
      throw badRequest('Malformed JSON in request body');
    }
  }
  throw new ApiError(415, `Content-Type ${type} is not supported; send application/json or application/xml`);
}

/** XML when the client asks for it (or sent XML and did not ask for anything else), JSON otherwise. */
export function responseFormat(request: Request): BodyFormat {
  const accept = (request.headers.get('accept') ?? '').toLowerCase();
  const wantsXml = /application\/xml|text\/xml/.test(accept);
  const wantsJson = /application\/json/.test(accept);
  if (wantsXml && !wantsJson) return 'xml';
  if (wantsJson) return 'json';
  return isXml(mediaType(request.headers.get('content-type'))) ? 'xml' : 'json';
}
