import { describe, expect, it } from 'vitest';
import { checkScreen } from './screens';
import type { TestBook } from '../engine/harness';
import { useBookOpener } from './fresh-book';
import type { AppSession } from './session';

/**
 * Issue 21 item 7, a change of scheme on a date, by keys and clicks: Settings' VAT form lists the
 * changes (added and removed there), the engine's refusal shows in its own words, and the next
 * return says which scheme it is worked under from which day. The book is Example Ltd, VAT registered
 * from 1 May 2025, quarterly; the engine's clock says 22 Nov 2026 (the running quarter is
 * 1 Nov 2026 – 31 Jan 2027) and the return to 31 Oct 2026 is marked as filed.
 */
// Each test makes what it needs, in a book of its own: the scheme changes are the book's.
describe.shuffle('changing the VAT scheme on a date in Settings', () => {
  const opener = useBookOpener();
  let app: AppSession;

  /**
   * A change inside the running quarter, put in through the API: the flat rate scheme (Pubs) from 1 Dec 2026.
   * A change of basis (cash accounting) must start a VAT period (regulation 58(1)); the flat rate alone may not.
   */
  async function flatRateFromDecember(book: TestBook) {
    const saved = await book.json('PUT', '/v2/company', {
      body: { company: { sales_tax_registration_number: 'GB123456782', vat_scheme_changes: [{ starts_on: '2026-12-01', vat_basis: 'Invoice', on_frs: true, frs_type: 'Pubs' }] } },
    });
    expect(saved.status).toBe(200);
  }

  /**
   * A new VAT-registered book with the return to 31 Oct 2026 marked as filed, what `prepare` adds, and
   * the window on Settings at 1280x800.
   */
  async function openSettings(prepare: (book: TestBook) => Promise<void> = async () => undefined) {
    app = await opener.open({
      book: { vatRegistered: true },
      viewport: { width: 1280, height: 800 },
      async prepare(book) {
        const filed = await book.json('PUT', '/v2/vat_returns/2026-10-31/mark_as_filed');
        if (filed.status !== 200) throw new Error(JSON.stringify(filed.body));
        await prepare(book);
      },
    });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
    await app.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Settings/ }).click();
    await app.page.getByRole('heading', { name: 'Settings' }).waitFor();
  }

  /** Adds a change to cash accounting from `date` by keys (not saved) and tries to save it with Enter. */
  async function addCashChange(date: string) {
    const { page } = app;
    await page.getByRole('textbox', { name: 'VAT number' }).fill('GB123456782');
    await page.getByRole('button', { name: 'Add a change of scheme' }).click();
    // The new row's date has the focus: type it as a person would.
    await expect.poll(async () => from().evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type(date);
    await page.getByRole('combobox', { name: 'VAT accounting from then', exact: true }).selectOption({ label: 'Cash accounting (VAT by payment date)' });
    await from().press('Enter');
  }

  const changes = async () => (await app.book.json('GET', '/v2/company/setup')).body.company_setup.vat_scheme_changes;
  const from = () => app.page.getByRole('textbox', { name: 'From', exact: true });

  it('refuses a change on a day of the filed return in the engine’s words, and saves nothing', async () => {
    await openSettings();
    const { page } = app;
    await addCashChange('01/10/2026');
    await page.getByText('The VAT scheme from 2026-10-01 cannot change: the VAT return for the period ending 2026-10-31 has been filed (mark the returns as unfiled first).').waitFor();
    expect(await changes()).toBeUndefined();
  });

  it('moves the change to 1 November (the next quarter’s first day), saves it, and keeps it in the list', async () => {
    await openSettings();
    const { page } = app;
    // First on a day of the filed return, which is refused.
    await addCashChange('01/10/2026');
    await page.getByText(/^The VAT scheme from 2026-10-01 cannot change/).waitFor();
    await from().fill('01/11/2026');
    await from().press('Enter');
    await page.getByText('Saved the company details.').waitFor();
    expect(await changes()).toEqual([{ starts_on: '2026-11-01', vat_basis: 'Cash', on_frs: false }]);
    await page.getByRole('listitem', { name: 'Change of scheme from 1 Nov 2026' }).waitFor();
  });

  // Four photographs and two axe runs of a long form: slow on a loaded machine, so given room of its own.
  it('shows the list in light and dark at both window sizes', async () => {
    await openSettings(flatRateFromDecember);
    await app.page.getByRole('listitem', { name: 'Change of scheme from 1 Dec 2026' }).waitFor();
    await app.page.getByRole('button', { name: 'Add a change of scheme' }).scrollIntoViewIfNeeded();
    await checkScreen(app, 'settings-vat-scheme-changes');
  }, 180_000);

  it('the next return names the schemes it is worked under, each from its day', async () => {
    await openSettings(flatRateFromDecember);
    const { page } = app;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press('Alt+0');
    await page.getByRole('heading', { name: 'VAT returns' }).waitFor();
    await page.getByRole('grid', { name: 'VAT returns' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'VAT return 1 Nov 2026 – 31 Jan 2027' }).waitFor();
    expect(await page.locator('#vat-return-schemes').textContent()).toBe(
      'Worked under the invoice basis from 1 November 2026 to 30 November 2026; then the invoice basis on the flat rate scheme (Pubs) from 1 December 2026 to 31 January 2027.',
    );
    await checkScreen(app, 'vat-return-scheme-note');
  }, 180_000);

  it('removes the change: the list is empty again and the book has none', async () => {
    await openSettings(flatRateFromDecember);
    const { page } = app;
    await page.getByRole('button', { name: 'Remove change of scheme from 1 Dec 2026' }).click();
    expect(await page.getByRole('listitem', { name: /^Change of scheme/ }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'VAT number' }).press('Enter');
    await page.getByText('Saved the company details.').waitFor();
    await expect.poll(changes).toBeUndefined();
  });
});
