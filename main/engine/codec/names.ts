/** XML element names use hyphens where JSON keys use underscores. */
export const toXmlName = (key: string) => key.replace(/_/g, '-');
export const fromXmlName = (name: string) => name.replace(/-/g, '_');

// Array keys whose item element is not simply the singular of the key.
const ITEM_NAMES: Readonly<Record<string, string>> = {
  less: 'item',
  errors: 'error',
  sales_tax_rates: 'sales_tax_rate',
  locked_attributes: 'locked_attribute',
  statement: 'transaction',
};

/** The element name of one item in an XML array: bank_accounts -> bank_account. */
export function itemName(arrayKey: string): string {
  const special = ITEM_NAMES[arrayKey];
  if (special) return special;
  if (arrayKey.endsWith('ies')) return `${arrayKey.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(arrayKey)) return arrayKey.slice(0, -2);
  if (arrayKey.endsWith('s')) return arrayKey.slice(0, -1);
  return `${arrayKey}_item`;
}
