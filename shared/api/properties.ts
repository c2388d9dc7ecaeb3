import { z } from 'zod';
import { optionalText, requiredText } from './fields';

/** Properties exist only for this company type (spec 2.8). */
export const PROPERTY_COMPANY_TYPE = 'UkUnincorporatedLandlord';
/** A property's country; it defaults to this and cannot be overridden (spec 2.8, 8). */
export const PROPERTY_COUNTRY = 'United Kingdom';

const propertyFields = {
  // Not in the published attribute table, but the live service has it (api-quirks.md).
  name: optionalText(),
  address1: requiredText(),
  address2: optionalText(),
  address3: optionalText(),
  town: optionalText(),
  region: optionalText(),
  postcode: optionalText(32),
  country: z.preprocess((value) => (value === '' ? null : value), z.string({ error: 'must be text' }).trim().max(255, { error: 'must be at most 255 characters' }).nullable()).optional(),
};

export const propertyCreateSchema = z.object(propertyFields);
export const propertyUpdateSchema = z.object(propertyFields).partial();
export type PropertyCreate = z.infer<typeof propertyCreateSchema>;
export type PropertyUpdate = z.infer<typeof propertyUpdateSchema>;
