/**
 * The journal editor's entries as plain functions: what a line is, what else its category asks for
 * (a user on 900-910, a capital asset type on 601-607, a contact on 681/796 in the opening balances),
 * whether the lines balance to the penny, and what is sent. A line has a debit or a credit; the engine
 * takes one signed debit_value, a credit negative (spec 2.2). Exact minor units, never floats.
 */
import { fromMinor, toMinor } from '../../../shared/money';
import type { JournalEntry, JournalEntryFields } from '../../lib/api/journal_sets';
import { moneyForInput, readMoney } from '../../lib/money-input';

export interface EntryLine {
  /** A stable key for the list; the entry's url once it is saved. */
  key: string;
  url?: string;
  /** The category's url at its top-level code (902, not 902-1): the picker lists those. */
  category: string;
  user: string;
  capitalAssetType: string;
  contact: string;
  description: string;
  debit: string;
  credit: string;
}

let counter = 0;
export const newEntryLine = (): EntryLine => ({ key: `new-${++counter}`, category: '', user: '', capitalAssetType: '', contact: '', description: '', debit: '', credit: '' });

/** ".../categories/902-1" -> "902-1". */
export function categoryCode(url: string): string {
  return decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));
}

/** A sub account's url at its top-level code: ".../categories/902-1" -> ".../categories/902". */
export function topLevelCategory(url: string): string {
  return url.replace(/(\/categories\/\d+)-\d+$/, '$1');
}

export type EntryNeed = 'user' | 'capital_asset_type' | 'contact' | null;

/** What else an entry of this category must name (api-notes: journal sets). */
export function entryNeed(categoryUrl: string, opening: boolean): EntryNeed {
  if (!categoryUrl) return null;
  const base = Number(categoryCode(categoryUrl).slice(0, 3));
  if (base >= 900 && base <= 910) return 'user';
  if (base >= 601 && base <= 607) return 'capital_asset_type';
  if (opening && (base === 681 || base === 796)) return 'contact';
  return null;
}

export function entryLineOf(entry: JournalEntry, currency: string): EntryLine {
  const minor = toMinor(entry.debit_value, currency);
  return {
    key: entry.url,
    url: entry.url,
    category: topLevelCategory(entry.category),
    user: entry.user ?? '',
    capitalAssetType: entry.capital_asset_type ?? '',
    contact: entry.contact ?? '',
    description: entry.description ?? '',
    debit: minor > 0 ? moneyForInput(minor, currency) : '',
    credit: minor < 0 ? moneyForInput(-minor, currency) : '',
  };
}

export interface Balance {
  debitMinor: number;
  creditMinor: number;
  /** Debits less credits: zero when the set balances. */
  differenceMinor: number;
  /** Sentences for lines whose amounts cannot be read, by line index. */
  problems: Map<number, string[]>;
}

/** The running totals of the lines; a line with both a debit and a credit counts as a problem. */
export function balanceOf(lines: readonly EntryLine[], currency: string): Balance {
  const balance: Balance = { debitMinor: 0, creditMinor: 0, differenceMinor: 0, problems: new Map() };
  lines.forEach((line, index) => {
    const label = `Line ${index + 1}`;
    const debit = readMoney(line.debit, currency, `${label} debit`);
    const credit = readMoney(line.credit, currency, `${label} credit`);
    const problems: string[] = [];
    if (!debit.ok) problems.push(debit.message);
    if (!credit.ok) problems.push(credit.message);
    if (debit.ok && credit.ok && !debit.empty && !credit.empty && debit.minor !== 0 && credit.minor !== 0) problems.push(`${label} has both a debit and a credit; give one of them.`);
    if (problems.length > 0) {
      balance.problems.set(index, problems);
      return;
    }
    // A negative debit is a credit, and a negative credit a debit, as a person would mean them.
    const signed = (debit.ok && !debit.empty ? debit.minor : 0) - (credit.ok && !credit.empty ? credit.minor : 0);
    if (signed > 0) balance.debitMinor += signed;
    else balance.creditMinor -= signed;
  });
  balance.differenceMinor = balance.debitMinor - balance.creditMinor;
  return balance;
}

/** Whether Save may be pressed: every amount readable, something entered, and debits equal to credits. */
export function canSave(balance: Balance): boolean {
  return balance.problems.size === 0 && balance.debitMinor > 0 && balance.differenceMinor === 0;
}

/** One line as the engine takes it; only what the category asks for is linked. */
export function entryFields(line: EntryLine, currency: string, opening: boolean): JournalEntryFields {
  const debit = readMoney(line.debit, currency);
  const credit = readMoney(line.credit, currency);
  const signed = (debit.ok && !debit.empty ? debit.minor : 0) - (credit.ok && !credit.empty ? credit.minor : 0);
  const need = entryNeed(line.category, opening);
  return {
    ...(line.url ? { url: line.url } : {}),
    category: line.category,
    debit_value: fromMinor(signed, currency),
    description: line.description.trim(),
    user: need === 'user' ? line.user || null : null,
    capital_asset_type: need === 'capital_asset_type' ? line.capitalAssetType || null : null,
    ...(opening ? { contact: need === 'contact' ? line.contact || null : null } : {}),
  };
}

/**
 * The entries of a save: the lines in order (so the engine's "journal_entries.N" is line N + 1), then
 * the saved entries the person removed.
 */
export function entriesToSend(lines: readonly EntryLine[], removed: readonly string[], currency: string, opening: boolean): JournalEntryFields[] {
  return [...lines.map((line) => entryFields(line, currency, opening)), ...removed.map((url) => ({ url, _destroy: true }))];
}

const FIELD_WORDS: Record<string, string> = {
  category: 'category',
  debit_value: 'amount',
  description: 'description',
  user: 'user',
  capital_asset_type: 'capital asset type',
  contact: 'contact',
  property: 'property',
};

export interface EntryErrors {
  byLine: Map<number, string[]>;
  rest: string[];
}

/** "journal_entries.1.user is required for category 902" -> line 2: "User is required for category 902." */
export function sortEntryErrors(messages: readonly string[]): EntryErrors {
  const sorted: EntryErrors = { byLine: new Map(), rest: [] };
  for (const message of messages) {
    const match = /^journal_entries\.(\d+)\.(\w+)(.*)$/s.exec(message);
    if (!match) {
      sorted.rest.push(message);
      continue;
    }
    const words = FIELD_WORDS[match[2]!] ?? match[2]!.replace(/_/g, ' ');
    // The desk offers the top-level category and the user beside it; the sub-account hint is for API clients.
    const said = match[3]!.replace(/ \(or give the sub account[^)]*\)/, '');
    const text = `${words.charAt(0).toUpperCase()}${words.slice(1)}${said}`.trim();
    const index = Number(match[1]);
    sorted.byLine.set(index, [...(sorted.byLine.get(index) ?? []), /[.!?]$/.test(text) ? text : `${text}.`]);
  }
  return sorted;
}

/** The total of a set: what its debits come to (equal to its credits once balanced). */
export function setTotal(entries: readonly JournalEntry[], currency: string): string {
  return fromMinor(
    entries.reduce((sum, entry) => Math.max(0, toMinor(entry.debit_value, currency)) + sum, 0),
    currency,
  );
}

/**
 * The opening balances' Automatic Balancing Entry on 999 Suspense: the engine keeps it and ignores
 * items naming it (api-notes), so the editor shows it and never sends it.
 */
export function isBalancingEntry(entry: JournalEntry): boolean {
  return categoryCode(entry.category) === '999' && entry.description === 'Automatic Balancing Entry';
}

/**
 * The opening balances' totals with the bank accounts counted in: an account's opening balance is a
 * debit on its bank account (a credit when overdrawn), though the engine lists its leg with the sign
 * turned (golden journal_sets.json). The difference is then what the engine puts on Suspense.
 */
export function withBankLegs(balance: Balance, legs: readonly { debit_value: string }[], currency: string): Balance {
  let debitMinor = balance.debitMinor;
  let creditMinor = balance.creditMinor;
  for (const leg of legs) {
    const opening = -toMinor(leg.debit_value, currency);
    if (opening > 0) debitMinor += opening;
    else creditMinor -= opening;
  }
  return { ...balance, debitMinor, creditMinor, differenceMinor: debitMinor - creditMinor };
}
