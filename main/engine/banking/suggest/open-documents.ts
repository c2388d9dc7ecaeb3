import { loadCompany } from '../../company-record';
import type { EngineContext } from '../../context';
import { readWhileUnchanged } from '../../read-cache';
import { billOutstandingSql } from '../../sales/contact-record';
import { settledMinor, settlementsByDocument } from '../../sales/settlements';
import { roundConfidence, type Guess, type GuessLine } from './guess';
import { payeeOfCached } from './history';

/**
 * Matches with what is owed: money in that names an open invoice's reference, or equals what is due
 * on one, proposes that invoice; money out, the bill. A reference named is near certain; an amount
 * alone is a good clue only when one document has it and its contact's name is on the line.
 */

interface OpenDocument {
  kind: 'invoice' | 'bill';
  id: number;
  contactId: number;
  projectId: number | null;
  /** The reference in capitals without spaces or punctuation, as it is looked for in a description. */
  reference: string;
  currency: string;
  /** What is still due, positive, in the document's currency. */
  dueMinor: number;
  contactWords: string[];
  dueOn: string;
}

const compact = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');
const nameWords = (name: string) => name.toUpperCase().split(/[^A-Z0-9]+/).filter((word) => word.length >= 3 && !['LTD', 'LIMITED', 'PLC', 'THE', 'AND', 'LLP'].includes(word));

interface DocumentSql {
  id: number;
  contactId: number;
  projectId: number | null;
  reference: string;
  currency: string;
  dueOn: string;
  totalMinor: number;
  cisMinor: number;
  name: string;
}

const NAME_SQL = `COALESCE(NULLIF(c.organisation_name, ''), TRIM(COALESCE(c.first_name, '') || ' ' || COALESCE(c.last_name, '')))`;

/** An as-at date after any a document can carry (dates are YYYY-MM-DD): every settlement counts. */
const EVERY_DAY = '9999-12-31';

function openDocuments(ctx: EngineContext): OpenDocument[] {
  const sqlite = ctx.book.sqlite;
  const invoices = sqlite
    .prepare(
      `SELECT i.id, i.contact_id AS contactId, i.project_id AS projectId, i.reference, i.currency, i.due_on AS dueOn,
         i.total_minor AS totalMinor, i.cis_deduction_minor AS cisMinor, ${NAME_SQL} AS name
       FROM invoices i JOIN contacts c ON c.id = i.contact_id WHERE i.kind = 'invoice' AND i.status = 'Sent'`,
    )
    .all() as DocumentSql[];
  // Every invoice's settlements in three reads, not three per invoice: the index is built again
  // after every change to the book, and the register's next page waits for it.
  const settlements = settlementsByDocument(ctx, EVERY_DAY);
  const documents: OpenDocument[] = [];
  for (const row of invoices) {
    const due = row.totalMinor - row.cisMinor - settledMinor(settlements.get(row.id) ?? []);
    if (due > 0) documents.push({ kind: 'invoice', id: row.id, contactId: row.contactId, projectId: row.projectId, reference: compact(row.reference), currency: row.currency, dueMinor: due, contactWords: nameWords(row.name), dueOn: row.dueOn });
  }
  const bills = sqlite
    .prepare(
      `SELECT b.id, b.contact_id AS contactId, b.project_id AS projectId, b.reference, b.currency, b.due_on AS dueOn,
         ${billOutstandingSql('b')} AS dueMinor, ${NAME_SQL} AS name
       FROM bills b JOIN contacts c ON c.id = b.contact_id`,
    )
    .all({ native: loadCompany(ctx).currency }) as (DocumentSql & { dueMinor: number })[];
  for (const row of bills) {
    if (row.dueMinor > 0) documents.push({ kind: 'bill', id: row.id, contactId: row.contactId, projectId: row.projectId, reference: compact(row.reference), currency: row.currency, dueMinor: row.dueMinor, contactWords: nameWords(row.name), dueOn: row.dueOn });
  }
  return documents;
}

/** Kept until the book next changes, like the history. */
export function openDocumentIndex(ctx: EngineContext): OpenDocument[] {
  return readWhileUnchanged(ctx, 'suggest:open-documents', () => openDocuments(ctx));
}

function guessOf(document: OpenDocument, confidence: number): Guess {
  return {
    source: 'match',
    confidence: roundConfidence(confidence),
    contactId: document.contactId,
    projectId: document.projectId ?? undefined,
    ...(document.kind === 'invoice' ? { paidInvoiceId: document.id } : { paidBillId: document.id }),
  };
}

const oldestFirst = (a: OpenDocument, b: OpenDocument) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : a.id - b.id);

export function documentGuess(documents: readonly OpenDocument[], line: GuessLine): Guess | null {
  if (line.remainingMinor === 0 || documents.length === 0) return null;
  const kind = line.remainingMinor > 0 ? 'invoice' : 'bill';
  const amount = Math.abs(line.remainingMinor);
  const candidates = documents.filter((document) => document.kind === kind && document.currency === line.currency && document.dueMinor >= amount);
  if (candidates.length === 0) return null;
  const text = compact(line.description);
  const named = candidates.filter((document) => document.reference.length >= 3 && text.includes(document.reference)).sort(oldestFirst);
  if (named.length > 0) {
    const exact = named.find((document) => document.dueMinor === amount);
    return exact ? guessOf(exact, named.length === 1 ? 0.97 : 0.9) : guessOf(named[0]!, 0.85);
  }
  const equal = candidates.filter((document) => document.dueMinor === amount).sort(oldestFirst);
  if (equal.length === 0) return null;
  const payeeWords = new Set(payeeOfCached(line.description).key.split(' '));
  const named_by_contact = equal.filter((document) => document.contactWords.some((word) => payeeWords.has(word)));
  if (named_by_contact.length === 1) return guessOf(named_by_contact[0]!, 0.9);
  if (named_by_contact.length > 1) return guessOf(named_by_contact[0]!, 0.6);
  return guessOf(equal[0]!, equal.length === 1 ? 0.6 : 0.4);
}
