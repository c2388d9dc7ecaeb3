import type Database from 'better-sqlite3';

export type SyncRecord = Record<string, unknown>;

/** How a family's records travel (transports.ts): as records, or as statement uploads (statement lines). */
export type TransportKind = 'records' | 'statement-upload';

/** How one /v2 family is synced: its path, the fields a client may write, its links and its keys. */
export interface Family {
  name: string;
  path: string;
  /** JSON key of one record and of a list. */
  one: string;
  many: string;
  /** Fields sent on create and update: the payload schema's own, minus what the server decides. */
  writable: readonly string[];
  /** Sent on create only (the server refuses or ignores a change later). */
  createOnly: readonly string[];
  /**
   * Link fields and the family they point into; rewritten through the id map both ways. A link that may
   * point into several families (an explanation's paid_invoice: an invoice or a credit note) lists them;
   * the link's own path says which (see linkTarget).
   */
  links: Readonly<Record<string, string | readonly string[]>>;
  /** Extra list parameters: contacts with view=all so a hidden contact is not taken for deleted. */
  listQuery: Readonly<Record<string, string>>;
  /**
   * What makes two records the same thing on either side: used to match on first link and to find a
   * create whose answer was lost. Null when the record has nothing to match on.
   */
  matchKey(record: SyncRecord): string | null;
  label(record: SyncRecord): string;
  /** The permission level the remote asks for; a user below it neither reads nor writes the family. */
  level: number;
  /**
   * Fields holding a list of child rows (an invoice's items) and the child fields kept of each row.
   * A list is compared and merged as one value, and written by replacing every row (see nested.ts).
   */
  nested?: Readonly<Record<string, readonly string[]>>;
  /** Links inside child rows (a journal entry's category, user, contact), rewritten like the record's own. */
  nestedLinks?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The record in an answer holding one, when it is not under `one` (see shape.ts). */
  recordIn?(body: Record<string, unknown>): unknown;
  /** The list in a page, when it is not under `many`. */
  listIn?(body: Record<string, unknown>): unknown;
  /** Whether a listed record is synced at all (categories: only those a user added). */
  keep?(record: SyncRecord): boolean;
  /** The book's path of a record, when it is not `${path}/${id}`. */
  localPath?(localId: number): string;
  /** The synced id a change-log row names, or null when that change is not synced (a standard category). */
  changedId?(sqlite: Database.Database, recordId: string): number | null;
  /** One spelling for values the two sides write differently; runs before the writable fields are picked. */
  normalize?(record: SyncRecord): SyncRecord;
  /** A writable field moved only by transitions (an invoice's stage), never written as a field. */
  transition?: TransitionField;
  /**
   * The stage the service deletes a record from (an estimate: Draft; an approved one is a 409). A record
   * moved there and deleted here between two rounds is moved there online first, then deleted.
   */
  deletedFrom?: string;
  /**
   * A family listed per bank account (its list wants `bank_account`): read once per linked account,
   * each with its own cursor (see scopes.ts).
   */
  scope?: 'bank_account';
  /** Records the other side makes by itself (a transfer's other half): neither pulled nor pushed. */
  skip?: (record: SyncRecord) => boolean;
  /**
   * Links to records both sides hold at the same path (categories, by nominal code): compared and sent
   * as the path, never through the id map.
   */
  byPath?: readonly string[];
  /**
   * What the server computes for a record that both books must agree on (a total, a status, a
   * balance): compared after every round by the agreement check (agreement.ts), never written.
   */
  figures?: readonly string[];
  /**
   * Records each side makes by itself from the start (system default capital asset types): never
   * created on either side nor planned at first link; a remote one is linked to the book's with the same key.
   */
  madeByEachSide?: (record: SyncRecord) => boolean;
  /** The company types that can hold the family's records, when not every type can (api-reference.md: properties only for landlords). */
  companyTypes?: readonly string[];
  /**
   * A child family whose records each of this family's records carries in full (a statement line's
   * explanations): a full list of this family in which every record's array is empty shows the child
   * list of the same scope empty without asking for it (pull.ts, listScope).
   */
  childrenInside?: { family: string; field: string };
  /**
   * Families every record of this one must name, whose records the service will not delete while they
   * are named (an invoice's contact; a reconciliation's invoice and credit note). An empty full list of
   * any of them shows this family's list empty as of that list, without asking (pull.ts).
   */
  needs?: readonly string[];
  /** How the records travel; 'records' when not given (see transports.ts). */
  transport?: TransportKind;
  /**
   * Records another family's record makes with it (a manual statement line, made by its explanation):
   * not planned at first link, since they arrive with what makes them.
   */
  madeWithParent?: (record: SyncRecord) => boolean;
  /**
   * A link to a record this one may make for itself on either side (an explanation's own manual line,
   * `bank_transaction`): sent without it, and left out when a lost create is looked for (manual-lines.ts).
   */
  ownLine?: string;
  /**
   * A field the service should hold once among the family's records but does not enforce (a document's
   * number): a create whose value a record already online holds goes to review instead (unique-online.ts).
   */
  uniqueOnline?: string;
  /**
   * Records the sync itself may delete and make again online (a transfer moved onto the statement line
   * that arrived for it, transfer-sides.ts): a new remote record with the key of a linked one whose
   * remote copy is gone is linked to it, not made here again.
   */
  remadeOnline?: boolean;
  /** Files hang off these records (explanations' attachments): they follow them (attachments.ts). */
  carriesAttachments?: boolean;
}

export interface TransitionField {
  field: string;
  /** The field's value read from a record (an invoice's stage from its status), or null when unknown. */
  of(record: SyncRecord): string | null;
  /** The transition that moves a record to `value`. */
  to: Readonly<Record<string, string>>;
  /** The value every create starts at (the remote refuses any other on create). */
  created: string;
  /**
   * A value reached only from another (an estimate is approved or rejected once sent): that one is
   * moved to first, and a refusal of that first step (already there, or past it) is not a failure.
   */
  through?: Readonly<Record<string, string>>;
  /**
   * Writable fields a transition changes by itself on the side it is made on, besides this field. After
   * a round that moves the record, the base takes these and the fields it wrote from the answer, and
   * every other field as read before (reconcile.ts, baseAfterWrite): the answer also holds what someone
   * changed on that side while the transition was out, and that must still travel.
   */
  alsoMoves: readonly string[];
}
