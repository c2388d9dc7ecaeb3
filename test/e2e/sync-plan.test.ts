import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBook, OWNER_TOKEN, type TestBook } from '../engine/harness';
import { checkScreen } from './screens';
import { connectWithToken, openAppWithRemote, type AppWithRemote } from './loopback-remote';
import type { AppSession } from './session';

/**
 * Issue 20 item 5 by keys and clicks: a book holding records, linked for the first time to an online
 * company whose VAT registration differs, is not linked until the person has seen the differences (in
 * Settings' words) and chosen Link and sync; then the book takes the online company's settings.
 */
describe('the first link of a book whose company differs from the online one', () => {
  let app: AppSession;
  let remote: TestBook;
  let world: AppWithRemote;

  beforeAll(async () => {
    remote = createTestBook({ name: 'Remote Books Ltd', vatRegistered: true, vatRegistrationNumber: 'GB123456782' });
    expect((await remote.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Online Customer Ltd' } } })).status).toBe(201);
    world = await openAppWithRemote(remote);
    app = world.app;
    // The book holds a record of its own, so linking it is a merge the person must agree to.
    expect((await app.book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Local Customer Ltd' } } })).status).toBe(201);
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await app.page.reload();
  });

  afterAll(async () => {
    await world?.close();
  });

  const panel = () => app.page.getByRole('region', { name: 'Sync' });
  const vatStatus = async () => (await app.book.json('GET', '/v2/company')).body.company.sales_tax_registration_status as string;

  it('shows the differences in Settings\' words and links only when told to', async () => {
    const { page } = app;
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await connectWithToken(app, world.remoteServer.url, OWNER_TOKEN, 'Remote Books Ltd');
    await page.keyboard.press('Control+Shift+S');
    await panel().getByRole('button', { name: 'See the link plan' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog');
    const differences = dialog.locator('table.company-differs');
    await differences.waitFor();
    const rows = await differences.locator('tbody tr').evaluateAll((found) => found.map((row) => [...row.children].map((cell) => cell.textContent?.trim())));
    expect(rows).toEqual([
      ['VAT registration', 'Not Registered', 'Registered'],
      ['VAT number', '—', 'GB123456782'],
      ['VAT registered from', '—', expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/)],
    ]);
    // Nothing is linked or taken while the plan waits.
    expect(await vatStatus()).toBe('Not Registered');
    expect(remote.book.sqlite.prepare("SELECT count(*) FROM contacts WHERE organisation_name = 'Local Customer Ltd'").pluck().get()).toBe(0);
    await checkScreen(app, 'sync-link-plan-company');

    await dialog.getByRole('button', { name: 'Link and sync' }).click();
    await expect.poll(vatStatus, { timeout: 30_000 }).toBe('Registered');
    await expect
      .poll(() => remote.book.sqlite.prepare("SELECT count(*) FROM contacts WHERE organisation_name = 'Local Customer Ltd'").pluck().get(), { timeout: 30_000 })
      .toBe(1);
    expect(app.problems).toEqual([]);
  }, 240_000);
});
