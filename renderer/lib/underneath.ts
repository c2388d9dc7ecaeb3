/**
 * What an open editor does when its record was changed elsewhere (a sync pull, the CLI, another
 * window): a three-way merge, field by field, of the record it was opened on (base), what the form
 * holds now (mine) and the record as it is now (theirs). A field the person has not touched takes
 * the new value; a field they typed in keeps what they typed, and is named so they can choose.
 * Values are the form's own strings (a list of lines is one field, as its JSON), so "touched" means
 * "differs from what the editor was opened with".
 */

export type FieldValues = Readonly<Record<string, string>>;

export interface UnderneathMerge {
  /** The values the form should hold now. */
  merged: Record<string, string>;
  /** Fields changed elsewhere that the form now shows the new value of. */
  taken: string[];
  /** Fields changed elsewhere that the person had typed in: their typing is kept. */
  kept: string[];
}

export function mergeUnderneath(base: FieldValues, mine: FieldValues, theirs: FieldValues): UnderneathMerge {
  const merged: Record<string, string> = { ...mine };
  const taken: string[] = [];
  const kept: string[] = [];
  for (const field of fieldsOf(base, theirs)) {
    const was = base[field];
    // A field gone from the record (a line removed elsewhere) reads as empty.
    const now = theirs[field] ?? '';
    if (now === was) continue;
    const typed = mine[field];
    if (typed === undefined || typed === was) {
      merged[field] = now;
      taken.push(field);
    } else if (typed !== now) kept.push(field);
  }
  return { merged, taken, kept };
}

/** The fields whose values differ between two readings of a record. */
export function changedFields(before: FieldValues, after: FieldValues): string[] {
  return fieldsOf(before, after).filter((field) => (before[field] ?? '') !== (after[field] ?? ''));
}

/** Every field either reading has: a record whose fields are its lines gains and loses some. */
const fieldsOf = (base: FieldValues, theirs: FieldValues) => [...new Set([...Object.keys(theirs), ...Object.keys(base)])];

/** "A", "A and B", "A, B and C". */
export function listWords(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
