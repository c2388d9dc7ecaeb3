import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dialog } from 'playwright-core';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 19 item 2 beyond the invoice: a bill and a contact open in their editors while the same
 * record is changed from outside (an API write through the serve door, as the CLI or another window
 * would make). The banner names what changed, untouched fields take the new values, and the field
 * the person typed in keeps what they typed. Each test makes its records and starts on a fresh
 * Overview, so they run in any order (describe.shuffle).
 */
describe.shuffle('the book changing underneath a bill and a contact', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    await app.page.setViewportSize({ width: 1280, height: 800 });
  });

  /** A contact made through the API, as the CLI would; answers its path. */
  async function contactMade(organisation: string): Promise<{ url: string; path: string }> {
    const made = await app.book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: organisation, town: 'Leeds' } } });
    expect(made.status).toBe(201);
    return { url: made.body.contact.url, path: new URL(made.body.contact.url).pathname };
  }

  /** The window afresh on the Overview, whatever another test left open. */
  async function freshOverview() {
    const { page } = app;
    const leave = (question: Dialog) => void question.accept();
    page.on('dialog', leave);
    await page.reload();
    page.off('dialog', leave);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
  }

  afterAll(async () => {
    await app?.close();
  });

  const field = (name: string) => app.page.getByRole('textbox', { name, exact: true });
  const banner = () => app.page.getByRole('status', { name: 'Changed elsewhere' });

  it('bill: the notes typed stay, the reference and due date changed outside come in, and the banner says so', async () => {
    const { page } = app;
    const supplier = await contactMade('Office Supplies Ltd');
    const bill = await app.book.json('POST', '/v2/bills', {
      body: { bill: { contact: supplier.url, reference: 'OS-1', dated_on: '2026-11-05', due_on: '2026-12-05', bill_items: [{ category: '285', description: 'Paper', total_value: '120' }] } },
    });
    expect(bill.status).toBe(201);
    const billPath = new URL(bill.body.bill.url).pathname;
    await freshOverview();
    await page.keyboard.press('Alt+4');
    const grid = page.getByRole('grid', { name: 'Bills' });
    await grid.getByText('OS-1').waitFor();
    await grid.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Bill OS-1' }).waitFor();
    await field('Notes').fill('Check the delivery note');

    expect((await app.book.json('PUT', billPath, { body: { bill: { reference: 'OS-1A', due_on: '2026-12-20', comments: 'Paid by card' } } })).status).toBe(200);
    await banner().waitFor();
    await expect.poll(() => field('Reference').inputValue()).toBe('OS-1A');
    expect(await field('Notes').inputValue()).toBe('Check the delivery note');
    const words = await banner().textContent();
    expect(words).toContain('Bill OS-1A was changed elsewhere');
    expect(words).toContain('Reference and Due date now show the new values.');
    expect(words).toContain('What you typed in Notes is kept.');
    await checkScreen(app, 'changed-underneath-bill');

    await banner().getByRole('button', { name: 'Use the new Notes' }).click();
    expect(await field('Notes').inputValue()).toBe('Paid by card');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('Saved bill OS-1A.').waitFor();
    expect((await app.book.json('GET', billPath)).body.bill).toMatchObject({ reference: 'OS-1A', due_on: '2026-12-20', comments: 'Paid by card' });
  });

  it('contact: the town typed stays, the email and phone changed outside come in, and the banner says so', async () => {
    const { page } = app;
    const { path: contactPath } = await contactMade('Leeds Stationers Ltd');
    await freshOverview();
    await page.keyboard.press('Alt+6');
    const grid = page.getByRole('grid', { name: 'Contacts' });
    // The test's own contact chosen (another test may have made one before it), then opened by key.
    await grid.getByText('Leeds Stationers Ltd').click();
    await grid.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Leeds Stationers Ltd', exact: true }).waitFor();
    await page.keyboard.press('e');
    await page.getByRole('heading', { name: /^Change contact/ }).waitFor();
    await field('Town').fill('York');

    expect((await app.book.json('PUT', contactPath, { body: { contact: { email: 'accounts@office.example', phone_number: '0113 496 0000', town: 'Bradford' } } })).status).toBe(200);
    await banner().waitFor();
    await expect.poll(() => field('Email').inputValue()).toBe('accounts@office.example');
    expect(await field('Phone').inputValue()).toBe('0113 496 0000');
    expect(await field('Town').inputValue()).toBe('York');
    const words = await banner().textContent();
    expect(words).toContain('Contact Leeds Stationers Ltd was changed elsewhere');
    expect(words).toContain('Email and Phone now show the new values.');
    // Each changed field is named once: the fields shown anew are not listed a second time before them.
    expect(words?.match(/Email/g) ?? []).toHaveLength(1);
    expect(words).toContain('What you typed in Town is kept.');
    await checkScreen(app, 'changed-underneath-contact');

    await page.getByRole('button', { name: /^Save/ }).click();
    await expect.poll(async () => (await app.book.json('GET', contactPath)).body.contact).toMatchObject({ town: 'York', email: 'accounts@office.example', phone_number: '0113 496 0000' });
    expect(app.problems).toEqual([]);
  });
});
