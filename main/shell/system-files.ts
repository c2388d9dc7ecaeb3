import { extname, isAbsolute, resolve } from 'node:path';

/** Statement formats the app takes from the system (file associations, the dock, the command line). */
export const STATEMENT_EXTENSIONS = ['ofx', 'qfx', 'qif', 'csv', 'xml', '053', 'sta', 'mt940'] as const;
/** A book file. */
export const BOOK_EXTENSION = 'ledgerdesk';

export interface SystemFiles {
  books: string[];
  statements: string[];
}

/**
 * Sorts what the system handed the app (argv of a launch or of a second launch, or open-file on
 * macOS) into books to open and statements to import. Flags, the executable, the app folder and
 * anything else are ignored; relative paths are taken from the launch's working directory.
 */
export function classifySystemFiles(argv: readonly string[], workingDirectory: string): SystemFiles {
  const files: SystemFiles = { books: [], statements: [] };
  for (const argument of argv) {
    if (!argument || argument.startsWith('-')) continue;
    const extension = extname(argument).slice(1).toLowerCase();
    const path = isAbsolute(argument) ? argument : resolve(workingDirectory, argument);
    if (extension === BOOK_EXTENSION) files.books.push(path);
    else if ((STATEMENT_EXTENSIONS as readonly string[]).includes(extension)) files.statements.push(path);
  }
  return files;
}
