import { describe, expect, it } from 'vitest';
import { bankTransactions, company } from '../../main/db/schema';
import { describeShared, readSharedJson } from '../shared-corpus/shared';
import { createTestBook, FIXED_NOW, ORIGIN } from './harness';

/** The JSON type of a value as a reader would name it: arrays and null apart from objects. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `array of ${[...new Set(value.map(jsonType))].join('|') || 'nothing'}`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as object).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, inner]) => `${key}:${jsonType(inner)}`).join(',')}}`;
  }
  return typeof value;
}

describeShared('GET /v2/company against the live service (golden-responses/company.json)', () => {
  it('has the same keys with the same JSON types, for a company filled in like the golden one', async () => {
    const golden = readSharedJson('corpora', 'freeagent', 'golden-responses', 'company.json').company as Record<string, unknown>;
    const t = createTestBook({ startDate: '2024-04-12', firstAccountingYearEnd: '2025-04-30' });
    // Unset address lines and numbers are left out, as the live service leaves them out; the golden
    // company has them, so this one gets them too. It is not VAT registered, like the golden one.
    t.book.db
      .update(company)
      .set({ address1: '1 Example Street', address2: 'Example District', address3: '', town: 'Exampleton', postcode: 'EX1 1EX', companyRegistrationNumber: '00000000', businessCategory: 'IT Contractor / Consulting' })
      .run();
    t.book.db.insert(bankTransactions).values({ bankAccountId: await accountId(t), datedOn: '2026-01-01', description: 'x', amountMinor: 1, isManual: true, markedForReview: false, createdAt: FIXED_NOW, updatedAt: FIXED_NOW }).run();

    const { status, body } = await t.json('GET', '/v2/company');
    expect(status).toBe(200);
    const ours = body.company as Record<string, unknown>;
    expect(Object.keys(ours).sort()).toEqual(Object.keys(golden).sort());
    for (const key of Object.keys(golden)) expect(jsonType(ours[key]), key).toBe(jsonType(golden[key]));
  });
});

async function accountId(t: ReturnType<typeof createTestBook>): Promise<number> {
  const created = await t.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Main', opening_balance: '0' } } });
  return Number(created.body.bank_account.url.split('/').pop());
}

describe('GET /v2/company', () => {
  it('describes the book’s company', async () => {
    const t = createTestBook();
    const { body } = await t.json('GET', '/v2/company');
    expect(body.company).toMatchObject({
      url: `${ORIGIN}/v2/company`,
      id: 1,
      name: 'Example Ltd',
      subdomain: 'example-ltd',
      type: 'UkLimitedCompany',
      currency: 'GBP',
      mileage_units: 'miles',
      company_start_date: '2025-05-01',
      freeagent_start_date: '2025-05-01',
      first_accounting_year_end: '2026-04-30',
      country: 'United Kingdom',
      sales_tax_name: 'VAT',
      sales_tax_registration_status: 'Not Registered',
      sales_tax_is_value_added: true,
      sales_tax_rates: ['20.0', '5.0', '0.0'],
      locked_attributes: [],
      created_at: FIXED_NOW,
      updated_at: FIXED_NOW,
    });
  });

  it('gives the start date as sales_tax_effective_date until VAT registration says otherwise', async () => {
    const unregistered = await createTestBook({ startDate: '2025-05-01' }).json('GET', '/v2/company');
    expect(unregistered.body.company.sales_tax_effective_date).toBe('2025-05-01');
    expect(unregistered.body.company).not.toHaveProperty('sales_tax_registration_number');

    const registered = await createTestBook({ startDate: '2025-05-01', vatRegistered: true, vatRegistrationNumber: 'GB123456782' }).json('GET', '/v2/company');
    expect(registered.body.company).toMatchObject({ sales_tax_registration_status: 'Registered', sales_tax_registration_number: 'GB123456782', sales_tax_effective_date: '2025-05-01' });
  });

  it('locks the currency once the book has transactions', async () => {
    const t = createTestBook();
    const id = await accountId(t);
    expect((await t.json('GET', '/v2/company')).body.company.locked_attributes).toEqual([]);
    t.book.db.insert(bankTransactions).values({ bankAccountId: id, datedOn: '2026-01-01', description: 'x', amountMinor: 1, isManual: true, markedForReview: false, createdAt: FIXED_NOW, updatedAt: FIXED_NOW }).run();
    expect((await t.json('GET', '/v2/company')).body.company.locked_attributes).toEqual(['currency']);
  });

  it('describes a US company with its own sales tax and currency', async () => {
    const { body } = await createTestBook({ type: 'Us', name: 'Example Inc' }).json('GET', '/v2/company');
    expect(body.company).toMatchObject({ type: 'Us', currency: 'USD', country: 'United States', sales_tax_name: 'Sales Tax', sales_tax_is_value_added: false, sales_tax_rates: [] });
  });

  it('keeps id a JSON number and every date and decimal a string', async () => {
    const { body } = await createTestBook().json('GET', '/v2/company');
    expect(typeof body.company.id).toBe('number');
    expect(body.company.sales_tax_rates.length).toBeGreaterThan(0);
    for (const rate of body.company.sales_tax_rates) expect(typeof rate).toBe('string');
    for (const key of ['company_start_date', 'first_accounting_year_end', 'created_at']) expect(typeof body.company[key]).toBe('string');
  });
});

describe('annual_accounting_periods', () => {
  const periodsAt = async (now: string, options: Parameters<typeof createTestBook>[0] = {}) => {
    const t = createTestBook(options);
    t.clock.set(now);
    return (await t.json('GET', '/v2/company')).body.company.annual_accounting_periods;
  };

  it('lists every accounting year from the start up to the one holding today', async () => {
    expect(await periodsAt(FIXED_NOW)).toEqual([
      { starts_on: '2025-05-01', ends_on: '2026-04-30' },
      { starts_on: '2026-05-01', ends_on: '2027-04-30' },
    ]);
  });

  it('is right for a date in a later year', async () => {
    const periods = await periodsAt('2028-06-15T12:00:00.000Z');
    expect(periods).toHaveLength(4);
    expect(periods.at(-1)).toEqual({ starts_on: '2028-05-01', ends_on: '2029-04-30' });
    expect(periods[2]).toEqual({ starts_on: '2027-05-01', ends_on: '2028-04-30' });
  });

  it('turns over on the day after the year end, not before', async () => {
    expect((await periodsAt('2027-04-30T23:59:59.000Z')).at(-1)).toEqual({ starts_on: '2026-05-01', ends_on: '2027-04-30' });
    expect((await periodsAt('2027-05-01T00:00:00.000Z')).at(-1)).toEqual({ starts_on: '2027-05-01', ends_on: '2028-04-30' });
  });

  it('runs a first year to the accounting reference date and keeps a 29 February year end', async () => {
    // A limited company's first year runs to its accounting reference date, the last day of the month
    // of its first anniversary (CA 2006 s391(4)): 15 Oct 2025 -> 31 Oct 2026.
    expect(await periodsAt('2027-01-10T00:00:00.000Z', { startDate: '2025-10-15', firstAccountingYearEnd: undefined })).toEqual([
      { starts_on: '2025-10-15', ends_on: '2026-10-31' },
      { starts_on: '2026-11-01', ends_on: '2027-10-31' },
    ]);
    const leap = await periodsAt('2028-03-01T00:00:00.000Z', { startDate: '2023-03-01', firstAccountingYearEnd: '2024-02-29' });
    expect(leap.map((period: { ends_on: string }) => period.ends_on)).toEqual(['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29', '2029-02-28']);
  });
});
