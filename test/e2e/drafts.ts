import type { Dialog, Locator } from 'playwright-core';
import { expect } from 'vitest';
import type { AppSession } from './session';

/**
 * Shared by the drafts suites (issue 19 item 1): an editor with something typed in it, left by every
 * way there is; each way must ask Keep editing / Save / Discard, and Keep editing must leave every
 * key typed where it was.
 */

export const leaveDialog = (app: Pick<AppSession, 'page'>) => app.page.getByRole('alertdialog', { name: 'Unsaved changes' });

/**
 * Reloads the window as a person closing it would: the window's own leave question (beforeunload)
 * must be asked, and is answered Leave.
 */
export async function reloadLeaving(app: Pick<AppSession, 'page'>): Promise<void> {
  const { page } = app;
  let asked = '';
  const leave = (shown: Dialog) => {
    asked = shown.type();
    void shown.accept();
  };
  page.on('dialog', leave);
  await page.reload();
  page.off('dialog', leave);
  expect(asked).toBe('beforeunload');
}

/** Reloads as `reloadLeaving` does, then opens the one draft offered, named `label`. */
export async function reloadAndOpenDraft(app: Pick<AppSession, 'page'>, label: string): Promise<void> {
  await reloadLeaving(app);
  await app.page.getByRole('dialog', { name: `1 unsaved draft: ${label}` }).getByRole('button', { name: `Open the draft of ${label}` }).click();
}

/** Waits until the editor says its draft is kept (within about a second of the last key). */
export async function draftKept(app: Pick<AppSession, 'page'>): Promise<void> {
  await app.page.getByText('Draft kept').waitFor();
}

/** A statement file dropped on the window (not on an editor's own drop zone). */
export async function dropStatementOnWindow(app: Pick<AppSession, 'page'>): Promise<void> {
  await app.page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(new File(['Date,Description,Amount\n01/11/2026,TEST,-1.00\n'], 'statement.csv', { type: 'text/csv' }));
    for (const type of ['dragenter', 'dragover', 'drop']) document.body.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  });
}

/**
 * Leaves by each of `ways` in turn: each must ask the leave question, which `answer` then keeps
 * (Keep editing by default; it may first look at the question, a screenshot); `intact` then checks
 * that what was typed is still there.
 */
export async function eachWayAsks(
  app: Pick<AppSession, 'page' | 'screenshot'>,
  ways: readonly (readonly [string, () => Promise<void>])[],
  intact: () => Promise<void>,
  answer: (way: string) => Promise<void> = () => leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click(),
): Promise<void> {
  for (const [way, leave] of ways) {
    await leave();
    await leaveDialog(app)
      .waitFor()
      .catch(async (error: unknown) => {
        await app.screenshot(`drafts-failed-${way}`);
        throw new Error(`Leaving by ${way} did not ask: ${String(error)}`);
      });
    await answer(way);
    await leaveDialog(app).waitFor({ state: 'detached' });
    await intact();
  }
}

export interface LeaveWays {
  /** The editor's own Close (back) button. */
  close: Locator;
  /** Another record of the same section to open while the editor is open, when the screen has one. */
  otherRecord?: () => Promise<void>;
}

/**
 * Leaves the editor each way and answers Keep editing; `intact` checks that what was typed is still
 * there after each. Escape inside the question also means Keep editing (and does not reach the editor).
 */
export async function leaveEachWayAndKeep(app: AppSession, ways: LeaveWays, intact: () => Promise<void>): Promise<string[]> {
  const { page } = app;
  const asked: string[] = [];
  const attempts: [string, () => Promise<void>][] = [
    ['Escape', () => page.keyboard.press('Escape')],
    ['Close', () => ways.close.click()],
    ['Alt+1', () => page.keyboard.press('Alt+1')],
    ['sidebar', () => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /Overview/ }).click()],
    // File › Import Statement… (Ctrl+I where there is no native menu): a file chosen over the editor.
    [
      'menu',
      async () => {
        const chooser = page.waitForEvent('filechooser');
        await page.keyboard.press('ControlOrMeta+i');
        await (await chooser).setFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from('Date,Description,Amount\n01/11/2026,TEST,-1.00\n') });
      },
    ],
    ['dropped file', () => dropStatementOnWindow(app)],
  ];
  if (ways.otherRecord) attempts.push(['another record', ways.otherRecord]);
  await eachWayAsks(app, attempts, intact, async (name) => {
    asked.push(name);
    // Alternate the two ways of keeping: the button, and Escape in the question.
    if (asked.length % 2 === 0) await page.keyboard.press('Escape');
    else await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
  });
  // Keeping an editor over a dropped file leaves the import closed.
  expect(await page.getByRole('dialog', { name: /^Review / }).count()).toBe(0);
  return asked;
}
