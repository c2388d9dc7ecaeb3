import { z } from 'zod';
import { boolean, date, decimal, integer, optionalText, requiredText, text } from './fields';

/** A link to another record: its url, or (as the live service's client libraries send) a bare id or code. */
const link = z.union([z.string(), z.number()], { error: 'must be a url' });

/**
 * One journal entry as a client sends it. On a PUT, an item with `url` and `_destroy: true` removes that
 * entry, an item with `url` and other fields changes it, and an item without `url` adds one (spec 4.2).
 * Which fields are required depends on the category, so the engine checks that, not the schema.
 */
export const journalEntryInputSchema = z.object({
  url: link.optional(),
  category: link.optional(),
  debit_value: decimal.optional(),
  description: optionalText(1000),
  user: link.nullable().optional(),
  capital_asset_type: link.nullable().optional(),
  stock_item: link.nullable().optional(),
  stock_altering_quantity: integer.nullable().optional(),
  bank_account: link.nullable().optional(),
  property: link.nullable().optional(),
  contact: link.nullable().optional(),
  _destroy: boolean.optional(),
});
export type JournalEntryInput = z.infer<typeof journalEntryInputSchema>;

/**
 * XML without type attributes delivers `<journal-entries><journal-entry>..</journal-entry></journal-entries>`
 * as an object holding one entry or an array of them; both mean the same list.
 */
const entryList = z.preprocess(
  (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const inner = (value as Record<string, unknown>).journal_entry;
    if (inner === undefined) return value;
    return Array.isArray(inner) ? inner : [inner];
  },
  z.array(journalEntryInputSchema, { error: 'must be an array of journal entries' }),
);

const setFields = {
  dated_on: date,
  description: requiredText(1000),
  tag: optionalText(),
  journal_entries: entryList,
};

export const journalSetCreateSchema = z.object(setFields);
export const journalSetUpdateSchema = z.object(setFields).partial();
export type JournalSetCreate = z.infer<typeof journalSetCreateSchema>;
export type JournalSetUpdate = z.infer<typeof journalSetUpdateSchema>;

/** The opening balances set takes only its entries; it has no date and no tag (spec 2.2). */
export const openingBalancesUpdateSchema = z.object({
  dated_on: text().nullable().optional(),
  tag: text().nullable().optional(),
  journal_entries: entryList.optional(),
});
export type OpeningBalancesUpdate = z.infer<typeof openingBalancesUpdateSchema>;

/** Categories that only the opening balances may give a contact on (Trade Debtors, Trade Creditors). */
export const CONTACT_OPENING_CATEGORIES = ['681', '796'] as const;

export const OPENING_BALANCES_DESCRIPTION = 'Opening Balances Journal Set';
export const AUTOMATIC_BALANCING_DESCRIPTION = 'Automatic Balancing Entry';
