/**
 * A kept draft of several bank lines explained at once (ExplainPanel, kind `explain_many`). Its record
 * is the lines' bank account: that is what opens again (the register), it never goes when one line
 * does, and reading it needs no read of a line that may be gone. Its fields name the lines; taken
 * back, only those still in the account and unexplained open again.
 */
import type { ApiResult } from '../../lib/api';
import { listTransactionPage, type BankTransaction } from '../../lib/api/bank_transactions';

export const EXPLAIN_MANY = 'explain_many';

/** A line of the draft: its url, and its date (to read the account's lines around it in one request). */
export interface KeptLine {
  url: string;
  dated_on: string;
}

export const keptLine = (line: Pick<BankTransaction, 'url' | 'dated_on'>): KeptLine => ({ url: line.url, dated_on: line.dated_on });

const lineWord = (count: number) => (count === 1 ? 'line' : 'lines');

/** "explanation of 3 lines in Current account". */
export function setLabel(count: number, accountName: string): string {
  return `explanation of ${count} ${lineWord(count)} in ${accountName}`;
}

const isDate = (text: unknown): text is string => typeof text === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(text);

/** The lines a kept draft's fields name; anything else there (a draft another version wrote) is left out, never thrown over. */
export function keptLinesOf(fields: unknown): KeptLine[] {
  const lines = fields && typeof fields === 'object' ? (fields as { lines?: unknown }).lines : undefined;
  if (!Array.isArray(lines)) return [];
  return lines.flatMap((line: unknown) => {
    const { url, dated_on } = (line ?? {}) as Partial<Record<keyof KeptLine, unknown>>;
    return typeof url === 'string' && isDate(dated_on) ? [{ url, dated_on }] : [];
  });
}

/** Whether two sets name the same lines, in any order. */
export function sameLines(a: readonly KeptLine[], b: readonly KeptLine[]): boolean {
  const urls = new Set(a.map((line) => line.url));
  return a.length === b.length && urls.size === b.length && b.every((line) => urls.has(line.url));
}

/**
 * The kept lines still in the account and unexplained, in the draft's order: the account's unexplained
 * lines between the first and last of their dates, a page at a time until each is found (one page
 * nearly always). A list, not a read of each line: a line deleted since answers no 404.
 */
export async function linesStillOpen(accountUrl: string, kept: readonly KeptLine[]): Promise<ApiResult<BankTransaction[]>> {
  if (kept.length === 0) return { ok: true, value: [] };
  const dates = kept.map((line) => line.dated_on).sort();
  const wanted = new Set(kept.map((line) => line.url));
  const found = new Map<string, BankTransaction>();
  const query = { accountUrl, view: 'unexplained' as const, fromDate: dates[0], toDate: dates.at(-1) };
  for (let page = 1, read = 0; found.size < wanted.size; page += 1) {
    const result = await listTransactionPage(query, page);
    if (!result.ok) return result;
    for (const line of result.value.rows) if (wanted.has(line.url)) found.set(line.url, line);
    read += result.value.rows.length;
    if (result.value.rows.length === 0 || read >= result.value.total) break;
  }
  return { ok: true, value: kept.flatMap((line) => found.get(line.url) ?? []) };
}

/** Some lines could not be taken back: how many, and what opens. */
export function partlyTakenBackWords(open: number, total: number): string {
  const gone = total - open;
  return `${gone} of the ${total} lines in this draft could not be taken back: explained or deleted since. The other ${open} ${open === 1 ? 'is' : 'are'} open with what was typed.`;
}

/** None left to open: the draft stays listed, to discard. */
export function noneLeftWords(total: number): string {
  const each = total === 1 ? 'it was' : 'each was';
  return `None of the ${total} ${lineWord(total)} in this draft can be explained now: ${each} explained or deleted since. The draft stays under Unsaved drafts until you discard it.`;
}

/** The lines' bank account was deleted since (elsewhere): nothing to open them in. */
export function goneAccountSetWords(total: number): string {
  return `This draft of ${total} ${lineWord(total)} explained at once cannot open: their bank account is no longer in the book. The draft stays under Unsaved drafts until you discard it.`;
}
