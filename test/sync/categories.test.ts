import { describe, expect, it } from 'vitest';
import { world, type Replica, type World } from './replicas';

type Book = Replica['book'] | World['remote']['book'];

/** A category as a person reads it in the chart: code, name and tax treatment. */
async function category(book: Book, code: string) {
  const answer = await book.call('GET', `/v2/categories/${code}`);
  if (answer.status === 404) return undefined;
  const record = Object.values(answer.body as Record<string, Record<string, unknown>>)[0]!;
  const { description, nominal_code, tax_reporting_name, allowable_for_tax, auto_sales_tax_rate } = record;
  return { description, nominal_code, tax_reporting_name, allowable_for_tax, auto_sales_tax_rate };
}

async function addSoftware(book: Book, code = '210', description = 'Software subscriptions') {
  const created = await book.call('POST', '/v2/categories', {
    category: { category_group: 'admin_expenses', nominal_code: code, description, tax_reporting_name: 'computer_software_costs', allowable_for_tax: true },
  });
  expect(created.status).toBe(201);
}

/** Two books and the remote sharing one category of the user's own, 210. */
async function pairWithCategory(seed: number) {
  const w = world(seed);
  const a = w.replica('a');
  const b = w.replica('b');
  await addSoftware(a.book);
  await a.sync();
  await b.sync();
  return { w, a, b };
}

describe('categories sync', { timeout: 60_000 }, () => {
  it('a category of your own reaches the remote and the other book; the standard chart is matched by code and never created', async () => {
    const { w, a, b } = await pairWithCategory(61);
    expect(w.remote.creates).toEqual(['/v2/categories']);
    const expected = { description: 'Software subscriptions', nominal_code: '210', tax_reporting_name: 'Computer software costs', allowable_for_tax: true, auto_sales_tax_rate: 'Standard rate' };
    expect(await category(w.remote.book, '210')).toEqual(expected);
    expect(await category(b.book, '210')).toEqual(expected);
    // An income category takes only a name and a code: nothing else is sent.
    await a.book.call('POST', '/v2/categories', { category: { category_group: 'income', nominal_code: '030', description: 'Licensing income' } });
    expect(await a.sync()).toMatchObject({ pushed: 1, refused: 0 });
    expect(await category(w.remote.book, '030')).toMatchObject({ description: 'Licensing income' });
    // Nothing to do: no resend, and a standard category hidden here is not sent, nor shown as waiting.
    await a.book.call('PUT', '/v2/categories/285', { category: { hidden: true } });
    expect(a.service.status().waiting).toBe(0);
    expect(await a.sync()).toMatchObject({ pushed: 0, pulled: 0, conflicts: 0, refused: 0 });
    // A new bank account waits; its sub account 750-N is the account's, not a category of the user's own.
    await a.book.call('POST', '/v2/bank_accounts', { bank_account: { name: 'Savings', type: 'StandardBankAccount', opening_balance: '0' } });
    await a.book.call('POST', '/v2/categories', { category: { category_group: 'income', nominal_code: '031', description: 'Royalties' } });
    expect(a.service.status().waiting).toBe(2);
    expect(await a.sync()).toMatchObject({ pushed: 2 });
    expect(a.service.status().waiting).toBe(0);
    expect(await b.sync()).toMatchObject({ pulled: 3, pushed: 0 });
    expect(w.remote.creates).toEqual(['/v2/categories', '/v2/categories', '/v2/categories', '/v2/bank_accounts']);
  });

  it('a bill filed under a category of your own lands under the same category on the other book', async () => {
    const { w, a, b } = await pairWithCategory(62);
    const supplier = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Cloud Ltd' } })).body.contact.url;
    await a.book.call('POST', '/v2/bills', { bill: { contact: supplier, reference: 'C-1', dated_on: '2026-11-20', due_on: '2026-12-20', bill_items: [{ category: '/v2/categories/210', description: 'Licences', total_value: '99' }] } });
    await a.sync();
    await b.sync();
    for (const book of [w.remote.book, b.book]) {
      const bill = (await book.call('GET', '/v2/bills?view=all&nested_bill_items=true')).body.bills[0];
      expect(bill.bill_items[0].category).toMatch(/\/v2\/categories\/210$/);
    }
  });

  it('edits to different fields on two books merge', async () => {
    const { w, a, b } = await pairWithCategory(63);
    await a.book.call('PUT', '/v2/categories/210', { category: { description: 'Software and SaaS' } });
    await b.book.call('PUT', '/v2/categories/210', { category: { allowable_for_tax: false } });
    await b.sync();
    expect((await a.sync()).conflicts).toBe(0);
    await b.sync();
    const remote = await category(w.remote.book, '210');
    expect(remote).toMatchObject({ description: 'Software and SaaS', allowable_for_tax: false });
    expect(await category(a.book, '210')).toEqual(remote);
    expect(await category(b.book, '210')).toEqual(remote);
  });

  it('the same field changed on both books is a conflict kept for review, with both names', async () => {
    const { w, a, b } = await pairWithCategory(64);
    await a.book.call('PUT', '/v2/categories/210', { category: { description: 'Mine' } });
    await b.book.call('PUT', '/v2/categories/210', { category: { description: 'Theirs' } });
    await b.sync();
    expect((await a.sync()).conflicts).toBe(1);
    expect(a.service.reviewList()[0]).toMatchObject({ kind: 'conflict', family: 'categories', localUrl: 'ledgerdesk://local/v2/categories/210', fields: [{ field: 'description', mine: 'Mine', theirs: 'Theirs' }] });
    expect((await category(w.remote.book, '210'))!.description).toBe('Theirs');
    await a.service.resolve(a.service.reviewList()[0]!.id, { choice: 'mine' });
    expect((await category(w.remote.book, '210'))!.description).toBe('Mine');
    expect((await category(a.book, '210'))!.description).toBe('Mine');
  });

  it('a create whose answer was lost is found on the remote by its code, not sent twice', async () => {
    for (const fault of ['error-after', 'reset', 'slow-after'] as const) {
      const w = world(65);
      const a = w.replica('a');
      await a.sync();
      await addSoftware(a.book);
      w.remote.force(fault, (method, where) => method === 'POST' && where === '/v2/categories');
      expect((await a.sync()).pushed).toBe(1);
      expect(w.remote.creates).toEqual(['/v2/categories']);
      expect(await a.sync()).toMatchObject({ pushed: 0, pulled: 0, refused: 0 });
    }
  });

  it('on first link, the same code on both sides is one category; the remote\'s name is taken as the plan says', async () => {
    const w = world(66);
    const a = w.replica('a');
    await addSoftware(w.remote.book, '210', 'Software');
    await addSoftware(a.book, '210', 'Software subscriptions');
    await addSoftware(a.book, '211', 'Hosting');
    const plan = await a.service.planLink();
    const categories = plan.families.find((family) => family.family === 'categories')!;
    expect(categories.linked).toEqual([expect.objectContaining({ differs: ['description'] })]);
    expect(categories.createThere.map((only) => only.label)).toEqual(['Category 211 Hosting']);
    expect(categories.createHere).toEqual([]);
    await a.service.applyLink(plan);
    await a.sync();
    expect(await category(a.book, '210')).toMatchObject({ description: 'Software' });
    expect(await category(w.remote.book, '211')).toMatchObject({ description: 'Hosting' });
    expect(w.remote.creates).toEqual(['/v2/categories']); // 211 only: 210 was already there
  });
});
