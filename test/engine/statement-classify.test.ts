import { describe, expect, it } from 'vitest';
import { classifyRows, countStatuses, type ExistingLine } from '../../main/engine/banking/statement-classify';
import type { IncomingLine } from '../../main/engine/banking/statement-import';

const line = (datedOn: string, amountMinor: number, description: string, fitid: string | null = null): IncomingLine => ({ datedOn, amountMinor, description, fitid, transactionType: 'OTHER' });
const held = (id: number, datedOn: string, amountMinor: number, description: string, fitid: string | null = null): ExistingLine => ({ id, datedOn, amountMinor, description, fitid });

describe('classifyRows', () => {
  it('takes "duplicate" from the exact rule and names the line repeated', () => {
    const lines = [line('2026-10-01', -420, 'Coffee'), line('2026-10-02', 100, 'Sale', 'F1')];
    const existing = [held(7, '2026-10-01', -420, 'Coffee'), held(8, '2026-09-01', 100, 'Old sale', 'F1')];
    expect(classifyRows(lines, [], existing)).toEqual([
      { status: 'duplicate', reason: 'same_line', match: existing[0] },
      { status: 'duplicate', reason: 'fitid', match: existing[1] },
    ]);
  });

  it('flags a new row with the same amount within three days as a possible duplicate, the nearest first', () => {
    const lines = [line('2026-10-05', -1200, 'Amazon')];
    const existing = [held(1, '2026-10-01', -1200, 'AMZN'), held(2, '2026-10-03', -1200, 'AMAZON MKTPLACE'), held(3, '2026-10-09', -1200, 'Amazon')];
    expect(classifyRows(lines, [0], existing)).toEqual([{ status: 'possible_duplicate', match: existing[1] }]);
  });

  it('does not flag across more than three days, another amount, or the same text on the same day', () => {
    const lines = [line('2026-10-05', -1200, 'Amazon')];
    expect(classifyRows(lines, [0], [held(1, '2026-10-01', -1200, 'AMZN'), held(2, '2026-10-05', -1201, 'AMZN'), held(3, '2026-10-09', -1200, 'AMZN')])).toEqual([{ status: 'new' }]);
    expect(classifyRows(lines, [0], [held(4, '2026-10-05', -1200, 'Amazon')])).toEqual([{ status: 'new' }]);
    // The same text a day later is a bank that moved the date: the user decides.
    expect(classifyRows(lines, [0], [held(5, '2026-10-06', -1200, 'Amazon')])[0]!.status).toBe('possible_duplicate');
  });

  it('lets each existing line stand for one row only', () => {
    const lines = [line('2026-10-01', -276, 'Coffee A'), line('2026-10-02', -276, 'Coffee B'), line('2026-10-03', -276, 'Coffee C')];
    const verdicts = classifyRows(lines, [0, 1, 2], [held(1, '2026-10-02', -276, 'OASIS COFFEE')]);
    expect(verdicts.map((verdict) => verdict.status)).toEqual(['possible_duplicate', 'new', 'new']);
    expect(countStatuses(verdicts)).toEqual({ new: 2, duplicate: 0, possible_duplicate: 1, transfer: 0 });
  });

  it('does not offer a line an exact duplicate already repeats as a near match for another row', () => {
    const lines = [line('2026-10-01', -500, 'Rent'), line('2026-10-02', -500, 'Rent again')];
    expect(classifyRows(lines, [1], [held(1, '2026-10-01', -500, 'Rent')]).map((verdict) => verdict.status)).toEqual(['duplicate', 'new']);
  });
});
