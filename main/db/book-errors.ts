/**
 * Why a book file could not be opened, each with a sentence a bookkeeper can act on. Every one of
 * these is raised before anything is written to the file.
 */
export class BookFileError extends Error {
  constructor(
    message: string,
    /** The book file the message is about. */
    readonly file: string,
  ) {
    super(message);
  }
}

export class MissingFolderError extends BookFileError {
  constructor(file: string, folder: string) {
    super(`The folder ${folder} does not exist, so the book ${file} cannot be opened or created there. Reconnect the drive or choose another folder.`, file);
  }
}

export class MissingBookError extends BookFileError {
  constructor(file: string) {
    super(`There is no book at ${file}.`, file);
  }
}

export class NotABookError extends BookFileError {
  constructor(file: string, why: string) {
    super(`${file} is not a Ledgerdesk book (${why}). It has been left as it is; choose another file or a new name.`, file);
  }
}

export class ReadOnlyBookError extends BookFileError {
  constructor(file: string, folder?: string) {
    super(
      folder
        ? `The folder ${folder} is read-only (a locked drive or share?), so the book ${file} cannot be kept there. Copy the book somewhere you can write, or allow changes to the folder.`
        : `The book ${file} is read-only, so nothing could be saved in it. Allow changes to the file (or copy it somewhere you can write) and open it again.`,
      file,
    );
  }
}

export class DamagedBookError extends BookFileError {
  constructor(
    file: string,
    detail: string,
    /** The newest backup of this book, the way back; null when there is none. */
    readonly latestBackup: string | null,
  ) {
    super(
      `The book ${file} is damaged (${detail}) and has not been opened, so nothing more is written to it. ` +
        (latestBackup ? `Restore the latest backup, ${latestBackup}.` : 'No backup of it was found; restore a copy you keep elsewhere.'),
      file,
    );
  }
}

export class NewerDatabaseError extends Error {
  constructor() {
    super('This book was written by a newer version of Ledgerdesk. Update the app to open it.');
  }
}
