import { afterEach, describe, expect, it } from 'vitest';
import { MemoryConnectionStore } from '../../main/hmrc/connection';
import { HmrcService, HmrcSignInCancelled, SIGN_IN_NOT_FINISHED, SIGN_IN_WAIT_MS, type SignInTimer } from '../../main/hmrc/service';
import { simulator, userData } from './fixture';
import type { HmrcSimulator } from './simulator';

/**
 * A sign-in with HMRC in the browser that nobody finishes (the person closed the browser): it can be
 * cancelled, it ends by itself after SIGN_IN_WAIT_MS, and either way the loopback listener is closed
 * and the status stops saying "waiting". Starting again while one waits leaves one listener, not two.
 * The timer is the test's: nothing here waits for real time.
 */
let sim: HmrcSimulator;
afterEach(async () => {
  await sim.stop();
});

const PORTS = [18761, 18762, 18763];

/** A timer that fires only when the test says so. */
function handTimer() {
  const armed: { ms: number; fire: () => void; stopped: boolean }[] = [];
  const timer: SignInTimer = (ms, fire) => {
    const entry = { ms, fire, stopped: false };
    armed.push(entry);
    return () => void (entry.stopped = true);
  };
  return { timer, armed };
}

/** The service; its "browser" opens HMRC's page and does nothing more, as a person who closed it. */
function service(timer: SignInTimer) {
  const opened: string[] = [];
  const hmrc = new HmrcService({
    store: new MemoryConnectionStore(),
    userData: userData(),
    env: { LEDGERDESK_HMRC_CLIENT_ID: sim.oauth.clientId, LEDGERDESK_HMRC_CLIENT_SECRET: sim.oauth.clientSecret },
    hosts: { sandbox: { api: sim.url, www: sim.url }, production: { api: 'https://invalid.example', www: 'https://invalid.example' } },
    redirectPorts: PORTS,
    now: () => new Date('2026-11-22T10:00:00Z'),
    signInTimer: timer,
    openBrowser: async (url) => void opened.push(url),
  });
  return { hmrc, opened };
}

const redirectOf = (authorizeUrl: string) => new URL(new URL(authorizeUrl).searchParams.get('redirect_uri')!.replace('//localhost:', '//127.0.0.1:'));
/** Whether anything still listens at the sign-in's redirect address. */
const listening = async (authorizeUrl: string) => (await fetch(redirectOf(authorizeUrl)).then(() => true, () => false));
/** The browser finishing the sign-in on HMRC's page: HMRC sends it back with a code. */
const finish = async (authorizeUrl: string) => fetch(sim.issueCode(authorizeUrl).redirect.replace('//localhost:', '//127.0.0.1:'));

describe('a sign-in with HMRC that nobody finishes', () => {
  it(`ends by itself after ${SIGN_IN_WAIT_MS / 60_000} minutes: the listener closes and the status says it was not finished`, async () => {
    sim = await simulator({ token: 'not-issued-yet' });
    const { timer, armed } = handTimer();
    const { hmrc } = service(timer);
    const started = await hmrc.connectInBrowser('sandbox');
    expect(armed.map((entry) => entry.ms)).toEqual([30 * 60_000]);
    expect(hmrc.status()).toMatchObject({ connected: false, sign_in_waiting: { authorize_url: started.authorizeUrl } });
    expect(await listening(started.authorizeUrl)).toBe(true);

    armed[0]!.fire();
    await expect(started.done).rejects.toThrow(SIGN_IN_NOT_FINISHED);
    expect(hmrc.status()).toEqual({ connected: false, sign_in_failed: SIGN_IN_NOT_FINISHED });
    expect(await listening(started.authorizeUrl)).toBe(false);
    expect(sim.oauth.tokenCalls).toBe(0);

    // Connect again works, and clears the message.
    const again = await hmrc.connectInBrowser('sandbox');
    expect(hmrc.status().sign_in_failed).toBeUndefined();
    await finish(again.authorizeUrl);
    await again.done;
    expect(hmrc.status()).toMatchObject({ connected: true, mode: 'oauth' });
    expect(hmrc.status().sign_in_waiting).toBeUndefined();
    // A finished sign-in stops its timer.
    expect(armed[1]!.stopped).toBe(true);
  });

  it('is cancelled by the person: the listener closes, nothing is said to have failed, and HMRC\'s late answer finds nobody', async () => {
    sim = await simulator({ token: 'not-issued-yet' });
    const { timer, armed } = handTimer();
    const { hmrc } = service(timer);
    const started = await hmrc.connectInBrowser('sandbox');
    expect(hmrc.status().sign_in_waiting).toBeDefined();

    await hmrc.cancelSignIn();
    await expect(started.done).rejects.toBeInstanceOf(HmrcSignInCancelled);
    expect(hmrc.status()).toEqual({ connected: false });
    expect(armed[0]!.stopped).toBe(true);
    // Finished on HMRC's page after all: nothing listens any more, so nothing is connected.
    await expect(finish(started.authorizeUrl)).rejects.toThrow();
    expect(sim.oauth.tokenCalls).toBe(0);
    expect(hmrc.status().connected).toBe(false);
    // Cancelling with nothing under way changes nothing.
    await hmrc.cancelSignIn();
    expect(hmrc.status()).toEqual({ connected: false });
  });

  it('started again while one waits: the first is ended and its port reused, so one listener, and the new one connects', async () => {
    sim = await simulator({ token: 'not-issued-yet' });
    const { timer, armed } = handTimer();
    const { hmrc } = service(timer);
    const first = await hmrc.connectInBrowser('sandbox');
    const second = await hmrc.connectInBrowser('sandbox');
    await expect(first.done).rejects.toBeInstanceOf(HmrcSignInCancelled);
    expect(armed[0]!.stopped).toBe(true);
    // The first's listener was closed before the second listened: the second took the same, first port.
    expect(redirectOf(first.authorizeUrl).port).toBe(String(PORTS[0]));
    expect(redirectOf(second.authorizeUrl).port).toBe(String(PORTS[0]));
    expect(hmrc.status()).toMatchObject({ sign_in_waiting: { authorize_url: second.authorizeUrl } });
    expect(hmrc.status().sign_in_failed).toBeUndefined();
    await finish(second.authorizeUrl);
    await second.done;
    expect(hmrc.status()).toMatchObject({ connected: true });
    expect(await listening(second.authorizeUrl)).toBe(false);
  });

  it('two Connects at once (a double click) start one sign-in after the other, never two listeners', async () => {
    sim = await simulator({ token: 'not-issued-yet' });
    const { timer } = handTimer();
    const { hmrc, opened } = service(timer);
    const [first, second] = await Promise.all([hmrc.connectInBrowser('sandbox'), hmrc.connectInBrowser('sandbox')]);
    await expect(first.done).rejects.toBeInstanceOf(HmrcSignInCancelled);
    expect(opened).toHaveLength(2);
    expect([redirectOf(first.authorizeUrl).port, redirectOf(second.authorizeUrl).port]).toEqual([String(PORTS[0]), String(PORTS[0])]);
    // Nothing listens on the other registered ports.
    for (const port of PORTS.slice(1)) expect(await fetch(`http://127.0.0.1:${port}/callback`).then(() => true, () => false)).toBe(false);
    expect(hmrc.status()).toMatchObject({ sign_in_waiting: { authorize_url: second.authorizeUrl } });
    await hmrc.cancelSignIn();
    await expect(second.done).rejects.toBeInstanceOf(HmrcSignInCancelled);
  });
});
