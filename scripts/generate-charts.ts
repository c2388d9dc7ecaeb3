// Regenerates resources/charts/<CompanyType>.json from the live service's chart of accounts for a
// UK limited company (../shared/corpora/freeagent/golden-responses/categories.json), changing only what
// differs for each company type. Run: npx tsx scripts/generate-charts.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompanyType } from '../shared/api/company';
import { displayTaxReportingName, taxReportingNames, type TaxReportingGroup } from '../shared/api/tax-reporting-names';

interface ChartEntry {
  nominal_code: string;
  description: string;
  group: string;
  group_description?: string;
  auto_sales_tax_rate?: string;
  allowable_for_tax?: boolean;
  tax_reporting_name?: string;
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const golden = join(root, '..', 'shared', 'corpora', 'freeagent', 'golden-responses', 'categories.json');

const GROUP_KEYS = {
  income_categories: 'income',
  cost_of_sales_categories: 'cost_of_sales',
  admin_expenses_categories: 'admin_expenses',
  general_categories: 'general',
} as const;

function limitedCompanyChart(): ChartEntry[] {
  const body = JSON.parse(readFileSync(golden, 'utf8')) as Record<keyof typeof GROUP_KEYS, Record<string, unknown>[]>;
  const entries: ChartEntry[] = [];
  for (const [key, group] of Object.entries(GROUP_KEYS)) {
    for (const raw of body[key as keyof typeof GROUP_KEYS]) {
      const entry: ChartEntry = { nominal_code: String(raw.nominal_code), description: String(raw.description), group };
      if (typeof raw.group_description === 'string') entry.group_description = raw.group_description;
      if (typeof raw.auto_sales_tax_rate === 'string') entry.auto_sales_tax_rate = raw.auto_sales_tax_rate;
      if (typeof raw.allowable_for_tax === 'boolean') entry.allowable_for_tax = raw.allowable_for_tax;
      if (typeof raw.tax_reporting_name === 'string') entry.tax_reporting_name = raw.tax_reporting_name;
      entries.push(entry);
    }
  }
  return entries.sort((a, b) => a.nominal_code.localeCompare(b.nominal_code));
}

/** Per code, the tax reporting identifier for [sole trader, partnership, universal/US]. */
type Columns = readonly [string, string, string];

const COST_OF_SALES: Readonly<Record<string, Columns>> = {
  '101': ['cost_of_goods', 'cost_of_sales', 'purchases'],
  '102': ['cost_of_goods', 'cost_of_sales', 'other_costs'],
  '103': ['cost_of_goods', 'cost_of_sales', 'materials_and_supplies'],
  '104': ['cost_of_goods', 'cost_of_sales', 'other_costs'],
  '150': ['subcontractor_costs', 'subcontractor_costs', 'cost_of_labor'],
};

const OFFICE: Columns = ['phone_and_other_office_costs', 'general_administrative_expenses', 'office_expense'];
const PHONE: Columns = ['phone_and_other_office_costs', 'general_administrative_expenses', 'utilities'];
const STAFF: Columns = ['wages_salaries_and_staff_costs', 'employee_costs', 'other_expenses'];
const PENSIONS: Columns = ['wages_salaries_and_staff_costs', 'employee_costs', 'pension_and_profit_sharing_plans'];
const MOTOR: Columns = ['car_van_and_travel_expenses', 'motor_expenses', 'car_and_truck_expenses'];
const TRAVEL: Columns = ['car_van_and_travel_expenses', 'travel_and_subsistence', 'travel'];
const PROFESSIONAL: Columns = ['accountancy_and_legal_fees', 'legal_and_professional_costs', 'legal_and_professional_services'];
const OTHER: Columns = ['other_business_expenses', 'other_expenses', 'other_expenses'];

const ADMIN_EXPENSES: Readonly<Record<string, Columns>> = {
  '249': MOTOR,
  '250': OFFICE,
  '251': ['rent_and_other_property_costs', 'premises_costs', 'other_business_property_rent'],
  '268': OFFICE,
  '269': OFFICE,
  '270': OFFICE,
  '271': OFFICE,
  '272': OFFICE,
  '273': PHONE,
  '274': PHONE,
  '276': OFFICE,
  '277': OFFICE,
  '278': ['wages_salaries_and_staff_costs', 'employee_costs', 'employee_benefit_programs'],
  '280': OTHER,
  '282': STAFF,
  '283': MOTOR,
  '285': TRAVEL,
  '288': ['advertising_costs', 'advertising_etc', 'advertising'],
  '289': ['wages_salaries_and_staff_costs', 'employee_costs', 'meals_and_entertainment'],
  '290': PROFESSIONAL,
  '291': ['other_business_expenses', 'other_expenses', 'vehicle_machinery_and_equipment_rent'],
  '292': PROFESSIONAL,
  '293': PROFESSIONAL,
  '294': PROFESSIONAL,
  '335': ['entertainment_costs', 'business_entertaining', 'meals_and_entertainment'],
  '350': PENSIONS,
  '351': PENSIONS,
  '358': OFFICE,
  '359': OFFICE,
  '360': OTHER,
  '361': OTHER,
  '362': ['bank_and_loan_interest', 'interest', 'other_interest'],
  '363': ['other_finance_charges', 'other_finance_charges', 'other_expenses'],
  '364': ['rent_and_other_property_costs', 'premises_costs', 'insurance'],
  '365': TRAVEL,
  '366': ['rent_and_other_property_costs', 'premises_costs', 'expenses_for_business_use_of_home'],
  '371': OTHER,
  '372': OTHER,
  '373': OTHER,
  '390': OTHER,
  '391': OTHER,
};

// Profit and loss codes listed among the general categories, reported on the same lines as the
// spending categories of each type.
const GENERAL_PROFIT_AND_LOSS: Readonly<Record<string, Columns>> = {
  '401': ['wages_salaries_and_staff_costs', 'employee_costs', 'wages'],
  '402': ['wages_salaries_and_staff_costs', 'employee_costs', 'taxes_and_licenses'],
  '403': ['wages_salaries_and_staff_costs', 'employee_costs', 'pension_and_profit_sharing_plans'],
  '404': ['wages_salaries_and_staff_costs', 'employee_costs', 'wages'],
  '405': ['wages_salaries_and_staff_costs', 'employee_costs', 'wages'],
  '407': ['wages_salaries_and_staff_costs', 'employee_costs', 'wages'],
  '408': ['wages_salaries_and_staff_costs', 'employee_costs', 'taxes_and_licenses'],
  '409': ['wages_salaries_and_staff_costs', 'employee_costs', 'pension_and_profit_sharing_plans'],
  '450': ['debts_written_off', 'bad_debts', 'bad_debts_written_off'],
  '460': ['depreciation_and_loss_profit_on_sale', 'depreciation_and_loss', 'depreciation'],
  '461': ['depreciation_and_loss_profit_on_sale', 'depreciation_and_loss', 'depreciation'],
};

// What only a company has: corporation tax and its penalty, formation costs, directors' pay, dividends,
// share capital, the director's loan account, and provisions (Companies Act accounts).
const COMPANY_ONLY = ['294', '372', '407', '408', '409', '502', '503', '650', '670', '820', '825', '907', '908', '910'];
// UK schemes with no counterpart abroad: the VAT flat rate scheme, the PAYE online filing incentive,
// childcare vouchers, the 2020 VAT deferral and the VAT mini one stop shop.
const UK_ONLY = ['055', '057', '278', '823', '824'];

// Outside the UK the same accounts carry the local names for sales tax and payroll taxes.
const NON_UK_NAMES: Readonly<Record<string, string>> = {
  '371': 'Sales Tax Penalty',
  '373': 'Payroll Tax Penalty',
  '402': 'Employer Payroll Taxes',
  '405': 'Payroll Tax Expense',
  '408': "Directors' Employer Payroll Taxes",
  '814': 'Payroll Taxes',
  '817': 'Sales Tax',
  '818': 'Sales Tax Reclaimed',
  '819': 'Sales Tax Charged',
};

// A US corporation pays income tax on its profits, and US GAAP calls share premium paid-in capital.
const US_NAMES: Readonly<Record<string, string>> = {
  '372': 'Income Tax Penalty',
  '502': 'Income Tax Expense',
  '503': 'Deferred Income Tax Expense',
  '670': 'Additional Paid-in Capital',
  '820': 'Income Tax',
  '825': 'Deferred Income Tax',
};

// Gifts to charity are relieved through Gift Aid on an individual's return, not as a business cost.
const NOT_ALLOWABLE_UNINCORPORATED = ['360'];

const COLUMN: Readonly<Record<Exclude<CompanyType, 'UkLimitedCompany'>, 0 | 1 | 2>> = {
  UkSoleTrader: 0,
  UkUnincorporatedLandlord: 0,
  UkPartnership: 1,
  Universal: 2,
  Us: 2,
};

function display(type: CompanyType, group: TaxReportingGroup, id: string): string {
  const name = displayTaxReportingName(taxReportingNames(type, group, { cisContractor: true }), id);
  if (!name) throw new Error(`${id} is not a ${group} tax reporting name for ${type}`);
  return name;
}

function chartFor(type: Exclude<CompanyType, 'UkLimitedCompany'>, base: readonly ChartEntry[]): ChartEntry[] {
  const column = COLUMN[type];
  const uk = type.startsWith('Uk');
  const dropped = new Set([...(uk ? COMPANY_ONLY : UK_ONLY)]);
  if (type === 'UkUnincorporatedLandlord') dropped.add('610'); // a landlord holds no stock
  return base
    .filter((entry) => !dropped.has(entry.nominal_code))
    .map((original) => {
      const entry = { ...original };
      const code = entry.nominal_code;
      if (entry.group === 'cost_of_sales') entry.tax_reporting_name = display(type, 'cost_of_sales', COST_OF_SALES[code]![column]);
      if (entry.group === 'admin_expenses') entry.tax_reporting_name = display(type, 'admin_expenses', ADMIN_EXPENSES[code]![column]);
      const profitAndLoss = GENERAL_PROFIT_AND_LOSS[code];
      // Universal and US keep the golden name for a disposal: Schedule C has no line for it.
      if (profitAndLoss && !(column === 2 && code === '461')) entry.tax_reporting_name = display(type, 'admin_expenses', profitAndLoss[column]);
      if (uk && NOT_ALLOWABLE_UNINCORPORATED.includes(code)) entry.allowable_for_tax = false;
      if (!uk) {
        entry.description = NON_UK_NAMES[code] ?? entry.description;
        if (entry.tax_reporting_name === 'VAT') entry.tax_reporting_name = 'Sales tax';
      }
      if (type === 'Us') {
        entry.description = US_NAMES[code] ?? entry.description;
        if (entry.tax_reporting_name === 'Corporation tax') entry.tax_reporting_name = 'Income tax';
      }
      if (type === 'UkUnincorporatedLandlord' && code === '001') entry.description = 'Rental Income';
      return entry;
    });
}

const write = (type: CompanyType, chart: readonly ChartEntry[]) =>
  writeFileSync(join(root, 'resources', 'charts', `${type}.json`), `${JSON.stringify(chart, null, 1)}\n`);

const base = limitedCompanyChart();
write('UkLimitedCompany', base);
for (const type of Object.keys(COLUMN) as (keyof typeof COLUMN)[]) write(type, chartFor(type, base));
