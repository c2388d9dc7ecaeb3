import { describe, expect, it } from 'vitest';
import { Level } from '../../shared/api/permissions';
import { properties } from '../../main/db/schema';
import { decodeXml } from '../../main/engine/codec/xml';
import { FIXED_NOW, ORIGIN, createTestBook, type TestBook } from './harness';

const landlord = () => createTestBook({ type: 'UkUnincorporatedLandlord', name: 'Lettings' });
const create = (t: TestBook, property: Record<string, unknown>, token?: string) => t.json('POST', '/v2/properties', { body: { property }, token });
const propertyCount = (t: TestBook) => t.book.sqlite.prepare('SELECT count(*) FROM properties').pluck().get() as number;

const BAKER_STREET = { name: 'Museum flat', address1: '221B Baker Street', address3: 'Marylebone', town: 'London', postcode: 'NW1 6XE' };

async function createProperty(t: TestBook, property: Record<string, unknown> = BAKER_STREET): Promise<string> {
  const response = await create(t, property);
  expect(response.status).toBe(201);
  return new URL(response.body.property.url).pathname;
}

describe('properties of an unincorporated landlord', () => {
  it('creates a property in the United Kingdom and answers with it and its Location', async () => {
    const t = landlord();
    const { status, body, headers } = await create(t, BAKER_STREET);
    expect(status).toBe(201);
    expect(body.property).toEqual({
      url: expect.stringMatching(new RegExp(`^${ORIGIN}/v2/properties/\\d+$`)),
      name: 'Museum flat',
      address1: '221B Baker Street',
      address3: 'Marylebone',
      town: 'London',
      postcode: 'NW1 6XE',
      country: 'United Kingdom',
    });
    expect(headers.get('location')).toBe(body.property.url);
  });

  it('lists and reads properties', async () => {
    const t = landlord();
    const first = await createProperty(t);
    await createProperty(t, { address1: 'Wayne Manor', region: 'Yorkshire' });
    const list = await t.json('GET', '/v2/properties');
    expect(list.status).toBe(200);
    expect(list.body.properties.map((property: { address1: string }) => property.address1)).toEqual(['221B Baker Street', 'Wayne Manor']);
    expect(list.headers.get('x-total-count')).toBe('2');
    const one = await t.json('GET', first);
    expect(one.status).toBe(200);
    expect(one.body.property).toMatchObject({ address1: '221B Baker Street', country: 'United Kingdom' });
    expect((await t.json('GET', '/v2/properties/999')).status).toBe(404);
  });

  it('requires address1', async () => {
    const t = landlord();
    for (const property of [{ town: 'London' }, { address1: '' }, { address1: '   ' }]) {
      const response = await create(t, property);
      expect(response.status).toBe(422);
      expect(response.body.errors[0].message).toMatch(/^address1/);
    }
    expect(propertyCount(t)).toBe(0);
  });

  it('stores every property in the United Kingdom, whatever country a request names (spec 2.8: fixed)', async () => {
    const t = landlord();
    const said = await create(t, { address1: 'A', country: 'united kingdom' });
    expect(said.status).toBe(201);
    expect(said.body.property.country).toBe('United Kingdom');
    const france = await create(t, { address1: 'B', country: 'France' });
    expect(france.status).toBe(201);
    expect(france.body.property).toMatchObject({ address1: 'B', country: 'United Kingdom' });
    const path = new URL(said.body.property.url).pathname;
    const moved = await t.json('PUT', path, { body: { property: { country: 'Spain', town: 'Madrid' } } });
    expect(moved.status).toBe(200);
    expect(moved.body.property).toMatchObject({ town: 'Madrid', country: 'United Kingdom' });
    expect((await t.json('GET', path)).body.property).toMatchObject({ town: 'Madrid', country: 'United Kingdom' });
  });

  it('updates only the fields sent and clears one sent as null', async () => {
    const t = landlord();
    const path = await createProperty(t);
    const { status, body } = await t.json('PUT', path, { body: { property: { address2: 'Second floor', address3: null, name: '' } } });
    expect(status).toBe(200);
    expect(body.property).toEqual({ url: `${ORIGIN}${path}`, address1: '221B Baker Street', address2: 'Second floor', town: 'London', postcode: 'NW1 6XE', country: 'United Kingdom' });
    const blank = await t.json('PUT', path, { body: { property: { address1: '' } } });
    expect(blank.status).toBe(422);
    expect((await t.json('PUT', '/v2/properties/999', { body: { property: { town: 'Leeds' } } })).status).toBe(404);
  });

  it('deletes a property', async () => {
    const t = landlord();
    const path = await createProperty(t);
    const removed = await t.request('DELETE', path);
    expect(removed.status).toBe(200);
    expect((await t.json('GET', path)).status).toBe(404);
    expect((await t.json('DELETE', path)).status).toBe(404);
    expect(propertyCount(t)).toBe(0);
  });

  it('records every write in the change log', async () => {
    const t = landlord();
    const path = await createProperty(t);
    await t.json('PUT', path, { body: { property: { town: 'Westminster' } } });
    await t.json('DELETE', path);
    const log = t.book.sqlite.prepare("SELECT operation FROM changes WHERE resource = 'properties' ORDER BY id").pluck().all();
    expect(log).toEqual(['create', 'update', 'delete']);
  });

  it('needs Tax, Accounting & Users for every endpoint', async () => {
    const t = landlord();
    const path = await createProperty(t);
    const banking = await t.userWithLevel(Level.Banking);
    const accounting = await t.userWithLevel(Level.TaxAccountingAndUsers);
    const calls: [string, string, unknown?][] = [
      ['GET', '/v2/properties'],
      ['GET', path],
      ['POST', '/v2/properties', { property: { address1: 'C' } }],
      ['PUT', path, { property: { town: 'Leeds' } }],
      ['DELETE', path],
    ];
    for (const [method, target, body] of calls) expect((await t.json(method, target, { body, token: banking })).status).toBe(403);
    const allowed = [200, 200, 201, 200, 200];
    for (const [index, [method, target, body]] of calls.entries()) expect((await t.json(method, target, { body, token: accounting })).status).toBe(allowed[index]);
  });

  it('round-trips through XML', async () => {
    const t = landlord();
    const xml = '<property><address1>Flat 2 &amp; 3</address1><town>Leeds</town><postcode>LS1 1AA</postcode></property>';
    const posted = await t.request('POST', '/v2/properties', { xml, headers: { Accept: 'application/xml' } });
    expect(posted.status).toBe(201);
    const created = decodeXml(await posted.text()) as { property: { url: string } };
    const path = new URL(created.property.url).pathname;
    const asXml = decodeXml(await (await t.request('GET', path, { headers: { Accept: 'application/xml' } })).text());
    const asJson = (await t.json('GET', path)).body;
    expect(asXml).toEqual(asJson);
    expect(asJson.property).toMatchObject({ address1: 'Flat 2 & 3', town: 'Leeds', country: 'United Kingdom' });
  });
});

describe('properties of other company types', () => {
  it('lists none, finds none and refuses to create one', async () => {
    const t = createTestBook({ type: 'UkSoleTrader' });
    const list = await t.json('GET', '/v2/properties');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ properties: [] });
    const refused = await create(t, { address1: '1 High Street' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toBe('Only UkUnincorporatedLandlord companies can have properties');
    expect(propertyCount(t)).toBe(0);
  });

  it('does not show a stray property row to a company that cannot have properties', async () => {
    const t = createTestBook();
    const row = t.book.db.insert(properties).values({ address1: 'Stray', country: 'United Kingdom', createdAt: FIXED_NOW, updatedAt: FIXED_NOW }).returning().get();
    expect((await t.json('GET', '/v2/properties')).body.properties).toEqual([]);
    const one = await t.json('GET', `/v2/properties/${row.id}`);
    expect(one.status).toBe(404);
    expect(one.body.errors[0].message).toMatch(/only UkUnincorporatedLandlord companies have properties/);
    expect((await t.json('DELETE', `/v2/properties/${row.id}`)).status).toBe(404);
  });
});
