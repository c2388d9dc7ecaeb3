/**
 * A bank line split into several explanations (spec 2.6: a transaction may carry several, each
 * explaining part of it). The person types each part's amount as a plain amount in the line's own
 * direction; the parts must add up to the whole line to the penny before it can be saved. All sums are
 * integer minor units read by lib/money-input, never floats.
 */
import { toMinor, fromMinor } from '../../../shared/money';
import type { BankTransaction, Explanation, ExplanationFields } from '../../lib/api/bank_transactions';
import { readMoney, moneyForInput } from '../../lib/money-input';
import { ecChoiceOf, explanationFields, MOSS, vatChoiceOf, type AutoRates, type EcChoice, type VatChoice } from './explain-form';

export interface SplitPart {
  /** A stable key for the list, so a removed part does not move another's input. */
  key: number;
  /** The explanation this part was read from; undefined for a new part. */
  existing?: Explanation;
  category: string;
  description: string;
  vat: VatChoice;
  manualVat: string;
  /** The part's EC treatment ('' where none is offered); an EC VAT MOSS part has a place of supply and its rate. */
  ecStatus: EcChoice;
  placeOfSupply: string;
  mossRate: string;
  /** As typed: "40.00", without the line's sign. */
  amount: string;
  /**
   * On an account in another currency than the company's: what the part is worth in the company's
   * currency, as typed (the engine posts that; the amount above is what it covers of the line).
   */
  nativeAmount: string;
}

/** The company's currency when the account is in another one (its explanations need both values); '' otherwise. */
export function foreignNative(accountCurrency: string, nativeCurrency: string): string {
  return nativeCurrency && nativeCurrency !== accountCurrency ? nativeCurrency : '';
}

let nextKey = 1;

/** A new part; `ecStatus` is the Bought-or-sold choice a new part starts with ('' where none is offered). */
export function blankPart(ecStatus: EcChoice = '', description = ''): SplitPart {
  return { key: nextKey++, category: '', description, vat: 'auto', manualVat: '', ecStatus, placeOfSupply: '', mossRate: '', amount: '', nativeAmount: '' };
}

/**
 * An explanation already on the line, as a part the person can change (`ecOptions`: the EC treatments
 * offered; `native`: the company's currency when the account is in another, foreignNative; `autoRates`:
 * the categories' automatic rates, to show a rate chosen by hand as that rate, vatChoiceOf).
 */
export function partOf(explanation: Explanation, currency: string, ecOptions: readonly { value: EcChoice }[] = [], native = '', autoRates: AutoRates = new Map()): SplitPart {
  const ecStatus = ecChoiceOf(explanation.ec_status, ecOptions);
  const vat: VatChoice = vatChoiceOf(explanation, autoRates);
  return {
    key: nextKey++,
    existing: explanation,
    category: explanation.category ?? '',
    description: explanation.description ?? '',
    vat,
    manualVat: explanation.manual_sales_tax_amount ?? '',
    ecStatus,
    placeOfSupply: ecStatus === MOSS ? (explanation.place_of_supply ?? '') : '',
    mossRate: ecStatus === MOSS ? (explanation.sales_tax_rate ?? '') : '',
    amount: native
      ? moneyForInput(Math.abs(toMinor(explanation.foreign_currency_value ?? '0', currency)), currency)
      : moneyForInput(Math.abs(toMinor(explanation.gross_value, currency)), currency),
    nativeAmount: native ? moneyForInput(Math.abs(toMinor(explanation.gross_value, native)), native) : '',
  };
}

/** Whether every explanation of a line is one a split can show (a category, not a transfer or a payment). */
export function splittable(line: BankTransaction): boolean {
  return line.bank_transaction_explanations.every((explanation) => !explanation.transfer_bank_account && !explanation.paid_invoice && !explanation.paid_bill);
}

export type PartAmount = { ok: true; minor: number } | { ok: false; reason: 'blank' | 'unreadable' | 'not positive'; message: string };

/** A part's amount in minor units (positive); a blank is not yet an error, a bad or signed one is. */
export function partAmount(part: SplitPart, currency: string): PartAmount {
  const reading = readMoney(part.amount, currency, 'Amount');
  if (!reading.ok) return { ok: false, reason: 'unreadable', message: reading.message };
  if (reading.empty) return { ok: false, reason: 'blank', message: 'Amount is needed for every part.' };
  if (reading.minor <= 0) return { ok: false, reason: 'not positive', message: 'Amount must be more than zero: type the part without a sign, in the direction of the line.' };
  return { ok: true, minor: reading.minor };
}

export interface Allocation {
  /** What is still to be given to a part, in minor units: negative when the parts add up to more than the line. */
  leftMinor: number;
  /** Every part has an amount and together they are exactly the line. */
  balanced: boolean;
}

export function allocation(parts: readonly SplitPart[], line: BankTransaction, currency: string): Allocation {
  const whole = Math.abs(toMinor(line.amount, currency));
  let given = 0;
  let complete = parts.length > 0;
  for (const part of parts) {
    const amount = partAmount(part, currency);
    if (amount.ok) given += amount.minor;
    else complete = false;
  }
  const leftMinor = whole - given;
  return { leftMinor, balanced: complete && leftMinor === 0 };
}

export type BuiltParts = { ok: true; fields: ExplanationFields[] } | { ok: false; index: number; field: 'manual_sales_tax_amount' | 'gross_value' | 'native_value'; message: string };

/** A part's value in the company's currency (foreign accounts): needed, and more than zero. */
function nativeMinor(part: SplitPart, native: string): { ok: true; minor: number } | { ok: false; message: string } {
  const label = `Value in ${native}`;
  const reading = readMoney(part.nativeAmount, native, label);
  if (!reading.ok) return reading;
  if (reading.empty) return { ok: false, message: `${label} is needed for every part: what it is worth in ${native}.` };
  if (reading.minor <= 0) return { ok: false, message: `${label} must be more than zero: type it without a sign.` };
  return { ok: true, minor: reading.minor };
}

/**
 * Each part as the engine's explanation fields: its own amount with the line's sign, on the line's date.
 * On an account in another currency (`native` set) the amount is `foreign_currency_value` and the
 * part's value in the company's currency its `gross_value`.
 */
export function partFields(parts: readonly SplitPart[], line: BankTransaction, currency: string, review: boolean, native = ''): BuiltParts {
  const sign = line.amount.startsWith('-') ? -1 : 1;
  const fields: ExplanationFields[] = [];
  for (const [index, part] of parts.entries()) {
    const amount = partAmount(part, currency);
    if (!amount.ok) return { ok: false, index, field: 'gross_value', message: amount.message };
    const built = explanationFields(
      {
        kind: 'category',
        category: part.category,
        transferAccount: '',
        invoice: '',
        bill: '',
        vat: part.vat,
        manualVat: part.manualVat,
        ecStatus: part.ecStatus,
        placeOfSupply: part.placeOfSupply,
        mossRate: part.mossRate,
        description: part.description,
        review,
      },
      currency,
      true,
    );
    if (!built.ok) return { ok: false, index, field: built.field, message: built.message };
    const place = { bank_transaction: line.url, dated_on: line.dated_on };
    if (!native) {
      fields.push({ ...built.fields, ...place, gross_value: fromMinor(sign * amount.minor, currency) });
      continue;
    }
    const value = nativeMinor(part, native);
    if (!value.ok) return { ok: false, index, field: 'native_value', message: value.message };
    fields.push({ ...built.fields, ...place, gross_value: fromMinor(sign * value.minor, native), foreign_currency_value: fromMinor(sign * amount.minor, currency) });
  }
  return { ok: true, fields };
}
