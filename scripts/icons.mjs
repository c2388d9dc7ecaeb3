#!/usr/bin/env node
// Renders the one icon source, resources/icon.svg, to resources/build/icon.png (1024 x 1024). From
// that PNG electron-builder makes every other size: the macOS .icns, the Windows .ico and the Linux
// icon set. Run it after changing the SVG (it needs Chromium: CHROMIUM=/path or /usr/bin/chromium).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(join(root, 'resources', 'icon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1024, height: 1024 }, deviceScaleFactor: 1 });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path: join(root, 'resources', 'build', 'icon.png'), omitBackground: true });
  console.log('wrote resources/build/icon.png');
} finally {
  await browser.close();
}
