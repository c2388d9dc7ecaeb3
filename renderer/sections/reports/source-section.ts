/**
 * Where the document behind a posting is opened: a posting's source_item_url names its resource
 * (/v2/invoices/3, /v2/bills/7, /v2/bank_transaction_explanations/12 ...), and each resource lives in
 * one section of the window. Resources without a screen of their own yet open nowhere.
 */
import type { Destination, SectionId } from '../../lib/sections';

const SECTION_OF: Readonly<Record<string, SectionId>> = {
  invoices: 'invoices',
  credit_notes: 'invoices',
  bills: 'bills',
  expenses: 'expenses',
  journal_sets: 'journals',
  bank_transaction_explanations: 'banking',
  bank_transactions: 'banking',
};

const LABEL_OF: Readonly<Record<string, string>> = {
  invoices: 'Invoice',
  credit_notes: 'Credit note',
  bills: 'Bill',
  expenses: 'Expense',
  journal_sets: 'Journal',
  bank_transaction_explanations: 'Bank transaction',
  bank_transactions: 'Bank transaction',
  credit_note_reconciliations: 'Credit note reconciliation',
  statement_uploads: 'Statement upload',
};

function resourceOf(url: string): string {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/, '');
  return /^\/v2\/([a-z_]+)\//.exec(path)?.[1] ?? '';
}

export function sourceLabel(url: string): string {
  return LABEL_OF[resourceOf(url)] ?? 'Document';
}

export function sourceDestination(url: string): Destination | null {
  const section = SECTION_OF[resourceOf(url)];
  return section ? { section, detail: url } : null;
}
