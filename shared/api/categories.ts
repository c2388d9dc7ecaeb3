import { z } from 'zod';
import { boolean, requiredText } from './fields';

/** The keys a category list is grouped under; a single category is returned under one of them. */
export const CATEGORY_LIST_KEYS = ['admin_expenses_categories', 'cost_of_sales_categories', 'income_categories', 'general_categories'] as const;
export type CategoryListKey = (typeof CATEGORY_LIST_KEYS)[number];

/** The groups a category is stored and listed in. */
export type CategoryListGroup = 'income' | 'cost_of_sales' | 'admin_expenses' | 'general';

export const LIST_KEY_OF_GROUP: Readonly<Record<CategoryListGroup, CategoryListKey>> = {
  income: 'income_categories',
  cost_of_sales: 'cost_of_sales_categories',
  admin_expenses: 'admin_expenses_categories',
  general: 'general_categories',
};

/**
 * category_group values on create. `general` is not in the published list but the live service takes
 * it (api-quirks.md); it stands for whichever balance sheet group the nominal code falls in.
 */
export const CATEGORY_GROUPS = ['income', 'cost_of_sales', 'admin_expenses', 'current_assets', 'liabilities', 'equities', 'general'] as const;
export type CategoryGroup = (typeof CATEGORY_GROUPS)[number];
export type ConcreteCategoryGroup = Exclude<CategoryGroup, 'general'>;

/** The values of auto_sales_tax_rate, as the live service's own chart uses them. */
export const AUTO_SALES_TAX_RATES = ['Standard rate', 'Reduced rate', 'Zero rate', 'Exempt', 'Outside of the scope of VAT'] as const;
export type AutoSalesTaxRate = (typeof AUTO_SALES_TAX_RATES)[number];

/** Nominal codes a custom category of each group may take (spec 4.11 and 8). */
export const NOMINAL_CODE_RANGES: Readonly<Record<ConcreteCategoryGroup, readonly [number, number]>> = {
  income: [1, 49],
  cost_of_sales: [96, 199],
  admin_expenses: [200, 399],
  current_assets: [671, 720],
  liabilities: [731, 780],
  equities: [921, 960],
};

/** The fields each group accepts on create besides category_group. */
export const CATEGORY_FIELDS_BY_GROUP: Readonly<Record<ConcreteCategoryGroup, readonly CategoryField[]>> = {
  income: ['description', 'nominal_code'],
  cost_of_sales: ['description', 'nominal_code', 'tax_reporting_name', 'allowable_for_tax', 'auto_sales_tax_rate'],
  admin_expenses: ['description', 'nominal_code', 'tax_reporting_name', 'allowable_for_tax', 'auto_sales_tax_rate'],
  current_assets: ['description', 'nominal_code', 'tax_reporting_name'],
  liabilities: ['description', 'nominal_code', 'tax_reporting_name'],
  equities: ['description', 'nominal_code'],
};

export const CATEGORY_FIELDS = ['description', 'nominal_code', 'tax_reporting_name', 'allowable_for_tax', 'auto_sales_tax_rate'] as const;
export type CategoryField = (typeof CATEGORY_FIELDS)[number];

export const formatNominalCode = (code: number) => String(code).padStart(3, '0');

/** A nominal code of one to three digits, kept as three ("47" and 47 are both "047"). */
const nominalCode = z.preprocess(
  (value) => (typeof value === 'number' && Number.isInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : value),
  z
    .string({ error: 'must be a number of up to three digits, such as 047' })
    .regex(/^\d{1,3}$/, { error: 'must be a number of up to three digits, such as 047' })
    .transform((value) => formatNominalCode(Number(value))),
);

export const categoryCreateSchema = z.object({
  category_group: z.enum(CATEGORY_GROUPS, { error: `must be one of ${CATEGORY_GROUPS.join(', ')}` }),
  description: requiredText(),
  nominal_code: nominalCode,
  tax_reporting_name: z.string({ error: 'must be text' }).trim().max(255, { error: 'must be at most 255 characters' }).optional(),
  allowable_for_tax: boolean.optional(),
  auto_sales_tax_rate: z.enum(AUTO_SALES_TAX_RATES, { error: `must be one of ${AUTO_SALES_TAX_RATES.join(', ')}` }).optional(),
});
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;

/**
 * PUT /v2/categories/:nominal_code (Ledgerdesk extension). A category the user added may be renamed
 * and its tax treatment changed; any category may be hidden. The code and group stay: postings are
 * filed under them.
 */
export const categoryUpdateSchema = z.object({
  description: requiredText().optional(),
  tax_reporting_name: z.string({ error: 'must be text' }).trim().max(255, { error: 'must be at most 255 characters' }).optional(),
  allowable_for_tax: boolean.optional(),
  auto_sales_tax_rate: z.enum(AUTO_SALES_TAX_RATES, { error: `must be one of ${AUTO_SALES_TAX_RATES.join(', ')}` }).optional(),
  hidden: boolean.optional(),
});
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;
