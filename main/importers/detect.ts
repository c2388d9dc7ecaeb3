import type { StatementFormat } from './types';

/**
 * Which parser a file needs, from its content. Extensions lie (a file called bofa.ofx holding an
 * AMEX statement, CAMT files with no extension at all), so the name is used only when the content
 * is unrecognisable, to pick the parser whose refusal message will be the most useful.
 */

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * A document that is surely not a statement, by its first bytes: a PDF (what a bank's statement
 * download often is) or an image. Without this check a PDF's text lines split into fields and it
 * was read as a CSV of nonsense rows. Answers the kind in words ("a PDF"), or null.
 */
export function knownDocument(bytes: Uint8Array): string | null {
  const starts = (...signature: number[]) => bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
  // %PDF- may follow a line of junk (some generators); the spec allows it anywhere in the first 1024 bytes.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (/(^|[\r\n])%PDF-\d\.\d/.test(head)) return 'a PDF';
  if (starts(0x89, 0x50, 0x4e, 0x47) || starts(0xff, 0xd8, 0xff) || starts(0x47, 0x49, 0x46, 0x38)) return 'an image';
  return null;
}

const HEAD_LENGTH = 8192;

export function detectFormat(text: string, fileName?: string): StatementFormat | null {
  const head = text.slice(0, HEAD_LENGTH);
  const extension = fileName ? /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() : undefined;

  if (/<(?:[\w-]+:)?(?:Document|BkToCstmr\w+)[\s>]/.test(head) && !/<OFX[\s>]/i.test(head)) return 'camt053';
  if (/OFXHEADER|<OFX[\s>]|<\?OFX/i.test(head)) return extension === 'qfx' ? 'qfx' : 'ofx';
  if (looksLikeMt940(head)) return 'mt940';
  if (looksLikeQif(head)) return 'qif';
  if (looksLikeFreeAgentCsv(head)) return 'freeagent-csv';
  if (looksLikeDelimited(head)) return 'csv';
  return formatForExtension(extension);
}

function looksLikeMt940(head: string): boolean {
  return /\{1:F01|\{2:[IO]94[02]/.test(head) || /^:(20|25|28C?|60[FM]|61):/m.test(head);
}

function looksLikeQif(head: string): boolean {
  for (const line of head.split(/\r\n|\r|\n/)) {
    const trimmed = line.trim();
    // Comments, blank lines and a stray record end may come before the first header.
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('^')) continue;
    return /^!(Type|Account|Option|Clear)\b/i.test(trimmed);
  }
  return false;
}

// FreeAgent's own statement CSV: dd/mm/yyyy,amount,description with no header.
const FREEAGENT_LINE = /^\d{2}\/\d{2}\/\d{4},-?\d+(\.\d{1,2})?,/;

function looksLikeFreeAgentCsv(head: string): boolean {
  const lines = head.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '');
  // The head may end mid-line; judge whole lines only.
  const whole = lines.length > 1 ? lines.slice(0, -1) : lines;
  return whole.length > 0 && whole.every((line) => FREEAGENT_LINE.test(line));
}

/** Several lines split into the same number (two or more) of fields by one delimiter. */
function looksLikeDelimited(head: string): boolean {
  const lines = head.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '').slice(0, 40);
  if (lines.length === 0) return false;
  for (const delimiter of [',', ';', '\t', '|']) {
    const counts = new Map<number, number>();
    for (const line of lines) {
      const fields = line.split(delimiter).length;
      if (fields > 1) counts.set(fields, (counts.get(fields) ?? 0) + 1);
    }
    const best = Math.max(0, ...counts.values());
    if (best >= 2 || (lines.length === 1 && best === 1)) return true;
  }
  return false;
}

function formatForExtension(extension: string | undefined): StatementFormat | null {
  switch (extension) {
    case 'ofx':
      return 'ofx';
    case 'qfx':
      return 'qfx';
    case 'qif':
      return 'qif';
    case 'sta':
    case 'mt940':
    case '940':
      return 'mt940';
    case 'xml':
    case 'camt':
    case '053':
      return 'camt053';
    case 'csv':
      return 'csv';
    default:
      return null;
  }
}
