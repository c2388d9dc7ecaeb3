// Single-byte code pages that Node's TextDecoder gets wrong or lacks. Node 20 decodes the label
// windows-1252 (and latin1, which WHATWG aliases to it) as plain ISO-8859-1, so 0x80 comes out as a
// control character instead of the euro sign; and it has no CP852 (DOS Latin-2) at all, which
// Hungarian, Czech and Polish banks still use for MT940. Both are spelled out here.

// Windows-1252 bytes 0x80-0x9F; the five undefined ones stay C1 controls, as WHATWG decodes them.
const WINDOWS_1252_C1 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

// CP852 bytes 0x80-0xFF.
const CP852_UPPER_HALF =
  'ÇüéâäůćçłëŐőîŹÄĆÉĹĺôöĽľŚśÖÜŤťŁ×čáíóúĄąŽžĘę¬źČş«»░▒▓│┤ÁÂĚŞ╣║╗╝Żż┐└┴┬├─┼Ăă╚╔╩╦╠═╬¤đĐĎËďŇÍÎě┘┌█▄ŢŮ▀ÓßÔŃńňŠšŔÚŕŰýÝţ´\u00AD˝˛ˇ˘§÷¸°¨˙űŘř■\u00A0';

const WINDOWS_1252 = codePoints((byte) => (byte >= 0x80 && byte < 0xa0 ? WINDOWS_1252_C1.charCodeAt(byte - 0x80) : byte));
const CP852 = codePoints((byte) => (byte < 0x80 ? byte : CP852_UPPER_HALF.charCodeAt(byte - 0x80)));

export function decodeWindows1252(bytes: Uint8Array): string {
  return decodeTable(bytes, WINDOWS_1252);
}

export function decodeCp852(bytes: Uint8Array): string {
  return decodeTable(bytes, CP852);
}

function codePoints(map: (byte: number) => number): Uint16Array {
  const table = new Uint16Array(256);
  for (let byte = 0; byte < 256; byte++) table[byte] = map(byte);
  return table;
}

function decodeTable(bytes: Uint8Array, table: Uint16Array): string {
  const parts: string[] = [];
  // String.fromCharCode takes its arguments on the stack, so convert in slices.
  const SLICE = 8192;
  const units = new Uint16Array(SLICE);
  for (let start = 0; start < bytes.length; start += SLICE) {
    const end = Math.min(bytes.length, start + SLICE);
    for (let i = start; i < end; i++) units[i - start] = table[bytes[i]];
    parts.push(String.fromCharCode(...units.subarray(0, end - start)));
  }
  return parts.join('');
}
