import { describe, expect, it } from 'vitest';
import { canonical, world } from './replicas';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('access tokens as the live service issues them', { timeout: 60_000 }, () => {
  it('a token that expires after its hour is refreshed once for the whole round, and nothing waiting is lost', async () => {
    const w = world(501, { live: { tokenLifetimeMs: HOUR } });
    const a = w.replica('a');
    const b = w.replica('b');
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } });
    await a.sync();
    await b.sync();
    expect(w.remote.refreshes).toBe(0);
    w.timer.advance(HOUR + MINUTE);
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Beta Ltd' } });
    // Every family's list meets the dead token; one refresh serves them all.
    expect(await a.sync()).toMatchObject({ pushed: 1 });
    expect(w.remote.refreshes).toBe(1);
    expect(await b.sync()).toMatchObject({ pulled: 1 });
    expect(w.remote.refreshes).toBe(2);
    w.timer.advance(30 * MINUTE);
    await a.sync();
    expect(w.remote.refreshes).toBe(2);
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
    expect(await canonical(b.book)).toBe(await canonical(w.remote.book));
  });
});
