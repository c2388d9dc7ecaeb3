import type { RoundContext } from './context';
import type { Family, SyncRecord } from './family';
import type { OutboxRow } from './state';

/**
 * How long a create whose answer never came stays in doubt before, still not found by its key, it is
 * sent again: 15 minutes on the service's clock. The client gives up on an answer after 30 s, but the
 * service may still be working on the request (a queued request behind a slow one, a commit after a
 * gateway timeout), and its statement import runs in the background for up to a minute after its 200.
 * Fifteen minutes is thirty client timeouts and fifteen background imports: a copy that has not landed
 * by then was not made. Waiting costs only delay (three rounds at the app's five-minute interval);
 * sending too early costs a duplicate invoice on the company's books. See docs/api-notes.md.
 */
export const IN_DOUBT_MS = 15 * 60_000;

/** Sent, and its answer lost: it may be on the remote, now or later. (A row to look up first but never sent has no attempts.) */
export const inDoubt = (row: Pick<OutboxRow, 'state' | 'attempts'>) => (row.state === 'in_flight' || row.state === 'uncertain') && row.attempts > 0;

/** Whether an in-doubt create may be sent again: not found by its key, and sent longer ago than the window. */
export function doubtSettled(ctx: RoundContext, row: Pick<OutboxRow, 'updatedAt'>): boolean {
  const sentAt = Date.parse(row.updatedAt);
  return Number.isNaN(sentAt) || Date.parse(ctx.serviceNow()) - sentAt >= IN_DOUBT_MS;
}

/** Rows still waiting out their window: neither looked for again in vain nor resent. */
export const waitingInDoubt = (ctx: RoundContext, row: Pick<OutboxRow, 'state' | 'attempts' | 'updatedAt'>) => inDoubt(row) && !doubtSettled(ctx, row);

/**
 * How much earlier than our create first went out a record found by its key may say it was made and
 * still be ours. Both times are the service's: its `created_at`, and our send read on its clock
 * (service-clock.ts), which is at most half a second ahead of it (the Date header drops the
 * milliseconds and half a second is added; a slow answer only sets it back, which moves our send
 * earlier, the safe way), and `created_at` keeps whole seconds. Two minutes leaves room for that, for
 * the service's own machines disagreeing a little and for a desktop clock stepped between the round's
 * last answer and the send, and is still far below the time between an accountant's invoice and ours.
 */
export const MADE_BEFORE_SEND_MARGIN_MS = 2 * 60_000;

/**
 * Whether `theirs`, found online with the key of our create in doubt, was made clearly before that
 * create first went out, and so is someone else's: an accountant's invoice given the same number and
 * customer online. Taken for ours, the two became one record: merged against what we sent, its lines
 * replaced ours in the book (or, before sent bases were kept, ours replaced its lines online). Not
 * taken, ours is a create whose number is taken, which goes to review (unique-online.ts), once its
 * in-doubt window has passed. Only for families whose key is such a number
 * (`uniqueOnline`): elsewhere a record with our key is the same thing whoever made it (a contact's name
 * and email), and adopting it is what keeps it from being made twice. False, as before this check,
 * when the record has no `created_at` or our first send's time was not kept (sent before migration
 * 0026, or before the service's clock was known).
 */
export function madeBeforeOurSend(ctx: RoundContext, family: Family, localId: number, theirs: SyncRecord): boolean {
  if (!family.uniqueOnline) return false;
  const firstSent = Date.parse(ctx.state.firstSentOf(family.name, localId) ?? '');
  const made = typeof theirs.created_at === 'string' ? Date.parse(theirs.created_at) : Number.NaN;
  if (Number.isNaN(firstSent) || Number.isNaN(made)) return false;
  return made < firstSent - MADE_BEFORE_SEND_MARGIN_MS;
}
