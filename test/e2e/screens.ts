import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';
import { layoutProblems } from './layout';
import type { Page } from 'playwright-core';
import type { AppSession } from './session';

/**
 * Shared by the desk suites: a screen in light and dark at the usual window size and at the smallest
 * one (900x600). What it asserts: at each size and scheme nothing is cut off at the window's edge and
 * no text runs out of its box (layout.ts); axe-core with every rule in light and its color-contrast
 * rule again in dark, which holds every text to WCAG AA against what is behind it; no CSP violation or uncaught error seen so far.
 * The screenshots are pictures for a person to look at (test-results/screenshots): nothing compares
 * them, and they are not what makes this a test.
 */
export const SIZES = [
  { width: 1280, height: 800, tag: '1280' },
  { width: 900, height: 600, tag: '900' },
] as const;

export async function checkScreen(app: Pick<AppSession, 'page' | 'screenshot' | 'problems'>, name: string): Promise<void> {
  const { page } = app;
  const before = page.viewportSize();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await framesDrawn(page);
      await app.screenshot(`${name}-${scheme}-${size.tag}`);
      expect(await layoutProblems(page), `${name} in ${scheme} at ${size.tag}`).toEqual([]);
    }
    // Light runs every rule; dark only the one the scheme can change (contrast). The other rules read
    // the DOM and its roles, which the scheme does not touch, and a whole second axe run on each of
    // 130 screens was minutes of CI.
    const axe = scheme === 'light' ? new AxeBuilder({ page }) : new AxeBuilder({ page }).withRules(['color-contrast']);
    const results = await axe.analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${scheme}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (before) await page.setViewportSize(before);
  expect(app.problems).toEqual([]);
}

/** Resolves once the page has drawn two frames: the layout after a resize or a scheme change is done. */
function framesDrawn(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
