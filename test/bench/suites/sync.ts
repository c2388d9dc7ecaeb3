import { performance } from 'node:perf_hooks';
import { startServer, type RunningServer } from '../../../main/server';
import { FAMILIES } from '../../../main/sync/families';
import { SyncService } from '../../../main/sync/service';
import { VirtualTimer } from '../../../main/sync/timer';
import { StaticTokenSource } from '../../../main/sync/tokens';
import { makeBook, OWNER, START, type SimBook } from '../../sync/books';
import { manyLines, type Line } from '../../sync/lines';
import type { BenchResult, CustomSuite } from '../bench';

// Sync of 10,000 statement lines against a loopback remote: a second engine served over HTTP on
// 127.0.0.1, as `npm run serve` does. Pull and push are timed in records/s and counted in requests;
// a round with nothing to do is counted too. Each time is compared with the plainest way to move the
// same lines over the same HTTP in the same run (paging through the list; uploading them in the same
// batches), so the ratio says what the sync costs on top of the transfer. Request counts are compared
// with the goals (110 for the pull, one per family for a quiet round). The sync runs on a
// virtual clock: the rate budget's waits (100 a minute) pass at once, so what is timed is the work;
// at the live caps 110 requests take a little over a minute whatever this machine does.

const LINES = 10_000;
const DAY = 86_400_000;
const HOUR = 3_600_000;

interface Remote {
  book: SimBook;
  server: RunningServer;
  requests: number;
  fetch: typeof fetch;
}

async function remoteBook(name: string, timer: VirtualTimer): Promise<Remote> {
  const book = makeBook(name, timer);
  const server = await startServer({ engine: book.engine, port: 0 });
  const remote: Remote = {
    book,
    server,
    requests: 0,
    fetch: async (input, init) => {
      remote.requests += 1;
      const answer = await fetch(input, init);
      // The remote book runs on the virtual clock, so its Date header does too, as a service's answers and
      // its records' updated_at share one clock (the sync decides by the Date: service-clock.ts).
      const headers = new Headers(answer.headers);
      headers.set('date', new Date(timer.now()).toUTCString());
      return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
    },
  };
  return remote;
}

async function account(book: SimBook, name: string): Promise<string> {
  const made = await book.call('POST', '/v2/bank_accounts', { bank_account: { name, type: 'StandardBankAccount', opening_balance: '0', account_number: '11112222', sort_code: '12-34-56' } });
  if (made.status !== 201) throw new Error(`bank account: ${made.status} ${JSON.stringify(made.body)}`);
  return String(made.body.bank_account.url).replace(/^.*?\/v2\//, '/v2/');
}

async function upload(book: SimBook, accountPath: string, lines: readonly Line[]): Promise<void> {
  for (let start = 0; start < lines.length; start += 1000) {
    const answer = await book.call('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(accountPath)}`, { statement: lines.slice(start, start + 1000) });
    if (answer.status !== 200) throw new Error(`upload: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

function service(book: SimBook, remote: Remote, timer: VirtualTimer): SyncService {
  return new SyncService({ engine: book.engine, deps: book.deps, remote: { baseUrl: remote.server.url, tokens: new StaticTokenSource(OWNER) }, fetch: remote.fetch, timer, sweepEveryMs: DAY });
}

const headers = { Authorization: `Bearer ${OWNER}`, Accept: 'application/json', 'Content-Type': 'application/json' };

/** The baseline pull: every page of the account's lines over HTTP, following Link, nothing else. */
async function rawList(remote: Remote, accountUrl: string): Promise<number> {
  let next: string | null = `${remote.server.url}/v2/bank_transactions?bank_account=${encodeURIComponent(accountUrl)}&per_page=100`;
  let count = 0;
  while (next) {
    const response: Response = await fetch(next, { headers });
    count += ((await response.json()) as { bank_transactions: unknown[] }).bank_transactions.length;
    next = /<([^>]*)>\s*;\s*rel="?next"?/.exec(response.headers.get('link') ?? '')?.[1] ?? null;
  }
  return count;
}

/** The baseline push: the same lines uploaded in the same batches over HTTP, then listed once to see them. */
async function rawPush(remote: Remote, accountUrl: string, lines: readonly Line[]): Promise<void> {
  for (let start = 0; start < lines.length; start += 1000) {
    const response = await fetch(`${remote.server.url}/v2/bank_transactions/statement?bank_account=${encodeURIComponent(accountUrl)}`, { method: 'POST', headers, body: JSON.stringify({ statement: lines.slice(start, start + 1000) }) });
    if (response.status !== 200) throw new Error(`raw upload: ${response.status}`);
    await response.text();
  }
  if ((await rawList(remote, accountUrl)) !== lines.length) throw new Error('raw push: not every line arrived');
}

const rate = (ms: number) => Math.round(LINES / (ms / 1000));

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const result = (name: string, value: number, unit: string, baseline: number): BenchResult => ({ name, value, unit, baseline, ratio: Number((value / baseline).toFixed(4)) });

export const syncSuite: CustomSuite = {
  name: 'sync',
  async run() {
    const timer = new VirtualTimer(START);
    const lines = manyLines(LINES);
    const remotes: Remote[] = [];
    try {
      // Pull: a remote holding 10,000 lines, an empty book linked to it.
      const pullRemote = await remoteBook('pull-remote', timer);
      remotes.push(pullRemote);
      await upload(pullRemote.book, await account(pullRemote.book, 'Current'), lines);
      const remoteAccount = (await pullRemote.book.call('GET', '/v2/bank_accounts')).body.bank_accounts[0].url.replace(/^.*?\/v2\//, `${pullRemote.server.url}/v2/`);
      const rawPullMs = await timed(() => rawList(pullRemote, remoteAccount));
      const puller = makeBook('puller', timer);
      const pulling = service(puller, pullRemote, timer);
      await pulling.applyLink(await pulling.planLink());
      timer.advance(HOUR);
      let pullRound = { pulled: 0, requests: 0, checkRequests: 0 };
      const pullMs = await timed(async () => (pullRound = await pulling.runOnce()));
      if (pullRound.pulled !== LINES + 1) throw new Error(`pull: ${pullRound.pulled} records, not ${LINES + 1}`);

      // A quiet round: the hour of overlap read once more, then nothing to do.
      timer.advance(2 * HOUR);
      await pulling.runOnce();
      let quiet = { pulled: 0, pushed: 0, requests: 0, checkRequests: 0 };
      const quietMs = await timed(async () => (quiet = await pulling.runOnce()));
      if (quiet.pulled + quiet.pushed !== 0) throw new Error('the quiet round moved records');
      const rawQuietMs = await timed(async () => {
        for (let n = 0; n < quiet.requests; n += 1) await (await fetch(`${pullRemote.server.url}/v2/contacts?per_page=100&updated_since=2999-01-01T00:00:00Z`, { headers })).text();
      });

      // Push: a book holding the 10,000 lines, linked to an empty remote.
      const pushRemote = await remoteBook('push-remote', timer);
      remotes.push(pushRemote);
      const pusher = makeBook('pusher', timer);
      await upload(pusher, await account(pusher, 'Current'), lines);
      const pushing = service(pusher, pushRemote, timer);
      await pushing.applyLink(await pushing.planLink());
      let pushRound = { pushed: 0, requests: 0 };
      const pushMs = await timed(async () => (pushRound = await pushing.runOnce()));
      if (pushRound.pushed !== LINES + 1) throw new Error(`push: ${pushRound.pushed} records, not ${LINES + 1}`);
      const rawRemote = await remoteBook('raw-remote', timer);
      remotes.push(rawRemote);
      const rawAccount = `${rawRemote.server.url}${await account(rawRemote.book, 'Current')}`;
      const rawPushMs = await timed(() => rawPush(rawRemote, rawAccount, lines));

      return [
        result('sync.pull_10k_lines', rate(pullMs), 'records/s', rate(rawPullMs)),
        // Counted as the quiet round is: the agreement check's own requests apart (they follow below).
        result('sync.pull_10k_lines.requests', pullRound.requests - pullRound.checkRequests, 'requests (baseline: the goal)', 110),
        result('sync.pull_10k_lines.check_requests', pullRound.checkRequests, 'requests the agreement check adds (baseline: one)', 1),
        result('sync.push_10k_lines', rate(pushMs), 'records/s', rate(rawPushMs)),
        // Beyond the baseline's 10 uploads + 100 pages, a push round sends one list per unscoped family (it
        // pulls first), the bank account's create and an 11th upload: uploads hold whole days (spec 4.6;
        // upload-lines.ts), and these lines, 33 or 34 a day, fill at most 986-990 of each 1,000.
        result('sync.push_10k_lines.requests', pushRound.requests, 'requests (baseline: 10 uploads + 100 pages)', 110),
        result('sync.quiet_round', Math.round(quietMs), 'ms', Math.max(1, Math.round(rawQuietMs))),
        // The agreement check's own requests are counted apart: the goal is one per family plus the check's.
        // One list per family, and the filing status's two (VAT returns, and the one user's self
        // assessment returns: main/sync/filings.ts), which are families in all but the id map's name.
        result('sync.quiet_round.requests', quiet.requests - quiet.checkRequests, 'requests (baseline: one per family and filing list)', FAMILIES.length + 2),
        result('sync.quiet_round.check_requests', quiet.checkRequests, 'requests the agreement check adds (baseline: one per compared family and the trial balance)', FAMILIES.filter((family) => family.figures).length + 1),
      ];
    } finally {
      for (const remote of remotes) await remote.server.close();
    }
  },
};
