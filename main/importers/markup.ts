import { isNameStart, TagNames, type TagName } from './tag-names';

/**
 * A forgiving reader for the tag soup statements come in: OFX 1.x SGML (leaf elements never
 * closed), OFX 2.x XML, the broken mixtures in between (unclosed leaves under an XML declaration,
 * closing tags that match nothing, comments around whole blocks) and well-formed CAMT XML.
 *
 * The rules, which are SGML's: an element that holds text before the next tag is a leaf and ends
 * there; its own closing tag may follow and is then swallowed. A closing tag ends the nearest open
 * element of that name and everything opened inside it; a closing tag for nothing open is ignored.
 * An empty element (<BALAMT></BALAMT>, <BALAMT/>) is a leaf with empty text.
 */

export interface MarkupNode {
  /** Local name: a namespace prefix is dropped (ns2:Document is Document). */
  name: string;
  /** Leaf text, entity-decoded and trimmed; undefined for an element that holds elements. */
  text?: string;
  attributes?: Record<string, string>;
  children: MarkupNode[];
  /** Character offset of the opening tag, for line numbers. */
  offset: number;
}

export interface MarkupOptions {
  /** OFX tag names are case-insensitive: fold them to upper case. */
  upperCase?: boolean;
  /**
   * Elements handed over as soon as they end and then dropped from the tree, so that a statement
   * of 100,000 transactions is read one transaction at a time rather than held whole.
   */
  detach?: DetachedElements;
}

export interface DetachedElements {
  names: ReadonlySet<string>;
  /** `stack[0]` to `stack[depth - 1]` are the element's ancestors, outermost first, for this call only. */
  handle(node: MarkupNode, stack: readonly MarkupNode[], depth: number): void;
}

export function parseMarkup(text: string, start = 0, options: MarkupOptions = {}): MarkupNode {
  const root: MarkupNode = { name: '#document', children: [], offset: start };
  const stack: MarkupNode[] = [root];
  const detach = options.detach;
  const names = new TagNames(options.upperCase ?? false, detach?.names);
  // The name of each open element, beside it on `stack`. Each name counts its open elements: a
  // closing tag for none of them costs no search of the stack, which a broken file thousands of
  // elements deep would otherwise make quadratic.
  const tags: TagName[] = [DOCUMENT_TAG];
  // The leaf ended by text most recently; its closing tag, if it comes next, is swallowed.
  let endedLeaf: MarkupNode | null = null;
  // The text since the last tag. Nearly always it is one run of characters between two tags, kept
  // as a range (runFrom to runTo) until an element takes it, and then sliced once, already trimmed;
  // whitespace between elements is never copied. Anything else (CDATA, a comment cutting text in
  // two, a lone "<") builds `pending` as a string.
  let runFrom = -1;
  let runTo = -1;
  let pending = '';
  // Where the next "&" is, at or after the run being read (`length` if none): entities are rare,
  // and looking for one afresh in every run would read the text twice.
  let nextAmpersand = -1;
  let position = start;
  const length = text.length;

  // Ends the open elements above `depth`, innermost first.
  const closeTo = (depth: number) => {
    while (stack.length > depth) {
      const node = stack.pop()!;
      const tag = tags.pop()!;
      tag.count.open--;
      if (tag.detached) hand(detach!, node, stack);
    }
  };

  const addRun = (from: number, to: number) => {
    if (runFrom < 0 && pending === '') {
      runFrom = from;
      runTo = to;
      return;
    }
    spellOutRun();
    pending += pending === '' ? textBetween(text, from, to) : decodeEntities(text.slice(from, to));
  };

  // The run as `pending` would have held it, for text that comes in more than one piece.
  const spellOutRun = () => {
    if (runFrom < 0) return;
    pending = textBetween(text, runFrom, runTo);
    runFrom = -1;
  };

  // The run entity-decoded and trimmed, as pending.trim() would give it.
  const trimmedRun = (): string => {
    if (nextAmpersand < runFrom) {
      nextAmpersand = text.indexOf('&', runFrom);
      if (nextAmpersand < 0) nextAmpersand = length;
    }
    if (nextAmpersand < runTo) return textBetween(text, runFrom, runTo).trim();
    let from = runFrom;
    let to = runTo;
    while (from < to && isAsciiSpace(text.charCodeAt(from))) from++;
    while (to > from && isAsciiSpace(text.charCodeAt(to - 1))) to--;
    if (from === to) return '';
    // Other spaces (no-break, ideographic...) are trim's to judge.
    if (text.charCodeAt(from) > 127 || text.charCodeAt(to - 1) > 127) return text.slice(from, to).trim();
    return text.slice(from, to);
  };

  // Text between tags goes to the innermost open element if it has no elements yet: that makes it a leaf.
  const settleText = () => {
    const top = stack[stack.length - 1];
    if (stack.length > 1 && top.children.length === 0 && top.text === undefined && (runFrom >= 0 || pending !== '')) {
      const value = runFrom >= 0 ? trimmedRun() : pending.trim();
      if (value !== '') {
        top.text = value;
        closeTo(stack.length - 1);
        endedLeaf = top;
      }
    }
    runFrom = -1;
    pending = '';
  };

  while (position < length) {
    const open = text.indexOf('<', position);
    if (open < 0) {
      addRun(position, length);
      break;
    }
    if (open > position) addRun(position, open);
    const next = text.charCodeAt(open + 1);

    if (next === 33 /* ! */) {
      if (text.startsWith('<!--', open)) {
        const close = text.indexOf('-->', open + 4);
        position = close < 0 ? length : close + 3;
      } else if (text.startsWith('<![CDATA[', open)) {
        const close = text.indexOf(']]>', open + 9);
        spellOutRun();
        pending += text.slice(open + 9, close < 0 ? length : close);
        position = close < 0 ? length : close + 3;
      } else {
        const close = text.indexOf('>', open);
        position = close < 0 ? length : close + 1;
      }
      continue;
    }
    if (next === 63 /* ? */) {
      const close = text.indexOf('?>', open + 2);
      position = close < 0 ? length : close + 2;
      continue;
    }
    const closing = next === 47; /* / */
    const nameStart = closing ? open + 2 : open + 1;
    if (!isNameStart(text.charCodeAt(nameStart))) {
      // A lone "<" in text ("a < b").
      spellOutRun();
      pending += '<';
      position = open + 1;
      continue;
    }
    const tag = names.read(text, nameStart);
    const name = tag.name;
    const nameEnd = nameStart + tag.raw.length;
    const tagEnd = findTagEnd(text, nameEnd);
    const terminated = text.charCodeAt(tagEnd) === 62; /* > */
    position = terminated ? tagEnd + 1 : tagEnd;

    settleText();
    if (closing) {
      // settleText may just have set endedLeaf; TypeScript cannot see assignments made in closures.
      const leaf = endedLeaf as MarkupNode | null;
      const depth = leaf?.name === name || tag.count.open === 0 ? -1 : openDepth(stack, name);
      if (depth > 0) {
        const node = stack[depth];
        if (node.children.length === 0 && node.text === undefined) node.text = '';
        closeTo(depth);
      }
      endedLeaf = null;
      continue;
    }
    endedLeaf = null;
    const selfClosing = terminated && text.charCodeAt(tagEnd - 1) === 47;
    // Every node gets every field from the start: one object shape keeps property reads fast.
    const node: MarkupNode = { name, text: undefined, attributes: undefined, children: NO_CHILDREN, offset: open };
    if (!blank(text, nameEnd, selfClosing ? tagEnd - 1 : tagEnd)) node.attributes = readAttributes(text.slice(nameEnd, selfClosing ? tagEnd - 1 : tagEnd));
    const parent = stack[stack.length - 1];
    if (parent.children === NO_CHILDREN) parent.children = [node];
    else parent.children.push(node);
    if (selfClosing) {
      node.text = '';
      if (tag.detached) hand(detach!, node, stack);
    } else {
      stack.push(node);
      tags.push(tag);
      tag.count.open++;
    }
  }
  settleText();
  // A file cut short leaves elements open; they end with it.
  closeTo(1);
  return root;
}

// Stands beside the root on the stack of names; never popped, so never counted.
const DOCUMENT_TAG: TagName = { raw: '', name: '#document', count: { open: 1, name: '#document' }, detached: false, hash: 0, next: undefined };

/** Gives an ended element to its handler and takes it out of its parent, where it was the last child. */
function hand(detach: DetachedElements, node: MarkupNode, stack: MarkupNode[]): void {
  const parent = stack[stack.length - 1];
  if (parent.children[parent.children.length - 1] === node) parent.children.pop();
  detach.handle(node, stack, stack.length);
}

// Most elements are leaves: they share one empty list until they get a child.
const NO_CHILDREN: MarkupNode[] = [];

/** The text from `from` to `to`, entity-decoded; nothing at all for the whitespace between tags. */
function textBetween(text: string, from: number, to: number): string {
  return blank(text, from, to) ? '' : decodeEntities(text.slice(from, to));
}

function isAsciiSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

function blank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code !== 32 && code !== 10 && code !== 13 && code !== 9) return false;
  }
  return true;
}

/** Where the nearest open element of that name is on the stack, or -1: a closing tag for nothing open is ignored. */
function openDepth(stack: MarkupNode[], name: string): number {
  for (let depth = stack.length - 1; depth > 0; depth--) if (stack[depth].name === name) return depth;
  return -1;
}

/** The nearest ancestor named one of `names`, given a detached element's stack and depth. */
export function nearestAncestor(stack: readonly MarkupNode[], depth: number, names: ReadonlySet<string>): MarkupNode | undefined {
  for (let i = depth - 1; i > 0; i--) if (names.has(stack[i].name)) return stack[i];
  return undefined;
}

/** Index of the tag's ">", or of the "<" that cuts an unterminated tag short, or the end of text. */
function findTagEnd(text: string, from: number): number {
  let quote = 0;
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (quote) {
      if (code === quote) quote = 0;
    } else if (code === 34 || code === 39) {
      quote = code;
    } else if (code === 62 /* > */) {
      return i;
    } else if (code === 60 /* < */) {
      // An unterminated tag: end it before the next one rather than swallow it.
      return i;
    }
  }
  return text.length;
}

function readAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const pattern = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    attributes[match[1]] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

// Queries. Statements are read by name wherever the element sits, so a tree bent out of shape by
// a broken file still yields its values.

export function child(node: MarkupNode | undefined, name: string): MarkupNode | undefined {
  return node?.children.find((c) => c.name === name);
}

export function childrenNamed(node: MarkupNode | undefined, name: string): MarkupNode[] {
  return node ? node.children.filter((c) => c.name === name) : [];
}

// Both walk with their own stack or queue: broken files nest thousands deep, deeper than recursion allows.

/** The nearest element of that name below `node` (the shallowest; among equals, the first). */
export function descendant(node: MarkupNode | undefined, name: string): MarkupNode | undefined {
  if (!node) return undefined;
  // Usually a direct child, or absent from an element of leaves: answered without allocating anything.
  let branches = false;
  for (const c of node.children) {
    if (c.name === name) return c;
    if (c.children.length > 0) branches = true;
  }
  if (!branches) return undefined;
  const queue: MarkupNode[] = [];
  for (const c of node.children) if (c.children.length > 0) queue.push(c);
  for (let head = 0; head < queue.length; head++) {
    for (const c of queue[head].children) {
      if (c.name === name) return c;
      if (c.children.length > 0) queue.push(c);
    }
  }
  return undefined;
}

/** Every element named one of `names` below `node`, in document order, not looking inside the ones found. */
export function descendants(node: MarkupNode | undefined, names: ReadonlySet<string>): MarkupNode[] {
  const found: MarkupNode[] = [];
  if (!node) return found;
  const pending = node.children.slice().reverse();
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (names.has(current.name)) found.push(current);
    else for (let i = current.children.length - 1; i >= 0; i--) pending.push(current.children[i]);
  }
  return found;
}

/** Text of the nearest element of that name below `node`: textAt for one step, without a path array. */
export function textOf(node: MarkupNode | undefined, name: string): string | undefined {
  return descendant(node, name)?.text;
}

/** Text of the element reached by `path` (each step a descendant of the last), or undefined. */
export function textAt(node: MarkupNode | undefined, ...path: string[]): string | undefined {
  let current = node;
  for (const name of path) current = descendant(current, name);
  return current?.text;
}
