import { describe, expect, it } from 'vitest';
import { world, type Replica, type World } from './replicas';

type Book = Replica['book'] | World['remote']['book'];

const statusOf = async (book: Book, period: string) => (await book.call('GET', `/v2/vat_returns/${period}`)).body.vat_return.filing_status as string;

describe('the filing status of VAT returns', { timeout: 60_000 }, () => {
  it('a return filed on one side is marked filed on the other and never filed twice; unfiling one travels too', async () => {
    const w = world(801);
    expect(
      (await w.remote.book.call('PUT', '/v2/company', { company: { sales_tax_registration_status: 'Registered', sales_tax_registration_number: 'GB123456782', sales_tax_effective_date: '2025-05-01' } })).status,
    ).toBe(200);
    const periods = ((await w.remote.book.call('GET', '/v2/vat_returns')).body.vat_returns as { period_ends_on: string }[]).map((entry) => entry.period_ends_on).sort();
    const [first, second] = periods as [string, string];
    expect((await w.remote.book.call('PUT', `/v2/vat_returns/${first}/mark_as_filed`)).status).toBe(200);

    const a = w.replica('a');
    const b = w.replica('b');
    await a.sync();
    await b.sync();
    expect(await statusOf(a.book, first)).toBe('marked_as_filed');
    expect(await statusOf(b.book, first)).toBe('marked_as_filed');
    expect(await statusOf(a.book, second)).toBe('unfiled');

    // Filed in book a: marked filed online once, then in book b, which files nothing itself.
    expect((await a.book.call('PUT', `/v2/vat_returns/${second}/mark_as_filed`)).status).toBe(200);
    await a.sync();
    await b.sync();
    await a.sync();
    await b.sync();
    expect(await statusOf(w.remote.book, second)).toBe('marked_as_filed');
    expect(await statusOf(b.book, second)).toBe('marked_as_filed');
    const filings = w.remote.log.filter((entry) => entry.method === 'PUT' && entry.path.includes('/mark_as_'));
    expect(filings.map((entry) => entry.path)).toEqual([`/v2/vat_returns/${second}/mark_as_filed`]);

    // Unfiled online to correct it: unfiled in both books, and filed nowhere again.
    expect((await w.remote.book.call('PUT', `/v2/vat_returns/${second}/mark_as_unfiled`)).status).toBe(200);
    await a.sync();
    await b.sync();
    expect(await statusOf(a.book, second)).toBe('unfiled');
    expect(await statusOf(b.book, second)).toBe('unfiled');
    expect(await statusOf(w.remote.book, second)).toBe('unfiled');
    expect(await statusOf(a.book, first)).toBe('marked_as_filed');
    expect(w.remote.log.filter((entry) => entry.method === 'PUT' && entry.path.includes('/mark_as_')).length).toBe(1);
  });

  it('filed on both sides while apart stays filed; with nothing agreed yet, filed wins over unfiled', async () => {
    const w = world(802);
    await w.remote.book.call('PUT', '/v2/company', { company: { sales_tax_registration_status: 'Registered', sales_tax_registration_number: 'GB123456782', sales_tax_effective_date: '2025-05-01' } });
    const a = w.replica('a');
    await a.sync();
    const [first] = ((await a.book.call('GET', '/v2/vat_returns')).body.vat_returns as { period_ends_on: string }[]).map((entry) => entry.period_ends_on).sort() as [string];
    await a.book.call('PUT', `/v2/vat_returns/${first}/mark_as_filed`);
    await w.remote.book.call('PUT', `/v2/vat_returns/${first}/mark_as_filed`);
    await a.sync();
    expect(await statusOf(a.book, first)).toBe('marked_as_filed');
    expect(await statusOf(w.remote.book, first)).toBe('marked_as_filed');
    expect(w.remote.log.filter((entry) => entry.method === 'PUT' && entry.path.includes('/mark_as_'))).toEqual([]);
  });
});
