import { comparable } from './normalize';

/**
 * The description a statement line is matched on. The service stores an uploaded line as
 * "text/reference/TYPE/"; a line whose type would flip its sign is sent as OTHER (see upload-lines.ts),
 * and a manual line holds the bare text, so the type segment (and an empty reference) is left out.
 */
export function lineDescriptionKey(description: unknown): string {
  const text = typeof description === 'string' ? description : '';
  const stored = /^([\s\S]*)\/([^/]*)\/[A-Z]*\/$/.exec(text);
  if (!stored) return text.trim();
  return stored[2] ? `${stored[1]!.trim()}/${stored[2].trim()}` : stored[1]!.trim();
}

/**
 * What makes two statement lines the same line: account, date, amount and description, as the
 * service's own import deduplicates. Identical lines share a key and are paired by order (the
 * occurrence index); a fitid is not part of it, because a line a bank feed brought with a fitid and
 * the same line imported from a CSV without one are still one line.
 */
export function statementLineKey(record: Record<string, unknown>): string {
  return `${String(record.bank_account ?? '')}|${String(record.dated_on ?? '')}|${String(comparable(record.amount) ?? '0')}|${lineDescriptionKey(record.description)}`;
}
