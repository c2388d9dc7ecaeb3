/**
 * Typed calls for /v2/journal_sets: the list, one set with its entries, create, update, delete, and
 * the opening balances (one undated set, read and written at /v2/journal_sets/opening_balances).
 */
import { z } from 'zod';
import { getAll, getOne, pathOf, send, type ApiResult } from '../api';

export const journalEntrySchema = z.object({
  url: z.string(),
  category: z.string(),
  debit_value: z.string(),
  description: z.string().optional(),
  user: z.string().optional(),
  capital_asset_type: z.string().optional(),
  contact: z.string().optional(),
  property: z.string().optional(),
  bank_account: z.string().optional(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const journalSetSchema = z.object({
  url: z.string(),
  dated_on: z.string().optional(),
  description: z.string().default(''),
  tag: z.string().optional(),
  journal_entries: z.array(journalEntrySchema).default([]),
  /** Opening balances only: each bank account's opening balance, read-only. */
  bank_accounts: z.array(z.object({ url: z.string(), description: z.string().default(''), debit_value: z.string() })).optional(),
});
export type JournalSet = z.infer<typeof journalSetSchema>;

export interface JournalEntryFields {
  url?: string;
  _destroy?: boolean;
  category?: string;
  debit_value?: string;
  description?: string;
  user?: string | null;
  capital_asset_type?: string | null;
  contact?: string | null;
}

export interface JournalSetFields {
  dated_on?: string;
  description?: string;
  journal_entries?: JournalEntryFields[];
}

/** Every set, the opening balances (undated) first, then by date as the engine lists them. */
export function listJournalSets(): Promise<ApiResult<JournalSet[]>> {
  return getAll('/v2/journal_sets', 'journal_sets', journalSetSchema);
}

export function getJournalSet(url: string): Promise<ApiResult<JournalSet>> {
  return getOne('GET', pathOf(url), 'journal_set', journalSetSchema);
}

export function createJournalSet(fields: JournalSetFields): Promise<ApiResult<JournalSet>> {
  return getOne('POST', '/v2/journal_sets', 'journal_set', journalSetSchema, { body: { journal_set: fields } });
}

export function updateJournalSet(url: string, fields: JournalSetFields): Promise<ApiResult<JournalSet>> {
  return getOne('PUT', pathOf(url), 'journal_set', journalSetSchema, { body: { journal_set: fields } });
}

export async function deleteJournalSet(url: string): Promise<ApiResult<null>> {
  const sent = await send('DELETE', pathOf(url));
  return sent.ok ? { ok: true, value: null } : sent;
}

const OPENING_BALANCES = '/v2/journal_sets/opening_balances';

export function getOpeningBalances(): Promise<ApiResult<JournalSet>> {
  return getOne('GET', OPENING_BALANCES, 'journal_set', journalSetSchema);
}

export function updateOpeningBalances(entries: JournalEntryFields[]): Promise<ApiResult<JournalSet>> {
  return getOne('PUT', OPENING_BALANCES, 'journal_set', journalSetSchema, { body: { journal_set: { journal_entries: entries } } });
}
