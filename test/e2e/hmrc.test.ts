import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryConnectionStore } from '../../main/hmrc/connection';
import { withHmrcDoor } from '../../main/hmrc/door';
import { HmrcService, SIGN_IN_NOT_FINISHED, type HmrcServiceOptions, type SignInTimer } from '../../main/hmrc/service';
import { postDocument } from '../engine/report-fixtures';
import { bookQuarters } from '../hmrc/fixture';
import { HmrcSimulator } from '../hmrc/simulator';
import { useBookOpener } from './fresh-book';
import { checkScreen } from './screens';
import type { AppSession } from './session';

/**
 * Issue 21 by keys and clicks: Tax › HMRC connects to the simulator with its address and a token,
 * shows HMRC's obligations beside the book's returns, opens the ended quarter, sends it after the
 * declaration is ticked, and shows HMRC's receipt on the return, now filed and locked. Every request
 * the window caused carried valid fraud prevention headers, screens and window size included.
 */
// Each test opens a book and an HMRC simulator of its own (one Chromium for the file): the quarter's
// obligation, its filing and the return's lock are the whole book's and HMRC's, so they run in any order.
describe.shuffle('filing a VAT return with HMRC in browser mode', { timeout: 180_000 }, () => {
  const opener = useBookOpener();
  let app: AppSession;
  let sim: HmrcSimulator;
  const simulators: HmrcSimulator[] = [];

  afterAll(async () => {
    await Promise.all(simulators.map((each) => each.stop()));
  });

  /** A new HMRC simulator, and a new VAT-registered book with a sale of 1,000.50 + 200.10 VAT in the ended quarter, the window on Overview at 1280x800. */
  async function openBookAndHmrc(serviceOptions: (simulated: HmrcSimulator) => Partial<HmrcServiceOptions> = () => ({})): Promise<void> {
    sim = await new HmrcSimulator({
      today: '2026-11-22',
      obligations: bookQuarters(),
      mayBeEmpty: ['Gov-Client-Multi-Factor', 'Gov-Vendor-License-IDs'],
      liabilities: [{ taxPeriod: { from: '2026-05-01', to: '2026-07-31' }, type: 'VAT Return Debit Charge', originalAmount: 463.65, outstandingAmount: 0, due: '2026-09-07' }],
      payments: [{ amount: 463.65, received: '2026-09-01' }],
    }).start();
    simulators.push(sim);
    const service = new HmrcService({ store: new MemoryConnectionStore(), userData: mkdtempSync(join(tmpdir(), 'ledgerdesk-hmrc-e2e-')), ...serviceOptions(sim) });
    app = await opener.open({
      book: { vatRegistered: true },
      door: (book) => withHmrcDoor(book.engine, () => service, () => new Date('2026-11-22T10:00:00Z')),
      viewport: { width: 1280, height: 800 },
      prepare: (book) => {
        book.book.sqlite.prepare("UPDATE company SET vat_registration_number = 'GB123456789'").run();
        postDocument(book, '2026-09-10', [{ code: '001', debit: -100_050, salesTaxStatus: 'TAXABLE' }, { code: '819', debit: -20_010 }, { code: '681', debit: 120_060 }], 'invoices');
      },
    });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  }

  /** Tax (Alt+0), its HMRC tab. */
  async function openHmrcTab(): Promise<void> {
    const { page } = app;
    await page.keyboard.press('Alt+0');
    await page.getByRole('heading', { name: 'Tax', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'HMRC' }).click();
  }

  /** Tax › HMRC connected to the simulator with its token, and the quarter to 31 Oct 2026 opened from its obligation. */
  async function connectAndOpenQuarter(): Promise<void> {
    const { page } = app;
    await openHmrcTab();
    await page.getByLabel('HMRC address').fill(sim.url);
    await page.getByLabel('Access token').fill(sim.token);
    await page.getByRole('button', { name: 'Connect to HMRC' }).click();
    await page.getByText(`Connected to HMRC at ${sim.url} for VAT number 123456789`).waitFor();
    await page.getByRole('table', { name: 'HMRC obligations' }).getByRole('row').filter({ hasText: '18A6' }).getByRole('button', { name: 'To file' }).click();
  }

  it('connects to HMRC and shows its obligations beside the book returns', async () => {
    await openBookAndHmrc();
    const { page } = app;
    await openHmrcTab();
    await page.getByText('This book is not connected to HMRC').waitFor();
    await page.getByLabel('HMRC address').fill(sim.url);
    await page.getByLabel('Access token').fill(sim.token);
    await page.getByRole('button', { name: 'Connect to HMRC' }).click();
    await page.getByText(`Connected to HMRC at ${sim.url} for VAT number 123456789`).waitFor();
    const obligations = page.getByRole('table', { name: 'HMRC obligations' });
    const quarter = obligations.getByRole('row').filter({ hasText: '18A6' });
    const cells = async (row: typeof quarter) => (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
    await expect.poll(() => cells(quarter)).toEqual(['1 Aug 2026 – 31 Oct 2026', '18A6', '7 Dec 2026', 'Open', 'To file']);
    expect(await cells(obligations.getByRole('row').filter({ hasText: '18A5' }))).toEqual(['1 May 2026 – 31 Jul 2026', '18A5', '7 Sept 2026', 'Fulfilled 7 Sept 2026', 'Overdue']);
    await page.getByRole('table', { name: 'HMRC payments' }).getByText('£463.65').waitFor();
    await checkScreen(app, 'tax-hmrc-obligations');
  });

  it('sends the return once the declaration is ticked, and shows the receipt on the locked return', async () => {
    await openBookAndHmrc();
    const { page } = app;
    // Connected, as the first test leaves the book, its obligations listed.
    await connectAndOpenQuarter();
    await page.getByRole('heading', { name: 'VAT return 1 Aug 2026 – 31 Oct 2026' }).waitFor();
    await page.getByText('HMRC period 18A6, due 7 Dec 2026.').waitFor();
    await page.getByRole('button', { name: 'Send to HMRC…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this VAT return to HMRC?' });
    await dialog.getByText('When you submit this VAT information you are making a legal declaration that the information is true and complete. A false declaration can result in prosecution.').waitFor();
    const send = dialog.getByRole('button', { name: 'Send to HMRC' });
    expect(await send.isDisabled()).toBe(true);
    await checkScreen(app, 'tax-hmrc-declaration');
    expect(sim.submissions()).toHaveLength(0);
    await dialog.getByLabel('I confirm this declaration').check();
    await send.click();
    const receipt = page.getByRole('region', { name: 'HMRC receipt' });
    await receipt.waitFor();
    const held = sim.returns.get('18A6')!;
    await receipt.getByText(held.formBundleNumber).waitFor();
    await receipt.getByText('XM002610011594').waitFor();
    await receipt.getByText('By Direct Debit (DD)').waitFor();
    await page.getByText('Filed with HMRC', { exact: true }).waitFor();
    await page.getByText('These are the figures the return was filed with').waitFor();
    expect(sim.submissions()).toHaveLength(1);
    expect(JSON.parse(sim.submissions()[0]!.body)).toMatchObject({ periodKey: '18A6', vatDueSales: 200.1, netVatDue: 200.1, totalValueSalesExVAT: 1000, finalised: true });
    const record = (await app.book.json('GET', '/v2/vat_returns/2026-10-31')).body.vat_return;
    expect(record).toMatchObject({ filing_status: 'filed', filed_reference: held.formBundleNumber });
    await checkScreen(app, 'tax-hmrc-receipt');
    // Every request the window caused, the browser's screen and window size included, passed the validator.
    expect(sim.fraudProblems()).toEqual([]);
    expect(sim.requests.every((request) => request.headers.get('gov-client-window-size')?.startsWith('width='))).toBe(true);
  });

  it('a return whose answer was lost, and that HMRC then shows fulfilled, is looked up and filed, never sent twice', async () => {
    await openBookAndHmrc();
    const { page } = app;
    await connectAndOpenQuarter();
    await page.getByText('HMRC period 18A6, due 7 Dec 2026.').waitFor();
    // HMRC files the return but its answer is lost, and every look-up after it fails: the return stays pending.
    // The period key's check reads the obligations first (main/hmrc/period-check.ts): answered as usual.
    sim.submitFaults.push('lose');
    sim.anyFaults.push('answer', '500', '500', '500', '500');
    await page.getByRole('button', { name: 'Send to HMRC…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this VAT return to HMRC?' });
    await dialog.getByLabel('I confirm this declaration').check();
    await dialog.getByRole('button', { name: 'Send to HMRC' }).click();
    await page.getByText(/The return stays pending/).waitFor({ timeout: 60_000 });
    expect((await app.book.json('GET', '/v2/vat_returns/2026-10-31')).body.vat_return.filing_status).toBe('pending');
    expect(sim.submissions()).toHaveLength(1);
    // Pending, it is not offered to be marked filed by hand: that would record it filed before HMRC's
    // receipt is known (the page still showed it to file, Mark as filed with it, until opened again).
    await page.getByText('Filing pending', { exact: true }).waitFor();
    await page.getByText("While HMRC's answer is not known it cannot be marked as filed by hand", { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Mark as filed' }).count()).toBe(0);

    // Later: HMRC shows the period fulfilled. The return is offered to be looked up, not left pending for ever.
    await page.keyboard.press('Alt+1');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await openHmrcTab();
    await page.getByRole('table', { name: 'HMRC obligations' }).getByRole('row').filter({ hasText: '18A6' }).getByRole('button', { name: 'Filing pending' }).click();
    await page.getByText('This return was sent to HMRC and no answer came back.', { exact: false }).waitFor();
    await page.getByText('HMRC shows period 18A6 as fulfilled: the return sent earlier has most likely arrived.').waitFor();
    expect(await page.getByRole('button', { name: 'Mark as filed' }).count()).toBe(0);
    await checkScreen(app, 'tax-hmrc-pending-fulfilled');
    await page.getByRole('button', { name: 'Look it up on HMRC…' }).click();
    await dialog.getByLabel('I confirm this declaration').check();
    await dialog.getByRole('button', { name: 'Send to HMRC' }).click();
    const receipt = page.getByRole('region', { name: 'HMRC receipt' });
    await receipt.getByText("HMRC's answer to the submission was lost; the return was found filed on HMRC, so it was not sent again.").waitFor();
    await page.getByText('Filed with HMRC', { exact: true }).waitFor();
    expect(sim.submissions()).toHaveLength(1);
    expect((await app.book.json('GET', '/v2/vat_returns/2026-10-31')).body.vat_return.filing_status).toBe('filed');
    await checkScreen(app, 'tax-hmrc-found-filed');
  });
  it('a return HMRC refuses says why once, what to do and that nothing was filed, and can be sent again', async () => {
    await openBookAndHmrc();
    const { page } = app;
    await connectAndOpenQuarter();
    await page.getByText('HMRC period 18A6, due 7 Dec 2026.').waitFor();
    // HMRC refuses the token for this VAT number at the POST (vat-api-rules.md section 2).
    sim.submitFaults.push({ status: 403, body: { code: 'CLIENT_OR_AGENT_NOT_AUTHORISED', message: 'The client and/or agent is not authorised.' } });
    const dialog = page.getByRole('dialog', { name: 'Send this VAT return to HMRC?' });
    const sendIt = async () => {
      await page.getByRole('button', { name: 'Send to HMRC…' }).click();
      await dialog.getByLabel('I confirm this declaration').check();
      await dialog.getByRole('button', { name: 'Send to HMRC' }).click();
    };
    await sendIt();
    const said =
      "The HMRC account this book is connected with may not file VAT for VAT number 123456789: connect to HMRC again (Tax › HMRC), signed in with the business's own Government Gateway account or its agent's. " +
      'Nothing was filed. (HMRC said: The client and/or agent is not authorised. (CLIENT_OR_AGENT_NOT_AUTHORISED))';
    await page.getByText(said, { exact: true }).waitFor();
    await page.getByText('Rejected by HMRC', { exact: true }).first().waitFor();
    // Said once (it was also this call's error), and not behind a second "HMRC refused".
    expect(await page.getByText('may not file VAT for VAT number 123456789').count()).toBe(1);
    expect(await page.getByText('HMRC refused this return').count()).toBe(0);
    expect(sim.returns.size).toBe(0);
    expect((await app.book.json('GET', '/v2/vat_returns/2026-10-31')).body.vat_return.filing_status).toBe('rejected');
    await checkScreen(app, 'tax-hmrc-refused');
    // Put right at HMRC, the same return goes.
    await sendIt();
    await page.getByRole('region', { name: 'HMRC receipt' }).waitFor();
    await page.getByText('Filed with HMRC', { exact: true }).waitFor();
    expect(sim.returns.size).toBe(1);
    expect(sim.fraudProblems()).toEqual([]);
  });

  it('a token HMRC does not let see this VAT number: Tax › HMRC says so once, not once per read, and no table claims none', async () => {
    await openBookAndHmrc();
    const { page } = app;
    await openHmrcTab();
    await page.getByText('This book is not connected to HMRC').waitFor();
    // Obligations, liabilities and payments are read side by side, and each is refused alike.
    const refused = { status: 403, body: { code: 'CLIENT_OR_AGENT_NOT_AUTHORISED', message: 'The client and/or agent is not authorised.' } };
    sim.anyFaults.push(refused, refused, refused);
    await page.getByLabel('HMRC address').fill(sim.url);
    await page.getByLabel('Access token').fill(sim.token);
    await page.getByRole('button', { name: 'Connect to HMRC' }).click();
    await page.getByText('The HMRC account this book is connected with may not file VAT for VAT number 123456789', { exact: false }).first().waitFor();
    await expect.poll(() => sim.requests.length).toBe(3);
    expect(await page.getByText('The HMRC account this book is connected with may not file VAT for VAT number 123456789', { exact: false }).count()).toBe(1);
    // The tables HMRC did not fill say so, not "none" (which would say HMRC holds nothing).
    expect(await page.getByText('Not read from HMRC (see the message above).', { exact: true }).count()).toBe(3);
    expect(await page.getByText('HMRC has no obligations for this book in the last year.').count()).toBe(0);
    await checkScreen(app, 'tax-hmrc-not-authorised');
    expect(sim.fraudProblems()).toEqual([]);
  });
  it('signing in with HMRC that the person declines says so on Tax › HMRC, not just "not connected"', async () => {
    // The system browser: HMRC's page, where the person refuses to grant access (oauth.md, step 2).
    await openBookAndHmrc((simulated) => ({
      env: { LEDGERDESK_HMRC_CLIENT_ID: simulated.oauth.clientId, LEDGERDESK_HMRC_CLIENT_SECRET: simulated.oauth.clientSecret },
      hosts: { sandbox: { api: simulated.url, www: simulated.url }, production: { api: 'https://invalid.example', www: 'https://invalid.example' } },
      redirectPorts: [18751, 18752, 18753],
      openBrowser: async (url) => {
        const redirect = new URL(simulated.issueCode(url).redirect.replace('//localhost:', '//127.0.0.1:'));
        redirect.search = new URLSearchParams({ error: 'access_denied', error_description: 'The user denied the request', state: redirect.searchParams.get('state')! }).toString();
        await fetch(redirect);
      },
    }));
    const { page } = app;
    await openHmrcTab();
    await page.getByText('This book is not connected to HMRC').waitFor();
    await page.getByRole('button', { name: "Sign in with HMRC's sandbox" }).click();
    // No "check the connection" to press: the panel reads the status until the sign-in has ended.
    await page.getByText('Signing in with HMRC did not connect this book: The approval was declined in the browser.', { exact: true }).waitFor();
    await page.getByText('This book is not connected to HMRC').waitFor();
    await checkScreen(app, 'tax-hmrc-sign-in-declined');
  });
  /** Signing in through the browser against the simulator: the browser opens HMRC's page and the person closes it; the wait's timer is the test's. */
  function abandonedSignIn(ports: number[]) {
    const opened: string[] = [];
    const timers: { ms: number; fire: () => void }[] = [];
    const signInTimer: SignInTimer = (ms, fire) => {
      timers.push({ ms, fire });
      return () => undefined;
    };
    const options = (simulated: HmrcSimulator): Partial<HmrcServiceOptions> => ({
      env: { LEDGERDESK_HMRC_CLIENT_ID: simulated.oauth.clientId, LEDGERDESK_HMRC_CLIENT_SECRET: simulated.oauth.clientSecret },
      hosts: { sandbox: { api: simulated.url, www: simulated.url }, production: { api: 'https://invalid.example', www: 'https://invalid.example' } },
      redirectPorts: ports,
      signInTimer,
      openBrowser: async (url) => void opened.push(url),
    });
    return { opened, timers, options };
  }
  const listening = (port: number) => fetch(`http://127.0.0.1:${port}/callback`).then(() => true, () => false);
  const waitingText = 'Waiting for you to finish signing in on';

  it('a sign-in left unfinished in the browser is cancelled by keys and by a click, its listener closed, and Connect offered again', async () => {
    const browser = abandonedSignIn([18754, 18755, 18756]);
    await openBookAndHmrc(browser.options);
    const { page } = app;
    await openHmrcTab();
    await page.getByText('This book is not connected to HMRC').waitFor();
    // By keys: the sandbox's sign-in, then Tab past the link to HMRC's page to Cancel.
    await page.getByRole('button', { name: "Sign in with HMRC's sandbox" }).focus();
    await page.keyboard.press('Enter');
    const waiting = page.getByRole('status').filter({ hasText: waitingText });
    await waiting.waitFor();
    expect(browser.opened).toHaveLength(1);
    expect(await waiting.getByRole('link', { name: "HMRC's page" }).getAttribute('href')).toBe(browser.opened[0]);
    expect(await listening(18754)).toBe(true);
    await checkScreen(app, 'tax-hmrc-sign-in-waiting');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Cancel');
    await page.keyboard.press('Enter');
    await waiting.waitFor({ state: 'detached' });
    // Focus back on signing in, nothing said to have failed, nothing listening.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Sign in with HMRC');
    expect(await page.getByText('did not connect this book').count()).toBe(0);
    await page.getByText('This book is not connected to HMRC').waitFor();
    expect(await listening(18754)).toBe(false);

    // By clicks, twice over: a second sign-in while one waits replaces it (one listener, the same port).
    await page.getByRole('button', { name: "Sign in with HMRC's sandbox" }).click();
    await waiting.waitFor();
    await page.getByRole('button', { name: 'Sign in with HMRC', exact: true }).click();
    await expect.poll(() => browser.opened.length).toBe(3);
    expect(new URL(browser.opened[2]!).searchParams.get('redirect_uri')).toBe('http://localhost:18754/callback');
    expect(await listening(18755)).toBe(false);
    await waiting.getByRole('button', { name: 'Cancel' }).click();
    await waiting.waitFor({ state: 'detached' });
    expect(await listening(18754)).toBe(false);
    await page.getByRole('button', { name: 'Sign in with HMRC', exact: true }).waitFor();
    await checkScreen(app, 'tax-hmrc-sign-in-cancelled');
  });

  it('a sign-in nobody finishes ends by itself: the panel says it was not finished, and signing in again connects', async () => {
    const browser = abandonedSignIn([18757, 18758, 18759]);
    await openBookAndHmrc(browser.options);
    const { page } = app;
    await openHmrcTab();
    await page.getByRole('button', { name: "Sign in with HMRC's sandbox" }).click();
    const waiting = page.getByRole('status').filter({ hasText: waitingText });
    await waiting.waitFor();
    // The wait's time is up (main's timer, fired here rather than waited for).
    expect(browser.timers.map((timer) => timer.ms)).toEqual([30 * 60_000]);
    browser.timers[0]!.fire();
    await page.getByText(`Signing in with HMRC did not connect this book: ${SIGN_IN_NOT_FINISHED}`, { exact: true }).waitFor();
    await waiting.waitFor({ state: 'detached' });
    expect(await listening(18757)).toBe(false);
    await checkScreen(app, 'tax-hmrc-sign-in-not-finished');
    // Connect again; this time the person finishes on HMRC's page and the panel carries on by itself.
    await page.getByRole('button', { name: "Sign in with HMRC's sandbox" }).click();
    await waiting.waitFor();
    await fetch(sim.issueCode(browser.opened[1]!).redirect.replace('//localhost:', '//127.0.0.1:'));
    await page.getByText(`Connected to HMRC at ${sim.url} for VAT number 123456789`).waitFor();
    await page.getByRole('table', { name: 'HMRC obligations' }).getByRole('row').filter({ hasText: '18A6' }).waitFor();
    expect(await page.getByText('did not connect this book').count()).toBe(0);
    expect(sim.fraudProblems()).toEqual([]);
  });
  it('HMRC refusing the token a refresh has just given (the grant revoked meanwhile): the return says connect again, and Tax › HMRC offers signing in at once', async () => {
    // Signed in through the browser; the person then revokes Ledgerdesk at HMRC just after a refresh.
    let revokeAfterRefresh = false;
    await openBookAndHmrc((simulated) => ({
      env: { LEDGERDESK_HMRC_CLIENT_ID: simulated.oauth.clientId, LEDGERDESK_HMRC_CLIENT_SECRET: simulated.oauth.clientSecret },
      hosts: { sandbox: { api: simulated.url, www: simulated.url }, production: { api: 'https://invalid.example', www: 'https://invalid.example' } },
      redirectPorts: [18764, 18765, 18766],
      openBrowser: async (url) => void (await fetch(simulated.issueCode(url).redirect.replace('//localhost:', '//127.0.0.1:'))),
      fetch: async (input, init) => {
        const answer = await fetch(input, init);
        if (revokeAfterRefresh && String(input).endsWith('/oauth/token') && String(init?.body).includes('grant_type=refresh_token')) simulated.revokeGrant();
        return answer;
      },
    }));
    const { page } = app;
    await openHmrcTab();
    await page.getByRole('button', { name: "Sign in with HMRC's sandbox" }).click();
    await page.getByText(`Connected to HMRC at ${sim.url} for VAT number 123456789`).waitFor();
    await page.getByRole('table', { name: 'HMRC obligations' }).getByRole('row').filter({ hasText: '18A6' }).getByRole('button', { name: 'To file' }).click();
    await page.getByText('HMRC period 18A6, due 7 Dec 2026.').waitFor();
    sim.submitFaults.push({ status: 401, body: { code: 'INVALID_CREDENTIALS', message: 'Invalid Authentication information provided' } });
    revokeAfterRefresh = true;
    await page.getByRole('button', { name: 'Send to HMRC…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this VAT return to HMRC?' });
    await dialog.getByLabel('I confirm this declaration').check();
    await dialog.getByRole('button', { name: 'Send to HMRC' }).click();
    await page.getByText("HMRC no longer accepts this book's connection: connect to HMRC again (Tax › HMRC). Nothing was filed.", { exact: false }).first().waitFor();
    expect(sim.submissions()).toHaveLength(2);
    expect(sim.returns.size).toBe(0);
    await page.keyboard.press('Alt+1');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await openHmrcTab();
    await page.getByText("HMRC no longer accepts this book's connection (a grant lasts 18 months and can be revoked): connect to HMRC again.").waitFor();
    await page.getByRole('button', { name: "Sign in with HMRC's sandbox" }).waitFor();
    expect(await page.getByRole('button', { name: 'Disconnect' }).count()).toBe(0);
    await checkScreen(app, 'tax-hmrc-revoked-after-refresh');
  });
});
