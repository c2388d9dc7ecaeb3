import { z } from 'zod';
import type { CompanyType } from './company';
import { boolean, decimal, integer, requiredText } from './fields';

export const USER_ROLES = ['Owner', 'Director', 'Partner', 'Company Secretary', 'Employee', 'Shareholder', 'Accountant'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Roles a company of each type can have (a sole trader has no directors, partners, secretaries or shareholders). */
export const ROLES_BY_COMPANY_TYPE: Readonly<Record<CompanyType, readonly UserRole[]>> = {
  UkLimitedCompany: ['Owner', 'Director', 'Company Secretary', 'Employee', 'Shareholder', 'Accountant'],
  UkSoleTrader: ['Owner', 'Employee', 'Accountant'],
  UkPartnership: ['Owner', 'Partner', 'Employee', 'Accountant'],
  UkUnincorporatedLandlord: ['Owner', 'Employee', 'Accountant'],
  Universal: ['Owner', 'Director', 'Partner', 'Company Secretary', 'Employee', 'Shareholder', 'Accountant'],
  Us: ['Owner', 'Director', 'Partner', 'Company Secretary', 'Employee', 'Shareholder', 'Accountant'],
};

export const STAFF_ROLES: readonly UserRole[] = ['Owner', 'Director', 'Partner', 'Company Secretary', 'Employee', 'Shareholder'];
export const ADVISOR_ROLES: readonly UserRole[] = ['Accountant'];
export const USER_VIEWS = ['all', 'staff', 'active_staff', 'advisors', 'active_advisors'] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A UK national insurance number: two letters, six digits, A-D; spaces ignored. */
const NI_NUMBER = /^(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/;

const email = requiredText(254).refine((value) => EMAIL.test(value), { error: 'is not a valid email address' });
const niNumber = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : value),
  z.union([z.literal(''), z.string().regex(NI_NUMBER, { error: 'is not a valid national insurance number' })]).nullable(),
);
const uniqueTaxReference = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value),
  z.union([z.literal(''), z.string().regex(/^\d{10}$/, { error: 'must be 10 digits' })]).nullable(),
);
const openingMileage = decimal.refine((value) => !value.startsWith('-'), { error: "can't be negative" });

const userFields = {
  email,
  first_name: requiredText(),
  last_name: requiredText(),
  ni_number: niNumber.optional(),
  unique_tax_reference: uniqueTaxReference.optional(),
  role: z.enum(USER_ROLES, { error: `must be one of ${USER_ROLES.join(', ')}` }),
  opening_mileage: openingMileage.optional(),
  send_invitation: boolean.optional(),
  permission_level: integer.refine((value) => value >= 0 && value <= 8, { error: 'must be from 0 to 8' }).optional(),
  hidden: boolean.optional(),
};

export const userCreateSchema = z.object(userFields);
export const userUpdateSchema = z.object(userFields).partial();
export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserUpdate = z.infer<typeof userUpdateSchema>;

