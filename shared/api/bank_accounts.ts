import { z } from 'zod';
import { boolean, decimal, optionalText, requiredText } from './fields';

export const SETTABLE_BANK_ACCOUNT_TYPES = ['StandardBankAccount', 'CreditCardAccount', 'EcommerceAccount'] as const;
export const RETURNED_ONLY_BANK_ACCOUNT_TYPES = [
  'RentalStatementAccount',
  'MarketplaceSellerBankAccount',
  'DirectDebitBankAccount',
  'WalletClassicAccount',
  'Wallet::CurrencyAccount',
  'CardProcessorBankAccount',
] as const;
export const WALLET_BANK_ACCOUNT_TYPES = ['WalletClassicAccount', 'Wallet::CurrencyAccount'] as const;
export type SettableBankAccountType = (typeof SETTABLE_BANK_ACCOUNT_TYPES)[number];

export const BANK_ACCOUNT_VIEWS = ['standard_bank_accounts', 'credit_card_accounts', 'wallet_accounts'] as const;
export const BANK_ACCOUNT_STATUSES = ['active', 'hidden'] as const;

/** Strips spaces and hyphens from a UK sort code or US routing number and checks its length. */
export function normaliseSortCode(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  if (/^\d{6}$/.test(digits)) return `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}`;
  if (/^\d{9}$/.test(digits)) return digits;
  return null;
}

/** An IBAN in its electronic form if its ISO 13616 check digits are right. */
export function normaliseIban(value: string): string | null {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return null;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1 ? iban : null;
}

const sortCode = z.preprocess(
  (value) => (value === '' ? null : value),
  z
    .string()
    .transform((value, context) => {
      const normalised = normaliseSortCode(value);
      if (normalised === null) context.addIssue({ code: 'custom', message: 'must be a 6-digit sort code or 9-digit routing number' });
      return normalised ?? value;
    })
    .nullable(),
);

const iban = z.preprocess(
  (value) => (value === '' ? null : value),
  z
    .string()
    .transform((value, context) => {
      const normalised = normaliseIban(value);
      if (normalised === null) context.addIssue({ code: 'custom', message: 'is not a valid IBAN' });
      return normalised ?? value;
    })
    .nullable(),
);

const bic = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? null : value.trim().toUpperCase()) : value),
  z.string().regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, { error: 'is not a valid BIC' }).nullable(),
);

const currency = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  z.string().regex(/^[A-Z]{3}$/, { error: 'must be a three-letter ISO currency code' }),
);

const bankAccountFields = {
  type: z.string(),
  name: requiredText(),
  currency,
  is_personal: boolean,
  is_primary: boolean,
  status: z.enum(BANK_ACCOUNT_STATUSES, { error: 'must be active or hidden' }),
  bank_name: optionalText(),
  opening_balance: decimal,
  account_number: optionalText(34),
  sort_code: sortCode,
  secondary_sort_code: sortCode,
  iban,
  bic,
  email: optionalText(254),
  bank_guess_enabled: boolean,
};

export const bankAccountCreateSchema = z.object({
  ...bankAccountFields,
  type: bankAccountFields.type.optional(),
  currency: currency.optional(),
  is_personal: boolean.optional(),
  is_primary: boolean.optional(),
  status: bankAccountFields.status.optional(),
  sort_code: sortCode.optional(),
  secondary_sort_code: sortCode.optional(),
  iban: iban.optional(),
  bic: bic.optional(),
  bank_guess_enabled: boolean.optional(),
  opening_balance: decimal,
});
export const bankAccountUpdateSchema = z.object(bankAccountFields).partial();
export type BankAccountCreate = z.infer<typeof bankAccountCreateSchema>;
export type BankAccountUpdate = z.infer<typeof bankAccountUpdateSchema>;
