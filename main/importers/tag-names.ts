/**
 * The tag names of one document, each spelling read once. A statement of 100,000 transactions
 * writes the same dozen names a million times; slicing, case-folding and hashing each occurrence
 * anew made a fresh string per tag (a third of the reader's garbage) and a fresh hash per map
 * lookup. Here an occurrence is hashed while it is scanned and compared in place with the
 * spellings already seen, so a known name costs no allocation at all.
 */

/** How many elements of one name are open; shared by every spelling of that name. */
export interface OpenCount {
  open: number;
  /** The name's one string, so that spellings of it compare equal by reference. */
  readonly name: string;
}

export interface TagName {
  /** As written, prefix and case included: what an occurrence is compared with. */
  readonly raw: string;
  /** Local name (a namespace prefix dropped), upper-cased when the reader folds case. */
  readonly name: string;
  readonly count: OpenCount;
  /** Elements of this name are handed over as they end (MarkupOptions.detach). */
  readonly detached: boolean;
  readonly hash: number;
  next: TagName | undefined;
}

export class TagNames {
  private buckets: (TagName | undefined)[] = new Array<TagName | undefined>(64).fill(undefined);
  private size = 0;
  private readonly counts = new Map<string, OpenCount>();

  constructor(
    private readonly upperCase: boolean,
    private readonly detachedNames: ReadonlySet<string> | undefined,
  ) {}

  /** The name that starts at `start` (its first character already known to start a name). */
  read(text: string, start: number): TagName {
    let end = start;
    let hash = 0;
    for (; end < text.length; end++) {
      const code = text.charCodeAt(end);
      if (!isNameChar(code)) break;
      hash = (Math.imul(hash, 31) + code) | 0;
    }
    const length = end - start;
    for (let entry = this.buckets[hash & (this.buckets.length - 1)]; entry; entry = entry.next) {
      if (entry.hash === hash && entry.raw.length === length && text.startsWith(entry.raw, start)) return entry;
    }
    return this.add(text.slice(start, end), hash);
  }

  private add(raw: string, hash: number): TagName {
    const colon = raw.indexOf(':');
    const local = colon < 0 ? raw : raw.slice(colon + 1);
    const folded = this.upperCase ? local.toUpperCase() : local;
    let count = this.counts.get(folded);
    if (!count) this.counts.set(folded, (count = { open: 0, name: folded }));
    const entry: TagName = { raw, name: count.name, count, detached: this.detachedNames?.has(folded) ?? false, hash, next: undefined };
    // Broken files can hold any number of distinct names: the table grows so chains stay short.
    if (++this.size > this.buckets.length * 2) this.grow();
    const slot = hash & (this.buckets.length - 1);
    entry.next = this.buckets[slot];
    this.buckets[slot] = entry;
    return entry;
  }

  private grow(): void {
    const old = this.buckets;
    this.buckets = new Array<TagName | undefined>(old.length * 4).fill(undefined);
    const mask = this.buckets.length - 1;
    for (let head of old) {
      while (head) {
        const next = head.next;
        head.next = this.buckets[head.hash & mask];
        this.buckets[head.hash & mask] = head;
        head = next;
      }
    }
  }
}

export function isNameStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code > 127;
}

function isNameChar(code: number): boolean {
  return isNameStart(code) || (code >= 48 && code <= 57) || code === 46 || code === 45 || code === 58;
}
