import { describe, expect, it } from 'vitest';
import { goneAccountWords } from '../../renderer/sections/banking/reconcile-words';

describe('a kept reconciliation draft whose bank account is gone', () => {
  it('says so and names what was typed, so it can be read before the draft is discarded', () => {
    expect(goneAccountWords({ statementDate: '2026-10-31', closingText: '2,407.66', unticked: [] })).toBe(
      'This reconciliation draft cannot open: its bank account is no longer in the book. The draft (statement of 31 Oct 2026, closing balance 2,407.66) stays under Unsaved drafts until you discard it.',
    );
    expect(goneAccountWords({ statementDate: '', closingText: '12.00' })).toContain('The draft (closing balance 12.00) stays');
  });

  it('never throws on a draft that holds nothing readable (written by another version)', () => {
    const plain = 'This reconciliation draft cannot open: its bank account is no longer in the book. The draft stays under Unsaved drafts until you discard it.';
    expect(goneAccountWords(undefined)).toBe(plain);
    expect(goneAccountWords({ statementDate: 20261031, closingText: null })).toBe(plain);
  });
});
