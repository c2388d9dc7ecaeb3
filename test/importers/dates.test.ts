import { describe, expect, it } from 'vitest';
import { dateOrderEvidence, readDateShape, resolveDate } from '../../main/importers/dates';

const read = (cell: string, order: 'dmy' | 'mdy' | 'ymd' = 'dmy') => {
  const shape = readDateShape(cell);
  return shape ? resolveDate(shape, order) : undefined;
};

describe('dates', () => {
  it('reads day-first and month-first dates by the order given', () => {
    expect(read('03/04/2024', 'dmy')).toBe('2024-04-03');
    expect(read('03/04/2024', 'mdy')).toBe('2024-03-04');
    expect(read('31.03.2019')).toBe('2019-03-31');
    expect(read('1-2-24', 'mdy')).toBe('2024-01-02');
  });

  it('reads year-first and named-month dates whatever the order', () => {
    expect(read('2024-01-05', 'mdy')).toBe('2024-01-05');
    expect(read('2012/3/22')).toBe('2012-03-22');
    expect(read('2021-09-06 6:11:59')).toBe('2021-09-06');
    expect(read('13 Jun 2025', 'mdy')).toBe('2025-06-13');
    expect(read('28-Mar-2020', 'mdy')).toBe('2020-03-28');
    expect(read('Jun 13, 2025')).toBe('2025-06-13');
    expect(read('20240105')).toBe('2024-01-05');
  });

  it("reads Quicken's years: space padding, apostrophes for 2000 on", () => {
    expect(read("1/ 5'24", 'mdy')).toBe('2024-01-05');
    expect(read('6/ 1/94', 'mdy')).toBe('1994-06-01');
    expect(read("2/14'2020", 'mdy')).toBe('2020-02-14');
    expect(read("1/ 1'00", 'mdy')).toBe('2000-01-01');
  });

  it('keeps the date and drops what follows it', () => {
    expect(read('04/17/2023 as of 04/15/2023', 'mdy')).toBe('2023-04-17');
  });

  it('refuses dates that do not exist and text that is not a date', () => {
    expect(read('99 Jan 2025')).toBeNull();
    expect(read('2012-02-31')).toBeNull();
    expect(read('Date downloaded 01/24/2023')).toBeUndefined();
    expect(read('12345678')).toBeUndefined();
  });

  it('settles the order from any date with a day above 12', () => {
    const shapes = ['01/02/2024', '03/04/2024', '25/04/2024'].map(readDateShape);
    expect(dateOrderEvidence(shapes)).toMatchObject({ decided: 'dmy', ambiguous: true, contradictory: false });
    expect(dateOrderEvidence(['3/18/2016', '3/4/2016'].map(readDateShape)).decided).toBe('mdy');
    expect(dateOrderEvidence(['01/02/2024', '03/04/2024'].map(readDateShape))).toMatchObject({ decided: null, ambiguous: true });
    expect(dateOrderEvidence(['01/01/2024', '02/02/2024'].map(readDateShape))).toMatchObject({ decided: null, ambiguous: false });
    expect(dateOrderEvidence(['13/01/2024', '01/13/2024'].map(readDateShape)).contradictory).toBe(true);
  });
});
