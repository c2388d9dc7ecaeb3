import type { SyncStatusRecord } from '../../../shared/api/sync';
import { formatDate } from '../../lib/format';
import { companyTypeLabel } from '../../lib/labels';

/** The words the sync's status and review use; kept apart from the components so they can be tested. */

const FAMILY_NAMES: Record<string, string> = {
  bank_accounts: 'bank accounts',
  bank_transactions: 'bank transactions',
  bank_transaction_explanations: 'explanations',
  journal_sets: 'journals',
};
export const familyName = (family: string) => FAMILY_NAMES[family] ?? family.replace(/_/g, ' ');

/** "just now", "4 min ago", "2 h ago", or the date for anything older than a day. */
export function sinceWords(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
export const changesWaiting = (count: number) => `${plural(count, 'change')} waiting`;
export const reviewWaiting = (count: number) => `${plural(count, 'item')} to review`;

/**
 * The one line that says where the sync stands. `elapsed` is how long ago (ms, by the window's
 * clock) the status arrived; times are counted on main's clock, which the book's dates follow.
 */
export function headline(status: SyncStatusRecord, elapsed: number): string {
  const now = Date.parse(status.now) + elapsed;
  switch (status.state) {
    case 'not-connected':
      return status.connection.state === 'awaiting-approval' ? 'Waiting for approval' : status.connection.state === 'connecting' ? 'Connecting…' : 'Not connected';
    case 'needs-authorization':
      return 'Connect again';
    case 'running':
      return 'Syncing…';
    case 'offline':
      return 'Offline';
    case 'error':
      return 'Sync failed';
    case 'needs-attention':
      return status.link_plan_needed ? 'Check the link plan' : 'Needs review';
    case 'idle':
      return status.last_synced_at ? `Synced ${sinceWords(status.last_synced_at, now)}` : 'Not synced yet';
  }
}

/** What the progress line says while a round runs: "Pulling contacts: 40 of 120". */
export function progressWords(status: SyncStatusRecord): string {
  const progress = status.progress;
  if (!progress) return 'Starting…';
  const verb = progress.phase === 'pull' ? 'Pulling' : progress.phase === 'push' ? 'Pushing' : 'Matching';
  const count = progress.total === null ? `${progress.done}` : `${progress.done} of ${progress.total}`;
  return `${verb} ${familyName(progress.family)}: ${count}`;
}

/** A field's value as the review shows it: text as it is, nothing as a dash, anything else as JSON. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export const fieldName = (field: string) => field.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());

/** The company settings a link plan compares (main/sync/company.ts), in the words of Settings. */
const COMPANY_SETTINGS: Readonly<Record<string, string>> = {
  type: 'Company type',
  currency: 'Currency',
  company_start_date: 'Company start date',
  first_accounting_year_end: 'First accounting year end',
  sales_tax_registration_status: 'VAT registration',
  sales_tax_registration_number: 'VAT number',
  sales_tax_effective_date: 'VAT registered from',
  initial_vat_basis: 'VAT accounting basis',
};

export const companySettingName = (field: string) => COMPANY_SETTINGS[field] ?? fieldName(field);

/** A setting's value as Settings shows it: the company type in words, dates as people read them. */
export function companySettingValue(field: string, value: string | null): string {
  if (value === null || value === '') return '—';
  if (field === 'type') return companyTypeLabel(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  // The comparison drops a leading GB; a number of digits alone is a GB one.
  if (field === 'sales_tax_registration_number' && /^\d+$/.test(value)) return `GB${value}`;
  return shownValue(value);
}

export const REVIEW_KIND_WORDS: Record<string, string> = {
  conflict: 'Changed on both sides',
  'deleted-there': 'Deleted online, changed here',
  'deleted-here': 'Deleted here, changed online',
  // Said of what the service refused and of what the sync held back itself (a number already used online): the reason says which.
  refused: 'Could not be sent',
  'invalid-remote': 'Could not be read from the online service',
  difference: 'The two books compute different figures',
};

/** "Books agree, checked 12:04", or how many figures differ, from the last agreement check. */
export function agreementWords(agreement: SyncStatusRecord['agreement']): string | null {
  if (!agreement) return null;
  if (agreement.differences > 0) return `${plural(agreement.differences, 'difference')} with the online books`;
  const time = new Date(agreement.checked_at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return `Books agree, checked ${time}`;
}

/** "13 pulled · 2 pushed", with conflicts and refusals when there were any. */
export function countWords(counts: { pulled: number; pushed: number; conflicts: number; refused: number }): string {
  const parts = [`${counts.pulled} pulled`, `${counts.pushed} pushed`];
  if (counts.conflicts > 0) parts.push(plural(counts.conflicts, 'conflict'));
  if (counts.refused > 0) parts.push(`${counts.refused} refused`);
  return parts.join(' · ');
}
