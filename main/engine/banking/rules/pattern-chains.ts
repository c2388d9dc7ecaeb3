import { ANY, EMPTY, intersects, union, type CharSet } from './char-set';
import type { PatternNode } from './pattern-syntax';

/**
 * How many open-ended parts of a pattern can hand the same characters to one another, in a row: the
 * power of the line's length that a failing match can cost a backtracking engine. `A.*B.*C` against
 * a line of many A and B but no C tries every place for each `.*`, cubic in the line's length
 * (minutes on a 2,000-character line); `^POS .* LONDON$` is linear. Parts separated by something the
 * first cannot take (`\d+ \d+`: a space) are not a row: the first must stop right before it.
 *
 * Each part still open (one that the parts read since could be cut short to make room for) keeps the
 * characters it takes and, for every way the pattern reached here, what was read since it. A later
 * part continues its row when, on some way, it could take all of that too: then the split between
 * them can move. The search for where a match starts is a part of its own (every character), unless
 * the pattern is anchored with ^.
 */

interface OpenPart {
  origin: object;
  takes: CharSet;
  /** Length of the row ending with this part. */
  degree: number;
  /** What each way here read since this part; 'many' when there were too many ways to keep apart. */
  since: CharSet[][] | 'many';
}

export interface Walk {
  open: OpenPart[];
  worst: number;
}

const MAX_WAYS = 16;
const SEARCH = {};

/** The search for a match's start, open before anything is read. */
export const searchStart = (): OpenPart[] => [{ origin: SEARCH, takes: ANY, degree: 1, since: [[]] }];

/** A character everything must read: a part that cannot take it must have stopped before it. */
function afterMandatory(open: readonly OpenPart[], set: CharSet): OpenPart[] {
  return open.filter((part) => intersects(part.takes, set)).map((part) => ({ ...part, since: part.since === 'many' ? 'many' : part.since.map((way) => [...way, set]) }));
}

function continuesRow(part: OpenPart, takes: CharSet): boolean {
  if (part.since === 'many') return true;
  return part.since.some((way) => (way.length === 0 ? intersects(part.takes, takes) : way.every((set) => intersects(set, takes))));
}

/** Parts still open after one of several alternatives: each kept once, with every way it got here. */
function merged(lists: readonly OpenPart[][]): OpenPart[] {
  const byOrigin = new Map<object, OpenPart>();
  for (const part of lists.flat()) {
    const known = byOrigin.get(part.origin);
    if (!known) {
      byOrigin.set(part.origin, part);
      continue;
    }
    const ways = known.since === 'many' || part.since === 'many' ? 'many' : [...new Set([...known.since, ...part.since])];
    byOrigin.set(part.origin, { ...known, degree: Math.max(known.degree, part.degree), since: ways !== 'many' && ways.length > MAX_WAYS ? 'many' : ways });
  }
  return [...byOrigin.values()];
}

/** Every character a part can read. */
function allChars(node: PatternNode): CharSet {
  if (node.kind === 'chars') return node.set;
  if (node.kind === 'repeat') return allChars(node.body);
  if (node.kind === 'group' && !node.lookaround) return node.branches.flat().map(allChars).reduce(union, EMPTY);
  return EMPTY;
}

function walkRepeat(node: Extract<PatternNode, { kind: 'repeat' }>, open: OpenPart[], last: boolean): Walk {
  if (node.max === 0) return { open, worst: 0 };
  // The characters it needs at least once: read them as a fixed part would.
  const entered = node.min >= 1 ? walkNode(node.body, open, false) : { open, worst: 0 };
  if (node.min === node.max) return entered;
  // Nothing after the pattern's last part can fail, so it never has to give characters back.
  if (last) return entered;
  const takes = allChars(node.body);
  const row = entered.open.filter((part) => continuesRow(part, takes));
  const degree = 1 + Math.max(0, ...row.map((part) => part.degree));
  const part: OpenPart = { origin: node, takes, degree, since: [[]] };
  return { open: [...entered.open, part], worst: Math.max(entered.worst, degree) };
}

function walkNode(node: PatternNode, open: OpenPart[], last: boolean): Walk {
  switch (node.kind) {
    case 'chars':
      return { open: afterMandatory(open, node.set), worst: 0 };
    case 'assertion':
    case 'backreference':
      return { open, worst: 0 };
    case 'group': {
      const walks = node.branches.map((branch) => walkSequence(branch, open, last));
      const worst = Math.max(0, ...walks.map((walk) => walk.worst));
      // A lookaround reads ahead (or behind) and comes back: what it read is not behind the parts open.
      return { open: node.lookaround ? open : merged(walks.map((walk) => walk.open)), worst };
    }
    case 'repeat':
      return walkRepeat(node, open, last);
  }
}

/** Walks parts in order; `last` when nothing follows the sequence in the whole pattern. */
export function walkSequence(items: readonly PatternNode[], open: OpenPart[], last: boolean): Walk {
  let walk: Walk = { open, worst: 0 };
  items.forEach((item, index) => {
    const next = walkNode(item, walk.open, last && index === items.length - 1);
    walk = { open: next.open, worst: Math.max(walk.worst, next.worst) };
  });
  return walk;
}
