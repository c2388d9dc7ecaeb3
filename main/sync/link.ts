import { queueFilesAtLink } from './attachments';
import { adoptCompany, companyDifferences, type CompanyDifference } from './company';
import type { RoundContext } from './context';
import { companyHolds, FAMILIES, familiesFor, isScopeOfOthers, linkTarget } from './families';
import type { Family, SyncRecord } from './family';
import { localIdOf } from './local';
import { replacingRows } from './nested';
import { canonicalValue, project, sameValue } from './normalize';
import { saveBases } from './reconcile';
import { linkInLocalTerms, MissingLink, toLocalForm } from './links';
import { kept, listIn, localPath, recordIn } from './shape';
import { movesBy, transitionLocal, withoutTransitions } from './transitions';
import { linksUsers, refreshUserMap, USERS } from './users';

const pathOf = (url: string) => url.replace(/^[a-z]+:\/\/[^/]+/, '');
import { listLocal } from './scopes';

export { CompanyMismatch } from './company';

/** Both the book and the remote hold records: the user sees the plan before anything is written. */
export class LinkPlanNeeded extends Error {
  constructor(readonly plan: LinkPlan) {
    super(
      plan.mode === 'merge'
        ? 'The book and the online account both hold records: review the link plan first'
        : `This book's company settings differ from the online company's (${plan.company.differs.map((difference) => difference.field.replace(/_/g, ' ')).join(', ')}): review the link plan first`,
    );
    this.name = 'LinkPlanNeeded';
  }
}

export interface LinkPlan {
  id: string;
  mode: 'adopt-remote' | 'send-book' | 'merge' | 'nothing';
  /**
   * The remote company, and the settings of it the book holds otherwise. A book holding nothing takes
   * them without asking; a book holding records is linked only once the person accepts the plan.
   */
  company: { name: string; type: string; differs: CompanyDifference[] };
  user: { url: string; email: string; permissionLevel: number };
  families: FamilyPlan[];
}

export interface FamilyPlan {
  family: string;
  linked: { local: string; remote: string; label: string; differs: string[] }[];
  createHere: { remote: string; label: string }[];
  createThere: { local: string; label: string }[];
}

/** What a plan needs to be applied without reading everything again. */
export interface PlanRecords {
  remote: Map<string, SyncRecord>;
  local: Map<string, SyncRecord>;
  /** The remote company as the plan read it. */
  company?: SyncRecord;
}

/** Whether the person must see the plan first: both sides hold records, or a book holding records differs from the company. */
export const planNeedsDecision = (plan: LinkPlan) => plan.mode === 'merge' || (plan.mode === 'send-book' && plan.company.differs.length > 0);

/** Matches the book's records with the remote's, family by family, parents first so links match too. */
export async function planLink(ctx: RoundContext, planId: string): Promise<{ plan: LinkPlan; records: PlanRecords }> {
  const me = (await ctx.remote.get('/v2/users/me')).body?.user as SyncRecord | undefined;
  const company = (await ctx.remote.get('/v2/company')).body?.company as SyncRecord | undefined;
  if (!me || !company) throw new Error('The remote did not say who the user is or which company it is');
  const ours = (await ctx.local.request('GET', '/v2/company')).body?.company as SyncRecord | undefined;
  if (!ours) throw new Error('The book did not say which company it is');
  const records: PlanRecords = { remote: new Map(), local: new Map() };
  // remote path -> local url for records already matched, so a child's links can be compared.
  const pairs = new Map<string, string>();
  const families: FamilyPlan[] = [];
  const readable = familiesFor(Number(me.permission_level ?? 0), typeof company.type === 'string' ? company.type : null);
  if (readable.some(linksUsers)) await refreshUserMap(ctx);
  // A family the user may not read is left out of the plan; its records wait here until a user who may links.
  const accounts: { remote: SyncRecord[]; local: SyncRecord[] } = { remote: [], local: [] };
  for (const family of readable) {
    if (family.scope) {
      families.push(await planScoped(ctx, family, accounts, pairs, records));
      continue;
    }
    const reader = (body: Record<string, unknown>) => listIn(family, body);
    const remote = syncable(family, kept(family, (await ctx.remote.list(family.path, reader, family.listQuery)).records));
    const local = syncable(family, kept(family, await ctx.local.list(family.path, reader, family.listQuery)));
    if (isScopeOfOthers(family)) Object.assign(accounts, { remote, local });
    ctx.progress({ type: 'progress', phase: 'link', family: family.name, done: remote.length + local.length, total: remote.length + local.length });
    families.push(matchFamily(ctx, family, remote, local, pairs, records));
  }
  const localCount = families.reduce((sum, plan) => sum + plan.linked.length + plan.createThere.length, 0);
  const remoteCount = families.reduce((sum, plan) => sum + plan.linked.length + plan.createHere.length, 0);
  const mode = localCount === 0 && remoteCount === 0 ? 'nothing' : localCount === 0 ? 'adopt-remote' : remoteCount === 0 ? 'send-book' : 'merge';
  records.company = company;
  return {
    plan: {
      id: planId,
      mode,
      company: { name: String(company.name ?? ''), type: String(company.type ?? ''), differs: companyDifferences(ours, company) },
      user: { url: String(me.url), email: String(me.email ?? ''), permissionLevel: Number(me.permission_level ?? 0) },
      families,
    },
    records,
  };
}

/**
 * A family listed per bank account. Records are read and matched only where both sides can hold
 * some: an account linked to one of the book's that has records of the family. Elsewhere the
 * remote's are only counted (one request per account), since they all arrive with the first pull; a
 * summary row per account says how many.
 */
async function planScoped(ctx: RoundContext, family: Family, accounts: { remote: SyncRecord[]; local: SyncRecord[] }, pairs: Map<string, string>, records: PlanRecords): Promise<FamilyPlan> {
  const plan: FamilyPlan = { family: family.name, linked: [], createHere: [], createThere: [] };
  const pairedLocal = new Set<string>();
  for (const account of accounts.remote) {
    const remoteUrl = String(account.url);
    const localUrl = pairs.get(pathOf(remoteUrl));
    if (localUrl) pairedLocal.add(localUrl);
    const local = localUrl ? syncable(family, await ctx.local.list(family.path, family.many, { ...family.listQuery, bank_account: localUrl })) : [];
    if (local.length === 0) {
      const total = await remoteCount(ctx, family, remoteUrl);
      if (total > 0) plan.createHere.push({ remote: remoteListUrl(ctx, family, remoteUrl), label: `${total} ${family.many.replace(/_/g, ' ')} in ${String(account.name ?? '')}` });
      continue;
    }
    const remote = syncable(family, (await ctx.remote.list(family.path, family.many, { ...family.listQuery, bank_account: remoteUrl })).records);
    ctx.progress({ type: 'progress', phase: 'link', family: family.name, done: remote.length + local.length, total: remote.length + local.length });
    const matched = matchFamily(ctx, family, remote, local, pairs, records);
    plan.linked.push(...matched.linked);
    plan.createHere.push(...matched.createHere);
    plan.createThere.push(...matched.createThere);
  }
  for (const account of accounts.local) {
    if (pairedLocal.has(String(account.url))) continue;
    for (const record of syncable(family, await ctx.local.list(family.path, family.many, { ...family.listQuery, bank_account: String(account.url) }))) {
      records.local.set(String(record.url), record);
      plan.createThere.push({ local: String(record.url), label: family.label(record) });
    }
  }
  return plan;
}

/** Manual statement lines are not synced as lines (their explanation makes them), nor a transfer's other half. */
const syncable = (family: Family, list: SyncRecord[]) => list.filter((record) => !family.madeWithParent?.(record) && !family.skip?.(record) && !family.madeByEachSide?.(record));

const remoteListUrl = (ctx: RoundContext, family: Family, account: string) => `${ctx.remote.resolve(family.path)}?${new URLSearchParams({ ...family.listQuery, bank_account: account }).toString()}`;

/** How many records an account's list holds, from X-Total-Count of a one-record page. */
async function remoteCount(ctx: RoundContext, family: Family, account: string): Promise<number> {
  const answer = await ctx.remote.get(`${remoteListUrl(ctx, family, account)}&per_page=1`);
  const header = answer.headers.get('x-total-count');
  if (header !== null && /^\d+$/.test(header)) return Number(header);
  return (await ctx.remote.list(family.path, family.many, { ...family.listQuery, bank_account: account })).records.length;
}

function matchFamily(ctx: RoundContext, family: Family, remote: SyncRecord[], local: SyncRecord[], pairs: Map<string, string>, records: PlanRecords): FamilyPlan {
  const plan: FamilyPlan = { family: family.name, linked: [], createHere: [], createThere: [] };
  // Categories keep their code on both sides and users are mapped by email already; the rest pair up as the plan goes.
  const inLocal = (field: string, target: string, value: string) =>
    (target === 'categories' || target === USERS ? linkInLocalTerms(ctx.state, ctx.local, field, target, value) : pairs.get(pathOf(value))) ?? `unmatched:${value}`;
  const inLocalTerms = (record: SyncRecord) => {
    const out = project(family, record);
    for (const [field, target] of Object.entries(family.links)) if (typeof out[field] === 'string') out[field] = inLocal(field, linkTarget(target, out[field]), out[field]);
    // Child rows compare their links by path (normalize.ts).
    for (const [field, links] of Object.entries(family.nestedLinks ?? {})) {
      if (!Array.isArray(out[field])) continue;
      out[field] = (out[field] as SyncRecord[]).map((row) => {
        const copy = { ...row };
        for (const [cell, target] of Object.entries(links)) if (typeof row[cell] === 'string') copy[cell] = pathOf(inLocal(cell, target, row[cell]));
        return copy;
      });
    }
    return out;
  };
  const waiting = new Map<string, SyncRecord[]>();
  for (const record of local) {
    records.local.set(String(record.url), record);
    const key = family.matchKey(project(family, record));
    if (key === null) continue;
    waiting.set(key, [...(waiting.get(key) ?? []), record]);
  }
  const matched = new Set<string>();
  for (const record of remote) {
    records.remote.set(String(record.url), record);
    const theirs = inLocalTerms(record);
    const key = family.matchKey(theirs);
    const candidates = key === null ? [] : (waiting.get(key) ?? []);
    const mine = candidates.shift();
    if (mine) {
      matched.add(String(mine.url));
      pairs.set(pathOf(String(record.url)), String(mine.url));
      const ours = project(family, mine);
      const differs = family.writable.filter((field) => !sameValue(canonicalValue(ours[field]), canonicalValue(theirs[field])));
      plan.linked.push({ local: String(mine.url), remote: String(record.url), label: family.label(record), differs });
    } else {
      plan.createHere.push({ remote: String(record.url), label: family.label(record) });
    }
  }
  for (const record of local) if (!matched.has(String(record.url))) plan.createThere.push({ local: String(record.url), label: family.label(record) });
  return plan;
}

/**
 * Writes the link: the account, each matched pair (the remote's values win where they differ, as the
 * plan said), and a create in the outbox for each record only the book has. Records only the remote
 * has arrive with the first pull.
 */
export async function applyLink(ctx: RoundContext, plan: LinkPlan, records: PlanRecords, baseUrl: string): Promise<void> {
  // The company first: every record after it is written (and its VAT worked out) under its settings.
  if (plan.company.differs.length > 0 && records.company) await adoptCompany(ctx, records.company);
  const lastChange = ctx.state.sqlite.prepare('SELECT coalesce(max(id), 0) FROM changes').pluck().get() as number;
  ctx.state.saveAccount({
    baseUrl,
    companyName: plan.company.name,
    companyType: plan.company.type,
    userUrl: plan.user.url,
    userEmail: plan.user.email,
    permissionLevel: plan.user.permissionLevel,
    linkedAt: ctx.now(),
    changeCursor: lastChange,
  });
  for (const familyPlan of plan.families) {
    const family = FAMILIES.find((candidate) => candidate.name === familyPlan.family)!;
    for (const pair of familyPlan.linked) {
      const theirsRaw = records.remote.get(pair.remote)!;
      let mineRaw = records.local.get(pair.local)!;
      const localId = localIdOf(pair.local);
      if (pair.differs.length > 0) {
        const values: SyncRecord = {};
        const theirs = project(family, theirsRaw);
        // Child rows' links in the book's terms (parents are linked by now, families go parents first); one
        // naming what the book lacks keeps the book's rows.
        let theirsHere: SyncRecord | null = null;
        try {
          theirsHere = toLocalForm(ctx.state, ctx.local, family, { ...theirs, ...Object.fromEntries(Object.keys(family.links).map((field) => [field, null])) });
        } catch (error) {
          if (!(error instanceof MissingLink)) throw error;
        }
        for (const field of pair.differs) {
          if (family.links[field]) values[field] = mineRaw[field];
          else if (family.nestedLinks?.[field]) values[field] = theirsHere ? theirsHere[field] : mineRaw[field];
          else values[field] = theirs[field];
        }
        const fields = withoutTransitions(family, values);
        if (Object.keys(fields).length > 0) {
          const answer = await ctx.local.request('PUT', localPath(family, localId), { [family.one]: replacingRows(family, fields, mineRaw) });
          mineRaw = recordIn(family, answer.body) ?? mineRaw;
        }
        // The remote's stage is reached here by the engine's own transition, never written as a field.
        const stage = movesBy(family, pair.differs) ? theirs[family.transition!.field] : null;
        if (typeof stage === 'string') mineRaw = (await transitionLocal(ctx, family, localId, stage)).record ?? mineRaw;
      }
      saveBases(ctx, family, localId, theirsRaw, mineRaw);
    }
    for (const only of familyPlan.createThere) {
      ctx.state.saveOutbox({ family: family.name, localId: localIdOf(only.local), operation: 'create', state: 'pending', remoteUrl: null, attempts: 0, lastError: null, updatedAt: ctx.now() });
    }
  }
  queueFilesAtLink(ctx);
  // Families the user may not read are not in the plan: their records wait in the outbox, never forgotten.
  const waiting = FAMILIES.filter((candidate) => companyHolds(candidate, plan.company.type) && !plan.families.some((familyPlan) => familyPlan.family === candidate.name));
  for (const family of waiting) {
    for (const record of syncable(family, kept(family, await listLocal(ctx.local, family)))) {
      ctx.state.saveOutbox({ family: family.name, localId: localIdOf(String(record.url)), operation: 'create', state: 'pending', remoteUrl: null, attempts: 0, lastError: null, updatedAt: ctx.now() });
    }
  }
}
