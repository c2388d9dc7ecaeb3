import { intersects, union, EMPTY, type CharSet } from './char-set';
import { searchStart, walkSequence } from './pattern-chains';
import { readPattern, type PatternNode, type PatternTree } from './pattern-syntax';

/**
 * Whether a rule's `matches` pattern can be tried on every bank line without freezing the engine.
 * JavaScript's regular expressions backtrack: `^(\w+\s?)+$` took 3.3 s on a 28-character card
 * reference, doubling with each character, and every register read and import tries every rule. No
 * linear engine ships with the app (better-sqlite3 is its only native module), so a pattern whose
 * cost can explode is refused when the rule is saved, and never run when an older book holds one.
 *
 * Refused: a reference back to a group (`\1`); a repeated part that holds something repeating or
 * optional (`(\w+\s?)+`, `(a*)*`), or a choice whose options can begin alike or match nothing
 * (`(A|AB)+`); three open-ended parts in a row that can take the same characters (see
 * pattern-chains.ts), counting the search for the match's start unless it is anchored with ^. What
 * people write for bank lines passes: `^TFL\b`, `AMAZON|AMZN`, `CARD \d{4}`, `(DD|SO) HMRC`,
 * `^POS .* LONDON$`, `.*TFL.*TRAVEL.*`, `( [A-Z]+)*`. Lookarounds are kept: a rule's conditions have
 * no "does not contain", so `^(?!.*REFUND)` is how a person leaves lines out, and a lookaround is
 * checked like any other part.
 */

/** The longest pattern a rule may hold: enough for any payee, short enough to test every line quickly. */
export const MAX_PATTERN = 200;

const TOO_LONG = 'could take too long to check on some bank lines';

const fragment = (pattern: string, node: PatternNode) => pattern.slice(node.start, node.end);

function everyNode(nodes: readonly PatternNode[], visit: (node: PatternNode) => string | null): string | null {
  for (const node of nodes) {
    const found = visit(node) ?? (node.kind === 'group' ? everyNode(node.branches.flat(), visit) : node.kind === 'repeat' ? everyNode([node.body], visit) : null);
    if (found) return found;
  }
  return null;
}

function canBeEmpty(node: PatternNode): boolean {
  if (node.kind === 'chars') return false;
  if (node.kind === 'repeat') return node.min === 0 || canBeEmpty(node.body);
  if (node.kind === 'group' && !node.lookaround) return node.branches.some((branch) => branch.every(canBeEmpty));
  return true;
}

/** The characters a sequence can begin with (past parts that may match nothing). */
function firstChars(items: readonly PatternNode[]): CharSet {
  let set = EMPTY;
  for (const item of items) {
    if (item.kind === 'chars') return union(set, item.set);
    if (item.kind === 'repeat') set = union(set, firstChars([item.body]));
    if (item.kind === 'group' && !item.lookaround) set = union(set, item.branches.map(firstChars).reduce(union, EMPTY));
    if (!canBeEmpty(item)) return set;
  }
  return set;
}

/** A choice inside a repeated part must be decided by its first character, or each turn may go two ways. */
function ambiguousChoice(node: PatternNode): boolean {
  if (node.kind !== 'group' || node.branches.length < 2) return false;
  if (node.branches.some((branch) => branch.every(canBeEmpty))) return true;
  const firsts = node.branches.map(firstChars);
  return firsts.some((set, index) => firsts.slice(index + 1).some((other) => intersects(set, other)));
}

function repeatProblem(pattern: string, node: PatternNode): string | null {
  if (node.kind !== 'repeat' || node.max <= 1) return null;
  // Two turns of the part in a row: if something in one can hand characters to the next, the turns
  // can split the text in many ways.
  if (walkSequence([node.body, node.body], [], false).worst >= 2) {
    return `repeats a part that itself repeats or is optional (${fragment(pattern, node)}), which ${TOO_LONG}; repeat a single character or set instead, such as [\\w ]+`;
  }
  const choice = everyNode([node.body], (inner) => (ambiguousChoice(inner) ? fragment(pattern, inner) : null));
  if (choice) return `repeats a choice whose options can match the same text (${choice}), which ${TOO_LONG}; make each option begin with a different character`;
  return null;
}

const OPEN_ANY = /^\.\*\??$/;

/**
 * The pattern as it is searched for: a `.*` at the start or end of an alternative changes nothing for
 * a test (it may match nothing), but costs a power of the line's length; people write them out of
 * habit (`.*TFL.*TRAVEL.*`), so they are dropped rather than refused.
 */
function searchForm(pattern: string, tree: PatternTree): { source: string; tree: PatternTree } {
  const open = (node: PatternNode | undefined) => node !== undefined && OPEN_ANY.test(fragment(pattern, node));
  const branches = tree.map((branch) => {
    let from = 0;
    let to = branch.length;
    while (from < to && open(branch[from])) from += 1;
    while (to > from && open(branch[to - 1])) to -= 1;
    return branch.slice(from, to);
  });
  const source = branches.map((branch) => (branch.length === 0 ? '' : pattern.slice(branch[0]!.start, branch.at(-1)!.end))).join('|');
  return { source, tree: branches };
}

function rowProblem(tree: PatternTree): string | null {
  const anchored = (branch: PatternNode[]) => branch[0]?.kind === 'assertion' && branch[0].atStart;
  const worst = Math.max(0, ...tree.map((branch) => walkSequence(branch, anchored(branch) ? [] : searchStart(), true).worst));
  if (worst < 3) return null;
  return `has open-ended parts in a row (such as .* or \\d+) that can take the same characters, which ${TOO_LONG}; split it into two conditions (a rule needs every condition to hold), or begin it with ^`;
}

export type CheckedPattern = { ok: true; regExp: RegExp } | { ok: false; problem: string };

/**
 * A description pattern checked and compiled (case-insensitive) as matching uses it, or why it cannot
 * be used: the problem reads after the condition's name ("conditions[0].value ...").
 */
export function checkPattern(pattern: string): CheckedPattern {
  if (pattern.length > MAX_PATTERN) return { ok: false, problem: `must be at most ${MAX_PATTERN} characters` };
  try {
    new RegExp(pattern, 'i');
  } catch (error) {
    return { ok: false, problem: `is not a regular expression: ${(error as Error).message}` };
  }
  const tree = readPattern(pattern);
  const flat = tree.flat();
  const reference = everyNode(flat, (node) => (node.kind === 'backreference' ? fragment(pattern, node) : null));
  if (reference) return { ok: false, problem: `refers back to an earlier group (${reference}), which ${TOO_LONG}; write the text out again instead` };
  const repeated = everyNode(flat, (node) => repeatProblem(pattern, node));
  if (repeated) return { ok: false, problem: repeated };
  const search = searchForm(pattern, tree);
  const row = rowProblem(search.tree);
  if (row) return { ok: false, problem: row };
  return { ok: true, regExp: new RegExp(search.source, 'i') };
}
