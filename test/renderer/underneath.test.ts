import { describe, expect, it } from 'vitest';
import { changedFields, listWords, mergeUnderneath } from '../../renderer/lib/underneath';

describe('an editor whose record changed elsewhere', () => {
  const base = { reference: 'INV-001', terms: '30', comments: '', lines: '[1]' };

  it('takes the new value of every field the person has not touched', () => {
    const result = mergeUnderneath(base, { ...base }, { ...base, terms: '14', lines: '[1,2]' });
    expect(result.merged).toEqual({ reference: 'INV-001', terms: '14', comments: '', lines: '[1,2]' });
    expect(result.taken).toEqual(['terms', 'lines']);
    expect(result.kept).toEqual([]);
  });

  it('keeps what was typed in a field that also changed elsewhere, and names it', () => {
    const mine = { ...base, comments: 'Thanks for your custom' };
    const result = mergeUnderneath(base, mine, { ...base, comments: 'Paid by card', terms: '7' });
    expect(result.merged.comments).toBe('Thanks for your custom');
    expect(result.merged.terms).toBe('7');
    expect(result.kept).toEqual(['comments']);
    expect(result.taken).toEqual(['terms']);
  });

  it('keeps what was typed where nothing changed elsewhere, and says nothing of a field both made the same', () => {
    const mine = { ...base, reference: 'INV-9', terms: '14' };
    const result = mergeUnderneath(base, mine, { ...base, terms: '14' });
    expect(result.merged).toEqual(mine);
    expect(result.taken).toEqual([]);
    expect(result.kept).toEqual([]);
  });

  it('lists the fields that differ, and names them as a sentence does', () => {
    expect(changedFields(base, { ...base, terms: '1', comments: 'x' })).toEqual(['terms', 'comments']);
    expect(listWords(['Notes'])).toBe('Notes');
    expect(listWords(['Notes', 'Date'])).toBe('Notes and Date');
    expect(listWords(['Notes', 'Date', 'Lines'])).toBe('Notes, Date and Lines');
  });

  it('reads a field gone from the record as emptied there, and a new one as added there (lines as fields)', () => {
    const lines = { 'line:a': 'A', 'line:b': 'B' };
    const untouched = mergeUnderneath(lines, { ...lines }, { 'line:a': 'A', 'line:c': 'C' });
    expect(untouched.merged).toEqual({ 'line:a': 'A', 'line:b': '', 'line:c': 'C' });
    expect(untouched.taken.sort()).toEqual(['line:b', 'line:c']);
    const typed = mergeUnderneath(lines, { ...lines, 'line:b': 'B typed' }, { 'line:a': 'A' });
    expect(typed.kept).toEqual(['line:b']);
    expect(typed.merged['line:b']).toBe('B typed');
    expect(changedFields(lines, { 'line:a': 'A' })).toEqual(['line:b']);
  });
});
