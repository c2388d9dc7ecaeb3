import type { AppSession } from './session';

/**
 * The console errors of the page a suite's file shares with its remote (fresh-remote.ts opens one
 * window per file): listened to once per page, and counted afresh for each test.
 */
export function consoleErrorsPerTest(): { errors: string[]; watch: (app: Pick<AppSession, 'page'>) => void } {
  const errors: string[] = [];
  const watched = new WeakSet<object>();
  return {
    errors,
    watch: (app) => {
      if (!watched.has(app.page)) {
        watched.add(app.page);
        app.page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
      }
      errors.splice(0);
    },
  };
}
