/** The part of electron-log (or any logger) the crash handlers use. */
export interface CrashLogger {
  error(...params: unknown[]): void;
}

/** The process events a crash arrives by. */
export interface CrashSource {
  on(event: 'uncaughtException', listener: (error: Error) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

const describe = (value: unknown) => (value instanceof Error ? value.message : String(value));

/**
 * A crash or an unhandled rejection in main is written to the log (the user data folder's logs/)
 * and told to the user in one sentence, instead of Electron's bare dialog or nothing at all. The
 * app keeps running: the book is only ever changed inside transactions, so a failed action left it
 * whole.
 */
export function installCrashHandlers(source: CrashSource, logger: CrashLogger, tell: (message: string) => void): void {
  source.on('uncaughtException', (error) => {
    logger.error('uncaught exception in main', error);
    tell(`Something went wrong in Ledgerdesk (${describe(error)}). Your book is safe; the details are in the log file (Help › Show Log Files).`);
  });
  source.on('unhandledRejection', (reason) => {
    logger.error('unhandled rejection in main', reason);
    tell(`An action did not finish (${describe(reason)}). Your book is safe; the details are in the log file (Help › Show Log Files).`);
  });
}
