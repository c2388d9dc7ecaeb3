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

export interface EditorLine {
  /** A stable key for the list; the item's url once it is saved. */
  key: string;
  url?: string;
  description: string;
  unit: string;
  quantity: string;
  price: string;
  vat: VatChoice;
  category: string;
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
export const newLine = (vat: VatChoice): EditorLine => ({ key: `new-${++counter}`, description: '', unit: '-no unit-', quantity: '1', price: '', vat, category: '' });

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

export function linesTotal(lines: readonly EditorLine[], currency: string, discountPercent: string): LinesTotal {
  const discount = readDecimal(discountPercent);
  const total: LinesTotal = { netMinor: 0, vatMinor: 0, totalMinor: 0, autoLines: 0, unreadable: 0 };
  for (const line of lines) {
    if (line.unit === 'Comment') continue;
    const price = readDecimal(line.price);
    const quantity = readDecimal(line.quantity);
    if (price === null || quantity === null) {
      if (line.price.trim() !== '') total.unreadable += 1;
      continue;
    }
    const net = netOrNull(price, quantity, discount, currency);
    if (net === null) {
      total.unreadable += 1;
      continue;
    }
    total.netMinor += net;
    if (line.vat === 'auto') total.autoLines += 1;
    else if (line.vat !== 'exempt' && line.vat !== 'out_of_scope') total.vatMinor += vatOnNet(net, line.vat);
  }
  total.totalMinor = total.netMinor + total.vatMinor;
  return total;
}

/** A saved item as an editor line. */
export function lineOf(item: DocumentItem): EditorLine {
  const status = item.sales_tax_status;
  const vat: VatChoice = status === 'EXEMPT' ? 'exempt' : status === 'OUT_OF_SCOPE' ? 'out_of_scope' : item.sales_tax_rate !== undefined ? (new Decimal(item.sales_tax_rate).toString() as VatChoice) : 'auto';
  return { key: item.url, url: item.url, description: item.description, unit: item.item_type, quantity: new Decimal(item.quantity).toString(), price: new Decimal(item.price).toString(), vat, category: item.category ?? '' };
}

/**
 * A saved item of a document of this kind as an editor line. A credit note's prices are stored
 * negative but typed positive (api-notes), so they are shown as typed.
 */
export function documentLineOf(item: DocumentItem, kind: DocumentKind): EditorLine {
  const line = lineOf(item);
  return kind === 'credit_note' ? { ...line, price: new Decimal(item.price).negated().toString() } : line;
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
