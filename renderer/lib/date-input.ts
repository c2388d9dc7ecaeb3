/**
 * Dates as a UK bookkeeper types them: "31/01/2025", "31-1-25", "2025-01-31" or "31 Jan 2025", read
 * into ISO calendar days. A date that does not exist (31/02) is refused with a sentence.
 */
export type DateReading = { ok: true; iso: string | null } | { ok: false; message: string };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function isoOf(year: number, month: number, day: number): string | null {
  if (year < 100) year += 2000;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function readDate(text: string, label = 'Date'): DateReading {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, iso: null };
  let parts: [number, number, number] | null = null;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  if (match) parts = [Number(match[1]), Number(match[2]), Number(match[3])];
  match ??= null;
  if (!parts) {
    const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(trimmed);
    if (dmy) parts = [Number(dmy[3]), Number(dmy[2]), Number(dmy[1])];
  }
  if (!parts) {
    const words = /^(\d{1,2})\s+([a-z]{3})[a-z]*\.?\s+(\d{2}|\d{4})$/i.exec(trimmed);
    const month = words ? MONTHS.indexOf(words[2]!.toLowerCase()) + 1 : 0;
    if (words && month > 0) parts = [Number(words[3]), month, Number(words[1])];
  }
  if (!parts) return { ok: false, message: `${label} must be a date such as 31/01/2025.` };
  const iso = isoOf(...parts);
  return iso ? { ok: true, iso } : { ok: false, message: `${label} ${trimmed} is not a day of the calendar.` };
}
