import { describe, expect, it } from 'vitest';
import { itemFields, linesTotal, LinesTotals, newLine, withChange, type EditorLine } from '../../renderer/sections/invoices/invoice-lines';

const line = (fields: Partial<EditorLine>): EditorLine => ({ ...newLine('20'), ...fields });

describe('the invoice editor totals, as the engine works them out', () => {
  it("adds each line's net and its VAT at its own rate, rounding each once", () => {
    const total = linesTotal([line({ price: '45', quantity: '10' }), line({ price: '12.50', quantity: '2', vat: '0' }), line({ price: '33.33', vat: '5' })], 'GBP', '');
    // 450.00 + 25.00 + 33.33; VAT 90.00 + 0 + 1.67 (1.6665 rounded half up).
    expect(total).toMatchObject({ netMinor: 50833, vatMinor: 9167, totalMinor: 60000, autoLines: 0, unreadable: 0 });
  });

  it('takes the discount off each line before VAT: 100.00 at 10% off is 90.00 + 18.00', () => {
    expect(linesTotal([line({ price: '100' })], 'GBP', '10')).toMatchObject({ netMinor: 9000, vatMinor: 1800, totalMinor: 10800 });
  });

  it('leaves out comments, counts Auto lines apart, and reads thousands separators', () => {
    const total = linesTotal([line({ unit: 'Comment', description: 'Thanks' }), line({ price: '1,250.00', vat: 'auto' }), line({ price: '4x5' }), line({ price: '10', vat: 'exempt' })], 'GBP', '');
    expect(total).toMatchObject({ netMinor: 126000, vatMinor: 0, autoLines: 1, unreadable: 1 });
  });

  it('sends a comment without money, Auto as no rate, and exempt as a status', () => {
    expect(itemFields(line({ unit: 'Comment', description: 'Thanks' }), 1)).toEqual({ position: 1, description: 'Thanks', item_type: 'Comment' });
    expect(itemFields(line({ price: '1,250', vat: 'auto' }), 2)).toMatchObject({ price: '1250', sales_tax_rate: 'Auto', sales_tax_status: null });
    expect(itemFields(line({ price: '5', vat: 'exempt' }), 3)).toMatchObject({ sales_tax_status: 'EXEMPT', sales_tax_rate: null });
  });
});

describe('the totals kept line by line as a long document is typed in', () => {
  const many = (count: number) => Array.from({ length: count }, (_, index) => line({ price: `${(index % 97) + 0.33}`, quantity: String(1 + (index % 7)), vat: index % 3 === 0 ? '5' : '20' }));

  it('are to the penny what working out every line anew gives, after each key', () => {
    const totals = new LinesTotals();
    let lines = many(2000);
    expect(totals.of(lines, 'GBP', '')).toEqual(linesTotal(lines, 'GBP', ''));
    for (const quantity of ['12', '1', '1.5', '', 'x', '3']) {
      lines = withChange(lines, 1499, { quantity });
      expect(totals.of(lines, 'GBP', '')).toEqual(linesTotal(lines, 'GBP', ''));
    }
    lines = withChange(lines, 7, { vat: 'exempt' });
    expect(totals.of(lines, 'GBP', '')).toEqual(linesTotal(lines, 'GBP', ''));
  });

  it('work every line out again when the discount or the currency changes', () => {
    const totals = new LinesTotals();
    const lines = many(50);
    totals.of(lines, 'GBP', '');
    expect(totals.of(lines, 'GBP', '12.5')).toEqual(linesTotal(lines, 'GBP', '12.5'));
    expect(totals.of(lines, 'JPY', '12.5')).toEqual(linesTotal(lines, 'JPY', '12.5'));
  });

  it('change one line into a new, frozen object and leave the others as they were', () => {
    const lines = many(3).map((each) => Object.freeze(each));
    const changed = withChange(lines, 1, { description: 'Typed' });
    expect(changed).not.toBe(lines);
    expect(changed[0]).toBe(lines[0]);
    expect(changed[2]).toBe(lines[2]);
    expect(changed[1]).toMatchObject({ ...lines[1], description: 'Typed' });
    expect(Object.isFrozen(changed[1])).toBe(true);
    expect(lines[1]!.description).toBe('');
  });
});
