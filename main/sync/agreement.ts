import Decimal from 'decimal.js';
import { Level } from '../../shared/api/permissions';
import { checkAborted, type RoundContext } from './context';
import type { Family, SyncRecord } from './family';
import { localIdOf } from './local';
import { RemoteRefusal } from './remote-errors';
import type { ReviewDetail } from './review';
import { kept, listIn } from './shape';
import { waitingCount } from './waiting';

/**
 * After a round, both books are asked what they compute (a bank account's balance and unexplained
 * lines, a document's total and status, the trial balance) and the answers compared. The figures are
 * the servers' own: a difference means the two books have come apart, whatever the sync believes.
 */

/** Where one figure differs: the record or trial balance line it belongs to, with both values. */
export interface Difference {
  family: string;
  localId: number | null;
  remoteUrl: string | null;
  label: string;
  figures: { figure: string; mine: string | null; theirs: string | null }[];
}

export interface Agreement {
  agree: boolean;
  differences: Difference[];
  /** Requests the check sent of its own (the round's lists are reused where they still hold). */
  requests: number;
}

/** The trial balance's lines are not a family; their review items are filed under this name. */
export const TRIAL_BALANCE = 'trial_balance';

const pathOf = (url: string) => url.replace(/^[a-z]+:\/\/[^/]+/, '');

/**
 * One spelling per value: decimals as decimals ("251", 251.0 and "251.00" are one figure), and an
 * invoice's Overdue as Open, since each side says Overdue by its own today and the two may straddle
 * the due date.
 */
function figureOf(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()))) return new Decimal(String(value).trim()).toFixed();
  const text = String(value);
  return text === 'Overdue' ? 'Open' : text;
}

/** Review items name a figure as a person would read it. */
const figureWords = (figure: string) => figure.replace(/_/g, ' ');

/** A figure as a person reads it: money with its pence (150.00), counts and words as they are. */
function shown(figure: string, value: string | null): string | null {
  if (value === null || figure.endsWith('_count') || !/^-?\d+(\.\d+)?$/.test(value)) return value;
  const amount = new Decimal(value);
  return amount.toFixed(Math.max(2, amount.decimalPlaces()));
}

/** Only the figures are wanted: child rows are left out of the answer. */
const figuresQuery = (family: Family) => Object.fromEntries(Object.entries(family.listQuery).filter(([name]) => !name.startsWith('nested_')));

/** The records of a family the remote holds now: the round's own full list if nothing was written since, else read again. */
async function remoteRecords(ctx: RoundContext, family: Family): Promise<SyncRecord[]> {
  const listed = ctx.fullLists?.get(family.name);
  if (listed && ctx.remote.writes === 0) return listed;
  return kept(family, (await ctx.remote.list(family.path, (body) => listIn(family, body), figuresQuery(family))).records);
}

/**
 * Each linked record's figures on both sides. A record with a change waiting to go either way, or in
 * review, is left out: its figures are known to differ until the sync is done with it.
 */
async function recordDifferences(ctx: RoundContext, family: Family, figures: readonly string[]): Promise<Difference[]> {
  const theirs = new Map((await remoteRecords(ctx, family)).map((record) => [String(record.url), record]));
  const mine = new Map((await ctx.local.list(family.path, (body) => listIn(family, body), figuresQuery(family))).map((record) => [localIdOf(String(record.url)), record]));
  const out: Difference[] = [];
  for (const mapped of ctx.state.mappedIn(family.name)) {
    if (ctx.state.outboxFor(family.name, mapped.localId) || ctx.state.held(family.name, mapped.localId, mapped.remoteUrl)) continue;
    const there = theirs.get(mapped.remoteUrl);
    const here = mine.get(mapped.localId);
    // Gone from one side: the deletion sweep's to carry, not a figure to compare.
    if (!there || !here) continue;
    const differing = figures
      .filter((figure) => figureOf(here[figure]) !== figureOf(there[figure]))
      .map((figure) => ({ figure, mine: shown(figure, figureOf(here[figure])), theirs: shown(figure, figureOf(there[figure])) }));
    if (differing.length > 0) out.push({ family: family.name, localId: mapped.localId, remoteUrl: mapped.remoteUrl, label: family.label(here), figures: differing });
  }
  return out;
}

/**
 * An asset type's fixed asset accounts, by what they hold: cost (601 brought forward, 602 additions,
 * 604 disposals) and depreciation (605 brought forward, 606 charged, 607 on disposals). The ledger
 * never moves a year's 602-607 into 601 and 605, and a 2012 FreeAgent post says the live service does
 * at each year end; whichever holds, the cost and depreciation of each type are the same money, so they
 * are compared as one figure each rather than raised as two differences that cancel.
 */
const FIXED_ASSET_FIGURE: Readonly<Record<string, { figure: string; codes: string }>> = {
  '601': { figure: 'cost', codes: '601, 602, 604' },
  '602': { figure: 'cost', codes: '601, 602, 604' },
  '604': { figure: 'cost', codes: '601, 602, 604' },
  '605': { figure: 'depreciation', codes: '605, 606, 607' },
  '606': { figure: 'depreciation', codes: '605, 606, 607' },
  '607': { figure: 'depreciation', codes: '605, 606, 607' },
};

/** A sub account's name is "<account>: <record>"; the asset type is the record (types are linked by name). */
const recordNameOf = (name: string) => (name.includes(': ') ? name.slice(name.indexOf(': ') + 2) : name);

interface LineIdentity {
  key: string;
  label: string;
}

/** A trial balance line's identity on either side: its category, and the bank account (through the id map) or sub account it is for. */
function lineIdentity(ctx: RoundContext, line: SyncRecord, side: 'mine' | 'theirs'): LineIdentity {
  const name = String(line.name ?? '');
  const code = String(line.display_nominal_code ?? line.nominal_code ?? '');
  const fixedAsset = FIXED_ASSET_FIGURE[code.split('-')[0]!];
  if (fixedAsset) {
    const type = recordNameOf(name);
    return { key: `fixed asset ${fixedAsset.figure}|${type}`, label: `Trial balance: ${type}, ${fixedAsset.figure} (${fixedAsset.codes})` };
  }
  return { key: lineKey(ctx, line, side), label: `Trial balance: ${name} (${code})` };
}

function lineKey(ctx: RoundContext, line: SyncRecord, side: 'mine' | 'theirs'): string {
  const category = pathOf(String(line.category ?? ''));
  if (typeof line.bank_account !== 'string') return `${category}|${String(line.name ?? '')}`;
  const account = side === 'mine' ? String(localIdOf(line.bank_account)) : (ctx.state.byRemote(line.bank_account)?.localId ?? `only there ${pathOf(line.bank_account)}`);
  return `${category}|bank ${String(account)}`;
}

/** The trial balance from the company's start to today on both sides, line by line (a line one side lacks is zero there). */
async function trialBalanceDifferences(ctx: RoundContext): Promise<Difference[]> {
  const company = (await ctx.local.request('GET', '/v2/company')).body?.company as SyncRecord | undefined;
  if (!company) return [];
  const query = new URLSearchParams({ from_date: String(company.company_start_date), to_date: ctx.now().slice(0, 10) }).toString();
  let remote: SyncRecord[];
  try {
    remote = ((await ctx.remote.get(`/v2/accounting/trial_balance/summary?${query}`)).body?.trial_balance_summary ?? []) as SyncRecord[];
  } catch (error) {
    // A service that will not give this period's trial balance leaves the ledger uncompared, not different.
    if (error instanceof RemoteRefusal) return [];
    throw error;
  }
  const local = ((await ctx.local.request('GET', `/v2/accounting/trial_balance/summary?${query}`)).body?.trial_balance_summary ?? []) as SyncRecord[];
  const lines = new Map<string, { label: string; mine: Decimal; theirs: Decimal }>();
  const add = (line: SyncRecord, side: 'mine' | 'theirs') => {
    const { key, label } = lineIdentity(ctx, line, side);
    const entry = lines.get(key) ?? { label, mine: new Decimal(0), theirs: new Decimal(0) };
    entry[side] = entry[side].plus(new Decimal(String(line.total ?? '0')));
    lines.set(key, entry);
  };
  for (const line of local) add(line, 'mine');
  for (const line of remote) add(line, 'theirs');
  return [...lines.values()]
    .filter((line) => !line.mine.equals(line.theirs))
    .map((line) => ({ family: TRIAL_BALANCE, localId: null, remoteUrl: null, label: line.label, figures: [{ figure: 'total', mine: line.mine.toFixed(2), theirs: line.theirs.toFixed(2) }] }));
}

/** Compares every family that names figures, then, when nothing is waiting to go either way, the trial balance. */
export async function checkAgreement(ctx: RoundContext): Promise<Agreement> {
  const before = ctx.remote.requests;
  const differences: Difference[] = [];
  for (const family of ctx.families) {
    if (!family.figures) continue;
    checkAborted(ctx);
    differences.push(...(await recordDifferences(ctx, family, family.figures)));
  }
  const settled = waitingCount(ctx.state, ctx.local.userId) === 0 && !ctx.state.openReviews().some((row) => row.kind !== 'difference');
  const level = ctx.state.account()?.permissionLevel ?? 0;
  if (settled && level >= Level.TaxAccountingAndUsers) differences.push(...(await trialBalanceDifferences(ctx)));
  return { agree: differences.length === 0, differences, requests: ctx.remote.requests - before };
}

const keyOf = (row: { family: string; localId: number | null; label: string }) => `${row.family}|${row.localId ?? row.label}`;
const reasonOf = (difference: Difference) => difference.figures.map((entry) => `${figureWords(entry.figure)} ${entry.mine ?? 'none'} here, ${entry.theirs ?? 'none'} online`).join('; ');

/**
 * Puts the differences in review, one item per record or line: an item already open is brought up to
 * date, one the person has seen with the same figures is not raised again, and an item whose figures
 * now agree is closed. Review items of this kind hold nothing back (SyncState.held).
 */
export function reportDifferences(ctx: RoundContext, agreement: Agreement): void {
  const sqlite = ctx.state.sqlite;
  const now = ctx.now();
  const found = new Map(agreement.differences.map((difference) => [keyOf(difference), difference]));
  ctx.state.transaction(() => {
    const known = sqlite.prepare("SELECT id, family, local_id AS localId, label, reason, state, resolution FROM sync_review WHERE kind = 'difference' ORDER BY id").all() as { id: number; family: string; localId: number | null; label: string; reason: string; state: string; resolution: string | null }[];
    const open = new Map(known.filter((row) => row.state === 'open').map((row) => [keyOf(row), row]));
    const seen = new Set(known.filter((row) => row.state !== 'open' && row.resolution === 'noted').map((row) => `${keyOf(row)}|${row.reason}`));
    for (const [key, row] of open) if (!found.has(key)) ctx.state.resolveReview(row.id, 'agreed', now);
    for (const [key, difference] of found) {
      const reason = reasonOf(difference);
      const detail: ReviewDetail = {
        fields: difference.figures.map((entry) => ({ field: entry.figure, mine: entry.mine, theirs: entry.theirs, base: null })),
        mine: Object.fromEntries(difference.figures.map((entry) => [entry.figure, entry.mine])),
        theirs: Object.fromEntries(difference.figures.map((entry) => [entry.figure, entry.theirs])),
        base: null,
      };
      const current = open.get(key);
      if (current) sqlite.prepare('UPDATE sync_review SET reason = ?, detail = ?, label = ? WHERE id = ?').run(reason, JSON.stringify(detail), difference.label, current.id);
      else if (!seen.has(`${key}|${reason}`)) ctx.state.addReview({ family: difference.family, kind: 'difference', localId: difference.localId, remoteUrl: difference.remoteUrl, label: difference.label, detail: JSON.stringify(detail), reason, createdAt: now });
    }
    ctx.state.recordCheck(now, agreement.differences.length);
  });
}
