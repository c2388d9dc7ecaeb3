import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/api-notes.md keeps Electron's security checklist as a table, each item with the file and line
// that meets it and a piece of that line's text. A table that cites a line the code has moved away
// from tells a reviewer nothing: each cited line must still say what the table quotes.
const root = process.cwd();
const notes = readFileSync(join(root, 'docs', 'api-notes.md'), 'utf8');
const section = notes.slice(notes.indexOf('## The Electron security checklist'));
const rows = [...section.matchAll(/^\| (\d+) \| (.+?) \| (.+?) \| ([\w./-]+):(\d+) \| `(.+)` \|$/gm)].map((match) => ({
  item: Number(match[1]),
  name: match[2]!,
  file: match[4]!,
  line: Number(match[5]),
  quote: match[6]!,
}));

describe("the Electron security checklist in docs/api-notes.md", () => {
  it('has all twenty items, in order', () => {
    expect(rows.map((row) => row.item)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it.each(rows)('item $item ($name): $file line $line still says what the table quotes', ({ file, line, quote }) => {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    expect(lines[line - 1], `${file}:${line}`).toContain(quote);
  });
});
