/**
 * Sets of characters a part of a rule's pattern can match, for the pattern safety check: exact for
 * the first 256 characters (where bank descriptions live), and one flag for everything above. The
 * check only asks whether two sets can share a character, so "above 255" on both sides counts as
 * shared: that errs towards calling a pattern slow, never towards calling it safe.
 */
export interface CharSet {
  /** One bit per character 0-255. */
  readonly low: Uint32Array;
  /** May match some character above 255. */
  readonly beyond: boolean;
}

const WORDS = 8;

function build(test: (code: number) => boolean, beyond: boolean): CharSet {
  const low = new Uint32Array(WORDS);
  for (let code = 0; code < 256; code += 1) if (test(code)) low[code >> 5]! |= 1 << (code & 31);
  return { low, beyond };
}

const has = (set: CharSet, code: number) => (set.low[code >> 5]! & (1 << (code & 31))) !== 0;

export const EMPTY: CharSet = build(() => false, false);
export const ANY: CharSet = build(() => true, true);
export const DIGIT: CharSet = build((code) => code >= 48 && code <= 57, false);
export const WORD: CharSet = build((code) => /\w/.test(String.fromCharCode(code)), false);
/** \s: tabs, line ends, spaces, no-break space, and above 255 more spaces and line separators. */
export const SPACE: CharSet = build((code) => /\s/.test(String.fromCharCode(code)), true);
/** `.` without the s flag: anything but line ends. */
export const DOT: CharSet = build((code) => code !== 10 && code !== 13, true);

export function union(a: CharSet, b: CharSet): CharSet {
  const low = new Uint32Array(WORDS);
  for (let word = 0; word < WORDS; word += 1) low[word] = a.low[word]! | b.low[word]!;
  return { low, beyond: a.beyond || b.beyond };
}

/** Everything the set does not hold; above 255 is assumed possible, as a negated class allows it. */
export function complement(set: CharSet): CharSet {
  const low = new Uint32Array(WORDS);
  for (let word = 0; word < WORDS; word += 1) low[word] = ~set.low[word]!;
  return { low, beyond: true };
}

export function intersects(a: CharSet, b: CharSet): boolean {
  if (a.beyond && b.beyond) return true;
  for (let word = 0; word < WORDS; word += 1) if ((a.low[word]! & b.low[word]!) !== 0) return true;
  return false;
}

/**
 * How a case-insensitive pattern without the u flag compares characters (ECMAScript Canonicalize):
 * by upper case, unless that takes a character above 127 into ASCII.
 */
function canonical(code: number): number {
  const upper = String.fromCharCode(code).toUpperCase();
  if (upper.length !== 1) return code;
  const folded = upper.charCodeAt(0);
  return code >= 128 && folded < 128 ? code : folded;
}

const CANONICAL = Array.from({ length: 256 }, (_, code) => canonical(code));

/** The set as the i flag matches it: every character 0-255 with the same canonical form as one in it. */
export function caseFolded(set: CharSet): CharSet {
  const forms = new Set<number>();
  for (let code = 0; code < 256; code += 1) if (has(set, code)) forms.add(CANONICAL[code]!);
  // ÿ and µ fold to characters above 255 (Ÿ, Μ), which then match them.
  const beyond = set.beyond || [...forms].some((form) => form > 255);
  return build((code) => forms.has(CANONICAL[code]!), beyond);
}

/** The characters from `from` to `to` (UTF-16 code units, as patterns without the u flag see them). */
export function range(from: number, to: number): CharSet {
  return build((code) => code >= from && code <= to, to > 255);
}

export const single = (code: number): CharSet => range(code, code);
