import type { BankAccountCreate, BankAccountUpdate } from '../../../shared/api/bank_accounts';
import { minorDigits } from '../../../shared/money';
import { padDecimal } from '../../lib/format';
import type { BankAccount } from '../../lib/records';

/**
 * What the bank account form edits, as the inputs hold it (text and ticks), and how that becomes
 * the engine's payloads: everything filled in on create, only what changed on update.
 */
export interface BankAccountFormValues {
  type: string;
  name: string;
  currency: string;
  opening_balance: string;
  sort_code: string;
  account_number: string;
  iban: string;
  bic: string;
  bank_name: string;
  is_personal: boolean;
  is_primary: boolean;
}

export type BankAccountField = keyof BankAccountFormValues;

/** Labels double as the words that replace API field names in the engine's error sentences. */
export const BANK_ACCOUNT_LABELS: Readonly<Record<BankAccountField, string>> = {
  type: 'Type',
  name: 'Name',
  currency: 'Currency',
  opening_balance: 'Opening balance',
  sort_code: 'Sort code',
  account_number: 'Account number',
  iban: 'IBAN',
  bic: 'BIC',
  bank_name: 'Bank name',
  is_personal: 'Personal account',
  is_primary: 'Primary account',
};

const TEXT_FIELDS = ['name', 'currency', 'opening_balance', 'sort_code', 'account_number', 'iban', 'bic', 'bank_name'] as const;
const OPTIONAL_TEXT_FIELDS = ['sort_code', 'account_number', 'iban', 'bic', 'bank_name'] as const;
/** The engine refuses these on anything but a standard account (spec 2.4). */
const STANDARD_ONLY_FIELDS = new Set<BankAccountField>(['sort_code', 'iban', 'bic']);

export function fieldAppliesTo(field: BankAccountField, type: string): boolean {
  return type === 'StandardBankAccount' || !STANDARD_ONLY_FIELDS.has(field);
}

export function blankForm(currency: string): BankAccountFormValues {
  return {
    type: 'StandardBankAccount',
    name: '',
    currency,
    opening_balance: padDecimal('0', minorDigits(currency)),
    sort_code: '',
    account_number: '',
    iban: '',
    bic: '',
    bank_name: '',
    is_personal: false,
    is_primary: false,
  };
}

export function formFromAccount(account: BankAccount): BankAccountFormValues {
  return {
    type: account.type,
    name: account.name,
    currency: account.currency,
    opening_balance: padDecimal(account.opening_balance, minorDigits(account.currency)),
    sort_code: account.sort_code ?? '',
    account_number: account.account_number ?? '',
    iban: account.iban ?? '',
    bic: account.bic ?? '',
    bank_name: account.bank_name ?? '',
    is_personal: account.is_personal,
    is_primary: account.is_primary,
  };
}

/** "1,250.00" as the engine reads amounts ("1250.00"); commas only where they group thousands. */
export function plainAmount(text: string): string {
  const trimmed = text.trim();
  return /^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(trimmed) ? trimmed.replace(/,/g, '') : trimmed;
}

export function createPayload(values: BankAccountFormValues): BankAccountCreate {
  const payload: BankAccountCreate = {
    type: values.type,
    name: values.name.trim(),
    opening_balance: plainAmount(values.opening_balance),
    is_personal: values.is_personal,
    is_primary: values.is_primary,
  };
  // Left empty, the engine uses the company's own currency.
  const currency = values.currency.trim();
  if (currency !== '') payload.currency = currency;
  for (const field of OPTIONAL_TEXT_FIELDS) {
    const text = values[field].trim();
    if (text !== '' && fieldAppliesTo(field, values.type)) payload[field] = text;
  }
  return payload;
}

/** The fields whose value differs from the stored account; a cleared optional field is sent as null. */
export function updatePayload(account: BankAccount, values: BankAccountFormValues): BankAccountUpdate {
  const before = formFromAccount(account);
  const changes: BankAccountUpdate = {};
  for (const field of TEXT_FIELDS) {
    if (!fieldAppliesTo(field, account.type)) continue;
    const text = field === 'opening_balance' ? plainAmount(values[field]) : values[field].trim();
    if (text === before[field]) continue;
    if ((OPTIONAL_TEXT_FIELDS as readonly string[]).includes(field)) {
      (changes as Record<string, string | null>)[field] = text === '' ? null : text;
    } else {
      (changes as Record<string, string>)[field] = text;
    }
  }
  if (values.is_personal !== before.is_personal) changes.is_personal = values.is_personal;
  if (values.is_primary !== before.is_primary) changes.is_primary = values.is_primary;
  return changes;
}
