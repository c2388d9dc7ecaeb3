import { checkAborted, type RoundContext } from './context';
import type { Family, SyncRecord } from './family';
import { waitingInDoubt } from './in-doubt';
import { API_VERSION } from './remote';
import { RemoteRefusal, UncertainWrite } from './remote-errors';
import type { OutboxRow } from './state';

/**
 * An explanation's files (spec 4.7, version 2026-09-01). A file is sent whole and never changed in
 * place, so there is nothing to merge: it is made on the other side once its explanation is linked,
 * and removed there when it goes here (and the other way round). Its correlation key is the file's
 * name, size and type under the linked explanation, so a create whose answer was lost is found among
 * the explanation's files before it is sent again. Expense receipts stay in the book: the spec gives
 * files to explanations only.
 */
export const ATTACHMENTS = 'attachments';
const EXPLANATIONS = 'bank_transaction_explanations';
/** The book's attachments endpoints answer only from this version (the default from 1 December 2026). */
const VERSION = { 'X-Api-Version': API_VERSION };

interface LocalFile {
  id: number;
  ownerId: number;
  fileName: string;
  fileSize: number;
  contentType: string;
  description: string | null;
  contentHash: string;
}

const FILE_COLUMNS = 'id, owner_id AS ownerId, file_name AS fileName, file_size AS fileSize, content_type AS contentType, description, content_hash AS contentHash';

const keyOf = (name: unknown, size: unknown, type: unknown) => `${String(name ?? '')}|${String(size ?? '')}|${String(type ?? '')}`;
const localKey = (file: LocalFile) => keyOf(file.fileName, file.fileSize, file.contentType);
const remoteKey = (record: SyncRecord) => keyOf(record.file_name, record.file_size, record.content_type);

/** Whether a change-log row's file belongs to an explanation (an expense's receipt is not synced). */
export function isExplanationFile(ctx: RoundContext, id: number): boolean {
  return ctx.state.sqlite.prepare('SELECT 1 FROM attachments WHERE id = ? AND owner_resource = ?').get(id, EXPLANATIONS) !== undefined;
}

function localFile(ctx: RoundContext, id: number): LocalFile | null {
  return (ctx.state.sqlite.prepare(`SELECT ${FILE_COLUMNS} FROM attachments WHERE id = ? AND owner_resource = ?`).get(id, EXPLANATIONS) as LocalFile | undefined) ?? null;
}

function localFilesOf(ctx: RoundContext, explanationId: number): LocalFile[] {
  return ctx.state.sqlite.prepare(`SELECT ${FILE_COLUMNS} FROM attachments WHERE owner_resource = ? AND owner_id = ? ORDER BY id`).all(EXPLANATIONS, explanationId) as LocalFile[];
}

/** The file's bytes as base64, read from the book's store (reads need no engine request). */
function dataOf(ctx: RoundContext, file: LocalFile): string {
  const bytes = ctx.state.sqlite.prepare('SELECT bytes FROM attachment_blobs WHERE content_hash = ?').pluck().get(file.contentHash) as Buffer;
  return bytes.toString('base64');
}

/** Links a file here to one there (and drops its outbox row: it is on both sides now). */
function link(ctx: RoundContext, file: LocalFile, remote: SyncRecord, remoteParent: string): void {
  ctx.state.transaction(() => {
    ctx.state.saveMapped({
      family: ATTACHMENTS,
      localId: file.id,
      remoteUrl: String(remote.url),
      remoteBase: { parent: remoteParent, key: remoteKey(remote) },
      localBase: { parent: file.ownerId, key: localKey(file) },
      remoteUpdatedAt: null,
    });
    ctx.state.clearOutbox(ATTACHMENTS, file.id);
  });
}

/** A file there with this key that no file here claims: the one a create made (the newest such). */
function unclaimed(ctx: RoundContext, records: unknown, key: string): SyncRecord | null {
  const list = Array.isArray(records) ? (records as SyncRecord[]) : [];
  const free = list.filter((record) => typeof record.url === 'string' && !ctx.state.byRemote(record.url) && remoteKey(record) === key);
  return free.at(-1) ?? null;
}

/**
 * At first link every file the book holds on an explanation is one to send: the change log before the
 * link is not read. Files already on both sides are paired by the first pull before anything is sent.
 */
export function queueFilesAtLink(ctx: RoundContext): void {
  ctx.state.sqlite
    .prepare(
      `INSERT OR IGNORE INTO sync_outbox (family, local_id, operation, state, remote_url, attempts, last_error, updated_at)
         SELECT ?, id, 'create', 'pending', NULL, 0, NULL, ? FROM attachments WHERE owner_resource = ?`,
    )
    .run(ATTACHMENTS, ctx.now(), EXPLANATIONS);
}

// --- push ---

/** Sends added files (after their explanations) and removed ones; runs before explanations are deleted. */
export async function pushAttachments(ctx: RoundContext): Promise<void> {
  if (!ctx.families.some((family) => family.carriesAttachments)) return;
  // A refused file has no review of its own (a file has no fields to decide on): it is tried again each
  // round, so one refused for a locked period goes once the period opens.
  for (const row of ctx.state.outboxIn(ATTACHMENTS, ['create'])) {
    checkAborted(ctx);
    await sendFile(ctx, row);
  }
  for (const row of ctx.state.outboxIn(ATTACHMENTS, ['delete'])) {
    checkAborted(ctx);
    await removeThere(ctx, row);
  }
  // Files that went here with their explanation (deleted by a pull) leave the id map.
  ctx.state.sqlite
    .prepare(
      `DELETE FROM sync_records WHERE family = ? AND local_id NOT IN (SELECT id FROM attachments)
         AND NOT EXISTS (SELECT 1 FROM sync_outbox o WHERE o.family = sync_records.family AND o.local_id = sync_records.local_id)`,
    )
    .run(ATTACHMENTS);
}

function refused(ctx: RoundContext, row: OutboxRow, message: string): void {
  ctx.state.setOutboxState(ATTACHMENTS, row.localId, 'rejected', message, ctx.now());
  ctx.counts.refused += 1;
}

/** The file there made by a create whose answer was lost (or whose sync was killed), linked if found. */
async function findSent(ctx: RoundContext, file: LocalFile, target: string, remoteParent: string): Promise<boolean> {
  const answer = await ctx.remote.get(target);
  const found = unclaimed(ctx, answer.body?.attachments, localKey(file));
  if (!found) return false;
  link(ctx, file, found, remoteParent);
  ctx.counts.pushed += 1;
  return true;
}

async function sendFile(ctx: RoundContext, row: OutboxRow): Promise<void> {
  const file = localFile(ctx, row.localId);
  if (!file || ctx.state.byLocal(ATTACHMENTS, row.localId)) {
    ctx.state.clearOutbox(ATTACHMENTS, row.localId);
    return;
  }
  // Waits for its explanation to be linked (or released from review).
  const parent = ctx.state.byLocal(EXPLANATIONS, file.ownerId);
  if (!parent || ctx.state.held(EXPLANATIONS, file.ownerId, parent.remoteUrl)) return;
  const target = `${parent.remoteUrl}/attachments`;
  if (row.state === 'in_flight' || row.state === 'uncertain') {
    if (await findSent(ctx, file, target, parent.remoteUrl)) return;
    // Not there yet: a slow commit may still land (in-doubt.ts).
    if (waitingInDoubt(ctx, row)) return;
  }
  // Written down before the request, so a sync killed while it is out looks it up instead of resending.
  const sentAt = ctx.serviceNow();
  ctx.state.setOutboxState(ATTACHMENTS, row.localId, 'in_flight', null, sentAt);
  const item: SyncRecord = { data: dataOf(ctx, file), file_name: file.fileName, content_type: file.contentType };
  if (file.description) item.description = file.description;
  try {
    const answer = await ctx.remote.request('POST', target, { body: { attachments: [item] } });
    const made = unclaimed(ctx, answer.body?.attachments, localKey(file));
    if (!made) throw new UncertainWrite(`POST ${target}: the answer did not list ${file.fileName}`);
    link(ctx, file, made, parent.remoteUrl);
    ctx.counts.pushed += 1;
  } catch (error) {
    checkAborted(ctx);
    if (error instanceof UncertainWrite) {
      // In doubt: looked for, never resent in this round.
      ctx.state.setOutboxState(ATTACHMENTS, row.localId, 'uncertain', error.message, sentAt);
      await findSent(ctx, file, target, parent.remoteUrl);
      return;
    }
    if (!(error instanceof RemoteRefusal)) throw error;
    refused(ctx, row, `${file.fileName}: ${error.message}`);
  }
}

async function existsThere(ctx: RoundContext, url: string): Promise<boolean> {
  try {
    await ctx.remote.get(url);
    return true;
  } catch (error) {
    if (error instanceof RemoteRefusal && error.status === 404) return false;
    throw error;
  }
}

async function removeThere(ctx: RoundContext, row: OutboxRow): Promise<void> {
  const mapped = ctx.state.byLocal(ATTACHMENTS, row.localId);
  const forget = () =>
    ctx.state.transaction(() => {
      ctx.state.unmap(ATTACHMENTS, row.localId);
      ctx.state.clearOutbox(ATTACHMENTS, row.localId);
    });
  const explanationId = Number(mapped?.localBase.parent);
  // Gone with its explanation, whose delete takes its files on the remote too: no request of its own.
  if (!mapped || ctx.state.outboxFor(EXPLANATIONS, explanationId)?.operation === 'delete') {
    forget();
    return;
  }
  // A PUT with _destroy (not DELETE /v2/attachments/:id) so the explanation's updated_at moves there and
  // other books see the file go on their next incremental pull.
  try {
    await ctx.remote.request('PUT', `${String(mapped.remoteBase.parent)}/attachments`, { body: { attachments: [{ url: mapped.remoteUrl, _destroy: true }] } });
  } catch (error) {
    checkAborted(ctx);
    if (!(error instanceof RemoteRefusal)) throw error;
    // The explanation is gone there, or the file is (a resent PUT after a lost answer): nothing to remove.
    if (error.status === 404 || !(await existsThere(ctx, mapped.remoteUrl))) {
      forget();
      return;
    }
    refused(ctx, row, error.message);
    return;
  }
  forget();
  ctx.counts.pushed += 1;
}

// --- pull ---

/** The file's bytes through its content_src; a link that expired is fetched again from the file's own url. */
async function download(ctx: RoundContext, record: SyncRecord): Promise<Uint8Array> {
  try {
    return (await ctx.remote.request('GET', String(record.content_src), { raw: true })).bytes!;
  } catch (error) {
    if (!(error instanceof RemoteRefusal) || error.status !== 403) throw error;
    const fresh = (await ctx.remote.get(String(record.url))).body?.attachment as SyncRecord | undefined;
    return (await ctx.remote.request('GET', String(fresh?.content_src), { raw: true })).bytes!;
  }
}

/**
 * Brings an explanation's files here from its remote record (which lists them all, so the explanation's
 * own list is the only read): new ones downloaded and added, removed ones removed. Runs after the
 * explanation itself was pulled, so it is linked.
 */
export async function pullAttachmentsOf(ctx: RoundContext, family: Family, theirsRaw: SyncRecord): Promise<void> {
  if (!family.carriesAttachments || !Array.isArray(theirsRaw.attachments)) return;
  const parent = ctx.state.byRemote(String(theirsRaw.url));
  if (!parent || ctx.state.held(EXPLANATIONS, parent.localId, parent.remoteUrl)) return;
  const theirs = (theirsRaw.attachments as SyncRecord[]).filter((record) => typeof record.url === 'string');
  const there = new Set(theirs.map((record) => String(record.url)));
  for (const file of localFilesOf(ctx, parent.localId)) {
    const mapped = ctx.state.byLocal(ATTACHMENTS, file.id);
    if (!mapped || there.has(mapped.remoteUrl)) continue;
    const answer = await ctx.local.request('DELETE', `/v2/attachments/${file.id}`);
    // A locked period here refuses it: counted, and tried again next round.
    if (answer.status >= 400 && answer.status !== 404) {
      ctx.counts.refused += 1;
      continue;
    }
    ctx.state.unmap(ATTACHMENTS, file.id);
    ctx.counts.pulled += 1;
  }
  for (const record of theirs) {
    checkAborted(ctx);
    if (ctx.state.byRemote(String(record.url))) continue;
    const key = remoteKey(record);
    // The same file here not linked yet: a create of ours whose answer was lost, or one added on both sides.
    const same = localFilesOf(ctx, parent.localId).find((file) => localKey(file) === key && !ctx.state.byLocal(ATTACHMENTS, file.id));
    if (same) {
      link(ctx, same, record, parent.remoteUrl);
      continue;
    }
    const bytes = await download(ctx, record);
    const item: SyncRecord = { data: Buffer.from(bytes).toString('base64'), file_name: record.file_name, content_type: record.content_type };
    if (typeof record.description === 'string' && record.description) item.description = record.description;
    const answer = await ctx.local.request('POST', `/v2/${EXPLANATIONS}/${parent.localId}/attachments`, { attachments: [item] }, VERSION);
    if (answer.status >= 400) {
      ctx.counts.refused += 1;
      continue;
    }
    const made = localFilesOf(ctx, parent.localId).filter((file) => localKey(file) === key && !ctx.state.byLocal(ATTACHMENTS, file.id)).at(-1);
    if (!made) continue;
    link(ctx, made, record, parent.remoteUrl);
    ctx.counts.pulled += 1;
  }
}
