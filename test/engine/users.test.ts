import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories, postings, users } from '../../main/db/schema';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, FIXED_NOW, ORIGIN, type TestBook } from './harness';

interface NewUser {
  email?: string;
  first_name?: string;
  last_name?: string;
  role?: string;
  [field: string]: unknown;
}

let serial = 0;
async function addUser(t: TestBook, fields: NewUser = {}, token?: string) {
  serial += 1;
  return t.json('POST', '/v2/users', {
    token,
    body: { user: { email: `person${serial}@example.com`, first_name: 'Pat', last_name: `Person${serial}`, role: 'Employee', ...fields } },
  });
}

const idOf = (url: string) => Number(url.split('/').pop());
const lastNames = (body: { users: { last_name: string }[] }) => body.users.map((user) => user.last_name);

function subAccounts(t: TestBook, userId: number) {
  return t.book.db.select().from(categories).where(eq(categories.userId, userId)).all();
}

describe('GET /v2/users views', () => {
  async function bookWithEveryone() {
    const t = createTestBook();
    await addUser(t, { last_name: 'Employee', role: 'Employee' });
    await addUser(t, { last_name: 'HiddenEmployee', role: 'Employee', hidden: true });
    await addUser(t, { last_name: 'Accountant', role: 'Accountant' });
    await addUser(t, { last_name: 'HiddenAccountant', role: 'Accountant', hidden: true });
    await addUser(t, { last_name: 'Shareholder', role: 'Shareholder' });
    await addUser(t, { last_name: 'Secretary', role: 'Company Secretary' });
    return t;
  }

  it('shows everyone by default and with view=all', async () => {
    const t = await bookWithEveryone();
    const everyone = ['Owner', 'Employee', 'HiddenEmployee', 'Accountant', 'HiddenAccountant', 'Shareholder', 'Secretary'];
    expect(lastNames((await t.json('GET', '/v2/users')).body)).toEqual(everyone);
    expect(lastNames((await t.json('GET', '/v2/users?view=all')).body)).toEqual(everyone);
  });

  it('splits staff from advisors (Accountant is an advisor) and drops hidden users from the active views', async () => {
    const t = await bookWithEveryone();
    expect(lastNames((await t.json('GET', '/v2/users?view=staff')).body)).toEqual(['Owner', 'Employee', 'HiddenEmployee', 'Shareholder', 'Secretary']);
    expect(lastNames((await t.json('GET', '/v2/users?view=active_staff')).body)).toEqual(['Owner', 'Employee', 'Shareholder', 'Secretary']);
    expect(lastNames((await t.json('GET', '/v2/users?view=advisors')).body)).toEqual(['Accountant', 'HiddenAccountant']);
    expect(lastNames((await t.json('GET', '/v2/users?view=active_advisors')).body)).toEqual(['Accountant']);
  });

  it('refuses an unknown view with 400 naming the views there are', async () => {
    const t = createTestBook();
    const response = await t.json('GET', '/v2/users?view=everyone');
    expect(response.status).toBe(400);
    expect(response.body.errors[0].message).toContain('active_advisors');
  });

  it('reads one user by id and 404s an unknown one', async () => {
    const t = createTestBook();
    const owner = await t.json('GET', `/v2/users/${t.ownerId}`);
    expect(owner.body.user).toMatchObject({ email: 'owner@example.com', role: 'Director', permission_level: 8, hidden: false, opening_mileage: '0.0' });
    expect((await t.json('GET', '/v2/users/4242')).status).toBe(404);
    expect((await t.json('GET', '/v2/users/abc')).status).toBe(404);
  });
});

describe('POST /v2/users', () => {
  it('creates a user with 201, a Location header, and fields as the service writes them', async () => {
    const t = createTestBook();
    const response = await addUser(t, {
      email: 'ann@example.com',
      first_name: 'Ann',
      last_name: 'Other',
      role: 'Employee',
      permission_level: 3,
      opening_mileage: '1500.250',
      ni_number: 'ab 12 34 56 c',
      unique_tax_reference: '12345 67890',
    });
    expect(response.status).toBe(201);
    const user = response.body.user;
    expect(response.headers.get('location')).toBe(user.url);
    expect(user.url).toBe(`${ORIGIN}/v2/users/2`);
    expect(user).toEqual({
      url: `${ORIGIN}/v2/users/2`,
      email: 'ann@example.com',
      first_name: 'Ann',
      last_name: 'Other',
      ni_number: 'AB123456C',
      unique_tax_reference: '1234567890',
      role: 'Employee',
      permission_level: 3,
      opening_mileage: '1500.25',
      hidden: false,
      created_at: FIXED_NOW,
      updated_at: FIXED_NOW,
    });
    expect((await t.json('GET', '/v2/users/2')).body.user).toEqual(user);
  });

  it('gives a new user no access unless a level is granted', async () => {
    const t = createTestBook();
    expect((await addUser(t)).body.user.permission_level).toBe(0);
  });

  it('requires email, first_name, last_name and role, naming each missing one', async () => {
    const t = createTestBook();
    const response = await t.json('POST', '/v2/users', { body: { user: {} } });
    expect(response.status).toBe(422);
    const messages = response.body.errors.map((error: { message: string }) => error.message).join(' | ');
    for (const field of ['email', 'first_name', 'last_name', 'role']) expect(messages).toContain(field);
    const blank = await addUser(t, { first_name: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors[0].message).toBe("first_name can't be blank");
  });

  it('stores send_invitation', async () => {
    const t = createTestBook();
    const invited = await addUser(t, { send_invitation: true });
    const quiet = await addUser(t);
    const stored = (url: string) => t.book.db.select().from(users).where(eq(users.id, idOf(url))).get()!.sendInvitation;
    expect(stored(invited.body.user.url)).toBe(true);
    expect(stored(quiet.body.user.url)).toBe(false);
    await t.json('PUT', new URL(quiet.body.user.url).pathname, { body: { user: { send_invitation: 'true' } } });
    expect(stored(quiet.body.user.url)).toBe(true);
  });

  it('refuses roles the company type does not have (a sole trader has no directors)', async () => {
    const soleTrader = createTestBook({ type: 'UkSoleTrader' });
    const before = bookSnapshot(soleTrader);
    for (const role of ['Director', 'Partner', 'Company Secretary', 'Shareholder']) {
      const response = await addUser(soleTrader, { role });
      expect(response.status, role).toBe(422);
      expect(response.body.errors[0].message).toBe(`role ${role} is not available for a UkSoleTrader company`);
    }
    expect(bookSnapshot(soleTrader)).toEqual(before);
    for (const role of ['Owner', 'Employee', 'Accountant']) expect((await addUser(soleTrader, { role })).status, role).toBe(201);

    const partnership = createTestBook({ type: 'UkPartnership' });
    expect((await addUser(partnership, { role: 'Partner' })).status).toBe(201);
    expect((await addUser(partnership, { role: 'Director' })).status).toBe(422);
    expect((await addUser(partnership, { role: 'Chief' })).status).toBe(422);
  });

  it('refuses a role change the company type does not allow', async () => {
    const t = createTestBook({ type: 'UkSoleTrader' });
    const employee = await addUser(t);
    const response = await t.json('PUT', new URL(employee.body.user.url).pathname, { body: { user: { role: 'Director' } } });
    expect(response.status).toBe(422);
    expect((await t.json('GET', new URL(employee.body.user.url).pathname)).body.user.role).toBe('Employee');
  });

  it('keeps email unique whatever its case, and valid', async () => {
    const t = createTestBook();
    const before = bookSnapshot(t);
    for (const email of ['owner@example.com', 'Owner@Example.COM', '  owner@example.com  ']) {
      const response = await addUser(t, { email });
      expect(response.status, email).toBe(422);
      expect(response.body.errors[0].message).toBe('email has already been taken');
    }
    for (const email of ['nope', 'a@b', 'two words@example.com', '', '@example.com', `${'a'.repeat(250)}@example.com`]) {
      expect((await addUser(t, { email })).status, email).toBe(422);
    }
    expect(bookSnapshot(t)).toEqual(before);

    const other = await addUser(t, { email: 'other@example.com' });
    const path = new URL(other.body.user.url).pathname;
    expect((await t.json('PUT', path, { body: { user: { email: 'OWNER@example.com' } } })).status).toBe(422);
    expect((await t.json('PUT', path, { body: { user: { email: 'Other@Example.com' } } })).status).toBe(200);
  });

  it('checks national insurance numbers and 10-digit tax references, and lets them be cleared', async () => {
    const t = createTestBook();
    for (const ni of ['QQ123456C', 'AB123456E', 'BG123456A', 'AB12345C', '123456789', 'DA123456A']) {
      const response = await addUser(t, { ni_number: ni });
      expect(response.status, ni).toBe(422);
      expect(response.body.errors[0].message).toBe('ni_number is not a valid national insurance number');
    }
    for (const utr of ['123456789', '12345678901', 'abcdefghij', '12345-67890']) {
      const response = await addUser(t, { unique_tax_reference: utr });
      expect(response.status, utr).toBe(422);
      expect(response.body.errors[0].message).toBe('unique_tax_reference must be 10 digits');
    }
    const person = await addUser(t, { ni_number: 'JG 10 37 59 A', unique_tax_reference: '0123456789' });
    expect(person.body.user).toMatchObject({ ni_number: 'JG103759A', unique_tax_reference: '0123456789' });
    const cleared = await t.json('PUT', new URL(person.body.user.url).pathname, { body: { user: { ni_number: '', unique_tax_reference: null } } });
    expect(cleared.body.user).not.toHaveProperty('ni_number');
    expect(cleared.body.user).not.toHaveProperty('unique_tax_reference');
  });

  it('keeps opening_mileage exact and refuses a negative or non-numeric one', async () => {
    const t = createTestBook();
    expect((await addUser(t, { opening_mileage: '123456789012.10' })).body.user.opening_mileage).toBe('123456789012.1');
    expect((await addUser(t, { opening_mileage: 250 })).body.user.opening_mileage).toBe('250.0');
    for (const mileage of ['-1', 'lots', '1e5', '12345678901234567890.10', {}]) expect((await addUser(t, { opening_mileage: mileage })).status, String(mileage)).toBe(422);
  });
});

describe('permission levels', () => {
  it('stops anyone giving more access than they hold, on create and update', async () => {
    const t = createTestBook();
    const manager = await t.userWithLevel(7);
    const before = bookSnapshot(t);
    const tooHigh = await addUser(t, { permission_level: 8 }, manager);
    expect(tooHigh.status).toBe(403);
    expect(tooHigh.body.errors[0].message).toMatch(/higher permission level than your own/);
    expect(bookSnapshot(t)).toEqual(before);

    const equal = await addUser(t, { permission_level: 7 }, manager);
    expect(equal.status).toBe(201);
    const path = new URL(equal.body.user.url).pathname;
    expect((await t.json('PUT', path, { token: manager, body: { user: { permission_level: 8 } } })).status).toBe(403);
    expect((await t.json('GET', path)).body.user.permission_level).toBe(7);
    expect((await t.json('PUT', path, { token: manager, body: { user: { permission_level: 2 } } })).body.user.permission_level).toBe(2);
  });

  it('stops a user raising (or changing) their own level, through /me or their id', async () => {
    const t = createTestBook();
    const manager = await t.userWithLevel(7);
    const raise = await t.json('PUT', '/v2/users/me', { token: manager, body: { user: { permission_level: 8 } } });
    expect(raise.status).toBe(403);
    const byId = await t.json('PUT', '/v2/users/2', { token: manager, body: { user: { permission_level: 8 } } });
    expect(byId.status).toBe(403);
    expect((await t.json('GET', '/v2/users/me', { token: manager })).body.user.permission_level).toBe(7);
    // Sending one's own current level back is not a change.
    expect((await t.json('PUT', '/v2/users/me', { token: manager, body: { user: { permission_level: 7, first_name: 'Same' } } })).status).toBe(200);
  });

  it('stops a user changing or deleting someone with more access', async () => {
    const t = createTestBook();
    const manager = await t.userWithLevel(7);
    const owner = `/v2/users/${t.ownerId}`;
    expect((await t.json('PUT', owner, { token: manager, body: { user: { first_name: 'Hacked' } } })).status).toBe(403);
    expect((await t.json('DELETE', owner, { token: manager })).status).toBe(403);
    expect((await t.json('GET', owner)).body.user.first_name).toBe('Olive');
  });

  it('refuses levels outside 0-8', async () => {
    const t = createTestBook();
    for (const level of [9, -1, 2.5, '8.0', 'full']) expect((await addUser(t, { permission_level: level })).status, String(level)).toBe(422);
    expect((await addUser(t, { permission_level: '4' })).body.user.permission_level).toBe(4);
  });
});

describe('/v2/users/me', () => {
  it('reads and updates the signed-in user at level 1 (Time)', async () => {
    const t = createTestBook();
    const timeOnly = await t.userWithLevel(1);
    const me = await t.json('GET', '/v2/users/me', { token: timeOnly });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: 'user1@example.com', permission_level: 1 });
    const updated = await t.json('PUT', '/v2/users/me', { token: timeOnly, body: { user: { first_name: 'Tim', opening_mileage: '12.5' } } });
    expect(updated.status).toBe(200);
    expect(updated.body.user).toMatchObject({ first_name: 'Tim', opening_mileage: '12.5', url: me.body.user.url });
  });

  it('does not let a level-1 user change their own role', async () => {
    const t = createTestBook();
    const timeOnly = await t.userWithLevel(1);
    const response = await t.json('PUT', '/v2/users/me', { token: timeOnly, body: { user: { role: 'Director' } } });
    expect(response.status).toBe(403);
    expect((await t.json('GET', '/v2/users/me', { token: timeOnly })).body.user.role).toBe('Employee');
  });

  it('gives the owner their own record', async () => {
    const t = createTestBook();
    expect((await t.json('GET', '/v2/users/me')).body.user.url).toBe(`${ORIGIN}/v2/users/${t.ownerId}`);
  });
});

describe('timestamps', () => {
  it('moves updated_at on update and keeps created_at', async () => {
    const t = createTestBook();
    const created = await addUser(t);
    const path = new URL(created.body.user.url).pathname;
    t.clock.set('2026-12-01T09:30:00.000Z');
    const updated = await t.json('PUT', path, { body: { user: { last_name: 'Later' } } });
    expect(updated.body.user.created_at).toBe(FIXED_NOW);
    expect(updated.body.user.updated_at).toBe('2026-12-01T09:30:00.000Z');
    expect((await t.json('GET', path)).body.user).toEqual(updated.body.user);
  });

  it('leaves updated_at alone when nothing is sent', async () => {
    const t = createTestBook();
    const created = await addUser(t);
    t.clock.set('2026-12-01T09:30:00.000Z');
    const response = await t.json('PUT', new URL(created.body.user.url).pathname, { body: { user: {} } });
    expect(response.body.user.updated_at).toBe(FIXED_NOW);
  });
});

describe('user sub accounts (900-910)', () => {
  it('creates one per user category on create, named after the user', async () => {
    const t = createTestBook();
    const created = await addUser(t, { first_name: 'Sam', last_name: 'Sub' });
    const id = idOf(created.body.user.url);
    const rows = subAccounts(t, id);
    expect(rows.map((row) => row.nominalCode).sort()).toEqual(['900', '901', '902', '904', '905', '907', '908', '910'].map((code) => `${code}-${id}`));
    expect(rows.find((row) => row.baseCode === '902')?.description).toBe('Salary and Bonuses: Sam Sub');
    // The owner has their own set from the start.
    expect(subAccounts(t, t.ownerId)).toHaveLength(8);
  });

  it('renames them when the user is renamed', async () => {
    const t = createTestBook();
    const created = await addUser(t, { first_name: 'Sam', last_name: 'Sub' });
    const id = idOf(created.body.user.url);
    await t.json('PUT', `/v2/users/${id}`, { body: { user: { last_name: 'Renamed' } } });
    const descriptions = subAccounts(t, id).map((row) => row.description);
    expect(descriptions).toContain('Director Loan Account: Sam Renamed');
    expect(descriptions.every((description) => description.endsWith(': Sam Renamed'))).toBe(true);
  });

  it('removes them when the user is deleted', async () => {
    const t = createTestBook();
    const created = await addUser(t);
    const id = idOf(created.body.user.url);
    const response = await t.json('DELETE', `/v2/users/${id}`);
    expect(response.status).toBe(200);
    expect(response.body).toBeNull();
    expect(subAccounts(t, id)).toEqual([]);
    expect(t.book.db.select().from(categories).where(like(categories.nominalCode, `%-${id}`)).all().filter((row) => row.userId !== null)).toEqual([]);
    expect((await t.json('GET', `/v2/users/${id}`)).status).toBe(404);
  });
});

describe('DELETE /v2/users/:id', () => {
  it('refuses to delete yourself', async () => {
    const t = createTestBook();
    const before = bookSnapshot(t);
    const response = await t.json('DELETE', `/v2/users/${t.ownerId}`);
    expect(response.status).toBe(422);
    expect(response.body.errors[0].message).toBe('You cannot delete yourself');
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('refuses to delete a user with accounting entries', async () => {
    const t = createTestBook();
    const created = await addUser(t);
    const id = idOf(created.body.user.url);
    const category = subAccounts(t, id)[0]!;
    t.book.db
      .insert(postings)
      .values({ datedOn: '2026-01-01', categoryId: category.id, debitMinor: 100, description: 'x', sourceResource: 'journal_sets', sourceId: 1, createdAt: FIXED_NOW, updatedAt: FIXED_NOW })
      .run();
    const response = await t.json('DELETE', `/v2/users/${id}`);
    expect(response.status).toBe(422);
    expect((await t.json('GET', `/v2/users/${id}`)).status).toBe(200);
  });

  it('404s an unknown user', async () => {
    const t = createTestBook();
    expect((await t.json('DELETE', '/v2/users/999')).status).toBe(404);
  });
});
