/**
 * The company form's changes of VAT scheme on a date (the Ledgerdesk extension `vat_scheme_changes`
 * on PUT /v2/company, read back from GET /v2/company/setup): the values each row holds, what the engine
 * is sent for them, and the engine's refusals sorted to the row and field they name.
 */
import type { VatSchemeChange } from '../../../shared/vat-schemes';

export interface SchemeChangeValues {
  /** The first day under the new scheme (ISO), empty until typed. */
  startsOn: string;
  /** Invoice or Cash. */
  basis: string;
  onFlatRate: boolean;
  sector: string;
}

export type SchemeChangeField = 'starts_on' | 'vat_basis' | 'on_frs' | 'frs_type';

export const SCHEME_CHANGE_LABELS: Readonly<Record<SchemeChangeField, string>> = {
  starts_on: 'From',
  vat_basis: 'VAT accounting from then',
  on_frs: 'On the flat rate scheme from then',
  frs_type: 'Flat rate sector from then',
};

export function schemeChangeValues(stored: readonly VatSchemeChange[] | undefined): SchemeChangeValues[] {
  return (stored ?? []).map((change) => ({ startsOn: change.starts_on, basis: change.vat_basis, onFlatRate: change.on_frs, sector: change.frs_type ?? '' }));
}

/** The whole list, as the engine replaces it: a sector only while on the flat rate scheme. */
export function schemeChangeFields(changes: readonly SchemeChangeValues[]): VatSchemeChange[] {
  return changes.map((change) => ({
    starts_on: change.startsOn,
    vat_basis: change.basis === 'Cash' ? 'Cash' : 'Invoice',
    on_frs: change.onFlatRate,
    frs_type: change.onFlatRate ? change.sector || null : null,
  }));
}

export interface SchemeChangeErrors {
  /** By row, then field: the engine's sentence with the field's label for its API name. */
  rows: Record<number, Partial<Record<SchemeChangeField, string[]>>>;
  /** About the list as a whole: a change on a day a filed return covers. */
  list: string[];
  /** Everything else, for the rest of the form. */
  rest: string[];
}

// "vat_scheme_changes[0].starts_on must be ..." (the engine's rules) or "vat_scheme_changes.0.starts_on ..." (the payload's shape).
const ROW_MESSAGE = /^vat_scheme_changes(?:\[(\d+)\]|\.(\d+))\.(starts_on|vat_basis|on_frs|frs_type)\b(.*)$/s;
const LIST_MESSAGE = /^(The VAT scheme from |vat_scheme_changes\b)/;

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export function sortSchemeChangeErrors(messages: readonly string[]): SchemeChangeErrors {
  const sorted: SchemeChangeErrors = { rows: {}, list: [], rest: [] };
  for (const message of messages) {
    const row = ROW_MESSAGE.exec(message);
    if (row) {
      const index = Number(row[1] ?? row[2]);
      const field = row[3] as SchemeChangeField;
      ((sorted.rows[index] ??= {})[field] ??= []).push(sentence(`${SCHEME_CHANGE_LABELS[field]}${row[4]}`));
    } else if (LIST_MESSAGE.test(message)) {
      sorted.list.push(sentence(message.replace(/^vat_scheme_changes/, 'Changes of scheme')));
    } else {
      sorted.rest.push(message);
    }
  }
  return sorted;
}
