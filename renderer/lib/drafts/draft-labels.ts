/**
 * How a draft is named to the person ("invoice for Client Co", "bill from ACME"): the editors' labels
 * need a contact's name from its url while they run synchronously, so the names are read once and kept
 * (read again when a url is not among them: a contact added since).
 */
import { contactName, listContacts } from '../api/contacts';

const names = new Map<string, string>();
let reading: Promise<void> | null = null;

function readNames(): void {
  reading = listContacts().then((result) => {
    if (result.ok) for (const contact of result.value) names.set(contact.url, contactName(contact));
  });
}

/** The contact's name, or "" while it is being read (or when there is no contact). */
export function contactNameOf(url: string | null | undefined): string {
  if (!url) return '';
  const name = names.get(url);
  if (name === undefined) {
    if (reading === null) readNames();
    else void reading.then(() => (names.has(url) ? undefined : (reading = null)));
  }
  return name ?? '';
}

/** "bill from ACME", or "new bill" when no contact is chosen yet. */
export function documentLabel(kind: string, preposition: 'for' | 'from', contactUrl: string | null | undefined, isNew: boolean): string {
  const name = contactNameOf(contactUrl);
  if (name) return `${kind} ${preposition} ${name}`;
  return isNew ? `new ${kind}` : kind;
}

/** Resolves once the names are read: a draft's label is made after this, so it names the contact. */
export function contactNamesRead(): Promise<void> {
  if (reading === null) readNames();
  return reading!;
}
