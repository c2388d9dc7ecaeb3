/**
 * The category form's values and what the engine is sent for them. A new category picks its group,
 * and the group decides the code range and which tax fields apply (spec 4.11); a category being
 * changed keeps its group and code, which the form shows but does not send.
 */
import {
  AUTO_SALES_TAX_RATES,
  NOMINAL_CODE_RANGES,
  formatNominalCode,
  type AutoSalesTaxRate,
  type CategoryCreate,
  type CategoryUpdate,
  type ConcreteCategoryGroup,
} from '../../../shared/api/categories';
import { isCompanyType } from '../../../shared/api/company';
import { taxReportingNames, type TaxReportingGroup } from '../../../shared/api/tax-reporting-names';
import type { Category, CategoryGroupKey } from '../../lib/records';

export const GROUP_OPTIONS: readonly { value: ConcreteCategoryGroup; label: string }[] = [
  { value: 'income', label: 'Income' },
  { value: 'cost_of_sales', label: 'Cost of sales' },
  { value: 'admin_expenses', label: 'Admin expenses' },
  { value: 'current_assets', label: 'Current assets' },
  { value: 'liabilities', label: 'Liabilities' },
  { value: 'equities', label: 'Equity' },
];

export const RATE_OPTIONS = AUTO_SALES_TAX_RATES.map((rate) => ({ value: rate, label: rate }));

export interface CategoryFormValues {
  group: ConcreteCategoryGroup;
  code: string;
  description: string;
  /** The identifier the engine takes ("computer_software_costs"); "" when none is chosen. */
  taxReportingName: string;
  rate: AutoSalesTaxRate;
  allowable: boolean;
}

const SPENDING: readonly ConcreteCategoryGroup[] = ['cost_of_sales', 'admin_expenses'];
export const isSpending = (group: ConcreteCategoryGroup) => SPENDING.includes(group);
export const hasTaxReportingName = (group: ConcreteCategoryGroup): group is TaxReportingGroup => isSpending(group) || group === 'current_assets' || group === 'liabilities';

/** "200 to 399": the codes a category of the group may take. */
export const codeRange = (group: ConcreteCategoryGroup) => NOMINAL_CODE_RANGES[group].map(formatNominalCode).join(' to ');

/** The tax reporting names the engine accepts for the group and company, as identifier and display text. */
export function reportingOptions(companyType: string, cisContractor: boolean, group: ConcreteCategoryGroup): { value: string; label: string }[] {
  if (!hasTaxReportingName(group) || !isCompanyType(companyType)) return [];
  return taxReportingNames(companyType, group, { cisContractor }).map((name) => ({ value: name.id, label: name.display }));
}

/** The group a listed category belongs to: the list key, and for general ones the code's range. */
export function groupOf(key: CategoryGroupKey, code: string): ConcreteCategoryGroup {
  if (key === 'income_categories') return 'income';
  if (key === 'cost_of_sales_categories') return 'cost_of_sales';
  if (key === 'admin_expenses_categories') return 'admin_expenses';
  const number = Number(code.split('-')[0]);
  const found = (['current_assets', 'liabilities', 'equities'] as const).find((group) => number >= NOMINAL_CODE_RANGES[group][0] && number <= NOMINAL_CODE_RANGES[group][1]);
  return found ?? 'current_assets';
}

export function newValues(group: ConcreteCategoryGroup = 'admin_expenses'): CategoryFormValues {
  return { group, code: '', description: '', taxReportingName: '', rate: 'Standard rate', allowable: true };
}

/** A listed category as form values; the tax reporting name is matched back from its display text. */
export function valuesOf(category: Category, group: ConcreteCategoryGroup, options: readonly { value: string; label: string }[]): CategoryFormValues {
  return {
    group,
    code: category.nominal_code,
    description: category.description,
    taxReportingName: options.find((option) => option.label === category.tax_reporting_name)?.value ?? '',
    rate: (AUTO_SALES_TAX_RATES as readonly string[]).includes(category.auto_sales_tax_rate ?? '') ? (category.auto_sales_tax_rate as AutoSalesTaxRate) : 'Standard rate',
    allowable: category.allowable_for_tax ?? true,
  };
}

/** The fields the group takes, so the engine never sees one it would refuse as another group's. */
function groupFields(values: CategoryFormValues): Pick<CategoryCreate, 'tax_reporting_name' | 'allowable_for_tax' | 'auto_sales_tax_rate'> {
  const name = values.taxReportingName === '' ? {} : { tax_reporting_name: values.taxReportingName };
  if (isSpending(values.group)) return { ...name, auto_sales_tax_rate: values.rate, allowable_for_tax: values.allowable };
  return hasTaxReportingName(values.group) ? name : {};
}

export function createFields(values: CategoryFormValues): CategoryCreate {
  return { category_group: values.group, description: values.description, nominal_code: values.code.trim(), ...groupFields(values) };
}

export function updateFields(values: CategoryFormValues): CategoryUpdate {
  return { description: values.description, ...groupFields(values) };
}
