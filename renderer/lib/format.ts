/**
 * Display formats. Amounts arrive as decimal text and are handed to Intl as text, which formats the
 * exact decimal: no amount ever passes through a float on its way to the screen.
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
    } catch {
      // An ISO code Intl does not know: show the bare amount and let the column say the currency.
      format = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2 });
    }
    moneyFormats.set(currency, format);
  }
  return format;
}

export function formatMoney(amount: string, currency: string): string {
  return moneyFormat(currency).format(amount as Intl.StringNumericLiteral);
}

const countFormat = new Intl.NumberFormat('en-GB');

/** A count as people read it: 100000 -> "100,000". */
export const formatCount = (count: number) => countFormat.format(count);

export const isNegative = (amount: string) => amount.trim().startsWith('-');

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "2025-05-01" -> "1 May 2025"; dates are calendar days, so they are read and shown in UTC. */
export function formatDate(isoDate: string): string {
  const parsed = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? isoDate : dateFormat.format(parsed);
}

/** "2025-05-01" -> "01/05/2025", as the date inputs write it: for a column with little room. */
export function formatNumericDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDate;
}

/**
 * Decimal text with at least `digits` decimal places, for inputs: "1250.5" -> "1250.50". Done on the
 * text so the value is never rounded.
 */
export function padDecimal(text: string, digits: number): string {
  const [whole, fraction = ''] = text.split('.');
  if (digits === 0 && fraction === '') return text;
  return `${whole}.${fraction.padEnd(digits, '0')}`;
}
