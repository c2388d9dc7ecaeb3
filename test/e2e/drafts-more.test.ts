import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftKept, leaveDialog } from './drafts';
import { openApp, type AppSession } from './session';

/**
 * Issue 19 item 1 for the user form (Settings › Users): what is typed is kept as a draft; leaving asks Keep editing / Save / Discard; after a reload the draft is offered and opens the
 * form as it was typed; Discard leaves nothing kept.
 */
describe('drafts of the user form', () => {
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

  it('a user being added is kept: Escape asks, and after a reload the form opens as typed', async () => {
    const { page } = app;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Settings/ }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Add a user' }).click();
    await page.getByRole('heading', { name: 'Add a user' }).waitFor();
    await field('First name').fill('Ann');
    await field('Last name').fill('Lee');
    await draftKept(app);
    await expect.poll(drafts).toEqual(['user Ann Lee']);
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    expect(await field('Last name').inputValue()).toBe('Lee');
    // Add a user again over it asks too (it replaced the form without a question).
    await page.getByRole('button', { name: 'Add a user' }).click();
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    expect(await field('Last name').inputValue()).toBe('Lee');

    page.once('dialog', (question) => void question.accept());
    await page.reload();
    await page.getByRole('dialog', { name: '1 unsaved draft: user Ann Lee' }).getByRole('button', { name: 'Open the draft of user Ann Lee' }).click();
    await page.getByRole('heading', { name: 'Add a user' }).waitFor();
    await expect.poll(() => field('First name').inputValue()).toBe('Ann');
    expect(await field('Last name').inputValue()).toBe('Lee');
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await expect.poll(drafts).toEqual([]);
    expect(app.problems).toEqual([]);
  });
});
