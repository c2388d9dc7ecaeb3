/**
 * What String.prototype.trim removes, by character code: ECMAScript's WhiteSpace (tab, vertical
 * tab, form feed, no-break space, byte order mark, every Unicode space separator) and
 * LineTerminator. For parsers that look at text in place rather than trim a copy of it.
 */
export function isTrimmedSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff
  );
}

/** Whether the text from `from` to `to` is empty once trimmed. */
export function blankBetween(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isTrimmedSpace(text.charCodeAt(i))) return false;
  return true;
}
