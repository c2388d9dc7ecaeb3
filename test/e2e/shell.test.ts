import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type AppSession } from './session';

/**
 * The native menu's commands reached from the keyboard in browser mode, where there is no menu:
 * Ctrl+I opens the statement file picker, and a chosen file opens the import review.
 */
describe('menu commands from the keyboard (browser mode)', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  }, 30_000);

  afterAll(async () => {
    await app?.close();
  });

  it('Ctrl+I opens the statement picker and the chosen file goes to the import review', async () => {
    const chooser = app.page.waitForEvent('filechooser');
    await app.page.keyboard.press('Control+I');
    const picker = await chooser;
    expect(picker.isMultiple()).toBe(true);
    await picker.setFiles({ name: 'march.csv', mimeType: 'text/csv', buffer: Buffer.from('Date,Description,Amount\n01/03/2026,Coffee,-2.50\n02/03/2026,Client payment,120.00\n') });
    await app.page.getByRole('dialog').getByRole('heading', { name: 'Review march.csv' }).waitFor();
    await app.screenshot('shell-import-from-keyboard');
    expect(app.problems).toEqual([]);
  });

  it('leaves Ctrl+F to the browser on a screen without a search box', async () => {
    await app.page.keyboard.press('Escape');
    const handled = await app.page.evaluate(() => {
      const event = new KeyboardEvent('keydown', { key: 'f', ctrlKey: true, bubbles: true, cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(handled).toBe(false);
  });
});
