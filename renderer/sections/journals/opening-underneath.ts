/**
 * The opening balances as fields for lib/underneath: each saved line is a field of its own (keyed by
 * its url, valued as its content), so a change elsewhere to one line touches that line only. A line
 * removed is an empty field; a line not yet saved is the person's alone and never a field.
 */
import type { EntryLine } from './journal-entries';

const PREFIX = 'line:';

const contentOf = (line: EntryLine) =>
  JSON.stringify({
    category: line.category,
    user: line.user,
    capitalAssetType: line.capitalAssetType,
    contact: line.contact,
    description: line.description,
    debit: line.debit,
    credit: line.credit,
  });

/** The saved lines as fields. */
export function lineValues(lines: readonly EntryLine[]): Record<string, string> {
  return Object.fromEntries(lines.filter((line) => line.url).map((line) => [PREFIX + line.url, contentOf(line)]));
}

/** What the form holds: its saved lines, and those the person removed as emptied. */
export function savedLineValues(lines: readonly EntryLine[], removed: readonly string[]): Record<string, string> {
  return { ...Object.fromEntries(removed.map((url) => [PREFIX + url, ''])), ...lineValues(lines) };
}

/** The lines with the fields taken from elsewhere: a line changed in place, added at the end, or gone. */
export function applyLineValues(lines: readonly EntryLine[], taken: Readonly<Record<string, string>>): EntryLine[] {
  let next = [...lines];
  for (const [field, content] of Object.entries(taken)) {
    if (!field.startsWith(PREFIX)) continue;
    const url = field.slice(PREFIX.length);
    if (content === '') {
      next = next.filter((line) => line.url !== url);
      continue;
    }
    const line = { key: url, url, ...(JSON.parse(content) as Omit<EntryLine, 'key' | 'url'>) };
    const at = next.findIndex((each) => each.url === url);
    if (at >= 0) next[at] = line;
    else next.push(line);
  }
  return next;
}

/** "Line 2" as the person counts the lines on screen; a line no longer there is "a removed line". */
export function lineLabel(lines: readonly EntryLine[], field: string): string {
  const at = lines.findIndex((line) => PREFIX + line.url === field);
  return at >= 0 ? `Line ${at + 1}` : 'a line removed';
}
