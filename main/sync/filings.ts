import { Level } from '../../shared/api/permissions';
import { checkAborted, type RoundContext } from './context';
import type { SyncRecord } from './family';
import { RemoteRefusal } from './remote-errors';
import { USERS } from './users';

/**
 * The filing status of VAT and self assessment returns. A return is not a record either side creates:
 * both work out the same periods from the company (and each person), and only whether it was filed
 * travels. A return filed on one side is marked filed on the other, so neither ever files it again
 * (marking sends nothing to HMRC). Unfiling travels too, by comparison with the status last agreed;
 * when both sides moved, filed wins: a return wrongly shown unfiled could be filed twice.
 */

interface ReturnList {
  /** The id map's family for these returns (one per person for self assessment). */
  family: string;
  local: string;
  remote: string;
  many: string;
}

const pathOf = (url: string) => url.replace(/^[a-z]+:\/\/[^/]+/, '');
const filed = (record: SyncRecord | undefined) => typeof record?.filing_status === 'string' && record.filing_status !== 'unfiled';
/** A period end as the id map's integer id: 2025-07-31 is 20250731. */
const periodId = (period: string) => Number(period.replace(/-/g, ''));

/** VAT returns, and each person's self assessment returns where the person is the same on both sides (users.ts). */
function returnLists(ctx: RoundContext): ReturnList[] {
  const lists: ReturnList[] = [{ family: 'vat_returns', local: '/v2/vat_returns', remote: '/v2/vat_returns', many: 'vat_returns' }];
  for (const user of ctx.state.mappedIn(USERS)) {
    lists.push({ family: `self_assessment_returns ${user.localId}`, local: `/v2/users/${user.localId}/self_assessment_returns`, remote: `${pathOf(user.remoteUrl)}/self_assessment_returns`, many: 'self_assessment_returns' });
  }
  return lists;
}

/** Where a return's status should end up: where both are, else the side that changed since the last agreement, else filed. */
function settle(mine: boolean, theirs: boolean, base: boolean | undefined): boolean {
  if (mine === theirs) return mine;
  if (base === undefined) return true;
  if (mine !== base && theirs === base) return mine;
  if (theirs !== base && mine === base) return theirs;
  return true;
}

/**
 * Brings the filing status of every return both sides list into line, for the directions the round
 * runs. Reading returns needs Tax, Accounting and Users; marking them on the remote needs Full access.
 */
export async function syncFilings(ctx: RoundContext, direction: 'both' | 'pull' | 'push'): Promise<void> {
  const level = ctx.state.account()?.permissionLevel ?? 0;
  if (level < Level.TaxAccountingAndUsers) return;
  const mayWriteThere = direction !== 'pull' && level >= Level.Full;
  const mayWriteHere = direction !== 'push';
  for (const list of returnLists(ctx)) {
    checkAborted(ctx);
    let remote: SyncRecord[];
    try {
      remote = (await ctx.remote.list(list.remote, list.many)).records;
    } catch (error) {
      // A person with no returns there (or a company not registered for VAT on a service that says so).
      if (error instanceof RemoteRefusal) continue;
      throw error;
    }
    const local = new Map((await ctx.local.list(list.local, list.many, {}).catch(() => [])).map((record) => [String(record.period_ends_on), record]));
    for (const theirsRecord of remote) {
      const period = String(theirsRecord.period_ends_on ?? '');
      const mineRecord = local.get(period);
      if (!mineRecord || typeof theirsRecord.url !== 'string') continue;
      const id = periodId(period);
      const mapped = ctx.state.byLocal(list.family, id);
      const base = mapped ? mapped.localBase.filed === true : undefined;
      let mine = filed(mineRecord);
      let theirs = filed(theirsRecord);
      const target = settle(mine, theirs, base);
      // What the book's return ends up as: the target, unless the remote could not be brought to it.
      let here = target;
      if (theirs !== target) {
        if (!mayWriteThere) here = mine;
        else {
          try {
            await ctx.remote.request('PUT', `${theirsRecord.url}/${target ? 'mark_as_filed' : 'mark_as_unfiled'}`);
            theirs = target;
            ctx.counts.pushed += 1;
          } catch (error) {
            if (!(error instanceof RemoteRefusal)) throw error;
            // Not filed there (its period not over by the service's date): this book keeps its own.
            // Not unfiled there (filed with HMRC online stays filed): filed here too.
            here = target ? mine : theirs;
          }
        }
      }
      if (mine !== here && mayWriteHere) {
        const answer = await ctx.local.request('PUT', `${list.local}/${period}/${here ? 'mark_as_filed' : 'mark_as_unfiled'}`);
        if (answer.status < 400) {
          mine = here;
          ctx.counts.pulled += 1;
        }
      }
      if (mine === theirs) ctx.state.saveMapped({ family: list.family, localId: id, remoteUrl: String(theirsRecord.url), remoteBase: { filed: theirs }, localBase: { filed: mine }, remoteUpdatedAt: null });
    }
  }
}
