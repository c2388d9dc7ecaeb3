import { ApiError, unprocessable } from '../errors';
import { MAX_ATTACHMENTS_PER_CALL, multipleAttachments } from '../banking/attachments';
import { ValidationError } from '../payload';
import type { RouteRequest } from '../route';
import { expenseAttachmentRoutes } from './expense-attachments';

/**
 * Receipts sent inside the expense itself (`expense.attachments`, api-notes "An expense and its
 * receipts in one request"): the desk saves an expense and its new files as one request, so one
 * transaction and one change set. Each file goes through the expense's own POST /attachments handler
 * (same version, type, size and limit rules as the endpoint), one file per call so a refusal can say
 * which file it was: its sentence starts `attachments[N]: `. A refused file throws, and the engine's
 * transaction for the request takes the expense back with it.
 */

const addFiles = expenseAttachmentRoutes.find((route) => route.method === 'POST')!;

const prefixed = (index: number, error: unknown): unknown => {
  const prefix = (message: string) => `attachments[${index}]: ${message}`;
  if (error instanceof ApiError) return new ApiError(error.status, prefix(error.message), error.headers);
  if (error instanceof ValidationError) return new ValidationError(error.messages.map(prefix));
  return error;
};

/** The files sent with the expense, checked for shape; undefined when none were sent. */
export function sentReceipts(root: Record<string, unknown>): unknown[] | undefined {
  const list = root.attachments;
  if (list === undefined) return undefined;
  if (!Array.isArray(list)) throw unprocessable('attachments must be a list of files (file_name, content_type, data)');
  if (list.length > MAX_ATTACHMENTS_PER_CALL) throw unprocessable(`At most ${MAX_ATTACHMENTS_PER_CALL} attachments can be added in one call`);
  return list;
}

/** Adds the files to the expense just written (inside the request's transaction). */
export function attachSentReceipts(request: RouteRequest, expenseId: number, files: readonly unknown[] | undefined): void {
  if (!files || files.length === 0) return;
  if (!multipleAttachments(request.ctx)) throw unprocessable('attachments on an expense need X-Api-Version 2026-09-01 or later (the default from 1 December 2026)');
  files.forEach((file, index) => {
    try {
      addFiles.handle({ ...request, params: { id: String(expenseId) }, body: { value: { attachments: [file] }, files: {}, fields: {} } });
    } catch (error) {
      throw prefixed(index, error);
    }
  });
}
