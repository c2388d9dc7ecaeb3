import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftKept, leaveDialog } from './drafts';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 19 item 1 for the category form: what is typed is kept as a draft; leaving by Escape (in any
 * field) or by another section's key asks Keep editing / Save / Discard on top with the focus; each
 * answer does what it says; after a reload the draft is offered and opens the form as typed.
 */
describe('drafts of the category form', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  const field = (name: string) => app.page.getByRole('textbox', { name, exact: true });
  const drafts = async () => (await app.book.json('GET', '/v2/drafts')).body.drafts.map((draft: { label: string }) => draft.label);
  const category = async (code: string) => (await app.book.json('GET', `/v2/categories/${code}`)).status;
  const focusInQuestion = () => app.page.evaluate(() => document.activeElement?.closest('[role="alertdialog"]') != null);

  async function openNewForm() {
    const { page } = app;
    await page.keyboard.press('Alt+8');
    await page.getByRole('heading', { name: 'Categories' }).waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: /^Add a category/ }).waitFor();
    await field('Code').fill('256');
    await field('Name').fill('Cloud hosting');
    await draftKept(app);
    await expect.poll(drafts).toEqual(['category Cloud hosting']);
  }

  it('Escape in the Name field asks on top with the focus; Keep editing keeps every key', async () => {
    const { page } = app;
    await openNewForm();
    await field('Name').focus();
    await page.keyboard.press('Escape');
    await leaveDialog(app).waitFor();
    await expect.poll(focusInQuestion).toBe(true);
    await checkScreen(app, 'category-leave-question');
    await page.keyboard.press('Escape');
    await leaveDialog(app).waitFor({ state: 'detached' });
    expect(await field('Name').inputValue()).toBe('Cloud hosting');
    expect(await field('Code').inputValue()).toBe('256');

    await page.keyboard.press('Alt+1');
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    expect(await page.getByRole('heading', { name: 'Categories' }).count()).toBe(1);
    expect(await field('Name').inputValue()).toBe('Cloud hosting');
  });

  it('after a reload the draft is offered and opens the form as typed; Discard leaves no draft and no category', async () => {
    const { page } = app;
    page.once('dialog', (question) => void question.accept());
    await page.reload();
    await page.getByRole('dialog', { name: '1 unsaved draft: category Cloud hosting' }).getByRole('button', { name: 'Open the draft of category Cloud hosting' }).click();
    await page.getByRole('heading', { name: /^Add a category/ }).waitFor();
    await expect.poll(() => field('Name').inputValue()).toBe('Cloud hosting');
    expect(await field('Code').inputValue()).toBe('256');
    await page.keyboard.press('Alt+1');
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await expect.poll(drafts).toEqual([]);
    expect(await category('256')).toBe(404);
  });

  it('Save from the question adds the category and goes on; the draft is gone', async () => {
    const { page } = app;
    await openNewForm();
    await page.getByRole('combobox', { name: 'Tax reporting name' }).selectOption({ label: 'Computer software costs' });
    await field('Code').focus();
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Added 256 Cloud hosting.').waitFor();
    await page.getByRole('heading', { name: /^Add a category/ }).waitFor({ state: 'detached' });
    expect(await category('256')).toBe(200);
    await expect.poll(drafts).toEqual([]);
    expect(app.problems).toEqual([]);
  });
});
