import { Level } from '../../shared/api/permissions';
import { propertyUpdateSchema } from '../../shared/api/properties';
import type { Family } from './family';

const lower = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase().replace(/\s+/g, ' ') : '');

/**
 * A landlord's properties (the only company type that has them; for any other the list is empty on
 * both sides). Two properties are the same when their first address line and postcode are.
 */
export const propertiesFamily: Family = {
  name: 'properties',
  path: '/v2/properties',
  one: 'property',
  many: 'properties',
  writable: Object.keys(propertyUpdateSchema.shape),
  createOnly: [],
  links: {},
  listQuery: {},
  matchKey: (record) => (lower(record.address1) ? `address:${lower(record.address1)}|${lower(record.postcode)}` : null),
  label: (record) => `Property ${String(record.name ?? record.address1 ?? '')}`,
  level: Level.TaxAccountingAndUsers,
  // "Only companies of type UkUnincorporatedLandlord can have or create properties" (api-reference.md).
  companyTypes: ['UkUnincorporatedLandlord'],
};
