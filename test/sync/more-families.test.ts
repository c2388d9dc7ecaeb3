import { describe, expect, it } from 'vitest';
import { world, type Replica, type World } from './replicas';

const path = (url: string) => url.replace(/^.*?\/v2\//, '/v2/');
type Book = Replica['book'] | World['remote']['book'];

async function list(book: Book, resource: string, query = ''): Promise<Record<string, any>[]> {
  return ((await book.call('GET', `/v2/${resource}?per_page=100${query}`)).body[resource] ?? []) as Record<string, any>[];
}

async function estimate(book: Book, reference: string) {
  const found = (await list(book, 'estimates', '&view=all')).find((record) => record.reference === reference);
  if (!found) return undefined;
  const full = (await book.call('GET', path(found.url))).body.estimate;
  return { reference: full.reference, status: full.status, total_value: full.total_value, items: full.estimate_items.map((item: any) => ({ description: item.description, price: item.price, quantity: item.quantity })) };
}

const userTypes = async (book: Book) => (await list(book, 'capital_asset_types')).filter((type) => !type.system_default).map((type) => type.name).sort();

describe('estimates, capital asset types and properties sync both ways', { timeout: 60_000 }, () => {
  it('an estimate goes from one book to the other through the remote, and its stage and edits come back', async () => {
    const w = world(701);
    const a = w.replica('a');
    const b = w.replica('b');
    const contact = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } })).body.contact.url;
    const made = await a.book.call('POST', '/v2/estimates', {
      estimate: { contact, reference: 'EST-1', dated_on: '2026-11-20', status: 'Draft', estimate_type: 'Quote', estimate_items: [{ description: 'Survey', item_type: 'Hours', quantity: '2', price: '80' }] },
    });
    expect(made.status).toBe(201);
    await a.sync();
    await b.sync();
    expect(w.remote.creates).toEqual(['/v2/contacts', '/v2/estimates']);
    expect(await estimate(b.book, 'EST-1')).toEqual(await estimate(w.remote.book, 'EST-1'));
    expect(await estimate(b.book, 'EST-1')).toMatchObject({ status: 'Draft', total_value: '160.0' });

    // Online, the estimate is sent and approved; in book b a line is added.
    const online = (await list(w.remote.book, 'estimates', '&view=all'))[0]!;
    expect((await w.remote.book.call('PUT', `${path(online.url)}/transitions/mark_as_sent`)).status).toBe(200);
    expect((await w.remote.book.call('PUT', `${path(online.url)}/transitions/mark_as_approved`)).status).toBe(200);
    const inB = (await list(b.book, 'estimates', '&view=all'))[0]!;
    const item = (await b.book.call('GET', path(inB.url))).body.estimate.estimate_items[0];
    expect((await b.book.call('PUT', path(inB.url), { estimate: { estimate_items: [{ url: item.url, quantity: '2' }, { description: 'Report', item_type: 'Services', quantity: '1', price: '40' }] } })).status).toBe(200);
    const roundB = await b.sync();
    expect(roundB).toMatchObject({ conflicts: 0, refused: 0, agree: true });
    await a.sync();
    expect(await estimate(w.remote.book, 'EST-1')).toMatchObject({ status: 'Approved', total_value: '200.0' });
    expect(await estimate(a.book, 'EST-1')).toEqual(await estimate(w.remote.book, 'EST-1'));
    expect(await estimate(b.book, 'EST-1')).toEqual(await estimate(w.remote.book, 'EST-1'));
    expect(w.remote.creates).toEqual(['/v2/contacts', '/v2/estimates']);
  });

  it('an approved estimate taken back to draft and deleted between two rounds is deleted online too', async () => {
    // The service refuses to delete an approved estimate (409, api-quirks.md): the draft step and the
    // delete were folded into one DELETE, refused every time, and the estimate stayed online.
    const w = world(703);
    const a = w.replica('a');
    const contact = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } })).body.contact.url;
    const made = await a.book.call('POST', '/v2/estimates', {
      estimate: { contact, reference: 'EST-9', dated_on: '2026-11-20', status: 'Draft', estimate_type: 'Quote', estimate_items: [{ description: 'Survey', item_type: 'Hours', quantity: '2', price: '80' }] },
    });
    const here = path(made.body.estimate.url);
    expect((await a.book.call('PUT', `${here}/transitions/mark_as_sent`)).status).toBe(200);
    expect((await a.book.call('PUT', `${here}/transitions/mark_as_approved`)).status).toBe(200);
    await a.sync();
    expect(await estimate(w.remote.book, 'EST-9')).toMatchObject({ status: 'Approved' });

    expect((await a.book.call('PUT', `${here}/transitions/mark_as_draft`)).status).toBe(200);
    expect((await a.book.call('DELETE', here)).status).toBe(200);
    const round = await a.sync();
    expect(round).toMatchObject({ refused: 0, conflicts: 0 });
    expect(await estimate(w.remote.book, 'EST-9')).toBeUndefined();
    expect(await estimate(a.book, 'EST-9')).toBeUndefined();
    // The contact is free to go now: no estimate holds it online (a 403 while one did).
    expect((await a.book.call('DELETE', path(contact))).status).toBe(200);
    expect(await a.sync()).toMatchObject({ refused: 0, conflicts: 0 });
    expect(await list(w.remote.book, 'contacts', '&view=all')).toEqual([]);
  });

  it('a capital asset type added on either side reaches the other; the system defaults are linked, never made twice', async () => {
    const w = world(702);
    const a = w.replica('a');
    await a.book.call('POST', '/v2/capital_asset_types', { capital_asset_type: { name: 'Solar Panels' } });
    await w.remote.book.call('POST', '/v2/capital_asset_types', { capital_asset_type: { name: 'Boats' } });
    const refused = await a.sync().catch((error: unknown) => error);
    // Both hold a type of their own: the plan is shown first.
    expect((refused as Error).name).toBe('LinkPlanNeeded');
    await a.service.applyLink(await a.service.planLink());
    await a.sync();
    expect(await userTypes(a.book)).toEqual(['Boats', 'Solar Panels']);
    expect(await userTypes(w.remote.book)).toEqual(['Boats', 'Solar Panels']);
    expect((await list(w.remote.book, 'capital_asset_types')).length).toBe(6);
    const b = w.replica('b');
    await b.sync();
    expect(await userTypes(b.book)).toEqual(['Boats', 'Solar Panels']);
    expect((await list(b.book, 'capital_asset_types')).length).toBe(6);

    // Renamed online, it is renamed in both books.
    const boats = (await list(w.remote.book, 'capital_asset_types')).find((type) => type.name === 'Boats')!;
    await w.remote.book.call('PUT', path(boats.url), { capital_asset_type: { name: 'Vessels' } });
    await a.sync();
    await b.sync();
    expect(await userTypes(a.book)).toEqual(['Solar Panels', 'Vessels']);
    expect(await userTypes(b.book)).toEqual(['Solar Panels', 'Vessels']);
    expect(w.remote.creates).toEqual(['/v2/capital_asset_types']);
  });

  it("a landlord's property goes both ways (the book takes the landlord type from the remote first)", async () => {
    const w = world(703);
    expect((await w.remote.book.call('PUT', '/v2/company', { company: { type: 'UkUnincorporatedLandlord' } })).status).toBe(200);
    await w.remote.book.call('POST', '/v2/properties', { property: { name: 'Flat 2', address1: '2 High Street', town: 'Leeds', postcode: 'LS1 1AA' } });
    const a = w.replica('a');
    expect(await a.sync()).toMatchObject({ pulled: 1, refused: 0 });
    expect((await list(a.book, 'properties')).map((property) => property.address1)).toEqual(['2 High Street']);
    await a.book.call('POST', '/v2/properties', { property: { name: 'Cottage', address1: '9 Mill Lane', postcode: 'YO1 2BB' } });
    const flat = (await list(a.book, 'properties')).find((property) => property.name === 'Flat 2')!;
    await a.book.call('PUT', path(flat.url), { property: { town: 'Harrogate' } });
    expect(await a.sync()).toMatchObject({ pushed: 2, refused: 0, conflicts: 0 });
    const online = await list(w.remote.book, 'properties');
    expect(online.map((property) => [property.address1, property.town ?? null]).sort()).toEqual([
      ['2 High Street', 'Harrogate'],
      ['9 Mill Lane', null],
    ]);
  });
});
