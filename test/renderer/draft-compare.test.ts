import { describe, expect, it } from 'vitest';
import { sameState, snapshotOf } from '../../renderer/lib/drafts/draft-compare';
import { newLine, withChange, type EditorLine } from '../../renderer/sections/invoices/invoice-lines';

// The unsaved-changes question and the draft's autosave both ask whether an editor still holds what
// it opened with. These pin what "the same" means, now that it is no longer one JSON of everything.

const linesOf = (count: number): EditorLine[] => Array.from({ length: count }, (_, index) => withChange([newLine('20')], 0, { description: `Line ${index + 1}`, price: '45.5' })[0]!);

describe('whether an editor changed since it opened', () => {
  it('says a line typed in is a change, and typing it back as it was is none', () => {
    const opened = { contact: 'c', lines: linesOf(300), removed: [] as string[] };
    const baseline = snapshotOf(opened);
    const typed = { ...opened, lines: withChange(opened.lines, 249, { quantity: '12' }) };
    expect(sameState(snapshotOf(typed), baseline)).toBe(false);
    const undone = { ...typed, lines: withChange(typed.lines, 249, { quantity: '1' }) };
    // A new object for line 250, with the same fields as when it opened.
    expect(undone.lines[249]).not.toBe(opened.lines[249]);
    expect(sameState(snapshotOf(undone), baseline)).toBe(true);
  });

  it('tells lines added, removed or moved, and lines read back from a draft as JSON', () => {
    const lines = linesOf(3);
    const baseline = snapshotOf({ lines });
    expect(sameState(snapshotOf({ lines: [...lines, newLine('20')] }), baseline)).toBe(false);
    expect(sameState(snapshotOf({ lines: lines.slice(1) }), baseline)).toBe(false);
    expect(sameState(snapshotOf({ lines: [lines[1], lines[0], lines[2]] }), baseline)).toBe(false);
    const readBack = (JSON.parse(JSON.stringify(lines)) as EditorLine[]).map((line) => Object.freeze(line));
    expect(sameState(snapshotOf({ lines: readBack }), baseline)).toBe(true);
  });

  it('keeps what the editor held even when a field is changed in place afterwards (as through a proxy)', () => {
    const state = { reference: 'INV-1', rows: [{ amount: '1.00' }] };
    const baseline = snapshotOf(state);
    state.rows[0]!.amount = '2.00';
    expect(sameState(snapshotOf(state), baseline)).toBe(false);
    state.rows[0]!.amount = '1.00';
    expect(sameState(snapshotOf(state), baseline)).toBe(true);
  });

  it('compares as JSON would: undefined fields are absent, dates by their JSON, files by name, size and date', () => {
    expect(sameState(snapshotOf({ a: '1', b: undefined }), snapshotOf({ a: '1' }))).toBe(true);
    expect(sameState(snapshotOf({ a: '1' }), snapshotOf({ a: 1 }))).toBe(false);
    expect(sameState(snapshotOf({ on: new Date('2026-01-01') }), snapshotOf({ on: new Date('2026-01-01') }))).toBe(true);
    expect(sameState(snapshotOf({ on: new Date('2026-01-02') }), snapshotOf({ on: new Date('2026-01-01') }))).toBe(false);
    const file = (text: string, at: number) => new File([text], 'receipt.pdf', { lastModified: at });
    expect(sameState(snapshotOf({ files: [file('abc', 1)] }), snapshotOf({ files: [file('xyz', 1)] }))).toBe(true);
    expect(sameState(snapshotOf({ files: [file('abcd', 1)] }), snapshotOf({ files: [file('xyz', 1)] }))).toBe(false);
    expect(sameState(snapshotOf({ files: [file('abc', 2)] }), snapshotOf({ files: [file('abc', 1)] }))).toBe(false);
  });

  it('looks into the changed line alone: the others are the very objects the snapshot holds', () => {
    const lines = linesOf(2000);
    const baseline = snapshotOf({ lines }) as { lines: EditorLine[] };
    expect(baseline.lines[1999]).toBe(lines[1999]);
    // A getter on an unchanged line would be read if the comparison looked inside it.
    let looked = 0;
    const watched = Object.freeze(Object.defineProperty({ ...lines[1000]! }, 'description', { get: () => (looked += 1, 'Line 1001'), enumerable: true }));
    const withWatched = lines.with(1000, watched as EditorLine);
    const base = snapshotOf({ lines: withWatched });
    looked = 0;
    expect(sameState(snapshotOf({ lines: withChange(withWatched, 0, { description: 'typed' }) }), base)).toBe(false);
    expect(looked).toBe(0);
  });
});
