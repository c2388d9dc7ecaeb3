/**
 * The sales document editor's lines (invoices and credit notes) and what they come to, worked out as the engine does (api-notes:
 * discount_percent, VAT per line): each line's net is price x quantity less the discount, rounded
 * once half away from zero; VAT is the net at the line's rate, rounded the same way. Exact decimals,
 * never floats. A line left to "Auto" is taxed by the engine's rules (the contact and the category),
 * so its VAT is only known once saved.
 */
import Decimal from 'decimal.js';
import { lineNetMinor, MoneyError, vatOnNet } from '../../../shared/money';
import type { DocumentItem, DocumentItemFields, DocumentKind } from '../../lib/api/sales_documents';

/** VAT as the editor offers it: a rate in percent, or one of these. */
export type VatChoice = 'auto' | 'exempt' | 'out_of_scope' | `${number}`;

export const VAT_CHOICES: readonly { value: VatChoice; label: string }[] = [
  { value: '20', label: '20% standard' },
  { value: '5', label: '5% reduced' },
  { value: '0', label: '0% zero-rated' },
  { value: 'exempt', label: 'Exempt' },
  { value: 'out_of_scope', label: 'Out of scope' },
  // "Auto" alone: the engine picks the rate from the contact and category; a longer label is cut short
  // in the line's narrow VAT column at the smallest window size.
  { value: 'auto', label: 'Auto' },
];

export const UNITS = ['-no unit-', 'Hours', 'Days', 'Weeks', 'Months', 'Products', 'Services', 'Expenses', 'Comment'] as const;

/**
 * A line as the editor holds it: never changed in place (frozen). An edit makes a new line object
 * (`withChange`) in a new array, so whatever is worked out per line (its totals, its JSON for the
 * draft's comparison) is kept by the line object and worked out again only for the line that changed.
 */
export interface EditorLine {
  /** A stable key for the list; the item's url once it is saved. */
  readonly key: string;
  readonly url?: string;
  readonly description: string;
  readonly unit: string;
  readonly quantity: string;
  readonly price: string;
  readonly vat: VatChoice;
  readonly category: string;
}

/** The fields a person types into a line. */
export type LineChange = Partial<Pick<EditorLine, 'description' | 'unit' | 'quantity' | 'price' | 'vat' | 'category'>>;

/** `lines` with line `index` changed: a new array holding a new line; the other lines are the same objects. */
export function withChange(lines: readonly EditorLine[], index: number, change: LineChange): EditorLine[] {
  const line = lines[index];
  if (!line) return [...lines];
  return lines.with(index, Object.freeze({ ...line, ...change }));
}

/** Lines read back from JSON (a kept draft, the document as changed elsewhere) as the editor holds them. */
export function linesFrom(kept: readonly EditorLine[]): EditorLine[] {
  return kept.map((line) => (Object.isFrozen(line) ? line : Object.freeze({ ...line })));
}

export interface LinesTotal {
  netMinor: number;
  vatMinor: number;
  totalMinor: number;
  /** Lines left to Auto, whose VAT the engine works out on save. */
  autoLines: number;
  /** Lines whose price or quantity is not a number yet. */
  unreadable: number;
}

let counter = 0;
export const newLine = (vat: VatChoice): EditorLine => Object.freeze({ key: `new-${++counter}`, description: '', unit: '-no unit-', quantity: '1', price: '', vat, category: '' });

function readDecimal(text: string): Decimal | null {
  const cleaned = text.replace(/,/g, '').trim();
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return new Decimal(cleaned);
}

/** A line's net as the engine works it out; null when it is too large to hold (the engine refuses it). */
function netOrNull(price: Decimal, quantity: Decimal, discount: Decimal | null, currency: string): number | null {
  try {
    return lineNetMinor(price, quantity, discount, currency);
  } catch (error) {
    if (error instanceof MoneyError) return null;
    throw error;
  }
}

/** What one line adds to the totals. */
type LineFigure = Omit<LinesTotal, 'totalMinor'>;

const NOTHING: LineFigure = { netMinor: 0, vatMinor: 0, autoLines: 0, unreadable: 0 };

/** One line's net and VAT as the engine works them out, each rounded once; a comment adds nothing. */
function lineFigure(line: EditorLine, discount: Decimal | null, currency: string): LineFigure {
  if (line.unit === 'Comment') return NOTHING;
  const price = readDecimal(line.price);
  const quantity = readDecimal(line.quantity);
  if (price === null || quantity === null) return line.price.trim() !== '' ? { ...NOTHING, unreadable: 1 } : NOTHING;
  const net = netOrNull(price, quantity, discount, currency);
  if (net === null) return { ...NOTHING, unreadable: 1 };
  if (line.vat === 'auto') return { ...NOTHING, netMinor: net, autoLines: 1 };
  if (line.vat === 'exempt' || line.vat === 'out_of_scope') return { ...NOTHING, netMinor: net };
  return { ...NOTHING, netMinor: net, vatMinor: vatOnNet(net, line.vat) };
}

/**
 * The totals of the lines, kept line by line: each line's figure is worked out once and kept while
 * the line (an object never changed in place) and the currency and discount stay the same. A key
 * typed in one line of 2,000 works out that line again and adds up kept integers, where working out
 * every line took 15 ms a key. The sums are the same exact integers as working every line out anew.
 */
export class LinesTotals {
  private figures = new WeakMap<EditorLine, LineFigure>();
  private terms = '';
  private discount: Decimal | null = null;

  of(lines: readonly EditorLine[], currency: string, discountPercent: string): LinesTotal {
    this.use(currency, discountPercent);
    const total: LinesTotal = { netMinor: 0, vatMinor: 0, totalMinor: 0, autoLines: 0, unreadable: 0 };
    for (const line of lines) {
      const figure = this.figureOf(line, currency);
      total.netMinor += figure.netMinor;
      total.vatMinor += figure.vatMinor;
      total.autoLines += figure.autoLines;
      total.unreadable += figure.unreadable;
    }
    total.totalMinor = total.netMinor + total.vatMinor;
    return total;
  }

  /** Works out the figures of lines `from` to `to` ahead of `of` (a slice of a long document at a time); returns where it stopped. */
  workOut(lines: readonly EditorLine[], currency: string, discountPercent: string, from: number, to: number): number {
    this.use(currency, discountPercent);
    const end = Math.min(to, lines.length);
    for (let at = from; at < end; at += 1) this.figureOf(lines[at]!, currency);
    return end;
  }

  /** The figures kept are for one currency and discount: another, and every line is worked out again. */
  private use(currency: string, discountPercent: string): void {
    const terms = `${currency} ${discountPercent}`;
    if (terms === this.terms) return;
    this.figures = new WeakMap();
    this.terms = terms;
    this.discount = readDecimal(discountPercent);
  }

  private figureOf(line: EditorLine, currency: string): LineFigure {
    let figure = this.figures.get(line);
    if (!figure) {
      figure = lineFigure(line, this.discount, currency);
      this.figures.set(line, figure);
    }
    return figure;
  }
}

export function linesTotal(lines: readonly EditorLine[], currency: string, discountPercent: string): LinesTotal {
  return new LinesTotals().of(lines, currency, discountPercent);
}

/** A saved item as an editor line. */
export function lineOf(item: DocumentItem): EditorLine {
  const status = item.sales_tax_status;
  const vat: VatChoice = status === 'EXEMPT' ? 'exempt' : status === 'OUT_OF_SCOPE' ? 'out_of_scope' : item.sales_tax_rate !== undefined ? (new Decimal(item.sales_tax_rate).toString() as VatChoice) : 'auto';
  return Object.freeze({ key: item.url, url: item.url, description: item.description, unit: item.item_type, quantity: new Decimal(item.quantity).toString(), price: new Decimal(item.price).toString(), vat, category: item.category ?? '' });
}

/**
 * A saved item of a document of this kind as an editor line. A credit note's prices are stored
 * negative but typed positive (api-notes), so they are shown as typed.
 */
export function documentLineOf(item: DocumentItem, kind: DocumentKind): EditorLine {
  const line = lineOf(item);
  return kind === 'credit_note' ? Object.freeze({ ...line, price: new Decimal(item.price).negated().toString() }) : line;
}

/** What the engine is sent for a line: its VAT as a rate or a status, Auto as no rate at all. */
export function itemFields(line: EditorLine, position: number): DocumentItemFields {
  const vat =
    line.vat === 'auto'
      ? { sales_tax_rate: 'Auto', sales_tax_status: null }
      : line.vat === 'exempt'
        ? { sales_tax_status: 'EXEMPT', sales_tax_rate: null }
        : line.vat === 'out_of_scope'
          ? { sales_tax_status: 'OUT_OF_SCOPE', sales_tax_rate: null }
          : { sales_tax_rate: line.vat, sales_tax_status: 'TAXABLE' };
  const base = { ...(line.url ? { url: line.url } : {}), position, description: line.description, item_type: line.unit };
  // A comment is a line of text: no price, quantity or tax.
  if (line.unit === 'Comment') return base;
  return { ...base, quantity: line.quantity.replace(/,/g, '').trim() || '1', price: line.price.replace(/,/g, '').trim(), category: line.category || null, ...vat };
}
