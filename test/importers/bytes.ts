// Test fixtures as the bytes a bank would send, in the encodings banks use.

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

export const utf8WithBom = (text: string): Uint8Array => new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]);

export function utf16(text: string, order: 'le' | 'be', bom = true): Uint8Array {
  const bytes: number[] = bom ? (order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (order === 'le') bytes.push(unit & 0xff, unit >> 8);
    else bytes.push(unit >> 8, unit & 0xff);
  }
  return new Uint8Array(bytes);
}

/** Text whose characters are all below U+0100 or in `extra`, one byte each. */
export function singleByte(text: string, extra: Record<string, number> = {}): Uint8Array {
  return new Uint8Array(
    [...text].map((ch) => {
      if (ch in extra) return extra[ch];
      const code = ch.charCodeAt(0);
      if (code > 0xff) throw new Error(`no byte for ${ch}`);
      return code;
    }),
  );
}

// Windows-1252 bytes for the characters that differ from Latin-1.
export const WINDOWS_1252 = { '€': 0x80, '—': 0x97, '™': 0x99, '‘': 0x91, '’': 0x92 };

// CP852 bytes for Hungarian and Czech letters.
export const CP852 = { á: 0xa0, é: 0x82, í: 0xa1, ó: 0xa2, ö: 0x94, ő: 0x8b, ú: 0xa3, ü: 0x81, ű: 0xfb, Á: 0xb5, É: 0x90, č: 0x9f, ě: 0xd8, ř: 0xfd, ž: 0xa7 };
