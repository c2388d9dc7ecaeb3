import type { Family, SyncRecord } from './family';
import { FAMILIES, linkTarget } from './families';
import { localIdOf } from './local';
import { localPath } from './shape';
import type { SyncState } from './state';

/** A link to a record the other side does not know yet (its parent is not synced, or is held for review). */
export class MissingLink extends Error {
  constructor(
    readonly field: string,
    readonly target: string,
    /** The family (or `users`) the link points into. */
    readonly into: string = '',
  ) {
    super(into === 'users' ? `${field} names a user (${target}) with no user of the same email on the other side` : `${field} points to ${target}, which is not synced`);
    this.name = 'MissingLink';
  }
}

const pathOf = (url: string) => url.replace(/^[a-z]+:\/\/[^/]+/, '');

/** The book's path of a record the id map names: a synced family's, or a user's (mapped by email, see users.ts). */
function targetPath(target: string, localId: number): string {
  const family = FAMILIES.find((candidate) => candidate.name === target);
  return family ? localPath(family, localId) : `/v2/${target}/${localId}`;
}

/** The mapped record whose remote url has this path (answers may name the remote by another host). */
function byRemotePath(state: SyncState, target: string, path: string) {
  const base = state.account()?.baseUrl ?? '';
  const direct = state.byRemote(`${base}${path}`);
  if (direct && direct.family === target) return direct;
  return state.mappedIn(target).find((mapped) => pathOf(mapped.remoteUrl) === path) ?? null;
}

/** Sub accounts carry the id of the record they belong to (750-N a bank account, 900-N..910-N a user). */
function subAccountOwner(base: number): string | null {
  if (base === 750) return 'bank_accounts';
  if (base >= 900 && base <= 910) return 'users';
  if (base >= 601 && base <= 607) return 'capital_asset_types';
  return null;
}

/**
 * A category link as the other side names it. A plain code is the same category on both sides; a sub
 * account's code carries its owner's id, which is rewritten through the id map like any link.
 */
function categoryPath(state: SyncState, field: string, value: string, toRemote: boolean): string {
  const path = pathOf(value);
  const match = /^\/v2\/categories\/(\d+)-(\d+)$/.exec(path);
  if (!match) return path;
  const owner = subAccountOwner(Number(match[1]));
  if (!owner) throw new MissingLink(field, value, 'categories');
  if (toRemote) {
    const mapped = state.byLocal(owner, Number(match[2]));
    if (!mapped) throw new MissingLink(field, value, owner);
    return `/v2/categories/${match[1]}-${localIdOf(mapped.remoteUrl)}`;
  }
  const mapped = byRemotePath(state, owner, `/v2/${owner}/${match[2]}`);
  if (!mapped) throw new MissingLink(field, value, owner);
  return `/v2/categories/${match[1]}-${mapped.localId}`;
}

/** One link turned into the book's path. */
function localLinkPath(state: SyncState, field: string, target: string, value: string): string {
  if (target === 'categories') return categoryPath(state, field, value, false);
  const mapped = byRemotePath(state, target, pathOf(value));
  if (!mapped) throw new MissingLink(field, value, target);
  return targetPath(target, mapped.localId);
}

/** One link turned into the remote's url. */
function remoteLink(state: SyncState, field: string, target: string, value: string): string {
  if (target === 'categories') return `${state.account()?.baseUrl ?? ''}${categoryPath(state, field, value, true)}`;
  const mapped = state.byLocal(target, localIdOf(value));
  if (!mapped) throw new MissingLink(field, value, target);
  // Deleted on the remote and held for the user's decision: its url names nothing there any more. What
  // links it waits until the user decides (kept, it is made there again and mapped anew).
  if (state.goneThere(target, mapped.localId)) throw new MissingLink(field, value, target);
  return mapped.remoteUrl;
}

/** Every link of a record, its child rows' too, passed through `rewrite`. */
function rewriteLinks(family: Family, record: SyncRecord, rewrite: (field: string, target: string, value: string) => string): SyncRecord {
  const out = { ...record };
  for (const [field, target] of Object.entries(family.links)) {
    const value = record[field];
    if (typeof value === 'string' && value !== '') out[field] = rewrite(field, linkTarget(target, value), value);
  }
  for (const [field, links] of Object.entries(family.nestedLinks ?? {})) {
    const rows = record[field];
    if (!Array.isArray(rows)) continue;
    out[field] = rows.map((row: SyncRecord) => {
      const copy = { ...row };
      for (const [cell, target] of Object.entries(links)) {
        const value = row[cell];
        if (typeof value === 'string' && value !== '') copy[cell] = rewrite(`${field}.${cell}`, target, value);
      }
      return copy;
    });
  }
  return out;
}

/** The record with every link turned from the remote's urls into the book's, through the id map. */
export function toLocalForm(state: SyncState, local: { urlOf(path: string): string }, family: Family, record: SyncRecord): SyncRecord {
  const nested = new Set(Object.keys(family.nestedLinks ?? {}));
  // Child rows compare links by path (normalize.ts), so their links stay paths; a record's own are urls.
  return rewriteLinks(family, record, (field, target, value) => {
    const path = localLinkPath(state, field, target, value);
    return nested.has(field.split('.')[0]!) && field.includes('.') ? path : local.urlOf(path);
  });
}

/** One remote link as the book's url, or null when it names nothing the book knows yet. */
export function linkInLocalTerms(state: SyncState, local: { urlOf(path: string): string }, field: string, target: string, value: string): string | null {
  try {
    return local.urlOf(localLinkPath(state, field, target, value));
  } catch (error) {
    if (error instanceof MissingLink) return null;
    throw error;
  }
}

/** The record with every link turned from the book's urls into the remote's. */
export function toRemoteForm(state: SyncState, family: Family, record: SyncRecord): SyncRecord {
  return rewriteLinks(family, record, (field, target, value) => remoteLink(state, field, target, value));
}

/** Only the named fields of a record (what a PUT sends). */
export function pick(record: SyncRecord, fields: readonly string[]): SyncRecord {
  const out: SyncRecord = {};
  for (const field of fields) out[field] = record[field] ?? null;
  return out;
}
