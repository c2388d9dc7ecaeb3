import { describe, expect, it } from 'vitest';
import { Level } from '../../shared/api/permissions';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, type TestBook } from './harness';
import { bankAccount, explainedLine } from './report-fixtures';
import { readXml } from './xml-reader';

// The test book: Example Ltd, a limited company from 2025-05-01, first year end 2026-04-30, not VAT
// registered; the clock says 2026-11-22.
const put = (t: TestBook, fields: Record<string, unknown>, token?: string) => t.json('PUT', '/v2/company', { body: { company: fields }, token });
const company = async (t: TestBook) => (await t.json('GET', '/v2/company')).body.company;
const setup = async (t: TestBook) => (await t.json('GET', '/v2/company/setup')).body.company_setup;
const periods = async (t: TestBook) =>
  ((await t.json('GET', '/v2/vat_returns?per_page=100')).body.vat_returns ?? []).map((entry: any) => [entry.period_starts_on, entry.period_ends_on]);

const REGISTER = {
  sales_tax_registration_status: 'Registered',
  sales_tax_registration_number: 'GB123456782',
  sales_tax_effective_date: '2025-08-12',
};

/** Expects a 422 whose one message starts with the field, and a book exactly as it was. */
async function expectRefused(t: TestBook, fields: Record<string, unknown>, message: RegExp): Promise<string> {
  const before = bookSnapshot(t);
  const response = await put(t, fields);
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  expect(response.body.errors).toHaveLength(1);
  expect(response.body.errors[0].message).toMatch(message);
  expect(bookSnapshot(t)).toEqual(before);
  return response.body.errors[0].message;
}

function fileVatReturn(t: TestBook, periodEndsOn: string): void {
  t.book.sqlite
    .prepare("INSERT INTO vat_return_states (period_ends_on, filing_status, created_at, updated_at) VALUES (?, 'marked_as_filed', ?, ?)")
    .run(periodEndsOn, '2026-11-22T10:00:00.000Z', '2026-11-22T10:00:00.000Z');
}

describe('PUT /v2/company (Ledgerdesk extension)', () => {
  it('renames the company and fills in its details, answering the record as GET does, with one change logged', async () => {
    const t = createTestBook();
    const changes = t.changeCount();
    const response = await put(t, { name: 'Bright Ideas Ltd', address1: '12 Canal Street', town: 'Manchester', postcode: 'M1 3HE', company_registration_number: '12 345 678' });
    expect(response.status).toBe(200);
    expect(response.body.company).toEqual(await company(t));
    expect(response.body.company).toMatchObject({ name: 'Bright Ideas Ltd', address1: '12 Canal Street', town: 'Manchester', postcode: 'M1 3HE', company_registration_number: '12345678' });
    expect(t.changeCount()).toBe(changes + 1);
    const logged = t.book.sqlite.prepare('SELECT resource, record_id, operation FROM changes ORDER BY id DESC LIMIT 1').get();
    expect(logged).toEqual({ resource: 'company', record_id: '1', operation: 'update' });
  });

  it('keeps what is not sent, and clears an address line sent empty', async () => {
    const t = createTestBook();
    await put(t, { address1: '1 High Street', town: 'York' });
    await put(t, { address1: '', name: 'Example Trading Ltd' });
    const after = await company(t);
    expect(after).toMatchObject({ name: 'Example Trading Ltd', town: 'York', company_start_date: '2025-05-01' });
    expect(after).not.toHaveProperty('address1');
  });

  it('takes XML like every resource and answers in XML', async () => {
    const t = createTestBook();
    const response = await t.request('PUT', '/v2/company', {
      xml: '<company><name>Xml Trading Ltd</name><sales-tax-registration-status>Registered</sales-tax-registration-status><sales-tax-registration-number>GB123456782</sales-tax-registration-number><sales-tax-effective-date>2025-05-01</sales-tax-effective-date><vat-period-months>3</vat-period-months></company>',
      headers: { Accept: 'application/xml' },
    });
    expect(response.status).toBe(200);
    const body = await readXml(response);
    expect(body.company).toMatchObject({ name: 'Xml Trading Ltd', sales_tax_registration_status: 'Registered', sales_tax_registration_number: 'GB123456782' });
  });

  it('needs Full access', async () => {
    const t = createTestBook();
    const accountant = await t.userWithLevel(Level.TaxAccountingAndUsers);
    const before = bookSnapshot(t);
    const response = await put(t, { name: 'Taken Over Ltd' }, accountant);
    expect(response.status).toBe(403);
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('refuses a missing root key', async () => {
    const t = createTestBook();
    const response = await t.json('PUT', '/v2/company', { body: { name: 'No root' } });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].message).toMatch(/root key company/);
  });
});

describe('PUT /v2/company: each rule refused with a 422 naming the field, changing nothing', () => {
  it('name is required and at most 255 characters', async () => {
    const t = createTestBook();
    await expectRefused(t, { name: '   ' }, /^name can't be blank/);
    await expectRefused(t, { name: 'x'.repeat(256) }, /^name must be at most 255 characters/);
    await expectRefused(t, { name: null }, /^name must be text/);
  });

  it('the company number is in the Companies House form', async () => {
    const t = createTestBook();
    await expectRefused(t, { company_registration_number: '1234' }, /^company_registration_number must be 8 digits/);
    expect((await put(t, { company_registration_number: 'sc123456' })).body.company.company_registration_number).toBe('SC123456');
  });

  it('a VAT number is needed to register, in the UK format (GB and 9 or 12 digits, or the digits alone)', async () => {
    const t = createTestBook();
    await expectRefused(t, { ...REGISTER, sales_tax_registration_number: undefined }, /^sales_tax_registration_number is required when the company is registered for VAT/);
    for (const bad of ['GB12345678', 'GB1234567820', 'FR123456789', 'GB12345678X']) {
      await expectRefused(t, { ...REGISTER, sales_tax_registration_number: bad }, /^sales_tax_registration_number must be a UK VAT number/);
    }
    // Issue 24 item 5: HMRC's check digits (modulus 97, or 9755 for numbers issued since 2010).
    for (const wrong of ['GB123456789', 'GB 987 6543 21', '123456780']) {
      await expectRefused(t, { ...REGISTER, sales_tax_registration_number: wrong }, /^sales_tax_registration_number is not a valid UK VAT number: its check digits are wrong/);
    }
    expect((await company(t)).sales_tax_registration_number ?? null).toBeNull();
    for (const good of ['GB 123 4567 82', '123456782', 'GB123456782012', 'GB 123 4567 27']) {
      const t2 = createTestBook();
      expect((await put(t2, { ...REGISTER, sales_tax_registration_number: good })).status).toBe(200);
      expect((await company(t2)).sales_tax_registration_number).toBe(good.replace(/\s/g, ''));
    }
  });

  it('the VAT effective date is a real date, required to register, not before the company start', async () => {
    const t = createTestBook();
    await expectRefused(t, { ...REGISTER, sales_tax_effective_date: '2025-02-30' }, /^sales_tax_effective_date must be a date/);
    await expectRefused(t, { ...REGISTER, sales_tax_effective_date: undefined }, /^sales_tax_effective_date is required/);
    await expectRefused(t, { ...REGISTER, sales_tax_effective_date: '2025-04-30' }, /^sales_tax_effective_date must be on or after the company start date \(2025-05-01\)/);
  });

  it('the VAT period is 1, 3 or 12 months', async () => {
    const t = createTestBook();
    for (const bad of [2, 6, 0, 'quarterly', 3.5]) await expectRefused(t, { ...REGISTER, vat_period_months: bad }, /^vat_period_months must be/);
  });

  it('the first VAT period ends on a month end from the registration month to one period after it', async () => {
    const t = createTestBook();
    await expectRefused(t, { ...REGISTER, first_vat_period_ends_on: '2025-09-15' }, /^first_vat_period_ends_on must be a month end from 2025-08-31 to 2025-11-30/);
    await expectRefused(t, { ...REGISTER, first_vat_period_ends_on: '2025-12-31' }, /^first_vat_period_ends_on must be a month end/);
    await expectRefused(t, { ...REGISTER, first_vat_period_ends_on: '2025-07-31' }, /^first_vat_period_ends_on must be a month end/);
  });

  it('VAT and CIS are for UK companies', async () => {
    const t = createTestBook();
    await expectRefused(t, { type: 'Us', cis_subcontractor: true }, /^cis_subcontractor can be true only for a UK company/);
    await expectRefused(t, { type: 'Universal', ...REGISTER }, /^sales_tax_registration_status can be Registered only for a UK company/);
    await expectRefused(t, { type: 'Partnership' }, /^type must be one of UkLimitedCompany/);
  });

  it('the first year end is on or after the start, and less than 18 months after it', async () => {
    const t = createTestBook();
    await expectRefused(t, { first_accounting_year_end: '2025-04-30' }, /^first_accounting_year_end must be on or after the company start date/);
    await expectRefused(t, { first_accounting_year_end: '2026-11-01' }, /^first_accounting_year_end must be less than 18 months after the company start date \(before 2026-11-01\)/);
    await expectRefused(t, { company_start_date: '2026-05-01' }, /^first_accounting_year_end must be on or after the company start date/);
    expect((await put(t, { first_accounting_year_end: '2026-10-31' })).status).toBe(200);
  });
});

describe('VAT registration and the VAT returns it brings', () => {
  it('after registering, GET /v2/vat_returns lists the quarters from the effective date (the default stagger)', async () => {
    const t = createTestBook();
    expect(await periods(t)).toEqual([]);
    const response = await put(t, REGISTER);
    expect(response.body.company).toMatchObject({ sales_tax_registration_status: 'Registered', sales_tax_registration_number: 'GB123456782', sales_tax_effective_date: '2025-08-12' });
    expect(await setup(t)).toEqual({ setup_completed: true, vat_period_months: 3, first_vat_period_ends_on: '2025-10-31' });
    expect(await periods(t)).toEqual([
      ['2026-11-01', '2027-01-31'],
      ['2026-08-01', '2026-10-31'],
      ['2026-05-01', '2026-07-31'],
      ['2026-02-01', '2026-04-30'],
      ['2025-11-01', '2026-01-31'],
      ['2025-08-12', '2025-10-31'],
    ]);
  });

  it('puts the quarters on the stagger the user picks by the first period’s end (March, June, September, December)', async () => {
    const t = createTestBook();
    expect((await put(t, { ...REGISTER, first_vat_period_ends_on: '2025-09-30' })).status).toBe(200);
    expect((await periods(t)).slice(-3)).toEqual([
      ['2026-01-01', '2026-03-31'],
      ['2025-10-01', '2025-12-31'],
      ['2025-08-12', '2025-09-30'],
    ]);
    expect((await setup(t)).first_vat_period_ends_on).toBe('2025-09-30');
  });

  it('counts monthly and annual returns', async () => {
    const monthly = createTestBook();
    await put(monthly, { ...REGISTER, sales_tax_effective_date: '2026-09-01', vat_period_months: 1 });
    expect(await periods(monthly)).toEqual([
      ['2026-11-01', '2026-11-30'],
      ['2026-10-01', '2026-10-31'],
      ['2026-09-01', '2026-09-30'],
    ]);
    const annual = createTestBook();
    await put(annual, { ...REGISTER, vat_period_months: 12, first_vat_period_ends_on: '2026-03-31' });
    expect(await periods(annual)).toEqual([
      ['2026-04-01', '2027-03-31'],
      ['2025-08-12', '2026-03-31'],
    ]);
  });

  it('goes back to the default stagger when the effective date moves without a new one', async () => {
    const t = createTestBook();
    await put(t, { ...REGISTER, first_vat_period_ends_on: '2025-09-30' });
    await put(t, { sales_tax_effective_date: '2025-06-01' });
    expect((await setup(t)).first_vat_period_ends_on).toBe('2025-08-31');
  });

  it('deregistering forgets the registration: no number, no periods', async () => {
    const t = createTestBook();
    await put(t, REGISTER);
    await put(t, { sales_tax_registration_status: 'Not Registered' });
    const after = await company(t);
    expect(after.sales_tax_registration_status).toBe('Not Registered');
    expect(after).not.toHaveProperty('sales_tax_registration_number');
    expect(await periods(t)).toEqual([]);
    expect(await setup(t)).not.toHaveProperty('first_vat_period_ends_on');
  });

  it('refuses to change the registration, its date, frequency or stagger once a VAT return is filed; the number may still be corrected', async () => {
    const t = createTestBook();
    await put(t, REGISTER);
    expect(await setup(t)).not.toHaveProperty('vat_registration_fixed_by');
    fileVatReturn(t, '2025-10-31');
    expect((await setup(t)).vat_registration_fixed_by).toBe('2025-10-31');
    const reason = /cannot change: the VAT return for the period ending 2025-10-31 has been filed/;
    await expectRefused(t, { sales_tax_registration_status: 'Not Registered' }, new RegExp(`^sales_tax_registration_status ${reason.source}`));
    await expectRefused(t, { sales_tax_effective_date: '2025-09-01' }, new RegExp(`^sales_tax_effective_date ${reason.source}`));
    await expectRefused(t, { vat_period_months: 1 }, new RegExp(`^vat_period_months ${reason.source}`));
    await expectRefused(t, { first_vat_period_ends_on: '2025-09-30' }, new RegExp(`^first_vat_period_ends_on ${reason.source}`));
    await expectRefused(t, { company_start_date: '2025-06-01' }, /^company_start_date cannot change: the VAT return for the period ending 2025-10-31 has been filed/);
    expect((await put(t, { sales_tax_registration_number: 'GB987654353' })).status).toBe(200);
    // The settings form sends the whole registration back; the default stagger as a date is no change.
    const resent = await put(t, { name: 'Renamed Ltd', ...REGISTER, sales_tax_registration_number: 'GB987654353', vat_period_months: 3, first_vat_period_ends_on: '2025-10-31' });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
  });

  it('refuses to register from, or move the registration into, a locked period; later dates are free', async () => {
    const t = createTestBook();
    expect((await t.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: '2025-12-31' } } })).status).toBe(204);
    await expectRefused(t, REGISTER, /^sales_tax_registration_status cannot change: the books are locked up to 2025-12-31, and the VAT registration from 2025-08-12 falls in the locked period/);
    expect((await put(t, { ...REGISTER, sales_tax_effective_date: '2026-01-01' })).status).toBe(200);
    await expectRefused(t, { sales_tax_effective_date: '2025-12-01' }, /^sales_tax_effective_date cannot change: the books are locked up to 2025-12-31/);
  });
});

describe('the company start date and type', () => {
  it('refuses a start date after something already dated, or in a locked period', async () => {
    const t = createTestBook();
    await explainedLine(t, await bankAccount(t), { dated_on: '2025-06-15', amount: '-12.00' }, { category: 'http://127.0.0.1:9999/v2/categories/285' });
    await expectRefused(t, { company_start_date: '2025-07-01' }, /^company_start_date must be on or before 2025-06-15/);
    expect((await put(t, { company_start_date: '2025-06-01' })).status).toBe(200);
    expect((await t.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: '2025-06-30' } } })).status).toBe(204);
    await expectRefused(t, { company_start_date: '2025-05-01' }, /^company_start_date cannot change: the books are locked up to 2025-06-30/);
  });

  it('refuses to move the first year end while a lock covers the old or the new one; a lock before both leaves it free', async () => {
    const t = createTestBook();
    const lock = (date: string) => t.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: date } } });
    // The first year ends 2026-04-30; locked to it, the closed year cannot become 15 months long, nor shorter.
    expect((await lock('2026-04-30')).status).toBe(204);
    const covered = /^first_accounting_year_end cannot change: the books are locked up to 2026-04-30 by the lock date set on the books, and the accounting year ending 2026-04-30 falls in the locked period \(lift the lock first\)$/;
    await expectRefused(t, { first_accounting_year_end: '2026-07-31' }, covered);
    await expectRefused(t, { first_accounting_year_end: '2026-03-31' }, /^first_accounting_year_end cannot change: the books are locked up to 2026-04-30 .* the accounting year ending 2026-03-31 falls in the locked period/);
    // Sent unchanged (the settings form sends the whole company back), it is no move.
    expect((await put(t, { name: 'Renamed Ltd', first_accounting_year_end: '2026-04-30' })).status).toBe(200);
    // A lock before both year ends keeps the closed days in the first year either way.
    expect((await lock('2026-01-31')).status).toBe(204);
    expect((await put(t, { first_accounting_year_end: '2026-06-30' })).status).toBe(200);
    // The new year end inside the lock is refused as the old one is.
    await expectRefused(t, { first_accounting_year_end: '2026-01-31' }, /the accounting year ending 2026-01-31 falls in the locked period/);
  });

  it('refuses to move the first year end into a filed VAT return, naming the return; one after the return is free', async () => {
    const t = createTestBook();
    await put(t, REGISTER);
    fileVatReturn(t, '2026-01-31');
    await expectRefused(t, { first_accounting_year_end: '2025-12-31' }, /^first_accounting_year_end cannot change: the books are locked up to 2026-01-31 by the VAT return for the period ending 2026-01-31, which is filed, and the accounting year ending 2025-12-31 falls in the locked period/);
    // Both year ends after the filed quarter: its days stay in the first year either way.
    expect((await put(t, { first_accounting_year_end: '2026-06-30' })).status).toBe(200);
  });

  it('moves the opening balances with the start date', async () => {
    const t = createTestBook();
    const created = await t.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Current', opening_balance: '250.00' } } });
    expect(created.status).toBe(201);
    const dates = () => t.book.sqlite.prepare("SELECT DISTINCT dated_on FROM postings WHERE source_resource = 'journal_sets'").pluck().all();
    expect(dates()).toEqual(['2025-05-01']);
    expect((await put(t, { company_start_date: '2025-04-01', first_accounting_year_end: '2026-03-31' })).status).toBe(200);
    expect(dates()).toEqual(['2025-04-01']);
  });

  it('changes the type of an empty book: the new type’s chart, and the owner’s role follows', async () => {
    const t = createTestBook();
    const response = await put(t, { type: 'UkSoleTrader', name: 'Olive Owner Trading' });
    expect(response.status).toBe(200);
    expect(response.body.company.type).toBe('UkSoleTrader');
    const owner = (await t.json('GET', '/v2/users/me')).body.user;
    expect(owner.role).toBe('Owner');
    const codes = t.book.sqlite.prepare('SELECT nominal_code FROM categories WHERE is_custom = 0 AND user_id IS NULL AND bank_account_id IS NULL AND capital_asset_type_id IS NULL ORDER BY nominal_code').pluck().all();
    const { defaultChart } = await import('../../main/engine/ledger/chart');
    expect(codes).toEqual(defaultChart('UkSoleTrader').map((entry) => entry.nominal_code).sort());
    // Every user still has their sub accounts (900-N and on), in the new chart.
    expect(t.book.sqlite.prepare('SELECT count(*) FROM categories WHERE user_id = ?').pluck().get(t.ownerId)).toBeGreaterThan(0);
  });

  it('refuses to change the type once the book holds any transaction', async () => {
    const t = createTestBook();
    await explainedLine(t, await bankAccount(t), { dated_on: '2025-06-15', amount: '-12.00' }, { category: 'http://127.0.0.1:9999/v2/categories/285' });
    await expectRefused(t, { type: 'UkSoleTrader' }, /^type cannot change once the book holds transactions \(it has postings\)/);
  });

  it('sets the VAT basis and the currency of an empty book (what a book linked to an online company takes from it)', async () => {
    const t = createTestBook();
    expect((await put(t, { initial_vat_basis: 'Cash', currency: 'eur' })).status).toBe(200);
    expect(await company(t)).toMatchObject({ initial_vat_basis: 'Cash', currency: 'EUR' });
    await expectRefused(t, { initial_vat_basis: 'Accrual' }, /^initial_vat_basis must be Invoice or Cash/);
    await expectRefused(t, { currency: 'Euros' }, /^currency must be a three-letter ISO currency code/);
  });

  it('refuses another currency once the book holds a transaction, and another VAT basis once a return is filed', async () => {
    const t = createTestBook();
    await explainedLine(t, await bankAccount(t), { dated_on: '2025-06-15', amount: '-12.00' }, { category: 'http://127.0.0.1:9999/v2/categories/285' });
    await expectRefused(t, { currency: 'USD' }, /^currency cannot change once the book holds transactions/);
    expect((await put(t, REGISTER)).status).toBe(200);
    fileVatReturn(t, '2025-10-31');
    await expectRefused(t, { initial_vat_basis: 'Cash' }, /^initial_vat_basis cannot change: the VAT return for the period ending 2025-10-31 has been filed/);
  });
});

describe('GET /v2/company/setup: the first run', () => {
  it('a book made with defaults is not set up; setup_completed: true marks it done (also when skipped)', async () => {
    const t = createTestBook({ setupCompleted: false });
    expect(await setup(t)).toEqual({ setup_completed: false, vat_period_months: 3 });
    expect((await put(t, { setup_completed: true })).status).toBe(200);
    expect((await setup(t)).setup_completed).toBe(true);
  });

  it('a book already in use counts as set up, whatever its flag says', async () => {
    const t = createTestBook({ setupCompleted: false });
    await explainedLine(t, await bankAccount(t), { dated_on: '2025-06-15', amount: '-12.00' }, { category: 'http://127.0.0.1:9999/v2/categories/285' });
    expect((await setup(t)).setup_completed).toBe(true);
  });

  it('is readable at any level that can sign in', async () => {
    const t = createTestBook();
    const time = await t.userWithLevel(Level.Time);
    expect((await t.json('GET', '/v2/company/setup', { token: time })).status).toBe(200);
  });
});
