import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';
import { must } from './setup-request';

/**
 * The editors with lines (an invoice's, a bill's) at a laptop's window, opened on a long document:
 * the lines are not squeezed to a strip between the fields and the totals (an invoice's got three and
 * a half at 900x600, five at 900x700). The invoice at 900x700: opened, at least eight whole lines
 * show; scrolled to the editor's end, the totals show with at least nine whole lines above them. The
 * bill (fewer fields above its lines) the same at 900x600, where it showed seven.
 */
describe('the lines of a long document in a small window', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    const made = (path: string, body: unknown) => must(app.book, 'POST', path, body);
    const acme = (await made('/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } })).contact.url;
    const invoiceItems = Array.from({ length: 40 }, (_, index) => ({ description: `Item ${index + 1}`, item_type: 'Hours', price: '10', quantity: '1' }));
    await made('/v2/invoices', { invoice: { contact: acme, dated_on: '2026-11-20', reference: 'LONG-1', invoice_items: invoiceItems } });
    const billItems = Array.from({ length: 40 }, (_, index) => ({ category: '285', description: `Part ${index + 1}`, total_value: '1.00', sales_tax_status: 'EXEMPT' }));
    await made('/v2/bills', { bill: { contact: acme, reference: 'LONG-B', dated_on: '2026-11-01', due_on: '2026-11-30', bill_items: billItems } });
    await app.page.setViewportSize({ width: 900, height: 700 });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  /**
   * How many of the table's lines a person sees whole: inside the window and every box that clips
   * them (the lines' scroll box, the editor), and below the column headings.
   */
  const wholeLinesInView = (table: string) =>
    app.page.getByRole('table', { name: table }).evaluate((element) => {
      let top = Math.max(0, element.querySelector('thead')!.getBoundingClientRect().bottom);
      let bottom = window.innerHeight;
      for (let at = element.parentElement; at; at = at.parentElement) {
        if (getComputedStyle(at).overflowY === 'visible') continue;
        const box = at.getBoundingClientRect();
        top = Math.max(top, box.top);
        bottom = Math.min(bottom, box.bottom);
      }
      return [...element.querySelectorAll('tr[data-line]')].filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= top - 1 && box.bottom <= bottom + 1;
      }).length;
    });

  /** Wheels the editor to its end over its title (not over the lines, which scroll on their own). */
  async function scrollEditorToEnd(title: string) {
    const { page } = app;
    await page.getByRole('heading', { name: title }).hover();
    const atEnd = () => page.locator('form', { has: page.getByRole('heading', { name: title }) }).evaluate((form) => form.scrollTop + form.clientHeight >= form.scrollHeight - 1);
    await expect.poll(async () => {
      await page.mouse.wheel(0, 1000);
      return atEnd();
    }).toBe(true);
  }

  async function totalInView(label: string) {
    const box = (await app.page.getByRole('definition').filter({ hasText: label }).last().boundingBox())!;
    return box.y >= 0 && box.y + box.height <= app.page.viewportSize()!.height;
  }

  it('shows the lines of a 40-line invoice, and its totals with them at the editor\u2019s end', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+3');
    await page.getByRole('tab', { name: /All/ }).click();
    await page.getByRole('grid', { name: 'Invoices' }).getByRole('gridcell', { name: 'LONG-1', exact: true }).dblclick();
    await page.getByRole('heading', { name: 'Invoice LONG-1' }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Line 1 description', exact: true }).inputValue()).toBe('Item 1');
    expect(await wholeLinesInView('Invoice lines')).toBeGreaterThanOrEqual(8);
    await checkScreen(app, 'invoice-editor-narrow');

    await scrollEditorToEnd('Invoice LONG-1');
    expect(await totalInView('£400.00')).toBe(true);
    expect(await wholeLinesInView('Invoice lines')).toBeGreaterThanOrEqual(9);
    await app.screenshot('invoice-editor-narrow-end-light-900x700');
    await page.keyboard.press('Escape');
    await page.getByRole('grid', { name: 'Invoices' }).waitFor();
  });

  it('shows the lines of a 40-line bill, and its total with them at the editor\u2019s end', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+4');
    await page.getByRole('grid', { name: 'Bills' }).getByRole('gridcell', { name: 'LONG-B', exact: true }).dblclick();
    await page.getByRole('heading', { name: 'Bill LONG-B' }).waitFor();
    await page.setViewportSize({ width: 900, height: 600 });
    await expect.poll(() => page.getByRole('textbox', { name: 'Line 1 description', exact: true }).inputValue()).toBe('Part 1');
    expect(await wholeLinesInView('Bill lines')).toBeGreaterThanOrEqual(9);
    await checkScreen(app, 'bill-editor-narrow');

    await scrollEditorToEnd('Bill LONG-B');
    expect(await totalInView('£40.00')).toBe(true);
    expect(await wholeLinesInView('Bill lines')).toBeGreaterThanOrEqual(9);
    await app.screenshot('bill-editor-narrow-end-light-900x600');
  });
});
