import { decodeCp852, decodeWindows1252 } from './single-byte';
import type { ImportMessage } from './types';

/**
 * Bytes to text, once, before any parser sees the file. Order of trust: a byte order mark, then
 * the bytes themselves when they are valid UTF-8 (banks often declare Windows-1252 and send UTF-8;
 * the reverse cannot pass as UTF-8 by accident), then a declared charset (OFX CHARSET:, an XML
 * declaration), then a guess between the single-byte code pages banks actually use.
 */
export interface DecodedText {
  text: string;
  /** The encoding used, as a WHATWG name or "cp852". */
  encoding: string;
  warnings: ImportMessage[];
}

export function decodeStatementBytes(bytes: Uint8Array): DecodedText {
  const bom = byteOrderMark(bytes);
  if (bom) return { text: new TextDecoder(bom.encoding).decode(bytes.subarray(bom.length)), encoding: bom.encoding, warnings: [] };

  const utf16 = sniffUtf16(bytes);
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), encoding: utf16, warnings: [] };

  const utf8 = strictUtf8(bytes);
  if (utf8 !== null) return { text: utf8, encoding: 'utf-8', warnings: [] };

  const declared = declaredEncoding(bytes);
  if (declared && declared !== 'utf-8') return { text: decodeWith(declared, bytes), encoding: declared, warnings: [] };

  const guess = guessSingleByte(bytes);
  const said = declared === 'utf-8' ? 'declares UTF-8 but is not valid UTF-8' : 'is not UTF-8 and names no character set';
  return {
    text: guess.text,
    encoding: guess.encoding,
    warnings: [{ message: `The file ${said}; it was read as ${guess.name}. Check accented letters and currency signs.` }],
  };
}

function byteOrderMark(bytes: Uint8Array): { encoding: string; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/** UTF-16 without a BOM shows as ASCII text with a zero byte beside every character. */
function sniffUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const pairs = Math.min(bytes.length, 1024) >> 1;
  if (pairs < 2) return null;
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (bytes[i] === 0) zeroEven++;
    if (bytes[i + 1] === 0) zeroOdd++;
  }
  if (zeroOdd > pairs * 0.4 && zeroEven < pairs * 0.05) return 'utf-16le';
  if (zeroEven > pairs * 0.4 && zeroOdd < pairs * 0.05) return 'utf-16be';
  return null;
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    return null;
  }
}

// Charset names found in the wild, beyond the labels TextDecoder knows itself.
const CHARSET_ALIASES: Readonly<Record<string, string>> = {
  '1252': 'windows-1252',
  '8859-1': 'windows-1252',
  '88591': 'windows-1252',
  '1250': 'windows-1250',
  '852': 'cp852',
  cp852: 'cp852',
  ibm852: 'cp852',
  'ibm-852': 'cp852',
  'x-ibm852': 'cp852',
  unicode: 'utf-8',
  utf8: 'utf-8',
};

/** The charset the file says it is in: OFX 1.x CHARSET:/ENCODING: headers or an XML declaration. */
function declaredEncoding(bytes: Uint8Array): string | null {
  const head = latin1(bytes.subarray(0, 2048));
  const candidates = [
    /<\?xml[^>]*?encoding\s*=\s*["']\s*([\w.:-]+)/i.exec(head)?.[1],
    /^\s*CHARSET:\s*([\w.-]+)/im.exec(head)?.[1],
    /^\s*ENCODING:\s*([\w.-]+)/im.exec(head)?.[1],
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const label = candidate.toLowerCase();
    // USASCII and NONE say nothing useful once the bytes are known not to be ASCII.
    if (label === 'none' || label === 'usascii' || label === 'us-ascii' || label === 'ascii') continue;
    const known = CHARSET_ALIASES[label] ?? supportedLabel(label);
    if (known) return known;
  }
  return null;
}

function supportedLabel(label: string): string | null {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

function decodeWith(encoding: string, bytes: Uint8Array): string {
  if (encoding === 'cp852') return decodeCp852(bytes);
  if (encoding === 'windows-1252') return decodeWindows1252(bytes);
  return new TextDecoder(encoding).decode(bytes);
}

function latin1(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return text;
}

const SINGLE_BYTE_CANDIDATES = [
  // First wins a tie: Windows-1252 is what UK and Western European exports use (Latin-1 files
  // read the same, since WHATWG treats the label latin1 as windows-1252).
  { encoding: 'windows-1252', name: 'Windows-1252' },
  { encoding: 'cp852', name: 'CP852 (Central European DOS)' },
] as const;

function guessSingleByte(bytes: Uint8Array): { text: string; encoding: string; name: string } {
  let best: { text: string; encoding: string; name: string; score: number } | null = null;
  for (const candidate of SINGLE_BYTE_CANDIDATES) {
    const text = decodeWith(candidate.encoding, bytes);
    const score = plausibility(text);
    if (!best || score > best.score) best = { ...candidate, text, score };
  }
  return best!;
}

const LETTER = /\p{L}/u;
const isLetter = (ch: string | undefined): boolean => ch !== undefined && LETTER.test(ch);
const isAsciiLetter = (ch: string | undefined): ch is string => ch !== undefined && /^[A-Za-z]$/.test(ch);
const isLower = (ch: string): boolean => ch !== ch.toUpperCase();

/**
 * How much a decoding reads like words: an accented letter inside a word of plain letters, in the
 * same case, scores; control characters, box drawing, a capital inside a lower-case word and a
 * symbol wedged between letters cost. Only characters above ASCII are judged, since the candidates
 * agree on the rest, and only plain ASCII neighbours count as evidence, since the neighbours that
 * are themselves decoded could be wrong the same way.
 */
export function plausibility(text: string): number {
  let score = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0xa0 || code === 0xfffd) {
      score -= 5;
      continue;
    }
    if (code >= 0x2500 && code <= 0x25ff) {
      score -= 3;
      continue;
    }
    const ch = text[i];
    const prev = text[i - 1];
    const next = text[i + 1];
    const neighbours = [prev, next].filter(isAsciiLetter);
    if (isLetter(ch)) {
      if (neighbours.length === 0) continue;
      const lower = isLower(ch);
      if (neighbours.every((n) => isLower(n) === lower)) score += 2;
      // A capital opening a word ("Émile") is fine; a capital inside a lower-case word is not.
      else if (!lower && !isLetter(prev)) score += 1;
      else score -= 1;
    } else if (neighbours.length === 2) {
      score -= 2;
    }
  }
  return score;
}
