/**
 * Typed calls for /v2/contacts: the shared contact picker's list, and the Contacts section's full
 * records, create and update.
 */
import { z } from 'zod';
import { decode, getAll, getOne, headerValue, pathOf, send, type ApiResult } from '../api';

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

export const contactSchema = contactSummarySchema.extend({
  email: z.string().optional(),
  phone_number: z.string().optional(),
  address1: z.string().optional(),
  address2: z.string().optional(),
  address3: z.string().optional(),
  town: z.string().optional(),
  region: z.string().optional(),
  postcode: z.string().optional(),
  country: z.string().default('United Kingdom'),
  charge_sales_tax: z.string().default('Auto'),
  sales_tax_registration_number: z.string().optional(),
  default_payment_terms_in_days: z.number().optional(),
  account_balance: z.string().default('0.0'),
});
export type Contact = z.infer<typeof contactSchema>;

/** What the contact form sends; empty text clears a field. */
export interface ContactFields {
  organisation_name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  phone_number?: string | null;
  address1?: string | null;
  address2?: string | null;
  town?: string | null;
  region?: string | null;
  postcode?: string | null;
  country?: string | null;
  charge_sales_tax?: string;
  sales_tax_registration_number?: string | null;
  default_payment_terms_in_days?: number | null;
  status?: string;
}

/** Every contact of a view, by name, read a page at a time. */
export async function listFullContacts(view: 'active' | 'hidden' | 'all'): Promise<ApiResult<Contact[]>> {
  const rows: Contact[] = [];
  for (let page = 1; ; page++) {
    const sent = await send('GET', '/v2/contacts', { query: { view, sort: 'name', page: String(page), per_page: '100' } });
    if (!sent.ok) return sent;
    const decoded = decode(sent.value, 'contacts', contactSchema.array());
    if (!decoded.ok) return decoded;
    rows.push(...decoded.value);
    const total = Number(headerValue(sent.value.headers, 'x-total-count') ?? rows.length);
    if (rows.length >= total || decoded.value.length === 0) return { ok: true, value: rows };
  }
}

export function createContact(fields: ContactFields): Promise<ApiResult<Contact>> {
  return getOne('POST', '/v2/contacts', 'contact', contactSchema, { body: { contact: fields } });
}

export function updateContact(url: string, fields: ContactFields): Promise<ApiResult<Contact>> {
  return getOne('PUT', pathOf(url), 'contact', contactSchema, { body: { contact: fields } });
}

export function getContact(url: string): Promise<ApiResult<Contact>> {
  return getOne('GET', pathOf(url), 'contact', contactSchema);
}
