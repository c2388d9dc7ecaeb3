import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';

/**
 * The files inside a zip (banks deliver a day's CAMT.053 statements that way). fflate is pure
 * JavaScript and synchronous, which keeps the importers a plain function of bytes.
 *
 * A zip is read as a stream and the inflated bytes are counted as they come out, so a zip bomb is
 * refused after at most MAX_TOTAL_BYTES of work and memory. The sizes a zip declares in its headers
 * are not trusted: they can be written to say anything.
 */

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

export type ZipReading = { entries: ZipEntry[]; refusal?: undefined } | { entries: []; refusal: string };

// A year of daily statements is 365 files of a few kilobytes each; the largest statement file seen
// in the corpus is 28 KB. These bounds leave room for any real delivery and none for a bomb.
export const MAX_ZIP_ENTRIES = 400;
export const MAX_ZIP_TOTAL_BYTES = 64 * 1024 * 1024;

// Stored (0) and deflated (8): the two methods every zip tool writes and the two fflate unpacks.
const READABLE_METHODS = new Set([0, 8]);

const MEBIBYTE = 1024 * 1024;
const PUSH_SLICE_BYTES = 16 * 1024;

export function readZip(bytes: Uint8Array): ZipReading {
  if (!hasEndRecord(bytes)) return { entries: [], refusal: 'The zip file is cut short (its table of contents is missing). Download the statements again.' };
  const entries: ZipEntry[] = [];
  let refusal: string | undefined;
  let count = 0;
  let total = 0;
  const unfinished = new Set<string>();
  const refuse = (reason: string) => {
    refusal ??= reason;
  };

  const unzip = new Unzip((file: UnzipFile) => {
    if (refusal || file.name.endsWith('/') || isPlatformJunk(file.name)) return;
    count += 1;
    if (count > MAX_ZIP_ENTRIES) {
      refuse(`The zip file holds more than ${MAX_ZIP_ENTRIES} files; send the statements in smaller zips.`);
      return;
    }
    // fflate 0.8 reports an unknown method and then goes on to call a missing decoder, which throws.
    if (!READABLE_METHODS.has(file.compression)) {
      refuse(`${file.name} in the zip is packed with a method Ledgerdesk cannot unpack; zip the statements again with ordinary compression.`);
      return;
    }
    const chunks: Uint8Array[] = [];
    unfinished.add(file.name);
    file.ondata = (error, chunk, final) => {
      if (refusal) return;
      // fflate's own words ("invalid distance", "unexpected EOF") mean nothing to the person importing.
      if (error) {
        refuse(`${file.name} in the zip is damaged: its packed data does not unpack. Download the statements again.`);
        return;
      }
      total += chunk.length;
      if (total > MAX_ZIP_TOTAL_BYTES) {
        refuse(`The zip file unpacks to more than ${MAX_ZIP_TOTAL_BYTES / MEBIBYTE} MB; a statement archive is far smaller, so it was not read.`);
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (!final) return;
      unfinished.delete(file.name);
      entries.push({ name: file.name, bytes: joined(chunks) });
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  // Fed in slices so that reading stops at the first refusal: one push of the whole zip would go on
  // inflating every entry after it.
  // fflate throws "invalid zip data" when the zip ends inside an entry's packed data.
  try {
    for (let at = 0; at < bytes.length && !refusal; at += PUSH_SLICE_BYTES) {
      const end = Math.min(bytes.length, at + PUSH_SLICE_BYTES);
      unzip.push(bytes.subarray(at, end), end === bytes.length);
    }
  } catch {
    refuse('The zip file is damaged: an entry in it ends where its header says it goes on. Download the statements again.');
  }

  // A zip cut short in transfer ends inside an entry: its data never reaches the end.
  const [cut] = unfinished;
  if (!refusal && cut !== undefined) refuse(`The zip file is cut short: ${cut} in it ends early. Download the statements again.`);
  if (refusal) return { entries: [], refusal };
  return { entries: entries.sort((a, b) => a.name.localeCompare(b.name)) };
}

// A whole zip ends with its end-of-central-directory record (22 bytes plus a comment of up to 64 KB).
function hasEndRecord(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= earliest; at -= 1) {
    if (view.getUint32(at, true) === 0x06054b50) return true;
  }
  return false;
}

function joined(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

// macOS and Windows add these when zipping; they are never statements.
function isPlatformJunk(name: string): boolean {
  return name.startsWith('__MACOSX/') || /(^|\/)(\.DS_Store|Thumbs\.db|desktop\.ini)$/i.test(name);
}
