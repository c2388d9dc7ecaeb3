import type { contacts } from '../../db/schema';

type NameParts = Pick<typeof contacts.$inferSelect, 'organisationName' | 'firstName' | 'lastName'>;

/** The name a contact goes by on documents: the organisation when there is one, else the person. */
export function contactName(row: NameParts): string {
  if (row.organisationName) return row.organisationName;
  return [row.firstName, row.lastName].filter((part): part is string => Boolean(part)).join(' ');
}

/** The same, in SQL, for sorting lists by name. */
export const CONTACT_NAME_SQL = `COALESCE(NULLIF(c.organisation_name, ''), TRIM(COALESCE(c.first_name, '') || ' ' || COALESCE(c.last_name, '')))`;
