/** Words people use for the API's type names. */

const COMPANY_TYPES: Readonly<Record<string, string>> = {
  UkLimitedCompany: 'UK limited company',
  UkSoleTrader: 'UK sole trader',
  UkPartnership: 'UK partnership',
  UkUnincorporatedLandlord: 'UK unincorporated landlord',
  Universal: 'Universal company',
  Us: 'US company',
};

const BANK_ACCOUNT_TYPES: Readonly<Record<string, string>> = {
  StandardBankAccount: 'Bank account',
  CreditCardAccount: 'Credit card',
  EcommerceAccount: 'E-commerce',
  RentalStatementAccount: 'Rental statements',
  MarketplaceSellerBankAccount: 'Marketplace seller',
  DirectDebitBankAccount: 'Direct debit',
  WalletClassicAccount: 'Wallet',
  'Wallet::CurrencyAccount': 'Wallet (currency)',
  CardProcessorBankAccount: 'Card processor',
};

export const companyTypeLabel = (type: string) => COMPANY_TYPES[type] ?? type;
export const bankAccountTypeLabel = (type: string) => BANK_ACCOUNT_TYPES[type] ?? type;
