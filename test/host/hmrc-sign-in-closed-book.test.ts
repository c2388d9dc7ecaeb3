import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({ ipcMain: { handle: () => undefined } }));

const { answerApiRequest } = await import('../../main/ipc');
const { openCommand, SESSION_TOKEN, startHostedBook } = await import('./hosted-book-helpers');

const LONG = 120_000;
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** Whether anything answers on the loopback address a sign-in sent HMRC back to. */
async function listening(redirectUri: string): Promise<boolean> {
  try {
    await fetch(`${redirectUri}?state=not-ours&code=x`);
    return true;
  } catch {
    return false;
  }
}

describe('a browser sign-in to HMRC when its book is closed', () => {
  it('ends with the book: another book opened, the loopback listener is closed and the new book is not waiting', { timeout: LONG }, async () => {
    const env = { LEDGERDESK_HMRC_CLIENT_ID: 'test-client', LEDGERDESK_HMRC_CLIENT_SECRET: 'test-secret' };
    const { hosted, folder } = await startHostedBook({}, { env });
    stops.push(() => hosted.stop());
    const started = await answerApiRequest(hosted.engine, SESSION_TOKEN, { method: 'POST', path: '/v2/hmrc/connect/browser', body: { environment: 'sandbox' } });
    expect(started.status).toBe(200);
    const redirectUri = new URL((started.body as { authorize_url: string }).authorize_url).searchParams.get('redirect_uri')!;
    expect(await listening(redirectUri)).toBe(true);

    await hosted.open(openCommand(join(folder, 'other.ledgerdesk'), 'Other Ltd'));
    await vi.waitFor(async () => expect(await listening(redirectUri)).toBe(false), { timeout: 10_000, interval: 50 });
    const status = await answerApiRequest(hosted.engine, SESSION_TOKEN, { method: 'GET', path: '/v2/hmrc' });
    expect((status.body as { hmrc_status: { sign_in_waiting?: unknown } }).hmrc_status.sign_in_waiting).toBeUndefined();
  });
});
