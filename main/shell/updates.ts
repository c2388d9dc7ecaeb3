/**
 * Updates. The feed is the one the build was made with: electron-builder writes it (and, on Windows,
 * the publisher name the installer must be signed by) into `app-update.yml` inside the app's own
 * resources, which electron-updater reads by itself. Nothing in the user's data folder can name another
 * feed: settings.json is writable by every program the user runs, and a feed named there would let any of
 * them serve Ledgerdesk an "update". So there is no setFeedURL here at all.
 *
 * Verification is electron-updater's: on Windows the download must be signed by the publisher named in
 * app-update.yml, on macOS Squirrel checks the code signature. On Linux an AppImage's update is not
 * verified, so Ledgerdesk does not update itself there and says where new versions come from.
 */

/** The part of electron-updater's autoUpdater the app uses. */
export interface Updater {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  on(event: 'update-available', listener: (info: { version: string }) => void): unknown;
  on(event: 'update-not-available', listener: () => void): unknown;
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(): void;
}

/** How the window shows an update: the taskbar/dock progress, a question, a sentence. */
export interface UpdateScreen {
  /** A fraction 0..1 while downloading, or null to clear it. */
  progress(fraction: number | null): void;
  /** Answers the index of the button chosen. */
  ask(message: string, detail: string, buttons: readonly string[]): Promise<number>;
  tell(message: string, detail?: string): void;
}

export type UpdatePolicy = { enabled: true } | { enabled: false; reason: string };

/** Whether this build may update itself, and if not, the sentence Help › Check for Updates… says. */
export function updatePolicy(platform: NodeJS.Platform, packaged: boolean, feedBuiltIn: boolean): UpdatePolicy {
  if (!packaged) return { enabled: false, reason: 'This is a development build: it does not update itself.' };
  if (platform === 'linux') {
    return { enabled: false, reason: 'On Linux Ledgerdesk does not update itself, because an AppImage update cannot be verified. Get new versions from the Ledgerdesk website or your package manager.' };
  }
  if (!feedBuiltIn) return { enabled: false, reason: 'This build was made without an update feed: get new versions from where you got this one.' };
  return { enabled: true };
}

const RESTART = ['Restart Now', 'Later'] as const;

/**
 * Checks once at start, quietly, and again from Help › Check for Updates…, which always answers. A
 * found update downloads with its progress on the taskbar or dock, then asks to restart; "Later"
 * installs it when the app quits.
 */
export class UpdateController {
  private manual = false;
  private checking = false;
  private downloaded: string | null = null;

  constructor(
    private readonly updater: Updater,
    private readonly screen: UpdateScreen,
    private readonly policy: UpdatePolicy,
    private readonly currentVersion: string,
  ) {
    if (!policy.enabled) return;
    updater.autoDownload = true;
    updater.autoInstallOnAppQuit = true;
    updater.on('update-available', () => this.screen.progress(0));
    updater.on('download-progress', (progress) => this.screen.progress(Math.min(1, Math.max(0, progress.percent / 100))));
    updater.on('update-not-available', () => this.finish(() => this.manual && this.screen.tell('Ledgerdesk is up to date', `You have version ${this.currentVersion}, the latest.`)));
    updater.on('update-downloaded', (info) => this.finish(() => void this.offerRestart(info.version)));
    updater.on('error', (error) => this.finish(() => this.manual && this.screen.tell('Ledgerdesk could not check for updates', error.message)));
  }

  /** The quiet check at start: nothing is said unless an update is ready. */
  start(): boolean {
    if (!this.policy.enabled) return false;
    this.check(false);
    return true;
  }

  /** Help › Check for Updates…: always says what happened. */
  checkNow(): void {
    if (!this.policy.enabled) {
      this.screen.tell('Updates', this.policy.reason);
      return;
    }
    if (this.downloaded) {
      void this.offerRestart(this.downloaded);
      return;
    }
    this.check(true);
  }

  private check(manual: boolean): void {
    this.manual ||= manual;
    if (this.checking) return;
    this.checking = true;
    // Failures arrive as the 'error' event as well; the promise's own rejection is not a second report.
    this.updater.checkForUpdates().catch(() => undefined);
  }

  private finish(then: () => void): void {
    this.checking = false;
    this.screen.progress(null);
    then();
    this.manual = false;
  }

  private async offerRestart(version: string): Promise<void> {
    this.downloaded = version;
    const choice = await this.screen.ask(`Ledgerdesk ${version} is ready to install`, 'Restart to install it now, or it installs when you next quit. Your book is saved as you go: nothing is lost by restarting.', RESTART);
    if (choice === 0) this.updater.quitAndInstall();
  }
}
