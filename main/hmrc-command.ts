import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { HMRC_DECLARATION, OBLIGATION_STATUSES, PERIOD_KEY, type ObligationStatus } from '../shared/api/hmrc';
import { parseOptions, UsageError } from './args';
import type { Clock } from './engine/context';
import { openEngine } from './engine/open';
import type { BookOptions } from './engine/setup';
import { actingUserEmail } from './hmrc/acting-user';
import { asOwner, BookRefusal, type BookCaller } from './hmrc/book';
import { HmrcClient, HmrcError, HmrcUnanswered } from './hmrc/client';
import { rangeProblems } from './hmrc/date-ranges';
import { readRefusal } from './hmrc/refusal-words';
import { fraudHeaders } from './hmrc/fraud-headers';
import { machineFacts } from './hmrc/machine-facts';
import { bookVrn, defaultObligationWindow, NoVrnError, obligationsWithBook } from './hmrc/obligations';
import { SubmissionInDoubt, SubmissionRefused, submitVatReturn } from './hmrc/submit';
import { HmrcReconnectNeeded, StaticHmrcTokens } from './hmrc/tokens';
import { userDataFolder } from './user-data';

export const HMRC_USAGE = `  npm run cli -- hmrc obligations --db FILE [--status O|F] [--from YYYY-MM-DD --to YYYY-MM-DD] [--hmrc-base URL --hmrc-token T]
  npm run cli -- hmrc submit --db FILE --period-key KEY --declare [--hmrc-base URL --hmrc-token T]`;

/** A refusal or a failure, told in one sentence on stderr (exit 1). */
class HmrcCommandError extends Error {}

/**
 * `hmrc obligations` and `hmrc submit` (issue 21 item 9): one JSON object on stdout and exit 0, or one
 * sentence on stderr and exit 1. HMRC is reached with --hmrc-base and --hmrc-token (or
 * LEDGERDESK_HMRC_BASE, LEDGERDESK_HMRC_TOKEN). The CLI has no window, so the fraud prevention headers
 * for screens and window size go empty (docs/api-notes.md).
 */
export async function hmrcCommand(argv: string[], clock: Clock, env: Record<string, string | undefined>, newBook: BookOptions): Promise<number> {
  const [action, ...rest] = argv;
  if (action !== 'obligations' && action !== 'submit') throw new UsageError(action ? `Unknown hmrc command ${action}` : 'hmrc needs obligations or submit');
  const { values, flags } = parseOptions(rest, { values: ['db', 'status', 'from', 'to', 'period-key', 'hmrc-base', 'hmrc-token'], flags: ['declare'] });
  if (!values.db) throw new UsageError('--db is required');
  if (action === 'submit') {
    if (!values['period-key'] || !PERIOD_KEY.test(values['period-key'])) throw new UsageError("--period-key must be HMRC's period key: four of digits, capitals and #");
    // Nothing leaves the machine until the person has confirmed HMRC's declaration.
    if (!flags.has('declare')) {
      console.error(`Nothing was sent: confirm HMRC's declaration with --declare. ${HMRC_DECLARATION}`);
      return 1;
    }
  } else {
    if (values.status !== undefined && !OBLIGATION_STATUSES.includes(values.status as ObligationStatus)) throw new UsageError('--status must be O (open) or F (fulfilled)');
    // A range HMRC would refuse is told here, naming the option, and HMRC is not asked (date-ranges.ts).
    if (values.from !== undefined || values.to !== undefined) {
      const problems = rangeProblems('obligations', { from: values.from ?? null, to: values.to ?? null }, clock.now().toISOString().slice(0, 10), (name) => `--${name}`);
      if (problems.length) throw new UsageError(problems.join(' '));
    }
  }
  const baseUrl = values['hmrc-base'] ?? env.LEDGERDESK_HMRC_BASE;
  const token = values['hmrc-token'] ?? env.LEDGERDESK_HMRC_TOKEN;
  if (!baseUrl || !token) throw new UsageError('HMRC is reached with --hmrc-base URL and --hmrc-token T (or LEDGERDESK_HMRC_BASE and LEDGERDESK_HMRC_TOKEN)');
  const file = resolve(values.db);
  if (!existsSync(file)) {
    console.error(`No book at ${file}`);
    return 1;
  }

  const opened = openEngine({ file, clock, create: newBook, book: { create: false } });
  try {
    // The filing states are written as the book's owner, so the sync carries them like any edit.
    return await asOwner(opened, (book) => run(action, values, book, { baseUrl, token, clock }));
  } catch (error) {
    const known = [HmrcCommandError, SubmissionRefused, SubmissionInDoubt, HmrcReconnectNeeded, NoVrnError, BookRefusal, HmrcUnanswered];
    if (known.some((kind) => error instanceof kind)) {
      console.error((error as Error).message);
      return 1;
    }
    if (error instanceof HmrcError) {
      console.error(readRefusal(error));
      return 1;
    }
    throw error;
  } finally {
    opened.close();
  }
}

async function run(action: 'obligations' | 'submit', values: Record<string, string>, book: BookCaller, hmrc: { baseUrl: string; token: string; clock: Clock }): Promise<number> {
  const { baseUrl, token, clock } = hmrc;
  const [vrn, appUser] = await Promise.all([bookVrn(book), actingUserEmail(book)]);
  const client = new HmrcClient({
    baseUrl,
    vrn,
    tokens: new StaticHmrcTokens(token),
    fraudHeaders: async () => fraudHeaders(await machineFacts({ userData: userDataFolder(), appUser })),
  });
  if (action === 'obligations') {
    const window = values.from ? { from: values.from, to: values.to! } : values.status === 'O' ? {} : defaultObligationWindow(clock.now().toISOString().slice(0, 10));
    const obligations = await obligationsWithBook(client, book, { ...window, status: values.status as ObligationStatus | undefined });
    console.log(JSON.stringify({ obligations }));
    return 0;
  }
  const periodKey = values['period-key']!;
  const window = defaultObligationWindow(clock.now().toISOString().slice(0, 10));
  const obligation = (await obligationsWithBook(client, book, window)).find((candidate) => candidate.period_key === periodKey);
  if (!obligation) throw new HmrcCommandError(`HMRC has no obligation with period key ${periodKey} in the year to ${window.to}.`);
  if (!obligation.book_period_ends_on) throw new HmrcCommandError(`HMRC's period ${periodKey} (${obligation.start} to ${obligation.end}) is not one of the book's VAT periods: check the VAT period settings.`);
  const outcome = await submitVatReturn({ book, client, periodEndsOn: obligation.book_period_ends_on, periodKey, now: () => new Date() });
  const receipt = outcome.receipt;
  console.log(
    JSON.stringify({
      periodKey,
      formBundleNumber: receipt.form_bundle_number,
      processingDate: receipt.processing_date,
      paymentIndicator: receipt.payment_indicator,
      chargeRefNumber: receipt.charge_ref_number,
      receiptId: receipt.receipt_id,
      receiptTimestamp: receipt.receipt_timestamp,
      alreadyFiled: outcome.alreadyFiled,
    }),
  );
  return 0;
}
