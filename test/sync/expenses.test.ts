import { describe, expect, it } from 'vitest';
import { world } from './replicas';
import { emailAt, path, person, threeBooks, type Book } from './people';

async function expenseIn(book: Book, reference: string) {
  const list = (await book.call('GET', '/v2/expenses?view=all&per_page=100')).body.expenses as Record<string, any>[];
  return list.find((expense) => expense.receipt_reference === reference);
}

/** An expense as a person compares two books: its fields, its claimant by email, its category's code, its project by name. */
async function seen(book: Book, reference: string) {
  const expense = (await expenseIn(book, reference))!;
  const project = expense.project ? (await book.call('GET', path(expense.project))).body.project.name : null;
  return {
    dated_on: expense.dated_on,
    description: expense.description,
    gross_value: expense.gross_value,
    receipt_reference: expense.receipt_reference,
    category: path(expense.category),
    user: await emailAt(book, expense.user),
    project,
  };
}

const taxi = (user: string, extra: Record<string, unknown> = {}) => ({ expense: { user, category: '/v2/categories/285', dated_on: '2026-11-20', gross_value: '-12.50', description: 'Taxi to client', receipt_reference: 'R-17', ...extra } });

describe('expenses sync', { timeout: 90_000 }, () => {
  it('an expense reaches the remote and the other book with its claimant (by email), category and project', async () => {
    const { w, a, b, pat } = await threeBooks(81);
    const client = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } })).body.contact.url;
    const project = (await a.book.call('POST', '/v2/projects', { project: { contact: client, name: 'Website', status: 'Active', budget_units: 'Hours', currency: 'GBP' } })).body.project.url;
    expect(project).toBeTruthy();
    expect((await a.book.call('POST', '/v2/expenses', taxi(pat, { project }))).status).toBe(201);
    expect(await a.sync()).toMatchObject({ refused: 0, conflicts: 0 });
    await b.sync();
    const expected = { dated_on: '2026-11-20', description: 'Taxi to client', gross_value: '-12.5', receipt_reference: 'R-17', category: '/v2/categories/285', user: 'pat@example.com', project: 'Website' };
    expect(await seen(w.remote.book, 'R-17')).toEqual(expected);
    expect(await seen(b.book, 'R-17')).toEqual(expected);
    expect(await a.sync()).toMatchObject({ pushed: 0, pulled: 0 });
    expect(await b.sync()).toMatchObject({ pushed: 0, pulled: 0 });
  });

  it('an expense of someone the online account does not have goes to review saying so, and nothing is sent in their name', async () => {
    const w = world(82);
    const a = w.replica('a');
    const sam = await person(a.book, 'sam@example.com');
    await a.book.call('POST', '/v2/expenses', taxi(sam));
    const round = await a.sync();
    expect(round).toMatchObject({ refused: 1, pushed: 0 });
    expect(w.remote.creates).toEqual([]);
    expect(a.service.reviewList()).toEqual([expect.objectContaining({ kind: 'refused', family: 'expenses', reason: expect.stringContaining('No user with the email sam@example.com on the online account') })]);
    // Added there, and sent again by the user's choice: it goes out in Sam's name.
    await person(w.remote.book, 'sam@example.com');
    await a.service.resolve(a.service.reviewList()[0]!.id, { choice: 'mine' });
    expect(await a.sync()).toMatchObject({ pushed: 1, refused: 0 });
    expect((await seen(w.remote.book, 'R-17')).user).toBe('sam@example.com');
  });

  it('edits to different fields merge; the same field is a conflict; deleted here and edited there is a conflict', async () => {
    const { w, a, b, pat } = await threeBooks(83);
    await a.book.call('POST', '/v2/expenses', taxi(pat));
    await a.sync();
    await b.sync();
    const onA = (await expenseIn(a.book, 'R-17'))!;
    const onB = (await expenseIn(b.book, 'R-17'))!;
    await a.book.call('PUT', path(onA.url), { expense: { description: 'Taxi to Acme' } });
    await b.book.call('PUT', path(onB.url), { expense: { category: '/v2/categories/280' } });
    await b.sync();
    expect((await a.sync()).conflicts).toBe(0);
    await b.sync();
    const remote = await seen(w.remote.book, 'R-17');
    expect(remote).toMatchObject({ description: 'Taxi to Acme', category: '/v2/categories/280' });
    expect(await seen(a.book, 'R-17')).toEqual(remote);
    expect(await seen(b.book, 'R-17')).toEqual(remote);

    await a.book.call('PUT', path(onA.url), { expense: { gross_value: '-14.00' } });
    await b.book.call('PUT', path(onB.url), { expense: { gross_value: '-15.00' } });
    await b.sync();
    expect((await a.sync()).conflicts).toBe(1);
    expect(a.service.reviewList()[0]).toMatchObject({ kind: 'conflict', family: 'expenses', fields: [{ field: 'gross_value', mine: '-14', theirs: '-15' }] });
    await a.service.resolve(a.service.reviewList()[0]!.id, { choice: 'mine' });
    await b.sync();
    expect((await seen(b.book, 'R-17')).gross_value).toBe('-14.0');

    await b.book.call('PUT', path(onB.url), { expense: { description: 'Edited there' } });
    await b.sync();
    expect((await a.book.call('DELETE', path(onA.url))).status).toBeLessThan(300);
    expect((await a.sync()).conflicts).toBe(1);
    expect(a.service.reviewList()[0]).toMatchObject({ kind: 'deleted-here', family: 'expenses', theirs: expect.objectContaining({ description: 'Edited there' }) });
    expect(await expenseIn(w.remote.book, 'R-17')).toBeDefined();
  });

  it('a create whose answer was lost is found by receipt, date, amount and claimant, not made twice', async () => {
    for (const fault of ['error-after', 'reset', 'slow-after'] as const) {
      const { w, a, pat } = await threeBooks(84);
      await a.sync();
      await a.book.call('POST', '/v2/expenses', taxi(pat));
      w.remote.force(fault, (method, where) => method === 'POST' && where === '/v2/expenses');
      expect((await a.sync()).pushed).toBe(1);
      expect(w.remote.creates).toEqual(['/v2/expenses']);
      expect(await a.sync()).toMatchObject({ pushed: 0, pulled: 0, refused: 0 });
    }
  });
});

describe('expenses on first link', { timeout: 60_000 }, () => {
  it('the same claim on both sides (receipt, date, amount, claimant by email) is linked, not doubled', async () => {
    const w = world(85);
    const a = w.replica('a');
    const patHere = await person(a.book, 'pat@example.com', ['x@example.com']);
    const patThere = await person(w.remote.book, 'pat@example.com');
    await w.remote.book.call('POST', '/v2/expenses', taxi(patThere, { description: 'Taxi (entered online)' }));
    await a.book.call('POST', '/v2/expenses', taxi(patHere));
    await a.book.call('POST', '/v2/expenses', taxi(patHere, { receipt_reference: 'R-18' }));
    const plan = await a.service.planLink();
    const expenses = plan.families.find((family) => family.family === 'expenses')!;
    expect(expenses.linked).toEqual([expect.objectContaining({ differs: ['description'] })]);
    expect(expenses.createThere).toHaveLength(1);
    await a.service.applyLink(plan);
    await a.sync();
    expect(w.remote.creates).toEqual(['/v2/expenses']);
    expect((await seen(a.book, 'R-17')).description).toBe('Taxi (entered online)');
    expect(await seen(w.remote.book, 'R-18')).toMatchObject({ user: 'pat@example.com' });
  });
});
