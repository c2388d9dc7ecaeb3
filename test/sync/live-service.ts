import type Database from 'better-sqlite3';
/**
 * How the live service's answers differ from another Ledgerdesk engine's, as its recorded answers show
 * (../shared/corpora/freeagent: golden-responses, recorded-exchanges, api-quirks.md). The test remote's
 * live mode (fault-remote.ts) passes every answer through these.
 */
export interface LiveOptions {
  /**
   * The origin the answers name (records, Link, Location) instead of the one asked: the recordings
   * were made on api.sandbox.freeagent.com and rewritten to api.freeagent.com; a proxy does the same.
   */
  host?: string;
  /**
   * Money spelt as the live service spells it, differently from answer to answer: "251.0" (its usual
   * text, one decimal), a bare JSON number (its reports and balance sheet), or as stored ("251.00").
   */
  respellMoney?: boolean;
  /** Files behind signed links on this origin, which answer 400 to a request carrying a bearer token (as S3 does). */
  filesHost?: string;
  /** A POST meeting the 'late-commit' fault is made this long after it arrived (the client gave up long before). */
  lateCommitMs?: number;
  /** Access tokens stop working this long after they were issued (the live service: an hour). */
  tokenLifetimeMs?: number;
  /**
   * A statement upload with any amount as a quoted string answers 200 and imports nothing, as the live
   * service does (api-quirks.md: "Statement upload *requires* a bare number").
   */
  quotedAmountsImportNothing?: boolean;
  /** A create answers 201 with no body and a Location of the path alone (the service's Location may be relative). */
  bodilessCreates?: boolean;
  /**
   * A statement upload leaves the manual line a transfer made in the other account as it is and adds the
   * bank's line beside it, unexplained: the live service matches the two only when a person asks ('Match a
   * manual entry to an imported bank transaction', support.freeagent.com), where an engine puts the bank's
   * line in the made line's place (engine transfer-side-arrived.ts).
   */
  uploadKeepsMadeLines?: boolean;
}

/**
 * Runs `upload` on a book whose transfers, for its duration, do not say which lines they made: the engine
 * then takes a made line for an ordinary manual one and imports the bank's line beside it, as the live
 * service does. Put back as it was after.
 */
export async function withMadeLinesUnmarked<T>(sqlite: Database.Database, upload: () => Promise<T>): Promise<T> {
  const marks = sqlite.prepare('SELECT id, transfer_transaction_id AS line FROM bank_transaction_explanations WHERE transfer_transaction_id IS NOT NULL').all() as { id: number; line: number }[];
  sqlite.prepare('UPDATE bank_transaction_explanations SET transfer_transaction_id = NULL WHERE transfer_transaction_id IS NOT NULL').run();
  try {
    return await upload();
  } finally {
    const put = sqlite.prepare('UPDATE bank_transaction_explanations SET transfer_transaction_id = ? WHERE id = ?');
    for (const mark of marks) put.run(mark.line, mark.id);
  }
}

/** Text keys whose values are never money, however they look. */
const TEXT_KEYS = new Set(['description', 'name', 'reference', 'organisation_name', 'first_name', 'last_name', 'email', 'comments', 'notes', 'file_name', 'full_description', 'detail']);
const DECIMAL_TEXT = /^-?\d+\.\d+$/;

export type Spelling = 'number' | 'short' | 'stored';

/** "251.00" as the live service might send it: 251, "251.0", or unchanged. */
export function respell(value: string, spelling: Spelling): string | number {
  if (spelling === 'stored') return value;
  if (spelling === 'number') return Number(value);
  const [whole, fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${whole}.${trimmed || '0'}`;
}

/** Every decimal in an answer (outside text fields) in one spelling. */
export function respellMoney(value: unknown, spelling: Spelling, key = ''): unknown {
  if (typeof value === 'string') return !TEXT_KEYS.has(key) && DECIMAL_TEXT.test(value) ? respell(value, spelling) : value;
  if (Array.isArray(value)) return value.map((item) => respellMoney(item, spelling, key));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) out[name] = respellMoney(item, spelling, name);
    return out;
  }
  return value;
}

/** Every url on `from` named on `to` instead (a string's origin only; paths and queries stay). */
export function renamedHost(text: string, from: string, to: string): string {
  return text.split(from).join(to);
}

/** The service's clock as its answers state it: an HTTP date, to the second. */
export const httpDate = (ms: number) => new Date(ms).toUTCString();

/** Whether a statement upload's body names any amount as text rather than a JSON number. */
export function quotesAnAmount(body: string): boolean {
  const lines = (JSON.parse(body) as { statement?: { amount?: unknown }[] }).statement ?? [];
  return lines.some((line) => typeof line.amount !== 'number');
}
