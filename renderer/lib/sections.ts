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

export interface Section {
  id: SectionId;
  label: string;
  built: boolean;
  /** The digit that opens it with Alt (or Ctrl/Cmd); null when it has none. */
  digit: string | null;
}

const ORDER: readonly [SectionId, string, boolean][] = [
  ['overview', 'Overview', true],
  ['banking', 'Banking', true],
  ['invoices', 'Invoices', false],
  ['bills', 'Bills', false],
  ['expenses', 'Expenses', false],
  ['contacts', 'Contacts', false],
  ['journals', 'Journals', false],
  ['categories', 'Categories', true],
  ['reports', 'Reports', false],
  ['tax', 'Tax', false],
  ['settings', 'Settings', false],
];

export const SECTIONS: readonly Section[] = ORDER.map(([id, label, built], index) => ({
  id,
  label,
  built,
  digit: built && index < 9 ? String(index + 1) : null,
}));

export function sectionForDigit(digit: string): Section | undefined {
  return SECTIONS.find((section) => section.digit === digit);
}
