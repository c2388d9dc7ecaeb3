/**
 * HMRC's flat rate scheme sectors and their percentages, with the dates they changed (VAT Notice 733
 * section 4; the table has the force of law as regulation 55K of the VAT Regulations 1995).
 *
 * Sources:
 * - From 4 January 2011 (when the standard rate became 20%): SI 2010/2940 regulation 4, which replaced
 *   the table in regulation 55K; the same figures are on GOV.UK "VAT Flat Rate Scheme: how much you pay"
 *   and HMRC's manual FRS7200.
 * - The hospitality reductions that followed the temporary reduced rate of VAT (SI 2020/728 and its
 *   extensions): catering 4.5%, hotel or accommodation 0%, pubs 1% from 15 July 2020 to 30 September
 *   2021; 8.5%, 5.5% and 4% from 1 October 2021 to 31 March 2022; back to 12.5%, 10.5% and 6.5% from
 *   1 April 2022 (GOV.UK "how much you pay", as updated on each of those dates).
 * - The limited cost business rate, 16.5% from 1 April 2017 (VAT Notice 733 section 4; the category
 *   "limited cost trader" added to the table and regulation 55A(4) by SI 2017/295).
 * Rates before 4 January 2011 are not in the table: a flat rate period before that date is refused.
 */
export const FRS_TABLE_STARTS_ON = '2011-01-04';

/** The sectors with their rate from 4 January 2011 (percent, decimal text). */
const SECTORS_2011: readonly (readonly [string, string])[] = [
  ['Accountancy or book-keeping', '14.5'],
  ['Advertising', '11'],
  ['Agricultural services', '11'],
  ['Any other activity not listed elsewhere', '12'],
  ['Architect, civil and structural engineer or surveyor', '14.5'],
  ['Boarding or care of animals', '12'],
  ['Business services that are not listed elsewhere', '12'],
  ['Catering services including restaurants and takeaways', '12.5'],
  ['Computer and IT consultancy or data processing', '14.5'],
  ['Computer repair services', '10.5'],
  ['Dealing in waste or scrap', '10.5'],
  ['Entertainment or journalism', '12.5'],
  ['Estate agency or property management services', '12'],
  ['Farming or agriculture that is not listed elsewhere', '6.5'],
  ['Film, radio, television or video production', '13'],
  ['Financial services', '13.5'],
  ['Forestry or fishing', '10.5'],
  ['General building or construction services', '9.5'],
  ['Hairdressing or other beauty treatment services', '13'],
  ['Hiring or renting goods', '9.5'],
  ['Hotel or accommodation', '10.5'],
  ['Investigation or security', '12'],
  ['Labour-only building or construction services', '14.5'],
  ['Laundry or dry-cleaning services', '12'],
  ['Lawyer or legal services', '14.5'],
  ['Library, archive, museum or other cultural activity', '9.5'],
  ['Management consultancy', '14'],
  ['Manufacturing fabricated metal products', '10.5'],
  ['Manufacturing food', '9'],
  ['Manufacturing that is not listed elsewhere', '9.5'],
  ['Manufacturing yarn, textiles or clothing', '9'],
  ['Membership organisation', '8'],
  ['Mining or quarrying', '10'],
  ['Packaging', '9'],
  ['Photography', '11'],
  ['Post offices', '5'],
  ['Printing', '8.5'],
  ['Publishing', '11'],
  ['Pubs', '6.5'],
  ['Real estate activity not listed elsewhere', '14'],
  ['Repairing personal or household goods', '10'],
  ['Repairing vehicles', '8.5'],
  ['Retailing food, confectionery, tobacco, newspapers or children’s clothing', '4'],
  ['Retailing pharmaceuticals, medical goods, cosmetics or toiletries', '8'],
  ['Retailing that is not listed elsewhere', '7.5'],
  ['Retailing vehicles or fuel', '6.5'],
  ['Secretarial services', '13'],
  ['Social work', '11'],
  ['Sport or recreation', '8.5'],
  ['Transport or storage, including couriers, freight, removals and taxis', '10'],
  ['Travel agency', '10.5'],
  ['Veterinary medicine', '11'],
  ['Wholesaling agricultural products', '8'],
  ['Wholesaling food', '7.5'],
  ['Wholesaling that is not listed elsewhere', '8.5'],
];

/** Later changes of a sector's rate, each from its date until the next (2020-22 hospitality reductions). */
const CHANGES: readonly { sector: string; from: string; rate: string }[] = [
  { sector: 'Catering services including restaurants and takeaways', from: '2020-07-15', rate: '4.5' },
  { sector: 'Catering services including restaurants and takeaways', from: '2021-10-01', rate: '8.5' },
  { sector: 'Catering services including restaurants and takeaways', from: '2022-04-01', rate: '12.5' },
  { sector: 'Hotel or accommodation', from: '2020-07-15', rate: '0' },
  { sector: 'Hotel or accommodation', from: '2021-10-01', rate: '5.5' },
  { sector: 'Hotel or accommodation', from: '2022-04-01', rate: '10.5' },
  { sector: 'Pubs', from: '2020-07-15', rate: '1' },
  { sector: 'Pubs', from: '2021-10-01', rate: '4' },
  { sector: 'Pubs', from: '2022-04-01', rate: '6.5' },
];

/** HMRC's sector names, as `initial_vat_frs_type` takes them. */
export const FRS_SECTORS: readonly string[] = SECTORS_2011.map(([name]) => name);

export const isFrsSector = (value: unknown): value is string => typeof value === 'string' && FRS_SECTORS.includes(value);

/** The limited cost business percentage and the day it began (VAT Notice 733 section 4). */
export const LIMITED_COST_RATE = '16.5';
export const LIMITED_COST_FROM = '2017-04-01';

/** A sector's rate in force on a date: the 2011 table, then any later change on or before it. */
export function sectorRateOn(sector: string, datedOn: string): string {
  const base = SECTORS_2011.find(([name]) => name === sector);
  if (!base) throw new RangeError(`"${sector}" is not one of HMRC's flat rate sectors`);
  let rate = base[1];
  for (const change of CHANGES) if (change.sector === sector && change.from <= datedOn) rate = change.rate;
  return rate;
}

/** The dates inside [from, to] (after from) on which a sector's rate changes, in order. */
export function sectorRateChangesBetween(sector: string, from: string, to: string): string[] {
  return CHANGES.filter((change) => change.sector === sector && change.from > from && change.from <= to).map((change) => change.from);
}
