/**
 * Typed calls for files attached to a record (spec 2.7, 4.7, 4.8): a bank transaction explanation's
 * receipts, and an expense's. The several-files endpoints need API version 2026-09-01 (the default
 * only from 1 December 2026), so these calls ask for it.
 */
import { z } from 'zod';
import { getOne, pathOf, send, type ApiError, type ApiResult } from '../api';

export const attachmentSchema = z.object({
  url: z.string(),
  content_src: z.string().optional(),
  content_type: z.string(),
  file_name: z.string(),
  file_size: z.number(),
  description: z.string().optional(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** A file read in the renderer, ready to send: its bytes as base64. */
export interface NewAttachment {
  file_name: string;
  content_type: string;
  data: string;
  /** Bytes, to show beside the name before it is saved. */
  size: number;
}

/** The API version the several-files behaviour needs (spec 9). */
export const ATTACHMENTS_VERSION = '2026-09-01';
const VERSION = { 'X-Api-Version': ATTACHMENTS_VERSION };

const toItem = (file: NewAttachment) => ({ file_name: file.file_name, content_type: file.content_type, data: file.data });

/** The files of a record that keeps them (an explanation, an expense), by the record's url. */
export function listAttachments(ownerUrl: string): Promise<ApiResult<Attachment[]>> {
  return getOne('GET', `${pathOf(ownerUrl)}/attachments`, 'attachments', attachmentSchema.array(), { headers: VERSION });
}

/** Adds files to a record; answers with all its attachments, the new ones last. */
export function addAttachments(ownerUrl: string, files: readonly NewAttachment[]): Promise<ApiResult<Attachment[]>> {
  return getOne('POST', `${pathOf(ownerUrl)}/attachments`, 'attachments', attachmentSchema.array(), { headers: VERSION, body: { attachments: files.map(toItem) } });
}

export type Uploaded = { ok: true; urls: string[] } | { ok: false; error: ApiError; file: NewAttachment; /** Those sent before the refused one. */ urls: string[] };

/** Sends files one per call, so a refusal names its file; stops at the first refused. */
export async function uploadFiles(ownerUrl: string, files: readonly NewAttachment[]): Promise<Uploaded> {
  const urls: string[] = [];
  for (const file of files) {
    const result = await addAttachments(ownerUrl, [file]);
    if (!result.ok) return { ok: false, error: result.error, file, urls };
    urls.push(...result.value.slice(-1).map((attachment) => attachment.url));
  }
  return { ok: true, urls };
}

/** Deletes files (the reverse of an upload); one already gone counts as removed. */
export async function removeFiles(urls: readonly string[]): Promise<ApiResult<null>> {
  for (const url of urls) {
    const removed = await deleteAttachment(url);
    if (!removed.ok && removed.error.status !== 404) return removed;
  }
  return { ok: true, value: null };
}

export async function deleteAttachment(url: string): Promise<ApiResult<null>> {
  const sent = await send('DELETE', pathOf(url), { headers: VERSION });
  return sent.ok ? { ok: true, value: null } : sent;
}

/**
 * Puts a removed file back on its record (a Ledgerdesk extension: the engine keeps the last removals);
 * answers the file under its new url.
 */
export function restoreAttachment(removedUrl: string): Promise<ApiResult<Attachment>> {
  return getOne('POST', `${pathOf(removedUrl)}/restore`, 'attachment', attachmentSchema, { headers: VERSION });
}
