import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Level } from '../../shared/api/permissions';
import { categories, postings } from '../../main/db/schema';
import { decodeXml } from '../../main/engine/codec/xml';
import { FIXED_NOW, ORIGIN, createTestBook, type TestBook } from './harness';

const idOf = (url: string) => Number(url.split('/').pop());
const create = (t: TestBook, body: unknown) => t.json('POST', '/v2/capital_asset_types', { body });
const typeCount = (t: TestBook) => t.book.sqlite.prepare('SELECT count(*) FROM capital_asset_types').pluck().get() as number;

async function createType(t: TestBook, name: string): Promise<{ id: number; url: string }> {
  const response = await create(t, { capital_asset_type: { name } });
  expect(response.status).toBe(201);
  return { id: idOf(response.body.capital_asset_type.url), url: response.body.capital_asset_type.url };
}

async function systemTypeId(t: TestBook, name: string): Promise<number> {
  const list = await t.json('GET', '/v2/capital_asset_types');
  return idOf(list.body.capital_asset_types.find((type: { name: string }) => type.name === name).url);
}

/** Records an accounting entry on the type's 602 sub account, as buying an asset of the type would. */
function recordPurchase(t: TestBook, typeId: number): void {
  const purchase = t.book.db.select().from(categories).where(eq(categories.nominalCode, `602-${typeId}`)).get()!;
  const bank = t.book.db.select().from(categories).where(eq(categories.nominalCode, '999')).get()!;
  const entry = { datedOn: '2026-01-10', description: 'Laptop', sourceResource: 'journal_sets', sourceId: 1, createdAt: FIXED_NOW, updatedAt: FIXED_NOW };
  t.book.db.insert(postings).values([{ ...entry, categoryId: purchase.id, debitMinor: 120000 }, { ...entry, categoryId: bank.id, debitMinor: -120000 }]).run();
}

const subAccounts = (t: TestBook, typeId: number) =>
  t.book.db.select().from(categories).where(eq(categories.capitalAssetTypeId, typeId)).all().map((row) => [row.nominalCode, row.description]).sort();

describe('capital asset types', () => {
  it('lists the four system defaults every book starts with', async () => {
    const t = createTestBook();
    const { status, body, headers } = await t.json('GET', '/v2/capital_asset_types');
    expect(status).toBe(200);
    expect(body.capital_asset_types.map((type: { name: string }) => type.name)).toEqual(['Computer Equipment', 'Fixtures and Fittings', 'Motor Vehicles', 'Other Capital Asset']);
    expect(body.capital_asset_types[0]).toEqual({
      url: expect.stringMatching(new RegExp(`^${ORIGIN}/v2/capital_asset_types/\\d+$`)),
      name: 'Computer Equipment',
      system_default: true,
      created_at: FIXED_NOW,
      updated_at: FIXED_NOW,
    });
    expect(headers.get('x-total-count')).toBe('4');
  });

  it('reads one type by id and answers 404 for an unknown one', async () => {
    const t = createTestBook();
    const id = await systemTypeId(t, 'Motor Vehicles');
    const { status, body } = await t.json('GET', `/v2/capital_asset_types/${id}`);
    expect(status).toBe(200);
    expect(body.capital_asset_type).toMatchObject({ name: 'Motor Vehicles', system_default: true });
    expect((await t.json('GET', '/v2/capital_asset_types/9999')).status).toBe(404);
  });

  it('creates a user type with its 601-607 sub accounts', async () => {
    const t = createTestBook();
    const response = await create(t, { capital_asset_type: { name: 'Spaceships' } });
    expect(response.status).toBe(201);
    expect(response.body.capital_asset_type).toMatchObject({ name: 'Spaceships', system_default: false, created_at: FIXED_NOW, updated_at: FIXED_NOW });
    expect(response.headers.get('location')).toBe(response.body.capital_asset_type.url);
    const id = idOf(response.body.capital_asset_type.url);
    expect(subAccounts(t, id)).toEqual([
      [`601-${id}`, 'Capital Asset Brought Forward: Spaceships'],
      [`602-${id}`, 'Capital Asset Purchase: Spaceships'],
      [`604-${id}`, 'Disposal of Capital Asset: Spaceships'],
      [`605-${id}`, 'Capital Asset Depreciation Brought Forward: Spaceships'],
      [`606-${id}`, 'Capital Asset Depreciation in Year: Spaceships'],
      [`607-${id}`, 'Depreciation on Disposal of Capital Asset: Spaceships'],
    ]);
    const category = await t.json('GET', `/v2/categories/602-${id}`);
    expect(category.body.general_categories.capital_asset_type).toBe(response.body.capital_asset_type.url);
  });

  it('requires a name that no other type has', async () => {
    const t = createTestBook();
    const before = { types: typeCount(t), changes: t.changeCount() };
    for (const [body, message] of [
      [{ capital_asset_type: {} }, /^name/],
      [{ capital_asset_type: { name: '  ' } }, /^name can't be blank/],
      [{ capital_asset_type: { name: 'motor vehicles' } }, /name has already been taken/],
      [{ name: 'Boats' }, /root key capital_asset_type/],
    ] as const) {
      const response = await create(t, body);
      expect(response.status).toBe(422);
      expect(response.body.errors[0].message).toMatch(message);
    }
    expect({ types: typeCount(t), changes: t.changeCount() }).toEqual(before);
  });

  it('refuses read-only and unknown fields with 400, as the live service does, even when null', async () => {
    const t = createTestBook();
    const before = { types: typeCount(t), changes: t.changeCount() };
    for (const extra of [{ created_at: null }, { created_at: FIXED_NOW }, { system_default: false }, { url: `${ORIGIN}/v2/capital_asset_types/1` }, { colour: 'red' }]) {
      const response = await create(t, { capital_asset_type: { name: 'Boats', ...extra } });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].message).toBe(`found unpermitted parameters: ${Object.keys(extra)[0]}`);
    }
    expect({ types: typeCount(t), changes: t.changeCount() }).toEqual(before);
  });

  it('renames a user type and its sub accounts', async () => {
    const t = createTestBook();
    const { id, url } = await createType(t, 'Spaceships');
    t.clock.set('2026-11-23T09:00:00.000Z');
    const { status, body } = await t.json('PUT', `/v2/capital_asset_types/${id}`, { body: { capital_asset_type: { name: 'Spacetrains' } } });
    expect(status).toBe(200);
    expect(body.capital_asset_type).toEqual({ url, name: 'Spacetrains', system_default: false, created_at: FIXED_NOW, updated_at: '2026-11-23T09:00:00.000Z' });
    expect(subAccounts(t, id)).toContainEqual([`602-${id}`, 'Capital Asset Purchase: Spacetrains']);
    expect((await t.json('GET', `/v2/capital_asset_types/${id}`)).body.capital_asset_type.name).toBe('Spacetrains');
  });

  it('refuses a rename onto another type\'s name, and unpermitted fields on update', async () => {
    const t = createTestBook();
    const { id } = await createType(t, 'Spaceships');
    const clash = await t.json('PUT', `/v2/capital_asset_types/${id}`, { body: { capital_asset_type: { name: 'Computer Equipment' } } });
    expect(clash.status).toBe(422);
    const extra = await t.json('PUT', `/v2/capital_asset_types/${id}`, { body: { capital_asset_type: { name: 'Boats', updated_at: null } } });
    expect(extra.status).toBe(400);
    expect((await t.json('GET', `/v2/capital_asset_types/${id}`)).body.capital_asset_type.name).toBe('Spaceships');
  });

  it('never changes or deletes a system default type', async () => {
    const t = createTestBook();
    const id = await systemTypeId(t, 'Computer Equipment');
    const before = t.changeCount();
    const renamed = await t.json('PUT', `/v2/capital_asset_types/${id}`, { body: { capital_asset_type: { name: 'Computers' } } });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors[0].message).toMatch(/system default/);
    const removed = await t.json('DELETE', `/v2/capital_asset_types/${id}`);
    expect(removed.status).toBe(422);
    expect(removed.body.errors[0].message).toMatch(/system default/);
    expect(t.changeCount()).toBe(before);
    expect((await t.json('GET', `/v2/capital_asset_types/${id}`)).body.capital_asset_type.name).toBe('Computer Equipment');
  });

  it('never changes or deletes a user type that has items', async () => {
    const t = createTestBook();
    const { id } = await createType(t, 'Spaceships');
    recordPurchase(t, id);
    const before = t.changeCount();
    const renamed = await t.json('PUT', `/v2/capital_asset_types/${id}`, { body: { capital_asset_type: { name: 'Spacetrains' } } });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors[0].message).toMatch(/capital assets recorded against it/);
    const removed = await t.json('DELETE', `/v2/capital_asset_types/${id}`);
    expect(removed.status).toBe(422);
    expect(t.changeCount()).toBe(before);
    expect(subAccounts(t, id)).toHaveLength(6);
  });

  it('deletes an empty user type with its sub accounts and answers with the deleted record', async () => {
    const t = createTestBook();
    const { id, url } = await createType(t, 'Spaceships');
    const { status, body } = await t.json('DELETE', `/v2/capital_asset_types/${id}`);
    expect(status).toBe(200);
    expect(body).toEqual({ capital_asset_type: { url, name: 'Spaceships', system_default: false, created_at: FIXED_NOW, updated_at: FIXED_NOW } });
    expect((await t.json('GET', `/v2/capital_asset_types/${id}`)).status).toBe(404);
    expect(subAccounts(t, id)).toEqual([]);
    expect((await t.json('GET', `/v2/categories/602-${id}`)).status).toBe(404);
    expect((await t.json('DELETE', `/v2/capital_asset_types/${id}`)).status).toBe(404);
  });

  it('needs Full access for every endpoint', async () => {
    const t = createTestBook();
    const { id } = await createType(t, 'Spaceships');
    const accounting = await t.userWithLevel(Level.TaxAccountingAndUsers);
    const full = await t.userWithLevel(Level.Full);
    const calls: [string, string, unknown?][] = [
      ['GET', '/v2/capital_asset_types'],
      ['GET', `/v2/capital_asset_types/${id}`],
      ['POST', '/v2/capital_asset_types', { capital_asset_type: { name: 'Boats' } }],
      ['PUT', `/v2/capital_asset_types/${id}`, { capital_asset_type: { name: 'Spacetrains' } }],
    ];
    for (const [method, path, body] of calls) expect((await t.json(method, path, { body, token: accounting })).status).toBe(403);
    expect((await t.json('DELETE', `/v2/capital_asset_types/${id}`, { token: accounting })).status).toBe(403);
    expect((await t.json('GET', '/v2/capital_asset_types', { token: full })).status).toBe(200);
    expect((await t.json('GET', `/v2/capital_asset_types/${id}`, { token: full })).status).toBe(200);
    expect((await t.json('POST', '/v2/capital_asset_types', { body: { capital_asset_type: { name: 'Boats' } }, token: full })).status).toBe(201);
    expect((await t.json('PUT', `/v2/capital_asset_types/${id}`, { body: { capital_asset_type: { name: 'Spacetrains' } }, token: full })).status).toBe(200);
    expect((await t.json('DELETE', `/v2/capital_asset_types/${id}`, { token: full })).status).toBe(200);
  });

  it('round-trips through XML', async () => {
    const t = createTestBook();
    const posted = await t.request('POST', '/v2/capital_asset_types', { xml: '<capital-asset-type><name>Spaceships</name></capital-asset-type>', headers: { Accept: 'application/xml' } });
    expect(posted.status).toBe(201);
    const created = decodeXml(await posted.text()) as { capital_asset_type: { url: string } };
    const path = new URL(created.capital_asset_type.url).pathname;
    const asXml = decodeXml(await (await t.request('GET', path, { headers: { Accept: 'application/xml' } })).text());
    const asJson = (await t.json('GET', path)).body;
    expect(asXml).toEqual(asJson);
    expect(asJson.capital_asset_type).toMatchObject({ name: 'Spaceships', system_default: false });
    const nilCreatedAt = await t.request('POST', '/v2/capital_asset_types', { xml: '<capital-asset-type><name>Boats</name><created-at nil="true"/></capital-asset-type>' });
    expect(nilCreatedAt.status).toBe(400);
  });
});
