import { describe, expect, it } from 'vitest';
import { checkScreen } from './screens';
import type { TestBook } from '../engine/harness';
import { useBookOpener } from './fresh-book';
import type { AppSession } from './session';

/** Issue 9 item 4 by keys and clicks: add a customer (bad input at the field first), find and change them. */
// Each test makes what it needs, in a book of its own: the empty list and the counts are the book's.
describe.shuffle('contacts in browser mode', () => {
  const opener = useBookOpener();
  let app: AppSession;

  /** A new book with what `prepare` adds, the window on Contacts (Alt+6) at 1280x800. */
  async function openContacts(prepare: (book: TestBook) => Promise<void> = async () => undefined) {
    app = await opener.open({ viewport: { width: 1280, height: 800 }, prepare });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
    await app.page.keyboard.press('Alt+6');
    await app.page.getByRole('heading', { name: 'Contacts' }).waitFor();
  }

  /** The customer the adding test saves by keys, put in through the API. */
  async function brightIdeas(book: TestBook) {
    const made = await book.json('POST', '/v2/contacts', {
      body: { contact: { organisation_name: 'Bright Ideas Ltd', email: 'accounts@bright.example', address1: '12 Canal Street', town: 'Manchester', postcode: 'M1 3HE', sales_tax_registration_number: 'GB987654353', default_payment_terms_in_days: 14 } },
    });
    expect(made.status).toBe(201);
  }

  const grid = () => app.page.getByRole('grid', { name: 'Contacts' });
  const firstRow = async () => (await grid().locator('[role=row][aria-rowindex="2"] [role=gridcell]').allTextContents()).map((text) => text.trim());
  const contactCount = async () => Number((await app.book.json('GET', '/v2/contacts?per_page=1')).headers.get('x-total-count'));

  it('opens with Alt+6 and says how to add the first contact', async () => {
    await openContacts();
    const { page } = app;
    await page.getByText('No contacts yet. Press N to add your first customer or supplier.').waitFor();
    await checkScreen(app, 'contacts-empty');
  });

  it('adds a customer from the keyboard, showing a wrong email at its field and saving nothing until it is right', async () => {
    await openContacts();
    const { page } = app;
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New contact' }).waitFor();
    await page.keyboard.type('Bright Ideas Ltd');
    await page.getByRole('textbox', { name: 'Email' }).fill('accounts-at-bright');
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Canal Street');
    await page.getByRole('textbox', { name: 'Town' }).fill('Manchester');
    await page.getByRole('textbox', { name: 'Postcode' }).fill('M1 3HE');
    await page.getByRole('textbox', { name: 'VAT number' }).fill('GB987654353');
    await page.getByRole('textbox', { name: 'Payment terms (days)' }).fill('14');
    await page.keyboard.press('Enter');
    await page.locator('#contact-email-error').getByText('Email must be an email address.').waitFor();
    expect(await contactCount()).toBe(0);
    await checkScreen(app, 'contacts-form-errors');

    await page.getByRole('textbox', { name: 'Email' }).fill('accounts@bright.example');
    await page.keyboard.press('Enter');
    await page.getByText('Added Bright Ideas Ltd.').waitFor();
    await expect.poll(firstRow).toEqual(['Bright Ideas Ltd', 'accounts@bright.example', 'Manchester', 'GB987654353', '£0.00']);
    const saved = (await app.book.json('GET', '/v2/contacts')).body.contacts[0];
    expect(saved).toMatchObject({ organisation_name: 'Bright Ideas Ltd', postcode: 'M1 3HE', default_payment_terms_in_days: 14, charge_sales_tax: 'Auto' });
  });

  it('finds a contact with /, opens its page with Enter and changes it with E', async () => {
    await openContacts(brightIdeas);
    const { page } = app;
    await app.book.json('POST', '/v2/contacts', { body: { contact: { first_name: 'Sam', last_name: 'Patel', town: 'Leeds' } } });
    await page.keyboard.press('Alt+1');
    await page.keyboard.press('Alt+6');
    await expect.poll(async () => grid().locator('[role=row][aria-rowindex]').count()).toBe(3);
    await page.keyboard.press('/');
    await page.keyboard.type('leeds');
    await expect.poll(firstRow).toEqual(['Sam Patel', '', 'Leeds', '', '£0.00']);
    await grid().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Sam Patel', exact: true }).waitFor();
    await page.keyboard.press('e');
    await page.getByRole('heading', { name: 'Change contact' }).waitFor();
    await page.getByRole('textbox', { name: 'Town' }).fill('York');
    await page.keyboard.press('Enter');
    await page.getByText('Saved Sam Patel.').waitFor();
    await page.getByText('Leeds').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('');
    await expect.poll(async () => (await app.book.json('GET', '/v2/contacts?sort=name')).body.contacts.map((row: any) => row.town)).toEqual(['Manchester', 'York']);
    await checkScreen(app, 'contacts-list');
    expect(app.problems).toEqual([]);
  });
});
