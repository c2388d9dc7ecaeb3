/**
 * Removing a saved receipt (the explain panel's and the expense editor's Remove), recorded on the undo
 * stack like any other edit: Ctrl+Z puts the same file back (the engine keeps a removed file's bytes,
 * api-notes), redo removes it again.
 */
import type { ApiResult } from './api';
import { deleteAttachment, restoreAttachment, type Attachment } from './api/attachments';
import { undoStack } from './undo.svelte';

/** Removes the file; `changed` is called after an undo or redo so the screen lists its files again. */
export async function removeReceipt(attachment: Attachment, changed: () => void): Promise<ApiResult<null>> {
  const removed = await deleteAttachment(attachment.url);
  if (!removed.ok) return removed;
  // Each restore gives the file a new url; a redo removes the file under the latest one.
  let url = attachment.url;
  undoStack.record({
    label: `Removed the receipt ${attachment.file_name}`,
    undo: async () => {
      const back = await restoreAttachment(url);
      if (back.ok) url = back.value.url;
      return back;
    },
    redo: () => deleteAttachment(url),
    changed,
  });
  return removed;
}
