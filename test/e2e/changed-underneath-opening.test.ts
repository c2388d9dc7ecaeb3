import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialog } from 'playwright-core';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 19 item 2 in the opening balances: the editor is open with a line typed in while the set is
 * changed from outside (an API write through the serve door, as the CLI or another window would
 * make). Each saved line is its own field: the line changed elsewhere and the line added elsewhere
 * show, the banner names them, and the line the person typed in keeps what they typed.
 */
describe.shuffle('the book changing underneath the opening balances', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  const line = (name: string) => app.page.getByRole('textbox', { name, exact: true });
  const banner = () => app.page.getByRole('status', { name: 'Changed elsewhere' });
  const opening = async () => (await app.book.json('GET', '/v2/journal_sets/opening_balances')).body.journal_set;
  const typedEntries = async () =>
    (await opening()).journal_entries
      .filter((entry: { description?: string }) => entry.description !== 'Automatic Balancing Entry')
      .map((entry: { category: string; debit_value: string; description?: string }) => [entry.category.split('/').pop(), entry.debit_value, entry.description ?? ''])
      .sort();

  /** Each test starts from opening balances with none of another test's lines. */
  async function clearOpening() {
    const entries = (await opening()).journal_entries.filter((entry: { description?: string }) => entry.description !== 'Automatic Balancing Entry');
    if (entries.length === 0) return;
    const cleared = await app.book.json('PUT', '/v2/journal_sets/opening_balances', {
      body: { journal_set: { journal_entries: entries.map((entry: { url: string }) => ({ url: entry.url, _destroy: true })) } },
    });
    expect(cleared.status).toBe(200);
  }

  /** The opening balances read afresh, whatever an earlier test left open. */
  async function openOpening() {
    const { page } = app;
    const leave = (question: Dialog) => void question.accept();
    page.on('dialog', leave);
    await page.reload();
    page.off('dialog', leave);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    const offer = page.getByRole('dialog', { name: /unsaved draft/ });
    if (await offer.isVisible()) await page.keyboard.press('Escape');
    await page.keyboard.press('Alt+7');
    await page.getByRole('heading', { name: 'Journals' }).waitFor();
    await page.keyboard.press('o');
    await page.getByRole('heading', { name: 'Opening balances' }).waitFor();
  }

  it('the description typed in line 1 stays; line 2 changed and line 3 added outside come in, and the banner names them', async () => {
    const { page } = app;
    await clearOpening();
    const set = await app.book.json('PUT', '/v2/journal_sets/opening_balances', {
      body: {
        journal_set: {
          journal_entries: [
            { category: '250', debit_value: '1200', description: 'Computer equipment' },
            { category: '001', debit_value: '-200', description: 'Sales brought forward' },
          ],
        },
      },
    });
    expect(set.status).toBe(200);
    const sales = set.body.journal_set.journal_entries.find((entry: { description?: string }) => entry.description === 'Sales brought forward');

    await openOpening();
    await expect.poll(() => line('Line 1 description').inputValue()).toBe('Computer equipment');
    await line('Line 1 description').fill('Laptop and monitor');

    const changed = await app.book.json('PUT', '/v2/journal_sets/opening_balances', {
      body: {
        journal_set: {
          journal_entries: [
            { url: sales.url, debit_value: '-350', description: 'Sales b/f' },
            { category: '001', debit_value: '-50', description: 'Late sale' },
          ],
        },
      },
    });
    expect(changed.status).toBe(200);
    await banner().waitFor();
    await expect.poll(() => line('Line 2 credit').inputValue()).toBe('350.00');
    expect(await line('Line 2 description').inputValue()).toBe('Sales b/f');
    expect(await line('Line 3 description').inputValue()).toBe('Late sale');
    expect(await line('Line 1 description').inputValue()).toBe('Laptop and monitor');
    const words = await banner().textContent();
    expect(words).toContain('The set of opening balances was changed elsewhere');
    expect(words).toContain('Line 2 and Line 3 now show the new values.');
    expect(words).not.toContain('What you typed');
    await checkScreen(app, 'changed-underneath-opening');

    // Saving sends what shows: the typed description with the lines from elsewhere.
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('Changed the opening balances.').waitFor();
    expect(await typedEntries()).toEqual([
      ['001', '-350.0', 'Sales b/f'],
      ['001', '-50.0', 'Late sale'],
      ['250', '1200.0', 'Laptop and monitor'],
    ]);
    expect(app.problems).toEqual([]);
  });

  it('a line changed both here and elsewhere keeps what was typed until Use the new Line 1 is chosen', async () => {
    await clearOpening();
    const set = await app.book.json('PUT', '/v2/journal_sets/opening_balances', {
      body: { journal_set: { journal_entries: [{ category: '250', debit_value: '900', description: 'Office furniture' }] } },
    });
    expect(set.status).toBe(200);
    const furniture = set.body.journal_set.journal_entries.find((entry: { description?: string }) => entry.description === 'Office furniture');
    await openOpening();
    await expect.poll(() => line('Line 1 description').inputValue()).toBe('Office furniture');
    await line('Line 1 debit').fill('950.00');

    expect((await app.book.json('PUT', '/v2/journal_sets/opening_balances', { body: { journal_set: { journal_entries: [{ url: furniture.url, debit_value: '1000' }] } } })).status).toBe(200);
    await banner().waitFor();
    expect(await banner().textContent()).toContain('What you typed in Line 1 is kept.');
    expect(await line('Line 1 debit').inputValue()).toBe('950.00');
    await banner().getByRole('button', { name: 'Use the new Line 1' }).click();
    // The field takes theirs in the next render, not within the click: wait for it.
    await expect.poll(() => line('Line 1 debit').inputValue()).toBe('1,000.00');
    expect(app.problems).toEqual([]);
  });
});
