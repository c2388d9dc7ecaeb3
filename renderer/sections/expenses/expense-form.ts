/**
 * The expense editor's form and the list's filters and totals, as plain functions. A person types
 * what they paid as a positive amount and says whether it was money spent (a claim, sent as a
 * negative gross_value) or a refund they owe (positive), as the engine reads them (api-notes:
 * expenses). VAT follows the purchase rules (spec 1): Auto (the category's rate), a rate, a manual
 * amount, exempt or out of scope; a rate's VAT is gross x rate / (100 + rate), rounded once half away
 * from zero, as the engine works it out. Exact decimals, never floats.
 */
import Decimal from 'decimal.js';
import { fromMinor, toMinor, vatInGross } from '../../../shared/money';
import type { Expense, ExpenseFields } from '../../lib/api/expenses';
import { moneyForInput, readMoney } from '../../lib/money-input';

export type ExpenseVat = 'auto' | 'manual' | 'exempt' | 'out_of_scope' | `${number}`;

export const EXPENSE_VAT_CHOICES: readonly { value: ExpenseVat; label: string }[] = [
  { value: 'auto', label: 'Auto (the category’s rate)' },
  { value: '20', label: '20% standard' },
  { value: '5', label: '5% reduced' },
  { value: '0', label: '0% zero-rated' },
  { value: 'manual', label: 'An amount on the receipt' },
  { value: 'exempt', label: 'Exempt' },
  { value: 'out_of_scope', label: 'Out of scope' },
];

export type ExpenseKind = 'spent' | 'refund';

export interface ExpenseForm {
  user: string;
  category: string;
  datedOn: string;
  description: string;
  kind: ExpenseKind;
  /** What was paid, as typed: positive, in `currency`. */
  amount: string;
  currency: string;
  /** What it cost in the company's currency, for a foreign-currency expense. */
  nativeAmount: string;
  vat: ExpenseVat;
  /** The VAT on the receipt, in the company's currency, when `vat` is manual. */
  manualVat: string;
  receiptReference: string;
}

export function newExpenseForm(user: string, currency: string): ExpenseForm {
  return { user, category: '', datedOn: '', description: '', kind: 'spent', amount: '', currency, nativeAmount: '', vat: 'auto', manualVat: '', receiptReference: '' };
}

const plainRate = (rate: string) => new Decimal(rate).toString() as `${number}`;

function unsigned(value: string, currency: string): string {
  return moneyForInput(Math.abs(toMinor(value, currency)), currency);
}

export function expenseFormOf(expense: Expense, native: string): ExpenseForm {
  const vat: ExpenseVat =
    expense.sales_tax_status === 'EXEMPT'
      ? 'exempt'
      : expense.sales_tax_status === 'OUT_OF_SCOPE'
        ? 'out_of_scope'
        : expense.manual_sales_tax_amount !== undefined
          ? 'manual'
          : expense.sales_tax_rate !== undefined
            ? plainRate(expense.sales_tax_rate)
            : 'auto';
  return {
    user: expense.user,
    category: expense.category,
    datedOn: expense.dated_on,
    description: expense.description,
    kind: expense.gross_value.trim().startsWith('-') ? 'spent' : 'refund',
    amount: unsigned(expense.gross_value, expense.currency),
    currency: expense.currency,
    nativeAmount: expense.currency === native ? '' : unsigned(expense.native_gross_value, native),
    vat,
    manualVat: expense.manual_sales_tax_amount !== undefined ? unsigned(expense.manual_sales_tax_amount, native) : '',
    receiptReference: expense.receipt_reference ?? '',
  };
}

/**
 * An amount as the engine should get it: signed by the kind when it reads as money; what does not
 * read goes as typed, so the engine's own sentence ("must be a decimal number") comes back at the
 * field; empty is left out, so the engine says it is required.
 */
function signedAmount(text: string, currency: string, kind: ExpenseKind): string | undefined {
  const reading = readMoney(text, currency);
  if (!reading.ok) return text.trim();
  if (reading.empty) return undefined;
  return fromMinor(kind === 'spent' ? -Math.abs(reading.minor) : Math.abs(reading.minor), currency);
}

function vatFields(form: ExpenseForm, native: string): Pick<ExpenseFields, 'sales_tax_rate' | 'manual_sales_tax_amount' | 'sales_tax_status'> {
  switch (form.vat) {
    case 'auto':
      return { sales_tax_rate: 'Auto', manual_sales_tax_amount: null, sales_tax_status: null };
    case 'exempt':
      return { sales_tax_rate: null, manual_sales_tax_amount: null, sales_tax_status: 'EXEMPT' };
    case 'out_of_scope':
      return { sales_tax_rate: null, manual_sales_tax_amount: null, sales_tax_status: 'OUT_OF_SCOPE' };
    case 'manual': {
      const reading = readMoney(form.manualVat, native);
      const amount = reading.ok ? (reading.empty ? '' : reading.decimal) : form.manualVat.trim();
      return { sales_tax_rate: null, manual_sales_tax_amount: amount, sales_tax_status: 'TAXABLE' };
    }
    default:
      return { sales_tax_rate: form.vat, manual_sales_tax_amount: null, sales_tax_status: 'TAXABLE' };
  }
}

/** Every field of the form, for a create or a whole update; the engine checks them all. */
export function expenseFields(form: ExpenseForm, native: string): ExpenseFields {
  const currency = form.currency.trim().toUpperCase() || native;
  const foreign = currency !== native;
  return {
    ...(form.user ? { user: form.user } : {}),
    ...(form.category ? { category: form.category } : {}),
    ...(form.datedOn ? { dated_on: form.datedOn } : {}),
    description: form.description.trim(),
    currency,
    gross_value: signedAmount(form.amount, currency, form.kind),
    ...(foreign ? { native_gross_value: signedAmount(form.nativeAmount, native, form.kind) } : {}),
    ...vatFields(form, native),
    receipt_reference: form.receiptReference.trim() || null,
  };
}

/**
 * The VAT the engine will reclaim, worked out as it does, in the company's currency: null while it
 * cannot be known yet (Auto takes the category's rate on save; an amount not typed yet).
 */
export function vatPreview(form: ExpenseForm, native: string): number | null {
  if (form.vat === 'exempt' || form.vat === 'out_of_scope') return 0;
  if (form.vat === 'auto') return null;
  if (form.vat === 'manual') {
    const manual = readMoney(form.manualVat, native);
    return manual.ok && !manual.empty ? Math.abs(manual.minor) : null;
  }
  const foreign = (form.currency.trim().toUpperCase() || native) !== native;
  const gross = foreign ? readMoney(form.nativeAmount, native) : readMoney(form.amount, native);
  if (!gross.ok || gross.empty) return null;
  return vatInGross(Math.abs(gross.minor), form.vat);
}

/** "2026-11-14" -> "2026-11": the month an expense is filed under. */
export const monthOf = (isoDate: string) => isoDate.slice(0, 7);

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
export const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

/** The months that have expenses, newest first. */
export function monthsOf(expenses: readonly Expense[]): string[] {
  return [...new Set(expenses.map((expense) => monthOf(expense.dated_on)))].sort().reverse();
}

/** The expenses of one user and one month; "" means any. */
export function filterExpenses(expenses: readonly Expense[], user: string, month: string): Expense[] {
  return expenses.filter((expense) => (user === '' || expense.user === user) && (month === '' || monthOf(expense.dated_on) === month));
}

export interface ExpenseTotals {
  /** What the company owes its people for these expenses, in its own currency (refunds taken off). */
  claimedMinor: number;
  /** The VAT reclaimed on them, in its own currency. */
  vatMinor: number;
}

export function expenseTotals(expenses: readonly Expense[], native: string): ExpenseTotals {
  const totals: ExpenseTotals = { claimedMinor: 0, vatMinor: 0 };
  for (const expense of expenses) {
    totals.claimedMinor -= toMinor(expense.native_gross_value, native);
    if (expense.native_sales_tax_value !== undefined) totals.vatMinor -= toMinor(expense.native_sales_tax_value, native);
  }
  return totals;
}

/** The amount a person claimed, shown positive for money spent and with a minus for a refund. */
export function claimOf(expense: Expense): string {
  return fromMinor(-toMinor(expense.gross_value, expense.currency), expense.currency);
}

