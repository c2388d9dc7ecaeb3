import type { CompanyType } from './company';

/**
 * Where a category is reported in the statutory accounts or tax return, per company type (spec 4.11).
 * Requests name one by its identifier; responses show its display form. The renderer offers these
 * lists when a user creates a category, and the engine checks requests against them.
 */
export interface TaxReportingName {
  id: string;
  display: string;
}

/** The category groups whose tax reporting name can be chosen on create. */
export type TaxReportingGroup = 'cost_of_sales' | 'admin_expenses' | 'current_assets' | 'liabilities';

const names = (pairs: readonly (readonly [string, string])[]): readonly TaxReportingName[] => pairs.map(([id, display]) => ({ id, display }));

const CIS_SUBCONTRACTOR_COSTS = 'construction_industry_scheme_subcontractor_costs';

// Cost of sales names are title case, the other groups sentence case: that is how the live
// service's own chart shows them (golden-responses/categories.json).
const COST_OF_SALES: Readonly<Record<'limited' | 'soleTrader' | 'partnership' | 'universal', readonly TaxReportingName[]>> = {
  limited: names([
    ['commissions_payable', 'Commissions Payable'],
    ['material_costs', 'Material Costs'],
    ['purchases', 'Purchases'],
    ['subcontractor_costs', 'Subcontractor Costs'],
    [CIS_SUBCONTRACTOR_COSTS, 'Construction Industry Scheme Subcontractor Costs'],
  ]),
  soleTrader: names([
    ['cost_of_goods', 'Cost of Goods'],
    ['subcontractor_costs', 'Subcontractor Costs'],
    [CIS_SUBCONTRACTOR_COSTS, 'Construction Industry Scheme Subcontractor Costs'],
  ]),
  partnership: names([
    ['cost_of_sales', 'Cost of Sales'],
    ['subcontractor_costs', 'Subcontractor Costs'],
  ]),
  // other_costs and purchases sit here: they are lines 36 and 39 of Schedule C's cost of goods sold.
  universal: names([
    ['cost_of_labor', 'Cost of Labor'],
    ['materials_and_supplies', 'Materials and Supplies'],
    ['other_costs', 'Other Costs'],
    ['purchases', 'Purchases'],
  ]),
};

const ADMIN_EXPENSES: Readonly<Record<'limited' | 'soleTrader' | 'partnership' | 'universal', readonly TaxReportingName[]>> = {
  limited: names([
    ['accountancy_fees', 'Accountancy fees'],
    ['advertising_and_promotional_costs', 'Advertising and promotional costs'],
    ['amortisation_of_intangible_assets', 'Amortisation of intangible assets'],
    ['bad_debts_written_off', 'Bad debts written off'],
    ['bank_charges', 'Bank charges'],
    ['business_entertaining', 'Business entertaining'],
    ['canteen', 'Canteen'],
    ['charitable_donations', 'Charitable donations'],
    ['computer_software_costs', 'Computer software costs'],
    ['consumable_items', 'Consumable items'],
    ['credit_card_charges', 'Credit card charges'],
    ['depreciation_of_tangible_fixed_assets', 'Depreciation of tangible fixed assets'],
    ['directors_pensions', 'Director pensions, defined contribution schemes'],
    ['directors_remuneration', "Director's remuneration"],
    ['employers_ni_directors', "Employer's National Insurance, directors"],
    ['employers_ni_staff', "Employer's National Insurance, staff"],
    ['finance_charges', 'Finance charges'],
    ['foreign_exchange_transaction_charges', 'Foreign exchange transaction charges'],
    ['gain_from_disposal_of_tangible_fixed_assets', 'Gain (loss) from disposal of tangible fixed assets'],
    ['gain_on_foreign_currency_transactions', 'Gain (loss) on foreign currency transactions'],
    ['general_consultancy_fees', 'General consultancy fees'],
    ['general_maintenance', 'General maintenance'],
    ['hire_and_leasing_of_computer_equipment', 'Hire and leasing of computer equipment'],
    ['hire_and_leasing_of_motor_vehicles', 'Hire and leasing of motor vehicles'],
    ['hire_and_leasing_of_other_assets', 'Hire and leasing of other assets'],
    ['it_and_computer_consumables', 'IT and computer consumables'],
    ['insurance', 'Insurance'],
    ['insurance_on_premises', 'Insurance on premises'],
    ['interest_payable', 'Interest Payable and similar charges'],
    ['irrecoverable_vat', 'Irrecoverable VAT'],
    ['late_payment_of_tax', 'Late payment of tax'],
    ['leases_and_hire_purchase_contracts', 'Leases and hire purchase contracts'],
    ['legal_fees', 'Legal fees'],
    ['management_fees', 'Management fees'],
    ['other_legal_and_professional_fees', 'Other legal and professional fees'],
    ['political_donations', 'Political donations'],
    ['postage_costs', 'Postage costs'],
    ['premises_cleaning', 'Premises cleaning'],
    ['premises_repairs_and_maintenance', 'Premises repairs and maintenance'],
    ['premises_repairs_and_renewals', 'Premises repairs and renewals'],
    ['printing_costs', 'Printing costs'],
    ['publication_and_other_information_subscriptions', 'Publication and other information subscriptions'],
    ['rates_on_premises', 'Rates on premises'],
    ['rent_of_premises', 'Rent of premises'],
    ['research_and_development_costs', 'Research and development costs'],
    ['staff_benefits_in_kind', 'Staff benefits in kind'],
    ['staff_entertaining', 'Staff entertaining'],
    ['staff_pensions', 'Staff pensions, defined contribution schemes'],
    ['staff_training', 'Staff training'],
    ['staff_welfare', 'Staff welfare'],
    ['stationery', 'Stationery'],
    ['subscriptions_to_professional_and_trade_bodies', 'Subscriptions to professional and trade bodies'],
    ['sundry_expenses', 'Sundry expenses'],
    ['telecommunication_costs', 'Telecommunications costs'],
    ['travel_and_subsistence', 'Travel and subsistence expenses'],
    ['use_of_residence', 'Use of residence for business purposes'],
    ['vehicle_running_costs', 'Vehicle running costs'],
    ['wages_and_salaries', 'Wages and salaries'],
  ]),
  soleTrader: names([
    ['accountancy_and_legal_fees', 'Accountancy and legal fees'],
    ['advertising_costs', 'Advertising costs'],
    ['bank_and_loan_interest', 'Bank and loan interest'],
    ['car_van_and_travel_expenses', 'Car, van and travel expenses'],
    ['debts_written_off', 'Debts written off'],
    ['depreciation_and_loss_profit_on_sale', 'Depreciation and loss/profit on sale'],
    ['entertainment_costs', 'Entertainment costs'],
    ['other_business_expenses', 'Other business expenses'],
    ['other_finance_charges', 'Other finance charges'],
    ['phone_and_other_office_costs', 'Phone and other office costs'],
    ['rent_and_other_property_costs', 'Rent and other property costs'],
    ['repair_and_renewal_costs', 'Repair and renewal costs'],
    ['wages_salaries_and_staff_costs', 'Wages, salaries and staff costs'],
  ]),
  partnership: names([
    ['advertising_etc', 'Advertising etc'],
    ['bad_debts', 'Bad debts'],
    ['business_entertaining', 'Business entertaining'],
    ['depreciation_and_loss', 'Depreciation and loss'],
    ['employee_costs', 'Employee costs'],
    ['general_administrative_expenses', 'General administrative expenses'],
    ['interest', 'Interest'],
    ['legal_and_professional_costs', 'Legal and professional costs'],
    ['motor_expenses', 'Motor expenses'],
    ['other_direct_costs', 'Other direct costs'],
    ['other_expenses', 'Other expenses'],
    ['other_finance_charges', 'Other finance charges'],
    ['premises_costs', 'Premises costs'],
    ['repairs', 'Repairs'],
    ['travel_and_subsistence', 'Travel and subsistence'],
  ]),
  universal: names([
    ['advertising', 'Advertising'],
    ['bad_debts_written_off', 'Bad debts written off'],
    ['car_and_truck_expenses', 'Car and truck expenses'],
    ['commissions_and_fees', 'Commissions and fees'],
    ['contract_labor', 'Contract labor'],
    ['depletion', 'Depletion'],
    ['depreciation', 'Depreciation'],
    ['employee_benefit_programs', 'Employee benefit programs'],
    ['expenses_for_business_use_of_home', 'Expenses for business use of home'],
    ['insurance', 'Insurance'],
    ['mortgage_interest', 'Mortgage interest'],
    ['other_interest', 'Other interest'],
    ['legal_and_professional_services', 'Legal and professional services'],
    ['meals_and_entertainment', 'Meals and entertainment'],
    ['office_expense', 'Office expense'],
    ['other_expenses', 'Other expenses'],
    ['pension_and_profit_sharing_plans', 'Pension and profit sharing plans'],
    ['other_business_property_rent', 'Other business property rent'],
    ['vehicle_machinery_and_equipment_rent', 'Vehicle, machinery and equipment rent'],
    ['repairs_and_maintenance', 'Repairs and maintenance'],
    ['supplies', 'Supplies'],
    ['taxes_and_licenses', 'Taxes and licenses'],
    ['travel', 'Travel'],
    ['utilities', 'Utilities'],
    ['wages', 'Wages'],
  ]),
};

const CURRENT_ASSETS = names([
  ['debtors', 'Debtors'],
  ['money_in_transit', 'Money in transit'],
  ['prepayments_and_accrued_income', 'Prepayments and accrued income'],
]);

const LIABILITIES = names([
  ['accruals_and_deferred_income', 'Accruals and deferred income'],
  ['creditors', 'Creditors'],
]);
const LIMITED_LIABILITIES = [...LIABILITIES, ...names([['provisions_for_liabilities', 'Provisions for liabilities']])];

/**
 * Which column of the spec's lists a company type reads. The spec gives no list for unincorporated
 * landlords; they file Self Assessment as individuals, so they read the sole trader's.
 */
function columnOf(type: CompanyType): 'limited' | 'soleTrader' | 'partnership' | 'universal' {
  switch (type) {
    case 'UkLimitedCompany':
      return 'limited';
    case 'UkSoleTrader':
    case 'UkUnincorporatedLandlord':
      return 'soleTrader';
    case 'UkPartnership':
      return 'partnership';
    case 'Universal':
    case 'Us':
      return 'universal';
  }
}

/**
 * The tax reporting names a category of this group may be given. The construction industry scheme
 * subcontractor costs name only exists while CIS for contractors is switched on.
 */
export function taxReportingNames(type: CompanyType, group: TaxReportingGroup, options: { cisContractor: boolean } = { cisContractor: false }): readonly TaxReportingName[] {
  switch (group) {
    case 'cost_of_sales':
      return COST_OF_SALES[columnOf(type)].filter((name) => options.cisContractor || name.id !== CIS_SUBCONTRACTOR_COSTS);
    case 'admin_expenses':
      return ADMIN_EXPENSES[columnOf(type)];
    case 'current_assets':
      return CURRENT_ASSETS;
    case 'liabilities':
      return type === 'UkLimitedCompany' ? LIMITED_LIABILITIES : LIABILITIES;
  }
}

/** The display form of an identifier in a list, or undefined when the list does not hold it. */
export function displayTaxReportingName(list: readonly TaxReportingName[], id: string): string | undefined {
  return list.find((name) => name.id === id)?.display;
}
