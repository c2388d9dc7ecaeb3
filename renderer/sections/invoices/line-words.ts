/** The item fields as the person reads them in the lines table. */
const ITEM_FIELDS: Readonly<Record<string, string>> = { price: 'price', quantity: 'quantity', description: 'description', category: 'category', sales_tax_rate: 'VAT rate', sales_tax_status: 'VAT', item_type: 'unit' };

/**
 * "invoice_items.0.price must be …" (or "estimate_items[0].price") as the person sees it: "Line 1
 * price must be …". Other sentences pass through.
 */
export function lineWords(message: string, itemsKey: string): string {
  const pattern = new RegExp(`^${itemsKey}(?:\\.|\\[)(\\d+)\\]?(?:\\.(\\w+))?`);
  return message.replace(pattern, (_, index: string, field?: string) => `Line ${Number(index) + 1}${field ? ` ${ITEM_FIELDS[field] ?? field}` : ''}`);
}
