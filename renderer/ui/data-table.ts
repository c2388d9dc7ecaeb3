/**
 * Shared: the column and sort types of ui/DataTable.svelte, and a sorter that keeps money exact
 * (compare minor units or decimal text, never floats of amounts).
 */
import type { Snippet } from 'svelte';

export interface Column<Row> {
  id: string;
  label: string;
  /** A CSS grid track: "96px", "minmax(120px, 1fr)". */
  width: string;
  /** Right-aligned tabular figures (money, counts). */
  numeric?: boolean;
  sortable?: boolean;
  /** The cell's text; also what a screen reader hears when `snippet` draws something richer. */
  text: (row: Row) => string;
  /** The cell's whole text as its tooltip, for a column whose text may be cut short (a description). */
  titled?: boolean;
  snippet?: Snippet<[Row]>;
}

export type SortDirection = 'ascending' | 'descending';
export interface SortState {
  column: string;
  direction: SortDirection;
}

/** The next sort when a header is clicked: a new column starts descending for dates and money. */
export function nextSort(current: SortState | null, column: string): SortState {
  if (current?.column === column) return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { column, direction: 'descending' };
}
