import type { SyncRecord } from './family';

const lower = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/**
 * What makes an invoice, estimate or credit note the same document on both sides: its number with its
 * customer. The number alone is not unique on the live service: it numbers a document made without
 * one itself, and two made apart can get the same number (forum 931, 2515). An accountant's invoice to
 * one customer, numbered online like ours to another whose create was in doubt, was taken for ours and
 * overwritten with it. `contact` is compared as the link it is on the side the key is made on.
 */
export function numberedDocumentKey(record: SyncRecord): string | null {
  const reference = lower(record.reference);
  return reference ? `reference:${reference}|${lower(record.contact)}` : null;
}
