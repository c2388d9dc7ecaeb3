/**
 * Whether an editor holds something other than what it opened with (or last saved): `snapshotOf` what
 * it held then, `sameState` against what it holds now, as their JSON would tell, files by name, size
 * and date without reading them. Asked on every key typed, so it looks only where something changed.
 */

/** JSON of each fixed object seen so far (frozen, its own values all plain: it cannot change), or null when not fixed. */
const fixedJson = new WeakMap<object, string | null>();

/** The JSON of a fixed object (worked out once: a line of a document editor is turned into JSON once), else null. */
function jsonIfFixed(value: object): string | null {
  let json = fixedJson.get(value);
  if (json === undefined) {
    const fixed = Object.isFrozen(value) && !Array.isArray(value) && Object.values(value).every((inner) => inner === null || (typeof inner !== 'object' && typeof inner !== 'function'));
    json = fixed ? JSON.stringify(value) : null;
    fixedJson.set(value, json);
  }
  return json;
}

/**
 * What an editor held at a moment, to tell later whether it changed (`sameState`): a copy of its
 * arrays and plain objects (read out of Svelte's proxies, so later typing does not change it), with
 * fixed objects (jsonIfFixed) and files kept as they are: they cannot change in place.
 */
export function snapshotOf(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || value instanceof File || jsonIfFixed(value) !== null) return value;
  if (Array.isArray(value)) return value.map(snapshotOf);
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(value);
  return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, snapshotOf(inner)]));
}

const sameFile = (a: File, b: File) => a === b || (a.name === b.name && a.size === b.size && a.lastModified === b.lastModified);

/**
 * Whether the editor's state now is what `snapshot` (snapshotOf) held, as JSON would tell: files by
 * name, size and date, fields left undefined as absent. The same object is the same without looking
 * inside, so a key typed in one line of a 2,000-line invoice looks into that line alone (the other
 * 1,999 are the very objects the snapshot holds); other fixed objects are compared by their JSON,
 * worked out once each. The whole editor as JSON through Svelte's proxies took 64 ms a key.
 */
export function sameState(now: unknown, snapshot: unknown): boolean {
  if (now === snapshot) return true;
  if (typeof now !== 'object' || now === null) return Number.isNaN(now) && Number.isNaN(snapshot);
  if (now instanceof File) return snapshot instanceof File && sameFile(now, snapshot);
  if (!Array.isArray(now) && typeof (now as { toJSON?: unknown }).toJSON === 'function') return JSON.stringify(now) === snapshot;
  if (typeof snapshot !== 'object' || snapshot === null || snapshot instanceof File || Array.isArray(now) !== Array.isArray(snapshot)) return false;
  const fixed = jsonIfFixed(now);
  const fixedBefore = jsonIfFixed(snapshot);
  if (fixed !== null && fixedBefore !== null) return fixed === fixedBefore;
  if (Array.isArray(now)) {
    const before = snapshot as unknown[];
    return now.length === before.length && now.every((inner: unknown, at) => sameState(inner, before[at]));
  }
  const fields = (value: object) => Object.entries(value).filter(([, inner]) => inner !== undefined && typeof inner !== 'function');
  const nowFields = fields(now);
  const before = new Map(fields(snapshot));
  return nowFields.length === before.size && nowFields.every(([name, inner]) => before.has(name) && sameState(inner, before.get(name)));
}
