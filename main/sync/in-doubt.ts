import type { RoundContext } from './context';
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
