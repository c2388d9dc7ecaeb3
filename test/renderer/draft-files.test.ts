import { describe, expect, it } from 'vitest';
import { decodeState, encodeState } from '../../renderer/lib/drafts/draft-files';

// A draft's files are kept as their bytes and made again on the way back. The way back decodes the
// stored draft once to read which editor it is for, and its fields again as the editor takes them: a
// file made on the first pass came out of the second as an empty object, and a restored draft lost
// the file it was written with (the import review's statement, a receipt).

describe('a draft keeping a file', () => {
  it('gives the same file back, whole, however many times it is decoded', async () => {
    const file = new File(['Date,Description,Amount\n02/11/2026,COFFEE SHOP,3.50\n'], 'statement.csv', { type: 'text/csv', lastModified: Date.UTC(2026, 10, 20) });
    const stored = JSON.parse(JSON.stringify(await encodeState({ kind: 'statement_review', fields: { file, choices: [[2, false]] } })));
    const once = decodeState(stored) as { fields: unknown };
    const twice = decodeState(once.fields) as { file: unknown; choices: unknown };
    expect(twice.file).toBeInstanceOf(File);
    const back = twice.file as File;
    expect([back.name, back.type, back.size, back.lastModified]).toEqual([file.name, file.type, file.size, file.lastModified]);
    expect(await back.text()).toBe(await file.text());
    expect(twice.choices).toEqual([[2, false]]);
  });
});
