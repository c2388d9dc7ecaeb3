/** The part of electron-updater's autoUpdater the app uses. */
export interface Updater {
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdatesAndNotify(): Promise<unknown>;
}

/**
 * Updates come from a generic feed (latest.yml files on any https server) named in settings.json as
 * `updateFeed`. With no feed, or in an unpackaged build, the app never checks: nothing is fetched.
 */
export function startUpdates(updater: Updater, feed: string | null, packaged: boolean): boolean {
  if (!feed || !packaged || !feed.startsWith('https://')) return false;
  updater.setFeedURL({ provider: 'generic', url: feed });
  void updater.checkForUpdatesAndNotify().catch(() => undefined);
  return true;
}
