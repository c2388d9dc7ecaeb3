import { ANY, DIGIT, DOT, EMPTY, SPACE, WORD, caseFolded, complement, range, single, union, type CharSet } from './char-set';

/**
 * A rule's pattern read as the engine compiles it: a JavaScript regular expression with the i flag
 * and without u, so the web-compatibility grammar (ECMAScript Annex B) applies: a lone `]`, `{` or
 * `}` is a literal, `\u{41}` is "u" repeated 41 times, `\8` is "8", `[]` matches nothing and `[^]`
 * anything. Only what the safety check needs is kept: what each part can match and how it repeats.
 * The pattern has already compiled, so the reader never refuses; on text that would not compile it
 * still ends, reading what it does not know as literal characters.
 */
export type PatternNode =
  | { kind: 'chars'; set: CharSet; start: number; end: number }
  /** ^ $ \b \B: match no character; `atStart` is ^. */
  | { kind: 'assertion'; atStart: boolean; start: number; end: number }
  | { kind: 'backreference'; start: number; end: number }
  | { kind: 'group'; branches: PatternNode[][]; lookaround: boolean; start: number; end: number }
  | { kind: 'repeat'; body: PatternNode; min: number; max: number; start: number; end: number };

/** The pattern's top level: its alternatives, each a sequence of parts. */
export type PatternTree = PatternNode[][];

const CONTROL: Readonly<Record<string, number>> = { f: 12, n: 10, r: 13, t: 9, v: 11 };
const CLASS_ESCAPES: Readonly<Record<string, CharSet>> = { d: DIGIT, D: complement(DIGIT), w: WORD, W: complement(WORD), s: SPACE, S: complement(SPACE) };
const BRACED = /^\{(\d+)(?:(,)(\d*))?\}/;
const HEX2 = /^[0-9a-fA-F]{2}/;
const HEX4 = /^[0-9a-fA-F]{4}/;

/** One character (or class) read after a backslash; `length` counts what follows the backslash. */
interface Escaped {
  set: CharSet;
  /** A code point when the escape stands for one character (a class range may use it). */
  code: number | null;
  length: number;
}

function codeEscape(pattern: string, at: number, inClass: boolean): Escaped {
  const letter = pattern[at] ?? '\\';
  const known = CLASS_ESCAPES[letter];
  if (known) return { set: known, code: null, length: 1 };
  const one = (code: number, length: number): Escaped => ({ set: single(code), code, length });
  if (CONTROL[letter] !== undefined) return one(CONTROL[letter], 1);
  if (letter === 'x' && HEX2.test(pattern.slice(at + 1))) return one(parseInt(pattern.slice(at + 1, at + 3), 16), 3);
  if (letter === 'u' && HEX4.test(pattern.slice(at + 1))) return one(parseInt(pattern.slice(at + 1, at + 5), 16), 5);
  if (letter === 'c') {
    const next = pattern[at + 1] ?? '';
    if (/[A-Za-z]/.test(next) || (inClass && /[\d_]/.test(next))) return one(next.charCodeAt(0) % 32, 2);
    // A \c without a letter is a backslash; the c is read next, as a literal.
    return { set: single(92), code: 92, length: 0 };
  }
  if (/[0-7]/.test(letter)) {
    // Legacy octal: \0, and \1-\7 inside a class or beyond the groups there are (references are read earlier).
    const digits = /^[0-7]{1,3}/.exec(pattern.slice(at))![0];
    const fits = parseInt(digits, 8) <= 255 ? digits : digits.slice(0, 2);
    return one(parseInt(fits, 8), fits.length);
  }
  if (inClass && letter === 'b') return one(8, 1);
  return one(letter.charCodeAt(0), 1);
}

/** How many groups capture: a \N beyond them is not a reference but a character (Annex B). */
function capturingGroups(pattern: string): number {
  let count = 0;
  let inClass = false;
  for (let at = 0; at < pattern.length; at += 1) {
    const char = pattern[at];
    if (char === '\\') at += 1;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(' && (pattern[at + 1] !== '?' || /^\?<[^=!]/.test(pattern.slice(at + 1, at + 4)))) count += 1;
  }
  return count;
}

class Reader {
  private at = 0;
  private readonly groups: number;
  private readonly namedGroups: boolean;

  constructor(private readonly pattern: string) {
    this.groups = capturingGroups(pattern);
    this.namedGroups = /\(\?<(?![=!])/.test(pattern);
  }

  disjunction(): PatternTree {
    const branches: PatternNode[][] = [this.sequence()];
    while (this.pattern[this.at] === '|') {
      this.at += 1;
      branches.push(this.sequence());
    }
    return branches;
  }

  private sequence(): PatternNode[] {
    const items: PatternNode[] = [];
    while (this.at < this.pattern.length && this.pattern[this.at] !== '|' && this.pattern[this.at] !== ')') {
      items.push(this.quantified(this.atom()));
    }
    return items;
  }

  private quantified(node: PatternNode): PatternNode {
    const rest = this.pattern.slice(this.at);
    let min: number;
    let max: number;
    let length = 1;
    if (rest[0] === '*') [min, max] = [0, Infinity];
    else if (rest[0] === '+') [min, max] = [1, Infinity];
    else if (rest[0] === '?') [min, max] = [0, 1];
    else {
      const braced = BRACED.exec(rest);
      if (!braced) return node;
      min = Number(braced[1]);
      max = braced[2] === undefined ? min : braced[3] === '' ? Infinity : Number(braced[3]);
      length = braced[0].length;
    }
    this.at += length;
    if (this.pattern[this.at] === '?') this.at += 1; // lazy: tries the same ways in another order
    return { kind: 'repeat', body: node, min, max, start: node.start, end: this.at };
  }

  private atom(): PatternNode {
    const start = this.at;
    const char = this.pattern[this.at]!;
    this.at += 1;
    const chars = (set: CharSet): PatternNode => ({ kind: 'chars', set: caseFolded(set), start, end: this.at });
    if (char === '^' || char === '$') return { kind: 'assertion', atStart: char === '^', start, end: this.at };
    if (char === '.') return chars(DOT);
    if (char === '(') return this.group(start);
    if (char === '[') return chars(this.charClass());
    if (char !== '\\') return chars(single(char.charCodeAt(0)));
    const next = this.pattern[this.at] ?? '';
    if (next === 'b' || next === 'B') {
      this.at += 1;
      return { kind: 'assertion', atStart: false, start, end: this.at };
    }
    const number = /^[1-9]\d*/.exec(this.pattern.slice(this.at))?.[0];
    if ((number !== undefined && Number(number) <= this.groups) || (next === 'k' && this.namedGroups)) {
      this.at += number?.length ?? Math.max(1, this.pattern.indexOf('>', this.at) + 1 - this.at);
      return { kind: 'backreference', start, end: this.at };
    }
    const escaped = codeEscape(this.pattern, this.at, false);
    this.at += escaped.length;
    return chars(escaped.set);
  }

  private group(start: number): PatternNode {
    const head = /^\?(?:<=|<!|[=!]|:|<[^>]*>|[a-z]*(?:-[a-z]*)?:)/.exec(this.pattern.slice(this.at))?.[0] ?? '';
    this.at += head.length;
    const lookaround = /^\?(?:<=|<!|=|!)$/.test(head);
    const branches = this.disjunction();
    if (this.pattern[this.at] === ')') this.at += 1;
    return { kind: 'group', branches, lookaround, start, end: this.at };
  }

  /** After `[`: the class's characters, to its `]`. */
  private charClass(): CharSet {
    const negated = this.pattern[this.at] === '^';
    if (negated) this.at += 1;
    let set = EMPTY;
    while (this.at < this.pattern.length && this.pattern[this.at] !== ']') {
      const from = this.classAtom();
      if (this.pattern[this.at] === '-' && this.pattern[this.at + 1] !== ']' && this.at + 1 < this.pattern.length) {
        const saved = this.at;
        this.at += 1;
        const to = this.classAtom();
        if (from.code !== null && to.code !== null) {
          set = union(set, range(from.code, to.code));
          continue;
        }
        // A class escape at either end makes the dash a literal (Annex B).
        this.at = saved;
      }
      set = union(set, from.set);
    }
    this.at += 1;
    if (negated && set === EMPTY) return ANY;
    return negated ? complement(caseFolded(set)) : set;
  }

  private classAtom(): { set: CharSet; code: number | null } {
    const char = this.pattern[this.at]!;
    this.at += 1;
    if (char !== '\\') return { set: single(char.charCodeAt(0)), code: char.charCodeAt(0) };
    const escaped = codeEscape(this.pattern, this.at, true);
    this.at += escaped.length;
    return escaped;
  }
}

/** The parts of a pattern that compiles (anything after a stray `)`, which would not, is left out). */
export function readPattern(pattern: string): PatternTree {
  return new Reader(pattern).disjunction();
}
