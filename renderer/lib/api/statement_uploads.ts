/**
 * Typed calls for the redo of an import undone in Banking › Imports (docs/api-notes.md): the lines the
 * upload added, read before the undo (the file is not at hand there), and the redo that puts them back
 * exactly as they were listed, under the upload's source and file name.
 */
import { z } from 'zod';
import { statementUploadSchema, type StatementUpload, type UploadRedo } from '../../../shared/api/statement_import';
import { decode, getOne, headerValue, send, type ApiResult } from '../api';

const PAGE_SIZE = 100;
/** Pages asked for at once: a 100,000-line import is a thousand pages. */
const PARALLEL = 4;

const restoredLineSchema = z.object({
  dated_on: z.string(),
  description: z.string(),
  amount: z.string(),
  transaction_id: z.string().optional(),
});
export type UploadLine = z.infer<typeof restoredLineSchema>;

async function linePage(upload: StatementUpload, page: number): Promise<ApiResult<{ lines: UploadLine[]; total: number }>> {
  const sent = await send('GET', '/v2/bank_transactions', {
    query: { bank_account: upload.bank_account, statement_upload: upload.url, page: String(page), per_page: String(PAGE_SIZE) },
  });
  if (!sent.ok) return sent;
  const lines = decode(sent.value, 'bank_transactions', restoredLineSchema.array());
  if (!lines.ok) return lines;
  // Only what the redo sends: the engine's records carry more than it takes back.
  const kept = lines.value.map(({ dated_on, description, amount, transaction_id }) => ({ dated_on, description, amount, ...(transaction_id ? { transaction_id } : {}) }));
  return { ok: true, value: { lines: kept, total: Number(headerValue(sent.value.headers, 'x-total-count') ?? kept.length) } };
}

/** Every line the upload added, oldest page last as listed; `progress(read, total)` after each page. */
export async function readUploadLines(upload: StatementUpload, progress: (read: number, total: number) => void): Promise<ApiResult<UploadLine[]>> {
  const first = await linePage(upload, 1);
  if (!first.ok) return first;
  const { total } = first.value;
  const pages: UploadLine[][] = [first.value.lines];
  let read = first.value.lines.length;
  progress(read, total);
  const count = Math.ceil(total / PAGE_SIZE);
  for (let start = 2; start <= count; start += PARALLEL) {
    const batch = Array.from({ length: Math.min(PARALLEL, count - start + 1) }, (_, offset) => linePage(upload, start + offset));
    for (const result of await Promise.all(batch)) {
      if (!result.ok) return result;
      pages.push(result.value.lines);
      read += result.value.lines.length;
    }
    progress(read, total);
  }
  return { ok: true, value: pages.flat() };
}

/**
 * Puts an undone upload's lines back; answers with the new upload (its url is what a later undo
 * removes). Lines inside a statement reconciled since are refused (409) unless `confirmed`: the person
 * was asked and said yes.
 */
export function redoStatementUpload(upload: StatementUpload, lines: readonly UploadLine[], confirmed = false): Promise<ApiResult<StatementUpload>> {
  const body: { statement_upload: UploadRedo } = {
    statement_upload: { bank_account: upload.bank_account, source: upload.source, ...(upload.file_name ? { file_name: upload.file_name } : {}), lines: [...lines] },
  };
  return getOne('POST', '/v2/statement_uploads', 'statement_upload', statementUploadSchema, { body, ...(confirmed ? { query: { confirm_reconciled: 'true' } } : {}) });
}
