import type Database from 'better-sqlite3';
import { CATEGORY_FIELDS_BY_GROUP, CATEGORY_LIST_KEYS, NOMINAL_CODE_RANGES, formatNominalCode, type ConcreteCategoryGroup } from '../../shared/api/categories';
import { COMPANY_TYPES } from '../../shared/api/company';
import { Level } from '../../shared/api/permissions';
import { taxReportingNames, type TaxReportingGroup } from '../../shared/api/tax-reporting-names';
import { defaultChart } from '../engine/ledger/chart';
import type { Family, SyncRecord } from './family';

/** Every code of every standard chart: such a category exists on both sides already and is never created. */
const STANDARD_CODES = new Set(COMPANY_TYPES.flatMap((type) => defaultChart(type).map((entry) => entry.nominal_code)));

/** The group a user's own category belongs to follows from its code (spec 4.11); null outside every range. */
export function groupOfCode(code: unknown): ConcreteCategoryGroup | null {
  if (typeof code !== 'string' || !/^\d{1,3}$/.test(code)) return null;
  const value = Number(code);
  const found = Object.entries(NOMINAL_CODE_RANGES).find(([, [low, high]]) => value >= low && value <= high);
  return found ? (found[0] as ConcreteCategoryGroup) : null;
}

/** A user's own category: marked so by a Ledgerdesk remote, else (the live service marks nothing) a code no standard chart has. */
function isUsers(record: SyncRecord): boolean {
  const code = typeof record.nominal_code === 'string' ? formatNominalCode(Number(record.nominal_code)) : null;
  if (code === null || groupOfCode(code) === null) return false;
  return record.custom === true || !STANDARD_CODES.has(code);
}

const TAX_REPORTING_GROUPS: readonly TaxReportingGroup[] = ['cost_of_sales', 'admin_expenses', 'current_assets', 'liabilities'];

/** Display form ("Travel and subsistence") to identifier ("travel_and_subsistence"), per group, over every company type. */
const TAX_REPORTING_IDS = new Map<string, string>();
for (const type of COMPANY_TYPES) {
  for (const group of TAX_REPORTING_GROUPS) {
    for (const name of taxReportingNames(type, group, { cisContractor: true })) TAX_REPORTING_IDS.set(`${group}|${name.display.toLowerCase()}`, name.id);
  }
}

/**
 * Responses show a tax reporting name's display form and requests take its identifier: both sides are
 * compared and written as the identifier. The group comes from the code, and a field another group does
 * not take is left out (the remote refuses it rather than ignoring it).
 */
function normalize(record: SyncRecord): SyncRecord {
  const code = typeof record.nominal_code === 'string' ? formatNominalCode(Number(record.nominal_code)) : record.nominal_code;
  const group = groupOfCode(code);
  if (!group) return record;
  const allowed: readonly string[] = CATEGORY_FIELDS_BY_GROUP[group];
  const out: SyncRecord = { ...record, nominal_code: code, category_group: group };
  for (const field of ['tax_reporting_name', 'allowable_for_tax', 'auto_sales_tax_rate']) if (!allowed.includes(field)) out[field] = null;
  const name = out.tax_reporting_name;
  if (typeof name === 'string' && name !== '') out.tax_reporting_name = TAX_REPORTING_IDS.get(`${group}|${name.toLowerCase()}`) ?? name;
  return out;
}

function firstGroupRecord(body: Record<string, unknown>): unknown {
  for (const key of CATEGORY_LIST_KEYS) if (body[key] && typeof body[key] === 'object') return body[key];
  return undefined;
}

function groupedList(body: Record<string, unknown>): unknown {
  if (!CATEGORY_LIST_KEYS.some((key) => Array.isArray(body[key]))) return undefined;
  return CATEGORY_LIST_KEYS.flatMap((key) => (Array.isArray(body[key]) ? (body[key] as unknown[]) : []));
}

/** The change log names a category by its row id; the sync names it by its code, as its url does. */
function changedId(sqlite: Database.Database, recordId: string): number | null {
  const row = sqlite.prepare('SELECT nominal_code AS code, is_custom AS custom FROM categories WHERE id = ?').get(Number(recordId)) as { code: string; custom: number } | undefined;
  return row && row.custom && /^\d+$/.test(row.code) ? Number(row.code) : null;
}

/**
 * Categories a user added. The nominal code is the identity on both sides (each names the category by
 * it in its url), so it is the matching key, and a link to any category keeps its code.
 */
export const categoriesFamily: Family = {
  name: 'categories',
  path: '/v2/categories',
  one: 'category',
  many: 'categories',
  writable: ['description', 'tax_reporting_name', 'allowable_for_tax', 'auto_sales_tax_rate'],
  // The code and group file the category's postings: they never change after the create.
  createOnly: ['nominal_code', 'category_group'],
  links: {},
  listQuery: {},
  matchKey: (record) => (typeof record.nominal_code === 'string' ? `code:${formatNominalCode(Number(record.nominal_code))}` : null),
  label: (record) => `Category ${String(record.nominal_code ?? '')} ${String(record.description ?? '')}`.trim(),
  // Reading needs My Money, adding needs Tax, Accounting and Users: the family goes with the higher.
  level: Level.TaxAccountingAndUsers,
  recordIn: firstGroupRecord,
  listIn: groupedList,
  keep: isUsers,
  localPath: (localId) => `/v2/categories/${formatNominalCode(localId)}`,
  changedId,
  normalize,
};
