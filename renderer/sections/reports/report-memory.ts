/**
 * The period each report was last read for, kept in the window's local storage so a report opens on
 * it again (issue 24 item 3). A value that cannot be read is forgotten, never shown.
 */
export interface RememberedPeriod {
  from?: string;
  to?: string;
  asAt?: string;
}

const KEY = 'ledgerdesk.reports.periods';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function readAll(): Record<string, RememberedPeriod> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, RememberedPeriod>) : {};
  } catch {
    return {};
  }
}

export function recallPeriod(report: string): RememberedPeriod | null {
  const saved = readAll()[report];
  if (!saved) return null;
  const valid = (value: unknown) => typeof value === 'string' && ISO_DAY.test(value);
  if (valid(saved.asAt)) return { asAt: saved.asAt };
  if (valid(saved.from) && valid(saved.to) && saved.from! <= saved.to!) return { from: saved.from, to: saved.to };
  return null;
}

export function rememberPeriod(report: string, period: RememberedPeriod): void {
  const complete = period.asAt ? ISO_DAY.test(period.asAt) : Boolean(period.from && period.to && ISO_DAY.test(period.from) && ISO_DAY.test(period.to));
  if (!complete) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...readAll(), [report]: period }));
  } catch {
    // Storage full or refused: the report still opens on the year to date.
  }
}
