import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';
import { must } from './setup-request';

/**
 * A customer's page with its editor open at a laptop's window (900x700): the page beside the editor
 * is narrow, and every sentence and figure on it still shows whole (no text cut off at a box's edge,
 * nothing scrolled out of sight sideways); the records' tables stack their rows there. The projects
 * list beside a project's pane keeps its tabs in view too (they ran under the pane).
 */
describe("Contacts beside an editor at 900x700", () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    const made = (path: string, body: unknown) => must(app.book, 'POST', path, body);
    const acme = (await made('/v2/contacts', { contact: { organisation_name: 'Acme Trading Partners Ltd', email: 'accounts.payable@acme-trading.example', address1: '5 Mill Lane', town: 'York' } })).contact.url;
    await made('/v2/invoices', { invoice: { contact: acme, dated_on: '2026-11-01', reference: 'INV-2026-0001', invoice_items: [{ description: 'Consulting', quantity: '1', price: '12500' }] } });
    await made('/v2/credit_notes', { credit_note: { contact: acme, dated_on: '2026-11-03', credit_note_items: [{ description: 'Goodwill', quantity: '1', price: '30' }] } });
    await made('/v2/estimates', { estimate: { status: 'Draft', contact: acme, dated_on: '2026-11-05', reference: 'Q-7', estimate_type: 'Quote', estimate_items: [{ description: 'Brand review', quantity: '1', price: '120' }] } });
    await made('/v2/projects', { project: { name: 'Website rebuild and hosting', contact: acme, budget: '1500', budget_units: 'Monetary', status: 'Active' } });
    await app.page.setViewportSize({ width: 900, height: 700 });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('shows every sentence and figure of the page whole beside the editor', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+6');
    const grid = page.getByRole('grid', { name: 'Contacts' });
    await grid.locator('[role=row][aria-rowindex="2"]').waitFor();
    await grid.focus();
    await page.keyboard.press('Enter');
    const article = page.locator('article', { has: page.getByRole('heading', { name: 'Acme Trading Partners Ltd', exact: true }) });
    await article.waitFor();
    await article.getByRole('button', { name: 'INV-2026-0001' }).waitFor();
    await article.getByRole('button', { name: 'Website rebuild and hosting' }).waitFor();
    await page.keyboard.press('e');
    const form = page.locator('form', { has: page.getByRole('heading', { name: /^Change contact/ }) });
    await form.waitFor();

    // Each text on the page beside the editor shows whole: no element's text runs past its box, and
    // no part of the page lies out of sight sideways (cut off by the editor's edge).
    const clipped = await article.evaluate((root) => {
      const found: string[] = [];
      const rootBox = root.getBoundingClientRect();
      for (const element of root.querySelectorAll<HTMLElement>('*')) {
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
        if (ownText && element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).display !== 'inline') found.push(`"${text}" runs past its box (${element.scrollWidth}px in ${element.clientWidth}px)`);
        if (ownText && (box.right > rootBox.right + 1 || box.left < rootBox.left - 1)) found.push(`"${text}" lies outside the page's box (${Math.round(box.left)}..${Math.round(box.right)} of ${Math.round(rootBox.left)}..${Math.round(rootBox.right)})`);
      }
      if (root.scrollWidth > root.clientWidth + 1) found.push(`the page scrolls sideways (${root.scrollWidth}px in ${root.clientWidth}px)`);
      return found;
    });
    expect(clipped).toEqual([]);
    await checkScreen(app, 'contact-page-narrow-editor');
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
  });

  it("keeps the projects list's tabs beside a project's pane, none under it", async () => {
    const { page } = app;
    await page.keyboard.press('Alt+1');
    await page.keyboard.press('Alt+6');
    await page.getByRole('heading', { name: 'Contacts' }).waitFor();
    await page.keyboard.press('p');
    const grid = page.getByRole('grid', { name: 'Projects' });
    await grid.locator('[role=row][aria-rowindex="2"]').waitFor();
    await grid.focus();
    await page.keyboard.press('Enter');
    const pane = page.locator('form', { has: page.getByRole('heading', { name: 'Change project' }) });
    await pane.waitFor();
    const paneLeft = (await pane.boundingBox())!.x;
    const tabs = page.getByRole('tablist', { name: 'Projects by status' }).getByRole('tab');
    expect(await tabs.count()).toBe(5);
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x + box.width, `${await tab.textContent()} ends left of the pane`).toBeLessThanOrEqual(paneLeft);
    }
    await checkScreen(app, 'projects-narrow-pane');
  });
});
