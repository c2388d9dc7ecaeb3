import { existsSync } from 'node:fs';
import type { SystemFiles } from './system-files';

export interface FirstBook {
  file: string;
  create: boolean;
}

/**
 * The book to open on start: the last one named at launch (a double-clicked book), else the most
 * recent book that still exists, else the default book in the user data folder (made on a first run).
 */
export function firstBook(launch: SystemFiles, recentBooks: readonly string[], defaultBook: string, exists: (path: string) => boolean = existsSync): FirstBook {
  const named = launch.books.at(-1);
  if (named) return { file: named, create: false };
  const last = recentBooks.find((path) => exists(path));
  if (last) return { file: last, create: false };
  return { file: defaultBook, create: !exists(defaultBook) };
}
