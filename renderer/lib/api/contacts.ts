/**
 * Typed calls for /v2/contacts used by the shared contact picker. The sales section adds its own
 * calls here (create, update) as it needs them.
 */
import { z } from 'zod';
import { getAll, type ApiResult } from '../api';

export const contactSummarySchema = z.object({
  url: z.string(),
  organisation_name: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  status: z.string().optional(),
});
export type ContactSummary = z.infer<typeof contactSummarySchema>;

/** The name a contact goes by in lists: its organisation, else its person. */
export function contactName(contact: ContactSummary): string {
  const person = [contact.first_name, contact.last_name].filter(Boolean).join(' ');
  return contact.organisation_name || person || 'Unnamed contact';
}

export function listContacts(): Promise<ApiResult<ContactSummary[]>> {
  return getAll('/v2/contacts', 'contacts', contactSummarySchema);
}
