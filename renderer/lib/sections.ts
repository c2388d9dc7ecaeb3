import type { Component } from 'svelte';
import type { LoadState } from './loadable.svelte';
import type { Company } from './records';

/**
 * The sidebar's sections in their fixed order. A section's shortcut digit is its place in the list,
 * so the digits stay put as more sections are built; sections not built yet have no view and no key.
 */
export type SectionId =
  | 'overview'
  | 'banking'
  | 'invoices'
  | 'bills'
  | 'expenses'
  | 'contacts'
  | 'journals'
  | 'categories'
  | 'reports'
  | 'tax'
  | 'settings';

/** Where to go: a section, and optionally what to open in it (a record's url, a report's name). */
export interface Destination {
  section: SectionId;
  detail?: string | null;
}

/** What the shell hands every section's view. A view uses what it needs and ignores the rest. */
export interface SectionProps {
  company: LoadState<Company>;
  /** The record or page to open first, when the view was reached from another screen. */
  detail: string | null;
  /** Opens statement files in the import review. */
  onimport: (files: File[]) => void;
  /** Moves to another section (an overview figure to its report, a contact to its invoice). */
  open: (destination: Destination) => void;
  /** Tells the shell the company's details changed, so it reads them again (settings, first run). */
  companychanged: () => void;
}

/**
 * A section folder's index.ts: its view, or null while it is not built. Each section owns its own
 * index.ts, so building one section never touches another's files.
 */
export interface SectionModule {
  /** A view may declare only the props it uses, or none (Svelte types a prop-less view so). */
  view: Component<SectionProps> | Component<Record<string, never>> | null;
}

export interface Section {
  id: SectionId;
  label: string;
  built: boolean;
  /** The digit that opens it with Alt (or Ctrl/Cmd); null when it has none. */
  digit: string | null;
}

export const SECTION_ORDER: readonly (readonly [SectionId, string])[] = [
  ['overview', 'Overview'],
  ['banking', 'Banking'],
  ['invoices', 'Invoices'],
  ['bills', 'Bills'],
  ['expenses', 'Expenses'],
  ['contacts', 'Contacts'],
  ['journals', 'Journals'],
  ['categories', 'Categories'],
  ['reports', 'Reports'],
  ['tax', 'Tax'],
  ['settings', 'Settings'],
];

/** The key for the section in a place (0-based): 1 to 9, then 0 for the tenth, as the digit row runs. */
const placeDigit = (index: number): string | null => (index < 10 ? String((index + 1) % 10) : null);

/** The sections as the sidebar lists them, given which of them have a view. */
export function sectionList(isBuilt: (id: SectionId) => boolean): Section[] {
  return SECTION_ORDER.map(([id, label], index) => {
    const built = isBuilt(id);
    return { id, label, built, digit: built ? placeDigit(index) : null };
  });
}

export function sectionForDigit(sections: readonly Section[], digit: string): Section | undefined {
  return sections.find((section) => section.digit === digit);
}
