import { describe, expect, it } from 'vitest';
import type { TestBook } from '../engine/harness';
import { lockBooks } from '../engine/purchases-helpers';
import { leaveDialog } from './drafts';
import { useBookOpener } from './fresh-book';
import { checkScreen } from './screens';
import type { AppSession } from './session';

/**
 * The register's assets bought before the books start, and changes of estimate, by keys and clicks.
 * Books from 1 April 2025, years to 31 March; the engine's clock is 22 November 2026, in the second year.
 * - A server bought 1 April 2023 for £3,000.00 (three years, yearly) had £2,000.00 charged before the
 *   books; the opening balances say £1,500.00, so the register and its schedule warn.
 * - A laptop billed 15 April 2025 for £1,200.00 (three years, monthly: 33.33 a month, 399.96 in the
 *   first year) is given a life of five years in the second year: the first year keeps its 399.96.
 */
describe.shuffle('fixed assets: before the books start, and changes of estimate', () => {
  const opener = useBookOpener();
  let app: AppSession;

  async function openingBalances(book: TestBook): Promise<void> {
    const put = await book.json('PUT', '/v2/journal_sets/opening_balances', {
      body: {
        journal_set: {
          journal_entries: [
            { category: '601-1', debit_value: '3000.00' },
            { category: '605-1', debit_value: '-1500.00' },
            { category: '968', debit_value: '-1500.00' },
          ],
        },
      },
    });
    if (put.status !== 200) throw new Error(`the opening balances were refused: ${JSON.stringify(put.body)}`);
  }

  async function serverBought(book: TestBook): Promise<void> {
    const made = await book.json('POST', '/v2/capital_assets', {
      body: { capital_asset: { description: 'Server', asset_type: 'Computer Equipment', purchased_on: '2023-04-01', cost: '3000.00', depreciation_profile: { method: 'straight_line', asset_life_years: 3, frequency: 'annually' } } },
    });
    if (made.status !== 201) throw new Error(`the server was refused: ${JSON.stringify(made.body)}`);
  }

  async function laptopBilled(book: TestBook): Promise<void> {
    const supplier = (await book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Laptop Shop' } } })).body.contact.url;
    const bill = await book.json('POST', '/v2/bills', {
      body: { bill: { contact: supplier, reference: 'LS-1', dated_on: '2025-04-15', due_on: '2025-05-15', bill_items: [{ category: '602-1', description: 'Laptop', total_value: '1200' }] } },
    });
    if (bill.status !== 201) throw new Error(`the laptop's bill was refused: ${JSON.stringify(bill.body)}`);
  }

  /** A new book prepared by `prepare`, the window on Reports › Fixed assets at 1280x800. */
  async function openFixedAssets(prepare: (book: TestBook) => Promise<void> | void): Promise<void> {
    app = await opener.open({ book: { startDate: '2025-04-01', firstAccountingYearEnd: '2026-03-31' }, viewport: { width: 1280, height: 800 }, prepare });
    const { page } = app;
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.keyboard.press('Alt+9');
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByRole('tab', { name: 'Fixed assets' }).click();
    await page.getByRole('grid', { name: 'Fixed assets' }).waitFor();
  }

  /** Opens the register's first asset by keys (Home, Enter), as a person does. */
  async function openFirstAsset(name: string) {
    const { page } = app;
    await page.getByRole('grid', { name: 'Fixed assets' }).getByRole('row', { name: new RegExp(`^${name}`) }).waitFor();
    await page.getByRole('grid', { name: 'Fixed assets' }).focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    const schedule = page.getByRole('region', { name: `${name}: depreciation schedule` });
    await schedule.waitFor();
    return schedule;
  }

  /** The schedule's rows as text: date, charge, to date, net book value, note. */
  async function periods(schedule: ReturnType<AppSession['page']['getByRole']>): Promise<string[]> {
    const rows: string[] = [];
    for (const line of (await schedule.getByRole('table').getByRole('row').all()).slice(1)) rows.push((await line.getByRole('cell').allTextContents()).map((text) => text.trim()).filter(Boolean).join(' '));
    return rows;
  }

  const laptopDialog = () => app.page.getByRole('dialog', { name: 'Change Laptop' });

  it('warns on the row, the schedule and the dialog when the opening balances disagree with an asset bought before the start', async () => {
    await openFixedAssets(async (book) => {
      await openingBalances(book);
      await serverBought(book);
    });
    const { page } = app;
    const sentence =
      "The opening balances hold depreciation of £1,500.00 for Computer Equipment (605-1, 606-1, 607-1), but the schedules of the register's assets of that type bought before the books start on 2025-04-01 charged £2,000.00 before it. Depreciation from the start continues each schedule and a disposal takes all of it out, so make the two agree (the opening balances, or the asset's profile).";
    const row = page.getByRole('grid', { name: 'Fixed assets' }).getByRole('row', { name: /^Server/ });
    const badge = row.getByRole('note');
    await badge.getByText('Opening balances differ').waitFor();
    // The badge is short; the engine's sentence is its accessible description and its tooltip.
    const describedBy = (await badge.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(sentence);
    expect(await badge.getAttribute('title')).toBe(sentence);
    // In a 900 px window the badge gives way to a "!", and the name is whole.
    await page.setViewportSize({ width: 900, height: 600 });
    expect(await row.getByText('Server', { exact: true }).evaluate((name) => name.scrollWidth <= name.clientWidth)).toBe(true);
    expect((await badge.boundingBox())?.width).toBeLessThan(24);
    await page.setViewportSize({ width: 1280, height: 800 });
    const schedule = await openFirstAsset('Server');
    await schedule.getByRole('note').getByText(sentence).waitFor();
    await schedule
      .getByText('Computer Equipment · bought 1 Apr 2023 for £3,000.00 · Straight line over 3 years, yearly · £2,000.00 of depreciation brought forward (charged before the books start on 1 Apr 2025, in the opening balances)', { exact: true })
      .waitFor();
    expect(await periods(schedule)).toEqual(['1 Apr 2023 £1,000.00 £1,000.00 £2,000.00 brought forward', '1 Apr 2024 £1,000.00 £2,000.00 £1,000.00 brought forward', '1 Apr 2025 £1,000.00 £3,000.00 £0.00']);
    await checkScreen(app, 'reports-fixed-asset-before-start');

    await schedule.getByRole('button', { name: 'Change…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Server' });
    await dialog.getByRole('note').getByText(sentence).waitFor();
    await dialog.getByText(/£2,000\.00 of depreciation charged before then is brought forward/).waitFor();
    // Nothing of the estimate changed yet: no "Applies from".
    expect(await dialog.getByRole('textbox', { name: 'Applies from' }).count()).toBe(0);
    await checkScreen(app, 'reports-fixed-asset-before-start-dialog');
  });

  it('a life changed in the second year applies from 1 April 2026: the first year keeps its 399.96, on the schedule and the profit and loss', async () => {
    await openFixedAssets(laptopBilled);
    const { page } = app;
    const schedule = await openFirstAsset('Laptop');
    await schedule.getByRole('button', { name: 'Change…' }).click();
    const dialog = laptopDialog();
    // Its cost reads as money is typed, not as the engine's decimal ("1200.0").
    expect(await dialog.getByRole('textbox', { name: 'Cost (GBP)' }).inputValue()).toBe('1,200.00');
    await dialog.getByRole('textbox', { name: 'Life in years' }).fill('5');
    // The change is made today (the engine's 22 November 2026) unless the person says otherwise.
    const appliesFrom = dialog.getByRole('textbox', { name: 'Applies from' });
    expect(await appliesFrom.inputValue()).toBe('22 Nov 2026');
    await dialog.getByText('The accounting year 1 Apr 2026 to 31 Mar 2027: the change applies from 1 Apr 2026, and earlier years keep their charges.').waitFor();
    // Dated in the year it was bought in, it would restate the whole life; the line says so.
    await appliesFrom.fill('31/03/2026');
    await dialog.getByText(/^The accounting year 1 Apr 2025 to 31 Mar 2026, the one the asset was bought in: .*whole schedule is worked out again\.$/).waitFor();
    await appliesFrom.fill('01/05/2026');
    await appliesFrom.press('Tab');
    await dialog.getByText('The accounting year 1 Apr 2026 to 31 Mar 2027: the change applies from 1 Apr 2026, and earlier years keep their charges.').waitFor();
    await checkScreen(app, 'reports-fixed-asset-applies-from');

    // Esc asks first (what was typed is a draft meanwhile), and Keep editing keeps the date typed with the life.
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByText('The fixed asset Laptop has changes that are not saved yet. They are kept as a draft until you save or discard them.').waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    expect(await appliesFrom.inputValue()).toBe('1 May 2026');
    expect(await dialog.getByRole('textbox', { name: 'Life in years' }).inputValue()).toBe('5');
    await page.keyboard.press('Control+s');
    await dialog.waitFor({ state: 'detached' });

    // 800.04 left after the first year, over the 48 months left: 16.66 a month from 15 April 2026.
    const rows = await periods(schedule);
    expect(rows[11]).toBe('15 Mar 2026 £33.33 £399.96 £800.04');
    expect(rows[12]).toBe('15 Apr 2026 £16.66 £416.62 £783.38');
    await schedule.getByText('Computer Equipment · bought 15 Apr 2025 for £1,200.00 · Straight line over 5 years, monthly from 1 Apr 2026', { exact: true }).waitFor();
    const earlier = schedule.getByRole('list', { name: 'Earlier estimates' });
    expect((await earlier.getByRole('listitem').allTextContents()).map((text) => text.trim())).toEqual(['15 Apr 2025 to 31 Mar 2026: Straight line over 3 years, monthly, no residual value']);
    await checkScreen(app, 'reports-fixed-asset-earlier-estimates');

    // The profit and loss as the person reads it: the first year's charge as it was, the second's 12 x 16.66.
    await page.getByRole('tab', { name: 'Profit and loss' }).click();
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Accounting year 2025/26' });
    const depreciation = async (caption: RegExp) =>
      (await page.getByRole('table', { name: caption }).getByRole('row', { name: /Depreciation Charge/ }).getByRole('cell').allTextContents()).map((text) => text.trim()).filter(Boolean);
    await page.getByRole('table', { name: /1 Apr 2025 to 31 Mar 2026/ }).waitFor();
    expect(await depreciation(/1 Apr 2025 to 31 Mar 2026/)).toEqual(['£399.96']);
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Accounting year 2026/27' });
    await page.getByRole('table', { name: /1 Apr 2026 to 31 Mar 2027/ }).waitFor();
    expect(await depreciation(/1 Apr 2026 to 31 Mar 2027/)).toEqual(['£199.92']);
  });

  it('a change that would move a locked charge shows the engine\'s sentence at "Applies from", keeping what was typed; a date after the lock saves', async () => {
    await openFixedAssets(async (book) => {
      await laptopBilled(book);
      lockBooks(book, '2026-06-30');
    });
    const { page } = app;
    const schedule = await openFirstAsset('Laptop');
    await schedule.getByRole('button', { name: 'Change…' }).click();
    const dialog = laptopDialog();
    await dialog.getByRole('textbox', { name: 'Life in years' }).fill('5');
    await page.keyboard.press('Control+s');
    const appliesFrom = dialog.getByRole('textbox', { name: 'Applies from' });
    const refusal =
      'The books are locked up to 2026-06-30 by the lock date set on the books; nothing dated on or before then (here 2026-04-15) can be created, changed or deleted. A change of estimate applies from the start of the accounting year it is made in (2026-04-01): give “Applies from” a date in a year after the lock to make it from then.';
    await dialog.getByText(refusal).waitFor();
    // At the field: its description holds the sentence, and the field says it is wrong.
    expect(await appliesFrom.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await appliesFrom.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).textContent()).toContain(refusal);
    expect(await appliesFrom.inputValue()).toBe('22 Nov 2026');
    expect(await dialog.getByRole('textbox', { name: 'Life in years' }).inputValue()).toBe('5');
    // The person is taken to the field refused.
    expect(await appliesFrom.evaluate((input) => input === document.activeElement)).toBe(true);
    await checkScreen(app, 'reports-fixed-asset-applies-from-locked');

    await page.keyboard.press('Control+a');
    await page.keyboard.type('01/04/2027');
    await page.keyboard.press('Control+s');
    await dialog.waitFor({ state: 'detached' });
    // Both years before stay at 33.33 a month; from 15 April 2027, 400.08 left over 36 months: 11.11.
    const rows = await periods(schedule);
    expect(rows[23]).toBe('15 Mar 2027 £33.33 £799.92 £400.08 to come');
    expect(rows[24]).toBe('15 Apr 2027 £11.11 £811.03 £388.97 to come');
  });

  it('a life put back as it was hides "Applies from", and the dialog closes without asking', async () => {
    await openFixedAssets(laptopBilled);
    const { page } = app;
    const schedule = await openFirstAsset('Laptop');
    await schedule.getByRole('button', { name: 'Change…' }).click();
    const dialog = laptopDialog();
    const life = dialog.getByRole('textbox', { name: 'Life in years' });
    await life.fill('5');
    await dialog.getByRole('textbox', { name: 'Applies from' }).fill('01/05/2026');
    await life.fill('3');
    await dialog.getByRole('textbox', { name: 'Applies from' }).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await leaveDialog(app).count()).toBe(0);
  });
});
