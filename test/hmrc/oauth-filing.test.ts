import { afterEach, describe, expect, it } from 'vitest';
import { bookCaller } from '../../main/hmrc/book';
import { MemoryConnectionStore } from '../../main/hmrc/connection';
import { HmrcService } from '../../main/hmrc/service';
import { SubmissionRefused, submitVatReturn } from '../../main/hmrc/submit';
import { HmrcReconnectNeeded } from '../../main/hmrc/tokens';
import type { TestBook } from '../engine/harness';
import { ownerAuthorization, QUARTER, simulator, userData, vatBook } from './fixture';
import type { HmrcSimulator } from './simulator';

/**
 * OAuth while a return is being filed (oauth.md "Lifetimes"): an access token refused mid-filing is
 * refreshed once and the POST sent again (the platform refused it before the VAT service saw it); a
 * grant that has ended (18 months, or revoked) leaves the return plainly not sent, never "pending".
 */
let sim: HmrcSimulator;
afterEach(async () => {
  expect(sim.fraudProblems()).toEqual([]);
  await sim.stop();
});

const window = { screens: [{ width: 1920, height: 1080, scaling_factor: 1, colour_depth: 24 }], window: { width: 1280, height: 800 } };

async function connected(clock: { now: Date }, fetchFn?: typeof fetch) {
  const store = new MemoryConnectionStore();
  const hmrc = new HmrcService({
    store,
    userData: userData(),
    fetch: fetchFn,
    env: { LEDGERDESK_HMRC_CLIENT_ID: sim.oauth.clientId, LEDGERDESK_HMRC_CLIENT_SECRET: sim.oauth.clientSecret },
    hosts: { sandbox: { api: sim.url, www: sim.url }, production: { api: 'https://invalid.example', www: 'https://invalid.example' } },
    redirectPorts: [18741, 18742, 18743],
    now: () => clock.now,
    sleep: async () => undefined,
    openBrowser: async (url) => {
      const { redirect } = sim.issueCode(url);
      await fetch(redirect.replace('//localhost:', '//127.0.0.1:'));
    },
  });
  await (await hmrc.connectInBrowser('sandbox')).done;
  return { store, hmrc };
}

const vatReturn = async (t: TestBook) => (await t.json('GET', `/v2/vat_returns/${QUARTER.end}`)).body.vat_return;
const now = () => new Date('2026-11-22T10:00:00Z');
async function file(t: TestBook, hmrc: HmrcService) {
  const book = bookCaller(t.engine, ownerAuthorization);
  return submitVatReturn({ book, client: await hmrc.client(book, window), periodEndsOn: QUARTER.end, periodKey: QUARTER.key, now });
}
const expired = { status: 401, body: { code: 'INVALID_CREDENTIALS', message: 'Invalid Authentication information provided' } };

describe('OAuth tokens while filing a VAT return', () => {
  it('an access token refused at the POST is refreshed once and the return sent again, filed once', async () => {
    sim = await simulator({ token: 'not-issued-yet' });
    const clock = { now: new Date('2026-11-22T10:00:00Z') };
    const { store, hmrc } = await connected(clock);
    const t = vatBook();
    sim.submitFaults.push(expired);
    await file(t, hmrc);
    expect(sim.submissions()).toHaveLength(2);
    expect(sim.returns.size).toBe(1);
    expect(sim.oauth.tokenCalls).toBe(2);
    expect(store.read()!.refreshToken).toBe(sim.oauth.refreshToken);
    expect((await vatReturn(t)).filing_status).toBe('filed');
  });

  it('an access token past its four hours when filing starts is refreshed before the first call', async () => {
    sim = await simulator({ token: 'not-issued-yet' });
    const clock = { now: new Date('2026-11-22T10:00:00Z') };
    const { hmrc } = await connected(clock);
    const t = vatBook();
    clock.now = new Date('2026-11-22T14:30:00Z');
    await file(t, hmrc);
    expect(sim.oauth.tokenCalls).toBe(2);
    expect(sim.requests.filter((request) => request.path !== '/oauth/token').every((request) => request.headers.get('authorization') === `Bearer ${sim.token}`)).toBe(true);
    expect((await vatReturn(t)).filing_status).toBe('filed');
  });

  it('a grant that ended between the period check and the POST: the return is rejected "connect again", not pending, and files after reconnecting', async () => {
    sim = await simulator({ token: 'not-issued-yet' });
    const clock = { now: new Date('2026-11-22T10:00:00Z') };
    const { hmrc } = await connected(clock);
    const t = vatBook();
    // HMRC refuses the token at the POST, and the refresh token no longer works (18 months, or revoked).
    sim.submitFaults.push(expired);
    sim.oauth.refreshToken = null;
    const error = await file(t, hmrc).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SubmissionRefused);
    expect(sim.returns.size).toBe(0);
    const record = await vatReturn(t);
    expect(record.filing_status).toBe('rejected');
    expect(record.hmrc_message).toMatch(/connect to HMRC again.*Nothing was filed\./);
    expect(hmrc.status()).toMatchObject({ reconnect_needed: true });
    // Connected again, the same return goes through.
    await (await hmrc.connectInBrowser('sandbox')).done;
    await file(t, hmrc);
    expect((await vatReturn(t)).filing_status).toBe('filed');
    expect(sim.returns.size).toBe(1);
  });

  it('a grant revoked between the refresh and the POST: the return is rejected "connect again" and the connection is marked so, as an ended grant marks it', async () => {
    sim = await simulator({ token: 'not-issued-yet' });
    const clock = { now: new Date('2026-11-22T10:00:00Z') };
    // The person revokes Ledgerdesk in HMRC's "Manage authorised applications" just after the refresh
    // at the POST: HMRC refuses the fresh token too (401), and the refresh token is gone with the grant.
    let revokeAfterRefresh = false;
    const { hmrc } = await connected(clock, async (input, init) => {
      const answer = await fetch(input, init);
      if (revokeAfterRefresh && String(input).endsWith('/oauth/token') && String(init?.body).includes('grant_type=refresh_token')) sim.revokeGrant();
      return answer;
    });
    const t = vatBook();
    sim.submitFaults.push(expired);
    revokeAfterRefresh = true;
    const error = await file(t, hmrc).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SubmissionRefused);
    expect(sim.submissions()).toHaveLength(2);
    expect(sim.oauth.tokenCalls).toBe(2);
    expect(sim.returns.size).toBe(0);
    const record = await vatReturn(t);
    expect(record.filing_status).toBe('rejected');
    expect(record.hmrc_message).toMatch(/connect to HMRC again.*Nothing was filed\./);
    // Tax › HMRC offers to connect again at once, not "Connected" with a Disconnect to press first.
    expect(hmrc.status()).toMatchObject({ connected: true, reconnect_needed: true });
    // Nothing more is sent with the refused connection; connected again, the same return goes through.
    await expect(file(t, hmrc)).rejects.toBeInstanceOf(HmrcReconnectNeeded);
    expect(sim.submissions()).toHaveLength(2);
    revokeAfterRefresh = false;
    await (await hmrc.connectInBrowser('sandbox')).done;
    expect(hmrc.status()).toMatchObject({ connected: true, reconnect_needed: false });
    await file(t, hmrc);
    expect((await vatReturn(t)).filing_status).toBe('filed');
    expect(sim.returns.size).toBe(1);
  });

  it('a grant that ended before filing starts: nothing is sent and the return stays as it was', async () => {
    sim = await simulator({ token: 'not-issued-yet' });
    const clock = { now: new Date('2026-11-22T10:00:00Z') };
    const { hmrc } = await connected(clock);
    const t = vatBook();
    // Eighteen months on, HMRC answers the refresh with invalid_grant.
    clock.now = new Date('2028-05-23T10:00:00Z');
    sim.oauth.refreshToken = null;
    await expect(file(t, hmrc)).rejects.toBeInstanceOf(HmrcReconnectNeeded);
    expect(sim.submissions()).toHaveLength(0);
    expect((await vatReturn(t)).filing_status).toBe('unfiled');
    expect(hmrc.status()).toMatchObject({ reconnect_needed: true });
  });
});

describe('signing in with HMRC that does not end in a connection', () => {
  function signingIn(browser: (redirect: URL) => URL) {
    const hmrc = new HmrcService({
      store: new MemoryConnectionStore(),
      userData: userData(),
      env: { LEDGERDESK_HMRC_CLIENT_ID: sim.oauth.clientId, LEDGERDESK_HMRC_CLIENT_SECRET: sim.oauth.clientSecret },
      hosts: { sandbox: { api: sim.url, www: sim.url }, production: { api: 'https://invalid.example', www: 'https://invalid.example' } },
      redirectPorts: [18744, 18745, 18746],
      now: () => new Date('2026-11-22T10:00:00Z'),
      openBrowser: async (url) => {
        const { redirect } = sim.issueCode(url);
        await fetch(browser(new URL(redirect.replace('//localhost:', '//127.0.0.1:'))));
      },
    });
    return hmrc;
  }

  it('the person declines on HMRC\'s page: the status says so, not just "not connected"', async () => {
    sim = await simulator({ token: 'not-issued-yet' });
    const hmrc = signingIn((redirect) => {
      redirect.search = new URLSearchParams({ error: 'access_denied', error_description: 'user denied', state: redirect.searchParams.get('state')! }).toString();
      return redirect;
    });
    await expect((await hmrc.connectInBrowser('sandbox')).done).rejects.toThrow();
    expect(hmrc.status()).toMatchObject({ connected: false, sign_in_failed: 'The approval was declined in the browser.' });
  });

  it('HMRC refuses the code (used after its 10 minutes): the status says so; a sign-in that works clears it', async () => {
    sim = await simulator({ token: 'not-issued-yet' });
    let spoil = true;
    const hmrc = signingIn((redirect) => {
      if (spoil) redirect.searchParams.set('code', 'expired-code');
      return redirect;
    });
    await expect((await hmrc.connectInBrowser('sandbox')).done).rejects.toThrow();
    expect(hmrc.status()).toMatchObject({ connected: false, sign_in_failed: 'HMRC refused to sign in (status 400, invalid_grant).' });
    spoil = false;
    await (await hmrc.connectInBrowser('sandbox')).done;
    expect(hmrc.status().connected).toBe(true);
    expect(hmrc.status().sign_in_failed).toBeUndefined();
  });
});
