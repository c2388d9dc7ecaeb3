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
  // The leaf ended by text most recently; its closing tag, if it comes next, is swallowed.
  let endedLeaf: MarkupNode | null = null;
  let pending = '';
  let position = start;
  const length = text.length;

  const detach = options.detach;
  // How many elements of each name are open: a closing tag for none of them costs no search of the
  // stack, which a broken file thousands of elements deep would otherwise make quadratic.
  const openCount = new Map<string, number>();
  // Ends the open elements above `depth`, innermost first.
  const closeTo = (depth: number) => {
    while (stack.length > depth) {
      const node = stack.pop()!;
      openCount.set(node.name, (openCount.get(node.name) ?? 1) - 1);
      if (detach?.names.has(node.name)) hand(detach, node, stack);
    }
  };

  // Text between tags goes to the innermost open element if it has no elements yet: that makes it a leaf.
  const settleText = () => {
    const top = stack[stack.length - 1];
    if (stack.length > 1 && top.children.length === 0 && top.text === undefined && pending.trim() !== '') {
      top.text = pending.trim();
      closeTo(stack.length - 1);
      endedLeaf = top;
    }
    pending = '';
  };

  while (position < length) {
    const open = text.indexOf('<', position);
    if (open < 0) {
      pending += textBetween(text, position, length);
      break;
    }
    if (open > position) pending += pending === '' ? textBetween(text, position, open) : decodeEntities(text.slice(position, open));
    const next = text.charCodeAt(open + 1);

    if (next === 33 /* ! */) {
      if (text.startsWith('<!--', open)) {
        const close = text.indexOf('-->', open + 4);
        position = close < 0 ? length : close + 3;
      } else if (text.startsWith('<![CDATA[', open)) {
        const close = text.indexOf(']]>', open + 9);
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
      pending += '<';
      position = open + 1;
      continue;
    }
    const tagEnd = findTagEnd(text, nameStart);
    const terminated = text.charCodeAt(tagEnd) === 62; /* > */
    let nameEnd = nameStart;
    while (nameEnd < tagEnd && isNameChar(text.charCodeAt(nameEnd))) nameEnd++;
    let name = localName(text.slice(nameStart, nameEnd));
    if (options.upperCase) name = name.toUpperCase();
    position = terminated ? tagEnd + 1 : tagEnd;

    settleText();
    if (closing) {
      // settleText may just have set endedLeaf; TypeScript cannot see assignments made in closures.
      const leaf = endedLeaf as MarkupNode | null;
      const depth = leaf?.name === name || !openCount.get(name) ? -1 : openDepth(stack, name);
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
      if (detach?.names.has(name)) hand(detach, node, stack);
    } else {
      stack.push(node);
      openCount.set(name, (openCount.get(name) ?? 0) + 1);
    }
  }
  settleText();
  // A file cut short leaves elements open; they end with it.
  closeTo(1);
  return root;
}

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

function isNameStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code > 127;
}

function isNameChar(code: number): boolean {
  return isNameStart(code) || (code >= 48 && code <= 57) || code === 46 || code === 45 || code === 58;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
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
  // Usually a direct child: found without allocating anything.
  for (const c of node.children) if (c.name === name) return c;
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

/** Text of the element reached by `path` (each step a descendant of the last), or undefined. */
export function textAt(node: MarkupNode | undefined, ...path: string[]): string | undefined {
  let current = node;
  for (const name of path) current = descendant(current, name);
  return current?.text;
}
