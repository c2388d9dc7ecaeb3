import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';
import type { AppSession } from './session';

/**
 * Shared by the desk suites: a screen photographed in light and dark at the usual window size and
 * at the smallest one (900x600), with axe-core run in both schemes. Fails on a serious or critical
 * violation and on any CSP violation or uncaught error seen so far.
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
      await page.waitForTimeout(50);
      await app.screenshot(`${name}-${scheme}-${size.tag}`);
    }
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${scheme}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (before) await page.setViewportSize(before);
  expect(app.problems).toEqual([]);
}
