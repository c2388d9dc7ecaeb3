import { describe, expect, it } from 'vitest';
import { draftKept, leaveDialog } from './drafts';
import { useBookOpener } from './fresh-book';
import type { AppSession } from './session';

/**
 * A section's "Unsaved drafts" list names what was typed and left elsewhere, never the draft of the
 * editor open beneath it (the category form listed its own draft above itself, with an Open that only
 * opened it again); and the category form's Group and Code boxes line up although only one has a hint.
 */
// Each test makes what it needs, in a book of its own.
describe.shuffle('a section lists the drafts left elsewhere', () => {
  const opener = useBookOpener();
  let app: AppSession;

  const field = (name: string) => app.page.getByRole('textbox', { name, exact: true });
  const listed = () => app.page.getByRole('region', { name: 'Unsaved drafts' });
  const storedDrafts = async () => (await app.book.json('GET', '/v2/drafts')).body.drafts.map((draft: { label: string }) => draft.label);

  async function categoriesOpen() {
    app = await opener.open({ viewport: { width: 1280, height: 800 } });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
    await app.page.keyboard.press('Alt+8');
    await app.page.getByRole('heading', { name: 'Categories' }).waitFor();
  }

  it('leaves out the draft of the open form, lists it once the form is gone, and leaves it out again when it is opened', async () => {
    await categoriesOpen();
    const { page } = app;
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: /^Add a category/ }).waitFor();
    await field('Code').fill('256');
    await field('Name').fill('Cloud hosting');
    await draftKept(app);
    await expect.poll(storedDrafts).toEqual(['category Cloud hosting']);
    expect(await listed().count()).toBe(0);

    // The window reloaded with the form changed: the draft is offered; Later leaves it to its section.
    page.once('dialog', (question) => void question.accept());
    await page.reload();
    const offer = page.getByRole('dialog', { name: '1 unsaved draft: category Cloud hosting' });
    await offer.getByRole('button', { name: 'Later' }).click();
    await offer.waitFor({ state: 'detached' });
    await page.keyboard.press('Alt+8');
    await page.getByRole('heading', { name: 'Categories' }).waitFor();
    await listed().getByRole('button', { name: 'Open the draft of category Cloud hosting' }).click();
    await page.getByRole('heading', { name: /^Add a category/ }).waitFor();
    await expect.poll(() => field('Name').inputValue()).toBe('Cloud hosting');
    await listed().waitFor({ state: 'detached' });

    // Left by Discard, the draft is gone from the book and from the list.
    await page.keyboard.press('Alt+1');
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await expect.poll(storedDrafts).toEqual([]);
  });

  it("lines up the new category's Group and Code boxes, though only Code has a hint under it", async () => {
    await categoriesOpen();
    const { page } = app;
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: /^Add a category/ }).waitFor();
    await page.getByText(/^A free code from/).waitFor();
    const group = await page.getByRole('combobox', { name: 'Group' }).boundingBox();
    const code = await field('Code').boundingBox();
    expect(group).not.toBeNull();
    expect(code).not.toBeNull();
    expect(Math.abs(group!.y - code!.y)).toBeLessThan(2);
  });
});
