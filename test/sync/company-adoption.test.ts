import { describe, expect, it } from 'vitest';
import { LinkPlanNeeded } from '../../main/sync/link';
import { CompanyMismatch } from '../../main/sync/company';
import { world, type Replica, type World } from './replicas';

type Book = Replica['book'] | World['remote']['book'];

/** The remote company registered for VAT on the cash basis, as an accountant set it up online. */
async function registerRemote(w: World): Promise<void> {
  const answer = await w.remote.book.call('PUT', '/v2/company', {
    company: { sales_tax_registration_status: 'Registered', sales_tax_registration_number: 'GB123456782', sales_tax_effective_date: '2025-05-01', initial_vat_basis: 'Cash' },
  });
  expect(answer.status).toBe(200);
}

async function companyOf(book: Book) {
  const company = (await book.call('GET', '/v2/company')).body.company;
  return { status: company.sales_tax_registration_status, number: company.sales_tax_registration_number ?? null, basis: company.initial_vat_basis, type: company.type, start: company.company_start_date };
}

async function invoiceTotal(book: Book, reference: string): Promise<string | undefined> {
  const list = (await book.call('GET', '/v2/invoices?view=all')).body.invoices as { reference: string; total_value: string }[];
  return list.find((invoice) => invoice.reference === reference)?.total_value;
}

describe('first link adopts the remote company', { timeout: 60_000 }, () => {
  it('a new book takes the VAT registration, number and basis before any record, so an invoice totals the same on both sides', async () => {
    const w = world(501);
    await registerRemote(w);
    const contact = (await w.remote.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } })).body.contact.url;
    const made = await w.remote.book.call('POST', '/v2/invoices', {
      invoice: { contact, reference: 'INV-1', dated_on: '2026-11-20', payment_terms_in_days: 30, invoice_items: [{ description: 'Design work', item_type: 'Services', quantity: '1', price: '251.00', sales_tax_rate: '20.0' }] },
    });
    expect(made.status).toBe(201);
    expect(await invoiceTotal(w.remote.book, 'INV-1')).toBe('301.2');

    const a = w.replica('a');
    expect(await companyOf(a.book)).toMatchObject({ status: 'Not Registered' });
    expect(await a.sync()).toMatchObject({ pulled: 2, pushed: 0, conflicts: 0, refused: 0 });
    expect(await companyOf(a.book)).toEqual(await companyOf(w.remote.book));
    expect(await companyOf(a.book)).toMatchObject({ status: 'Registered', number: 'GB123456782', basis: 'Cash' });
    // Without the company the book would have charged no VAT: 251.00 here, 301.20 there.
    expect(await invoiceTotal(a.book, 'INV-1')).toBe('301.2');
  });

  it('a book holding records whose VAT registration differs shows the difference in the plan and is not linked until accepted', async () => {
    const w = world(502);
    await registerRemote(w);
    const a = w.replica('a');
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Own Customer' } });

    const refused = await a.sync().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LinkPlanNeeded);
    const plan = (refused as LinkPlanNeeded).plan;
    expect(plan.mode).toBe('send-book');
    expect(plan.company.differs).toEqual([
      { field: 'sales_tax_registration_status', mine: 'Not Registered', theirs: 'Registered' },
      { field: 'sales_tax_registration_number', mine: null, theirs: '123456782' },
      { field: 'sales_tax_effective_date', mine: null, theirs: '2025-05-01' },
      { field: 'initial_vat_basis', mine: 'Invoice', theirs: 'Cash' },
    ]);
    // Nothing linked, nothing sent, nothing changed here.
    expect(a.service.status().linked).toBe(false);
    expect(w.remote.creates).toEqual([]);
    expect(await companyOf(a.book)).toMatchObject({ status: 'Not Registered', basis: 'Invoice' });
    await expect(a.sync()).rejects.toBeInstanceOf(LinkPlanNeeded);

    // The person accepts: the book takes the company's settings, then its records go.
    await a.service.applyLink(await a.service.planLink());
    expect(await companyOf(a.book)).toEqual(await companyOf(w.remote.book));
    expect(await a.sync()).toMatchObject({ pushed: 1, conflicts: 0, refused: 0 });
    expect(w.remote.creates).toEqual(['/v2/contacts']);
  });

  it('a book with transactions cannot take another company type: accepting the plan is refused with the reason and nothing is linked', async () => {
    const w = world(503);
    expect((await w.remote.book.call('PUT', '/v2/company', { company: { type: 'UkSoleTrader' } })).status).toBe(200);
    const a = w.replica('a');
    await a.book.call('POST', '/v2/bank_accounts', { bank_account: { name: 'Current', type: 'StandardBankAccount', opening_balance: '0' } });
    await a.book.call('POST', '/v2/bank_transactions/statement?bank_account=' + encodeURIComponent((await a.book.call('GET', '/v2/bank_accounts')).body.bank_accounts[0].url), { statement: [{ dated_on: '2026-11-01', amount: 12, description: 'Coffee' }] });
    const plan = await a.service.planLink();
    expect(plan.company.differs).toContainEqual({ field: 'type', mine: 'UkLimitedCompany', theirs: 'UkSoleTrader' });
    const refused = await a.service.applyLink(plan).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CompanyMismatch);
    expect((refused as Error).message).toContain('type cannot change once the book holds transactions');
    expect(a.service.status().linked).toBe(false);
    expect(await companyOf(a.book)).toMatchObject({ type: 'UkLimitedCompany' });
  });
});
