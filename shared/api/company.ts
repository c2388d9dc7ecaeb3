export const COMPANY_TYPES = [
  'UkLimitedCompany',
  'UkSoleTrader',
  'UkPartnership',
  'UkUnincorporatedLandlord',
  'Universal',
  'Us',
] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const isCompanyType = (value: unknown): value is CompanyType =>
  typeof value === 'string' && (COMPANY_TYPES as readonly string[]).includes(value);

export const isUkCompany = (type: CompanyType) => type.startsWith('Uk');
