import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithLines, openRegister } from './accounts';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * The register beside the explain panel at the smallest window (900x600): each line's amount (in or
 * out, signed) and its status stay in view left of the panel, nothing scrolls sideways, and a long
 * description cut short can be read whole from its tooltip. At 1280 the register keeps In, Out and
 * the running balance.
 */
describe('the register beside the explain panel at 900x600', () => {
  let app: AppSession;
  const LONG = 'AMAZON MARKETPLACE EU SARL PAYMENT FOR OFFICE CHAIRS AND DESKS ORDER 204-7719';

  beforeAll(async () => {
    app = await openApp();
    await accountWithLines(app, [
      { dated_on: '2026-09-03', description: LONG, amount: '-12345.67' },
      { dated_on: '2026-09-02', description: 'ACME LTD INVOICE 1001', amount: '1500.00' },
    ], { opening_balance: '2000.00' }, { width: 900, height: 600 });
  });

  afterAll(async () => {
    await app?.close();
  });

  const grid = () => app.page.getByRole('grid', { name: 'Transactions of Business Current' });
  const headers = async () => (await grid().getByRole('columnheader').allTextContents()).map((text) => text.replace(/[▲▼]/g, '').trim());
  const cells = async (row: number) => (await grid().locator(`[role=row][aria-rowindex="${row + 2}"] [role=gridcell]`).allTextContents()).map((text) => text.trim());

  it('shows the signed amount and the status beside the panel, and the description whole on hover', async () => {
    const { page } = app;
    await openRegister(app);
    await grid().focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('complementary', { name: 'Explain' });
    await panel.getByRole('heading', { name: 'Explain this line' }).waitFor();

    await expect.poll(headers).toEqual(['Date', 'Description', 'Amount', 'Status']);
    expect(await cells(0)).toEqual(['03/09/2026', LONG, '-£12,345.67', 'Unexplained']);
    expect(await cells(1)).toEqual(['02/09/2026', 'ACME LTD INVOICE 1001', '£1,500.00', 'Unexplained']);

    // Every column ends left of the panel, and the table does not scroll sideways.
    const panelBox = (await panel.boundingBox())!;
    for (const header of await grid().getByRole('columnheader').all()) {
      const box = (await header.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(panelBox.x + 1);
    }
    const [scrollWidth, clientWidth] = await grid().evaluate((element) => [element.scrollWidth, element.clientWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    // The date, amount and status show whole (no ellipsis); the long description is cut and tells itself in full.
    const cut = await grid()
      .locator('[role=row][aria-rowindex="2"] [role=gridcell]')
      .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent?.trim()));
    expect(cut).toEqual([LONG]);
    const descriptionCell = grid().locator('[role=row][aria-rowindex="2"] [role=gridcell]').nth(1);
    expect(await descriptionCell.getAttribute('title')).toBe(LONG);
    await checkScreen(app, 'register-narrow-explain');

    // With room (1280), the register keeps In, Out and the running balance beside the panel.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(headers).toEqual(['Date', 'Description', 'In', 'Out', 'Balance', 'Status']);
    expect(await cells(0)).toEqual(['3 Sept 2026', LONG, '', '£12,345.67', '-£8,845.67', 'Unexplained']);
  });
});
