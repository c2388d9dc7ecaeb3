/**
 * Removing a saved receipt (the explain panel's and the expense editor's Remove): an edit like any
 * other, so the engine's Undo puts the same file back (its change set holds the row, and the engine
 * keeps a removed file's bytes, api-notes) and Redo removes it again.
 */
import type { ApiResult } from './api';
import { deleteAttachment, type Attachment } from './api/attachments';
import { undoStack } from './undo.svelte';

/** Removes the file; `changed` is called after an undo or redo so the screen lists its files again. */
export async function removeReceipt(attachment: Attachment, changed: () => void): Promise<ApiResult<null>> {
  const removed = await deleteAttachment(attachment.url);
  if (removed.ok) void undoStack.announce(`Removed the receipt ${attachment.file_name}`, { changed });
  return removed;
}
