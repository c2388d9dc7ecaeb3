import { afterEach, describe, expect, it } from 'vitest';
import { bookCaller } from '../../main/hmrc/book';
import { MemoryConnectionStore } from '../../main/hmrc/connection';
import { OAuthHmrcTokens } from '../../main/hmrc/oauth';
import { HmrcService } from '../../main/hmrc/service';
import { HmrcReconnectNeeded } from '../../main/hmrc/tokens';
import { ownerAuthorization, simulator, userData, vatBook } from './fixture';
import type { HmrcSimulator } from './simulator';

/**
 * Issue 21 item 1: connecting a book to HMRC with the authorization code grant (PKCE, loopback
 * redirect) against the simulator's authorise page and token endpoint; the token refreshed before it
 * expires; "connect again" once HMRC's grant has ended.
 */
let sim: HmrcSimulator;
afterEach(async () => {
  expect(sim.fraudProblems()).toEqual([]);
  await sim.stop();
});

function service(clock: { now: Date }, fetchFn?: typeof fetch) {
  const store = new MemoryConnectionStore();
  const hmrc = new HmrcService({
    store,
    userData: userData(),
    fetch: fetchFn,
    env: { LEDGERDESK_HMRC_CLIENT_ID: sim.oauth.clientId, LEDGERDESK_HMRC_CLIENT_SECRET: sim.oauth.clientSecret },
    hosts: { sandbox: { api: sim.url, www: sim.url }, production: { api: 'https://invalid.example', www: 'https://invalid.example' } },
    redirectPorts: [18731, 18732, 18733],
    now: () => clock.now,
    // The browser: HMRC's page signs the person in and sends the browser back to the loopback redirect.
    openBrowser: async (url) => {
      const { redirect } = sim.issueCode(url);
      await fetch(redirect.replace('//localhost:', '//127.0.0.1:'));
    },
  });
  return { store, hmrc };
}

describe('connecting to HMRC with OAuth', () => {
  it('signs in through the browser with PKCE, keeps the tokens, refreshes before expiry, and asks to connect again when the grant ends', async () => {
    sim = await simulator({ token: 'not-issued-yet' });
    const clock = { now: new Date('2026-11-22T10:00:00Z') };
    const { store, hmrc } = service(clock);
    const t = vatBook();
    const book = bookCaller(t.engine, ownerAuthorization);

    const started = await hmrc.connectInBrowser('sandbox');
    expect(started.authorizeUrl).toContain('scope=read%3Avat+write%3Avat');
    await started.done;
    expect(store.read()).toMatchObject({ mode: 'oauth', baseUrl: sim.url, expiresAt: '2026-11-22T14:00:00.000Z' });
    expect(hmrc.status().connected).toBe(true);

    const window = { screens: [{ width: 1920, height: 1080, scaling_factor: 1, colour_depth: 24 }], window: { width: 1280, height: 800 } };
    const obligations = async () => (await hmrc.client(book, window)).obligations({ status: 'O' });
    expect((await obligations()).map((obligation) => obligation.periodKey)).toEqual(['18A6', '18A7']);
    expect(sim.oauth.tokenCalls).toBe(1);

    // Four hours later the access token is about to expire: refreshed before the call, the new refresh token kept.
    clock.now = new Date('2026-11-22T13:58:00Z');
    const before = store.read()!.refreshToken;
    expect(await obligations()).toHaveLength(2);
    expect(sim.oauth.tokenCalls).toBe(2);
    expect(store.read()!.refreshToken).not.toBe(before);
    expect(store.read()!.refreshToken).toBe(sim.oauth.refreshToken);

    // Revoked: the refresh is refused with invalid_grant, and the book is marked "connect again".
    sim.revokeGrant();
    await expect(obligations()).rejects.toBeInstanceOf(HmrcReconnectNeeded);
    expect(hmrc.status()).toMatchObject({ connected: true, reconnect_needed: true });
  });

  it('refreshes once when the window asks for three things at once near expiry, and stays connected', async () => {
    // The HMRC panel reads obligations, liabilities and payments side by side. HMRC's refresh tokens
    // are single use: three refreshes with the same one lost the grant to invalid_grant, and the book
    // was marked "connect again" every four hours.
    sim = await simulator({ token: 'not-issued-yet' });
    const clock = { now: new Date('2026-11-22T10:00:00Z') };
    const { store, hmrc } = service(clock);
    const book = bookCaller(vatBook().engine, ownerAuthorization);
    await (await hmrc.connectInBrowser('sandbox')).done;
    const window = { screens: [{ width: 1920, height: 1080, scaling_factor: 1, colour_depth: 24 }], window: { width: 1280, height: 800 } };
    clock.now = new Date('2026-11-22T13:58:00Z');
    const answers = await Promise.all([0, 1, 2].map(async () => (await hmrc.client(book, window)).obligations({ status: 'O' })));
    expect(answers.map((obligations) => obligations.length)).toEqual([2, 2, 2]);
    expect(sim.oauth.tokenCalls).toBe(2);
    expect(store.read()!.refreshToken).toBe(sim.oauth.refreshToken);
    expect(hmrc.status()).toMatchObject({ connected: true, reconnect_needed: false });
  });

  it('HMRC refusing the token a refresh has just given (revoked in between) marks the book "connect again" when reading too', async () => {
    sim = await simulator({ token: 'not-issued-yet' });
    const clock = { now: new Date('2026-11-22T10:00:00Z') };
    // Revoked in HMRC's "Manage authorised applications" just after the refresh the first 401 caused.
    let revokeAfterRefresh = false;
    const { store, hmrc } = service(clock, async (input, init) => {
      const answer = await fetch(input, init);
      if (revokeAfterRefresh && String(input).endsWith('/oauth/token') && String(init?.body).includes('grant_type=refresh_token')) sim.revokeGrant();
      return answer;
    });
    const book = bookCaller(vatBook().engine, ownerAuthorization);
    await (await hmrc.connectInBrowser('sandbox')).done;
    const window = { screens: [{ width: 1920, height: 1080, scaling_factor: 1, colour_depth: 24 }], window: { width: 1280, height: 800 } };
    sim.anyFaults.push({ status: 401, body: { code: 'INVALID_CREDENTIALS', message: 'Invalid Authentication information provided' } });
    revokeAfterRefresh = true;
    const error = await (await hmrc.client(book, window)).obligations({ status: 'O' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(sim.oauth.tokenCalls).toBe(2);
    expect(store.read()!.accessToken).not.toBe(sim.token);
    expect(hmrc.status()).toMatchObject({ connected: true, reconnect_needed: true });
  });

  it('a 401 to a token that another call has already replaced does not mark the book "connect again"', async () => {
    sim = await simulator({ token: 'not-issued-yet' });
    const clock = { now: new Date('2026-11-22T10:00:00Z') };
    const { store } = service(clock);
    store.write({ mode: 'oauth', baseUrl: sim.url, tokenHost: sim.url, accessToken: 'newer', refreshToken: 'r', expiresAt: '2026-11-22T14:00:00.000Z' });
    const tokens = new OAuthHmrcTokens(store, sim.oauth, () => clock.now);
    tokens.refusedAfterRefresh('Bearer older');
    expect(store.read()!.reconnectNeeded).toBeUndefined();
    tokens.refusedAfterRefresh('Bearer newer');
    expect(store.read()!.reconnectNeeded).toBe(true);
  });

  it('says what is missing when no client id and secret are set', async () => {
    sim = await simulator();
    const hmrc = new HmrcService({ store: new MemoryConnectionStore(), userData: userData(), env: {} });
    await expect(hmrc.connectInBrowser('sandbox')).rejects.toThrow('LEDGERDESK_HMRC_CLIENT_ID');
  });
});
