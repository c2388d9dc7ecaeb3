import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Banking › Rules at a laptop's window (900x700): the toast an action leaves (Moved the rule…, with
 * Undo) stands above the keys line at the foot of the list instead of over it, and with the rule
 * editor open it stands left of the editor, clear of its fields and its Save rule and Cancel buttons,
 * and not over the sidebar either.
 */
describe('bank rules at 900x700 with a toast showing', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    const made = await app.book.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Business Current', opening_balance: '0', sort_code: '20-00-00', account_number: '55779911' } } });
    expect(made.status).toBe(201);
    for (const name of ['Tesco', 'Trainline']) {
      const rule = await app.book.json('POST', '/v2/bank_rules', { body: { bank_rule: { name, conditions: [{ field: 'description', operator: 'contains', value: name }], actions: { category: '285' } } } });
      expect(rule.status).toBe(201);
    }
    await app.page.setViewportSize({ width: 900, height: 700 });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  type Box = { x: number; y: number; width: number; height: number };
  const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  /** Where an element is; a toast shows for seven seconds, so a wait longer than one means it is gone. */
  const boxOf = async (locator: ReturnType<AppSession['page']['locator']>) => (await locator.boundingBox({ timeout: 1000 }))!;
  const toast = (action: RegExp) => app.page.locator('.toasts .toast').filter({ has: app.page.getByRole('button', { name: action }) });

  it('keeps the toast off the keys line, and left of the rule editor and its buttons', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+2');
    await page.getByRole('table', { name: 'Bank accounts' }).getByText('Business Current', { exact: true }).waitFor();
    await page.keyboard.press('u');
    const rules = page.getByRole('grid', { name: 'Bank rules' });
    await rules.locator('[role=row]', { hasText: 'Trainline' }).waitFor();
    const keysLine = page.locator('p', { hasText: /choose · .* edit · .* move/ });

    // Moving a rule leaves its toast (with Undo) at the window's foot, where the keys line is.
    await rules.focus();
    await page.keyboard.press('Alt+ArrowDown');
    const moved = toast(/^Undo/);
    await moved.waitFor();
    // Measured once the toast has taken its place (it is placed after the frame it appears in).
    await expect.poll(async () => overlaps(await boxOf(moved), await boxOf(keysLine))).toBe(false);
    await checkScreen(app, 'bank-rules-narrow-toast');

    // The editor open, an undo leaves a toast (with Redo): left of the editor, still off the keys line.
    await page.keyboard.press('Enter');
    const editor = page.getByRole('complementary', { name: 'Bank rule' });
    await editor.getByRole('heading', { name: /^Edit rule/ }).waitFor();
    const close = editor.getByRole('button', { name: /Close/ });
    await close.focus();
    await page.keyboard.press('ControlOrMeta+z');
    const undone = toast(/^Redo/);
    await undone.waitFor();
    const save = editor.getByRole('button', { name: /^Save rule/ });
    await save.scrollIntoViewIfNeeded();
    const editorBox = (await editor.boundingBox())!;
    await expect.poll(async () => overlaps(await boxOf(undone), editorBox)).toBe(false);
    for (const button of [save, editor.getByRole('button', { name: /^Cancel/ })]) {
      expect(overlaps(await boxOf(undone), await boxOf(button))).toBe(false);
    }
    expect(overlaps(await boxOf(undone), await boxOf(keysLine))).toBe(false);
    // Moved left, it stays in the main area, off the sidebar.
    expect((await boxOf(undone)).x).toBeGreaterThanOrEqual((await boxOf(page.getByRole('main'))).x);
    await checkScreen(app, 'bank-rules-narrow-editor-toast');
  });
});
