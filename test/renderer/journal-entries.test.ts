import { describe, expect, it } from 'vitest';
import type { JournalEntry, JournalSet } from '../../renderer/lib/api/journal_sets';
import {
  balanceOf,
  canSave,
  entriesToSend,
  entryLineOf,
  entryNeed,
  newEntryLine,
  setTotal,
  sortEntryErrors,
  topLevelCategory,
  withBankLegs,
  type EntryLine,
} from '../../renderer/sections/journals/journal-entries';

const C = 'http://x/v2/categories';
const line = (fields: Partial<EntryLine>): EntryLine => ({ ...newEntryLine(), ...fields });
const entry = (fields: Partial<JournalEntry>): JournalEntry => ({ url: 'http://x/v2/journal_sets/1/journal_entries/1', category: `${C}/285`, debit_value: '10.0', ...fields });

describe('journal entries balancing, to the penny', () => {
  it('adds debits and credits exactly and shows the difference', () => {
    const balance = balanceOf([line({ debit: '1,250.10' }), line({ credit: '1000.05' }), line({ credit: '0.05' })], 'GBP');
    expect(balance).toMatchObject({ debitMinor: 125010, creditMinor: 100010, differenceMinor: 25000 });
    expect(canSave(balance)).toBe(false);
  });

  it('may be saved only when the sides are equal and something is entered', () => {
    // 0.1 + 0.2 is 0.3 exactly here, as it is not in floats.
    expect(canSave(balanceOf([line({ debit: '0.1' }), line({ debit: '0.2' }), line({ credit: '0.3' })], 'GBP'))).toBe(true);
    expect(canSave(balanceOf([line({}), line({})], 'GBP'))).toBe(false);
  });

  it('refuses letters, 15 decimals and a line with both sides, by line, and will not save then', () => {
    const balance = balanceOf([line({ debit: '12x' }), line({ credit: '1.123456789012345' }), line({ debit: '5', credit: '5' }), line({ debit: '5' })], 'GBP');
    expect([...balance.problems.keys()]).toEqual([0, 1, 2]);
    expect(balance.problems.get(1)).toEqual(['Line 2 credit has 15 decimal places; GBP amounts have at most 2.']);
    expect(balance.problems.get(2)).toEqual(['Line 3 has both a debit and a credit; give one of them.']);
    expect(canSave(balance)).toBe(false);
  });

  it('reads a negative debit as a credit', () => {
    expect(balanceOf([line({ debit: '-5' }), line({ debit: '5' })], 'GBP')).toMatchObject({ debitMinor: 500, creditMinor: 500, differenceMinor: 0 });
  });
});

describe('what an entry asks for and what is sent', () => {
  it('asks for a user on 900-910, an asset type on 601-607, and a contact on 681/796 only in the opening balances', () => {
    expect(entryNeed(`${C}/902`, false)).toBe('user');
    expect(entryNeed(`${C}/603`, false)).toBe('capital_asset_type');
    expect(entryNeed(`${C}/681`, true)).toBe('contact');
    expect(entryNeed(`${C}/681`, false)).toBeNull();
    expect(entryNeed(`${C}/285`, true)).toBeNull();
  });

  it('sends a credit as a negative debit_value, links only what the category asks for, then the removed entries', () => {
    const sent = entriesToSend([line({ category: `${C}/902`, user: 'u1', credit: '1,000.00', capitalAssetType: 'stale' }), line({ category: `${C}/285`, debit: '1000', user: 'stale' })], ['gone'], 'GBP', false);
    expect(sent).toEqual([
      { category: `${C}/902`, debit_value: '-1000.0', description: '', user: 'u1', capital_asset_type: null },
      { category: `${C}/285`, debit_value: '1000.0', description: '', user: null, capital_asset_type: null },
      { url: 'gone', _destroy: true },
    ]);
  });

  it('reads a saved entry on a sub account back at its top-level category, its side and amount', () => {
    expect(topLevelCategory(`${C}/902-1`)).toBe(`${C}/902`);
    expect(entryLineOf(entry({ category: `${C}/902-1`, debit_value: '-1250.5', user: 'u1' }), 'GBP')).toMatchObject({ category: `${C}/902`, user: 'u1', debit: '', credit: '1,250.50' });
  });

  it("words the engine's entry sentences by line", () => {
    const sorted = sortEntryErrors(['journal_entries.1.user is required for category 902 (or give the sub account, such as 902-1)', 'dated_on is required']);
    expect(sorted.byLine.get(1)).toEqual(['User is required for category 902.']);
    expect(sorted.rest).toEqual(['dated_on is required']);
  });

  it('counts a bank account opened with 2,500.00 as a debit in the opening balances, though its leg says -2500.0', () => {
    const balance = withBankLegs(balanceOf([line({ debit: '1,250' })], 'GBP'), [{ debit_value: '-2500.0' }, { debit_value: '100.0' }], 'GBP');
    expect(balance).toMatchObject({ debitMinor: 375000, creditMinor: 10000, differenceMinor: 365000 });
  });

  it('totals a set by its debits', () => {
    const set: JournalSet = {
      url: 's',
      description: 'Opening',
      journal_entries: [entry({ debit_value: '100.0' }), entry({ url: 'e2', category: `${C}/999`, debit_value: '-100.0', description: 'Automatic Balancing Entry' })],
    };
    expect(setTotal(set.journal_entries, 'GBP')).toBe('100.0');
  });
});
