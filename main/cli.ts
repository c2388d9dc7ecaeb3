import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isCompanyType } from '../shared/api/company';
import { isCalendarDate } from '../shared/api/fields';
import { parseOptions, UsageError } from './args';
import { backUp, BookFileError, DEFAULT_ROTATION, describeBackup, listBackups, NewerDatabaseError, restoreBook } from './engine/book-care';
import { clockFromEnvironment, type Clock } from './engine/context';
import { revokeTokens } from './engine/auth';
import { issueToken, openEngine, randomIds, revokeUserTokens, UnknownUserError, type OpenEngine } from './engine/open';
import { HostedBook } from './host/hosted-book';
import type { HostConfig } from './host/messages';
import { givenToken } from './given-token';
import { tokenExpiry } from './token-expiry';
import type { BookOptions } from './engine/setup';
import { parseCommand } from './parse-command';
import { startServer } from './server';
import { HMRC_USAGE, hmrcCommand } from './hmrc-command';
import { SYNC_USAGE, syncCommand } from './sync-command';
import { defaultBookPath, userDataFolder } from './user-data';

const USAGE = `Usage:
  npm run serve -- --db FILE --port N [--host 127.0.0.1] [--token-file FILE] [--company-type TYPE]
                   [--company-start YYYY-MM-DD] [--company-name NAME] [--owner-email EMAIL]
                   [--vat-registered] [--cis]
  npm run cli -- token --db FILE --user EMAIL [--expires 30d|12h|2027-01-31]
  npm run cli -- token --db FILE --revoke (--user EMAIL | --token-file FILE)
  (serve and token --revoke also take the token from LEDGERDESK_TOKEN; never from the command line)
  npm run cli -- browser [--db FILE] [--port N] --renderer DIR
  npm run cli -- backup --db FILE [--to FILE]
  npm run cli -- backups --db FILE
  npm run cli -- restore --db FILE --from COPY
  npm run cli -- parse FILE [--date-order dmy|mdy|ymd]
${SYNC_USAGE}
${HMRC_USAGE}`;

/** A failure the user can fix, reported without a stack trace. */
class CommandError extends Error {}

/** The label of browser mode's session token, so a run can find and forget its predecessors'. */
const BROWSER_TOKEN_LABEL = 'browser';

const BOOK_VALUES = ['company-type', 'company-start', 'company-name', 'owner-email'] as const;
const BOOK_FLAGS = ['vat-registered', 'cis'] as const;

function bookOptions(values: Record<string, string>, flags: Set<string>, clock: Clock): BookOptions {
  const type = values['company-type'] ?? 'UkLimitedCompany';
  if (!isCompanyType(type)) throw new UsageError(`--company-type must be one of UkLimitedCompany, UkSoleTrader, UkPartnership, UkUnincorporatedLandlord, Universal, Us`);
  const startDate = values['company-start'] ?? clock.now().toISOString().slice(0, 10);
  if (!isCalendarDate(startDate)) throw new UsageError('--company-start must be a date (YYYY-MM-DD)');
  return {
    type,
    name: values['company-name'] ?? 'My Company',
    startDate,
    vatRegistered: flags.has('vat-registered'),
    cisSubcontractor: flags.has('cis'),
    // Named on the command line: set up already, so the app does not open on its first run.
    setupCompleted: values['company-name'] !== undefined,
    owner: { email: values['owner-email'] ?? 'owner@ledgerdesk.local', firstName: 'Book', lastName: 'Owner' },
  };
}

function requireValue(values: Record<string, string>, name: string): string {
  const value = values[name];
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

function port(values: Record<string, string>, fallback?: number): number {
  const raw = values.port;
  if (raw === undefined && fallback !== undefined) return fallback;
  if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) > 65535) throw new UsageError('--port must be a number from 0 to 65535');
  return Number(raw);
}

/** Stops cleanly on Ctrl+C so the book's WAL is checkpointed and closed. */
function closeOnSignal(close: () => Promise<void>): void {
  const stop = () => void close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/**
 * serve and browser mode run the engine as the desktop app does: in the engine host's workers (a
 * writer and a reader), so a long write or parse never holds the server's own thread.
 */
async function hostBook(file: string, setup: BookOptions, token: { value: string; label: string; revokeLabel?: string }, config: Pick<HostConfig, 'userData' | 'env'>): Promise<HostedBook> {
  mkdirSync(dirname(file), { recursive: true });
  const hosted = new HostedBook({
    config: { ...config, now: process.env.LEDGERDESK_NOW ?? null, cipher: 'key file', cipherKind: 'key file', openBrowser: false },
    onCrash: (message) => console.error(message),
  });
  try {
    await hosted.open({ file, create: true, setup, backups: DEFAULT_ROTATION, token });
  } catch (error) {
    await hosted.stop();
    throw error;
  }
  return hosted;
}

async function serve(argv: string[], clock: Clock): Promise<void> {
  const { values, flags } = parseOptions(argv, { values: ['db', 'port', 'host', 'token', 'token-file', ...BOOK_VALUES], flags: BOOK_FLAGS });
  const given = givenToken(values, process.env);
  const token = given ?? randomIds.token();
  const host = values.host ?? '127.0.0.1';
  const listenOn = port(values);
  const hosted = await hostBook(resolve(requireValue(values, 'db')), bookOptions(values, flags, clock), { value: token, label: 'serve' }, { userData: null, env: {} });
  const server = await startServer({ engine: hosted.engine, host, port: listenOn }).catch(async (error: unknown) => {
    await hosted.stop();
    throw error;
  });
  if (given === undefined) console.log(`owner token ${token}`);
  console.log(`listening on ${server.url}`);
  closeOnSignal(async () => {
    await server.close();
    await hosted.close();
    await hosted.stop();
  });
}

async function browser(argv: string[], clock: Clock): Promise<void> {
  const { values, flags } = parseOptions(argv, { values: ['db', 'port', 'renderer', ...BOOK_VALUES], flags: BOOK_FLAGS });
  // Browser mode is the desktop app without Electron: the same book in the user's data folder.
  const file = resolve(values.db ?? defaultBookPath());
  const rendererDir = resolve(requireValue(values, 'renderer'));
  const listenOn = port(values, 0);
  // The session token lives as long as this run: any left by a run that did not end cleanly goes
  // first (revokeLabel), and this one goes when the run stops.
  const token = randomIds.token();
  // Sync and HMRC run in the writer worker; the page reaches them at /v2/sync and /v2/hmrc like any
  // other request. No browser to open from here: the window opens sign-in pages itself.
  const hosted = await hostBook(file, bookOptions(values, flags, clock), { value: token, label: BROWSER_TOKEN_LABEL, revokeLabel: BROWSER_TOKEN_LABEL }, { userData: userDataFolder(), env: { ...process.env } });
  const server = await startServer({ engine: hosted.engine, port: listenOn, rendererDir }).catch(async (error: unknown) => {
    await hosted.stop();
    throw error;
  });
  // The token travels in the fragment, which browsers never send to a server or write to its logs.
  console.log(`Ledgerdesk is running in browser mode: open ${server.url}/#token=${token}`);
  closeOnSignal(async () => {
    await server.close();
    await hosted.close(token);
    await hosted.stop();
  });
}

/** token and backup work on a book that exists; they never create one by accident. */
function openExisting(values: Record<string, string>, clock: Clock): OpenEngine {
  const file = resolve(requireValue(values, 'db'));
  if (!existsSync(file)) throw new CommandError(`No book at ${file}`);
  return openEngine({ file, clock, create: bookOptions({}, new Set(), clock), book: { create: false } });
}

function token(argv: string[], clock: Clock): void {
  const { values, flags } = parseOptions(argv, { values: ['db', 'user', 'token', 'token-file', 'expires'], flags: ['revoke'] });
  if (flags.has('revoke')) {
    revoke(values, clock);
    return;
  }
  const email = requireValue(values, 'user');
  const expiresAt = values.expires === undefined ? null : tokenExpiry(values.expires, clock.now());
  const opened = openExisting(values, clock);
  try {
    console.log(issueToken(opened.deps, email, undefined, 'cli', expiresAt));
    if (expiresAt) console.error(`expires ${expiresAt}`);
  } finally {
    opened.close();
  }
}

/** token --revoke: every token of --user, or the one token given in a file or LEDGERDESK_TOKEN. */
function revoke(values: Record<string, string>, clock: Clock): void {
  const given = values.user === undefined ? givenToken(values, process.env) : undefined;
  if (values.user === undefined && given === undefined) throw new UsageError('--revoke needs --user EMAIL, or the token in --token-file FILE or LEDGERDESK_TOKEN');
  const opened = openExisting(values, clock);
  try {
    const count = given === undefined ? revokeUserTokens(opened.deps, values.user!) : revokeTokens(opened.deps.book.db, { token: given });
    console.log(count === 0 ? 'no such token: nothing revoked' : `revoked ${count} token${count === 1 ? '' : 's'}`);
  } finally {
    opened.close();
  }
}

/** Without --to, the copy goes in the book's backups folder, where Restore… and `backups` list it. */
function backup(argv: string[], clock: Clock): void {
  const { values } = parseOptions(argv, { values: ['db', 'to'], flags: [] });
  const opened = openExisting(values, clock);
  try {
    const { sqlite, file } = opened.deps.book;
    let target: string;
    if (values.to) {
      target = resolve(values.to);
      if (existsSync(target)) throw new CommandError(`${target} already exists; choose a new name for the copy`);
      sqlite.prepare('VACUUM INTO ?').run(target);
    } else {
      target = backUp(sqlite, file, 'manual', clock.now());
    }
    console.log(`backed up to ${target}`);
  } finally {
    opened.close();
  }
}

function backups(argv: string[]): void {
  const { values } = parseOptions(argv, { values: ['db'], flags: [] });
  const file = resolve(requireValue(values, 'db'));
  for (const entry of listBackups(file).map(describeBackup)) console.log(`${entry.takenAt.toISOString()}  ${entry.kind.padEnd(13)}  ${entry.company}  ${entry.path}`);
}

async function restore(argv: string[], clock: Clock): Promise<void> {
  const { values } = parseOptions(argv, { values: ['db', 'from'], flags: [] });
  const file = resolve(requireValue(values, 'db'));
  const from = resolve(requireValue(values, 'from'));
  const listed = listBackups(file).find((entry) => entry.path === from) ?? null;
  const result = await restoreBook(file, from, listed, { now: () => clock.now() });
  if (result.previous) console.log(`the book as it was is kept in ${result.previous}`);
  console.log(`restored ${result.restored.company} (backup of ${result.restored.takenAt.toISOString()}) into ${file}`);
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    const clock = clockFromEnvironment(process.env.LEDGERDESK_NOW);
    switch (command) {
      case 'serve':
        await serve(rest, clock);
        return 0;
      case 'browser':
        await browser(rest, clock);
        return 0;
      case 'token':
        token(rest, clock);
        return 0;
      case 'backup':
        backup(rest, clock);
        return 0;
      case 'backups':
        backups(rest);
        return 0;
      case 'restore':
        await restore(rest, clock);
        return 0;
      case 'parse':
        return await parseCommand(rest);
      case 'sync':
        return await syncCommand(rest, clock, (values, flags) => bookOptions(values, flags, clock), BOOK_VALUES, BOOK_FLAGS);
      case 'hmrc':
        return await hmrcCommand(rest, clock, process.env, bookOptions({}, new Set(), clock));
      default:
        throw new UsageError(command ? `Unknown command ${command}` : 'No command given');
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof CommandError || error instanceof UnknownUserError || error instanceof BookFileError || error instanceof NewerDatabaseError) {
      console.error(error.message);
      return 1;
    }
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

const invokedDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname);
if (invokedDirectly) {
  void main(process.argv.slice(2)).then((code) => {
    if (code !== 0) process.exit(code);
  });
}
