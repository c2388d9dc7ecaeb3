/**
 * The bill editor's lines: each is what the supplier charged for it including VAT, and the VAT in it
 * is worked out as the engine does (api-notes: bills): total x rate / (100 + rate), rounded once half
 * away from zero. Exact decimals, never floats. Auto leaves the rate to the category.
 */
import Decimal from 'decimal.js';
import { minorDigits, vatInGross } from '../../../shared/money';
import type { BillItem, BillItemFields } from '../../lib/api/bills';

export type BillVat = 'auto' | 'exempt' | 'out_of_scope' | `${number}`;

export const BILL_VAT_CHOICES: readonly { value: BillVat; label: string }[] = [
  { value: 'auto', label: 'Auto (the category’s rate)' },
  { value: '20', label: '20% standard' },
  { value: '5', label: '5% reduced' },
  { value: '0', label: '0% zero-rated' },
  { value: 'exempt', label: 'Exempt' },
  { value: 'out_of_scope', label: 'Out of scope' },
];

export interface BillLine {
  key: string;
  url?: string;
  category: string;
  description: string;
  total: string;
  vat: BillVat;
}

let counter = 0;
export const newBillLine = (): BillLine => ({ key: `new-${++counter}`, category: '', description: '', total: '', vat: 'auto' });

export function billLineOf(item: BillItem): BillLine {
  const vat: BillVat = item.sales_tax_status === 'EXEMPT' ? 'exempt' : item.sales_tax_status === 'OUT_OF_SCOPE' ? 'out_of_scope' : item.sales_tax_rate !== undefined ? (new Decimal(item.sales_tax_rate).toString() as BillVat) : 'auto';
  return { key: item.url, url: item.url, category: item.category ?? '', description: item.description, total: new Decimal(item.total_value).toString(), vat };
}

function readDecimal(text: string): Decimal | null {
  const cleaned = text.replace(/,/g, '').trim();
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? new Decimal(cleaned) : null;
}

export interface BillTotal {
  totalMinor: number;
  /** VAT known from the lines' rates; Auto lines' VAT comes from their categories on save. */
  vatMinor: number;
  autoLines: number;
}

export function billTotal(lines: readonly BillLine[], currency: string): BillTotal {
  const scale = new Decimal(10).pow(minorDigits(currency));
  const result: BillTotal = { totalMinor: 0, vatMinor: 0, autoLines: 0 };
  for (const line of lines) {
    const total = readDecimal(line.total);
    if (total === null) continue;
    const minor = total.times(scale).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
    result.totalMinor += minor.toNumber();
    if (line.vat === 'auto') result.autoLines += 1;
    else if (line.vat !== 'exempt' && line.vat !== 'out_of_scope') result.vatMinor += vatInGross(minor.toNumber(), line.vat);
  }
  return result;
}

export function billItemFields(line: BillLine): BillItemFields {
  const vat =
    line.vat === 'auto'
      ? { sales_tax_rate: 'Auto', sales_tax_status: null }
      : line.vat === 'exempt'
        ? { sales_tax_status: 'EXEMPT', sales_tax_rate: null }
        : line.vat === 'out_of_scope'
          ? { sales_tax_status: 'OUT_OF_SCOPE', sales_tax_rate: null }
          : { sales_tax_rate: line.vat, sales_tax_status: 'TAXABLE' };
  return { ...(line.url ? { url: line.url } : {}), category: line.category || null, description: line.description, total_value: line.total.replace(/,/g, '').trim(), ...vat };
}
