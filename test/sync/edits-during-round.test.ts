import { describe, expect, it } from 'vitest';
import { canonical, world, type Replica, type World } from './replicas';

const path = (url: string) => url.replace(/^.*?\/v2\//, '/v2/');

async function acmeIn(side: Replica | World['remote']): Promise<Record<string, any>> {
  const list = (await side.book.call('GET', '/v2/contacts?view=all')).body.contacts as Record<string, any>[];
  return list.find((contact) => contact.organisation_name === 'Acme Ltd')!;
}

/**
 * A round writes to both sides, and each side's answer to a write holds the record as it is then: with
 * whatever someone else changed on that side while the sync's request was out. Nobody waits for the
 * sync: a person types in the book while a PUT is on its way to the service, and the accountant works
 * on the service between the sync's read of a record and its PUT. Those changes must travel like any
 * other, not be taken as already agreed.
 */
describe('edits made while a round is writing', { timeout: 60_000 }, () => {
  it('a field changed in the book while the round sends another field there reaches the service', async () => {
    let once = false;
    let a: Replica | null = null;
    const w = world(41, {
      whileWriting: async (method, target) => {
        if (once || method !== 'PUT' || !target.startsWith('/v2/contacts/')) return;
        once = true;
        // The person at the desk saves the region while the sync's PUT of the phone number is out.
        await a!.book.call('PUT', path((await acmeIn(a!)).url), { contact: { region: 'West Yorkshire' } });
      },
    });
    a = w.replica('a');
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd', email: 'ap@acme.test' } });
    await a.sync();
    // The accountant moves the town online; here the phone number is added: a round sends one, takes the other.
    await w.remote.book.call('PUT', path((await acmeIn(w.remote)).url), { contact: { town: 'York' } });
    await a.book.call('PUT', path((await acmeIn(a)).url), { contact: { phone_number: '0113 496 0000' } });
    await a.sync();
    expect(once).toBe(true);
    expect(await acmeIn(a)).toMatchObject({ town: 'York', phone_number: '0113 496 0000', region: 'West Yorkshire' });
    await a.sync();
    expect(await acmeIn(w.remote)).toMatchObject({ town: 'York', phone_number: '0113 496 0000', region: 'West Yorkshire' });
    expect(a.service.reviewList()).toEqual([]);
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
  });

  it("a field the accountant changes online between the round's read and its PUT reaches the book", async () => {
    let once = false;
    const w = world(42, {
      whileWriting: async (method, target) => {
        if (once || method !== 'PUT' || !target.startsWith('/v2/contacts/')) return;
        once = true;
        await w.remote.book.call('PUT', path((await acmeIn(w.remote)).url), { contact: { town: 'York' } });
      },
    });
    const a = w.replica('a');
    const b = w.replica('b');
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd', email: 'ap@acme.test' } });
    await a.sync();
    await b.sync();
    await a.book.call('PUT', path((await acmeIn(a)).url), { contact: { phone_number: '0113 496 0000' } });
    await a.sync();
    expect(once).toBe(true);
    expect(await acmeIn(w.remote)).toMatchObject({ town: 'York', phone_number: '0113 496 0000' });
    await a.sync();
    await b.sync();
    expect(await acmeIn(a)).toMatchObject({ town: 'York', phone_number: '0113 496 0000' });
    expect(await acmeIn(b)).toMatchObject({ town: 'York', phone_number: '0113 496 0000' });
    expect(a.service.reviewList()).toEqual([]);
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
  });
});
