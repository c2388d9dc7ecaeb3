import type { AppSession } from './session';

/**
 * For a file whose tests share one window: a toast an earlier test left (they show for 7 s) would
 * answer for the one a test waits to see after its own action. Dismissed before each test, as a person
 * clears notices before starting; clicked in one go in the page, since a toast may expire between a
 * count and a click.
 */
export async function dismissToasts(app: AppSession): Promise<void> {
  const { page } = app;
  await page.evaluate(() => {
    for (const button of document.querySelectorAll<HTMLButtonElement>('.toasts .toast button.dismiss')) button.click();
  });
  await page.locator('.toasts .toast').first().waitFor({ state: 'detached' });
}
