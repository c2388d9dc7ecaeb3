import { beforeEach } from 'vitest';
import type { AppSession } from './session';

/**
 * For a file whose tests share one app (one book, one window) but run in any order (describe.shuffle):
 * puts the window back where a person opening the app finds it, whatever the test before left there.
 * The book keeps what earlier tests made, so each test still makes its own records and counts only those.
 */

/** openApp's window size. */
export const OPENING_VIEWPORT = { width: 1200, height: 720 } as const;

type Viewport = { width: number; height: number };

const UNSAVED_CHANGES = 'Unsaved changes';

/** A setup request that must succeed. Thrown, not expected: an expect here would count as the test's own assertion. */
async function must(app: AppSession, method: string, path: string): Promise<{ body: any }> {
  const answer = await app.book.json(method, path);
  if (answer.status !== 200) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer;
}

/** Forgets every draft the book keeps (a test's half-typed editor); answers how many there were. */
async function forgetKeptDrafts(app: AppSession): Promise<number> {
  const keys = ((await must(app, 'GET', '/v2/drafts')).body.drafts as { key: string }[]).map((draft) => draft.key);
  // saved=true forgets at once: a discard would stay restorable, and a later Ctrl+Z could bring it back.
  for (const key of keys) await must(app, 'DELETE', `/v2/drafts/${encodeURIComponent(key)}?saved=true`);
  return keys.length;
}

async function reloadOnOverview(app: AppSession): Promise<void> {
  const { page } = app;
  // The window is thrown away here, not closed by a person: the leave guard's question (beforeunload)
  // would hold the reload up. A capturing listener on window runs before the guard's and stops it.
  await page.evaluate(() => window.addEventListener('beforeunload', (event) => event.stopImmediatePropagation(), { capture: true }));
  await page.reload();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
}

async function lightAt(app: AppSession, viewport: Viewport): Promise<void> {
  const { page } = app;
  await page.emulateMedia({ colorScheme: 'light' });
  const now = page.viewportSize();
  if (now?.width !== viewport.width || now.height !== viewport.height) await page.setViewportSize(viewport);
}

/**
 * The window reloaded on Overview at `viewport` in the light scheme: nothing open, focused or shown
 * from before, no kept draft offered. For a test whose setup the app reads only as it starts, and
 * after a test that failed (where it left the window is unknown).
 */
export async function freshWindow(app: AppSession, viewport: Viewport = OPENING_VIEWPORT): Promise<void> {
  await lightAt(app, viewport);
  await reloadOnOverview(app);
  // A draft written as the old page went (or just before) would be offered on this start: forget it and start again.
  if ((await forgetKeptDrafts(app)) > 0) await reloadOnOverview(app);
}

/**
 * Where a test that passed may have left the window (a screen, an editor open, changed or not) back to
 * Overview at `viewport` in the light scheme, as a person would go: Alt+1, and Discard if an editor asks
 * about its changes. A reload takes four times as long (about 2 s against 0.5 s on a loaded machine), so
 * it is kept for a window left with a dialog open, where Alt+1 is not the way out.
 */
export async function backToOverview(app: AppSession, viewport: Viewport = OPENING_VIEWPORT): Promise<void> {
  const { page } = app;
  const dialogsOpen = await page.locator('[role=dialog]:visible, [role=alertdialog]:visible, dialog[open]').count();
  if (dialogsOpen > 0) {
    await freshWindow(app, viewport);
    return;
  }
  await lightAt(app, viewport);
  await page.keyboard.press('Alt+1');
  const overview = page.getByRole('heading', { name: 'Overview' });
  const leave = page.getByRole('alertdialog', { name: UNSAVED_CHANGES });
  await overview.or(leave).first().waitFor();
  if (await leave.isVisible()) {
    await leave.getByRole('button', { name: 'Discard' }).click();
    await overview.waitFor();
  }
  if ((await forgetKeptDrafts(app)) > 0) await freshWindow(app, viewport);
}

/**
 * In the calling describe: before each test the window goes back to Overview (backToOverview), or is
 * reloaded (freshWindow) when the test before did not pass, so one failure does not fail the rest.
 */
export function eachTestStartsOnOverview(app: () => AppSession, viewport: Viewport = OPENING_VIEWPORT): void {
  let previous: { result?: { state?: string } } | undefined;
  beforeEach(async (context) => {
    const previousFailed = previous !== undefined && previous.result?.state !== 'pass';
    previous = context.task;
    if (previousFailed) await freshWindow(app(), viewport);
    else await backToOverview(app(), viewport);
  });
}
