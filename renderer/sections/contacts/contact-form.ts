/**
 * The contact form's values and what the engine is sent for them: empty text clears a field,
 * payment terms are whole days or nothing (the company's default then applies).
 */
import type { Contact, ContactFields } from '../../lib/api/contacts';

export interface ContactFormValues {
  organisation: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address1: string;
  address2: string;
  town: string;
  region: string;
  postcode: string;
  country: string;
  vatNumber: string;
  chargeVat: string;
  terms: string;
}

export function formValues(contact: Contact | null): ContactFormValues {
  return {
    organisation: contact?.organisation_name ?? '',
    firstName: contact?.first_name ?? '',
    lastName: contact?.last_name ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone_number ?? '',
    address1: contact?.address1 ?? '',
    address2: contact?.address2 ?? '',
    town: contact?.town ?? '',
    region: contact?.region ?? '',
    postcode: contact?.postcode ?? '',
    country: contact?.country ?? 'United Kingdom',
    vatNumber: contact?.sales_tax_registration_number ?? '',
    chargeVat: contact?.charge_sales_tax ?? 'Auto',
    terms: contact?.default_payment_terms_in_days !== undefined ? String(contact.default_payment_terms_in_days) : '',
  };
}

const text = (value: string) => (value.trim() === '' ? null : value.trim());

export function contactFields(values: ContactFormValues): ContactFields {
  const terms = values.terms.trim();
  return {
    organisation_name: text(values.organisation),
    first_name: text(values.firstName),
    last_name: text(values.lastName),
    email: text(values.email),
    phone_number: text(values.phone),
    address1: text(values.address1),
    address2: text(values.address2),
    town: text(values.town),
    region: text(values.region),
    postcode: text(values.postcode),
    country: text(values.country),
    sales_tax_registration_number: text(values.vatNumber),
    charge_sales_tax: values.chargeVat,
    // Letters go to the engine as they are, so its sentence says what is wrong.
    default_payment_terms_in_days: terms === '' ? null : /^\d+$/.test(terms) ? Number(terms) : (terms as unknown as number),
  };
}
