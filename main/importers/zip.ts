import { unzipSync } from 'fflate';

/**
 * The files inside a zip (banks deliver a day's CAMT.053 statements that way). fflate is pure
 * JavaScript and synchronous, which keeps the importers a plain function of bytes.
 */

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

// A statement archive is small; refuse anything that would inflate into a memory problem.
const MAX_ENTRY_BYTES = 256 * 1024 * 1024;
const MAX_ENTRIES = 1000;

export function readZip(bytes: Uint8Array): { entries: ZipEntry[]; skipped: string[] } {
  const skipped: string[] = [];
  let count = 0;
  const files = unzipSync(bytes, {
    filter: (file) => {
      const wanted = !file.name.endsWith('/') && !isPlatformJunk(file.name);
      if (wanted && (file.originalSize > MAX_ENTRY_BYTES || ++count > MAX_ENTRIES)) {
        skipped.push(file.name);
        return false;
      }
      return wanted;
    },
  });
  const entries = Object.entries(files)
    .map(([name, content]) => ({ name, bytes: content }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { entries, skipped };
}

// macOS and Windows add these when zipping; they are never statements.
function isPlatformJunk(name: string): boolean {
  return name.startsWith('__MACOSX/') || /(^|\/)(\.DS_Store|Thumbs\.db|desktop\.ini)$/i.test(name);
}
