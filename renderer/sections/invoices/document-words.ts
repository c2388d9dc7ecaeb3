/**
 * How the shared editor speaks of each kind of sales document: an invoice is owed to the business, a
 * credit note takes from what the customer owes. The words of its buttons and toasts live here so the
 * editor itself has none of either.
 */
import type { DocumentKind, DocumentTransition } from '../../lib/api/sales_documents';

export interface DocumentWords {
  /** "Invoice", "Credit note": before a reference and in file names. */
  name: string;
  newTitle: string;
  listName: string;
  /** The lines' table and the notes field. */
  linesLabel: string;
  totalLabel: string;
  /** What the Mark as sent button does, in a sentence. */
  sendHint: string;
  draftHint: string;
  cancelTitle: string;
  cancelMessage: string;
  /** What is left on a saved document, given its formatted amount. */
  left: (amount: string) => string;
  done: Record<DocumentTransition, string>;
}

export const DOCUMENT_WORDS: Readonly<Record<DocumentKind, DocumentWords>> = {
  invoice: {
    name: 'Invoice',
    newTitle: 'New invoice',
    listName: 'Invoices',
    linesLabel: 'Invoice lines',
    totalLabel: 'Total',
    sendHint: 'Posts it to the books: the customer owes it from its date',
    draftHint: 'Takes it out of the books until it is sent again',
    cancelTitle: 'Cancel this invoice?',
    cancelMessage: 'A cancelled invoice comes out of the books and is no longer owed. Ctrl+Z puts it back as a draft.',
    left: (amount) => `Still owed: ${amount}`,
    done: { mark_as_sent: 'Marked invoice {ref} as sent', mark_as_draft: 'Took invoice {ref} back to draft', mark_as_cancelled: 'Cancelled invoice {ref}' },
  },
  credit_note: {
    name: 'Credit note',
    newTitle: 'New credit note',
    listName: 'Credit notes',
    linesLabel: 'Credit note lines',
    totalLabel: 'Total credit',
    sendHint: 'Posts it to the books: what the customer owes goes down by its total',
    draftHint: 'Takes it out of the books until it is sent again',
    cancelTitle: 'Cancel this credit note?',
    cancelMessage: 'A cancelled credit note comes out of the books and no longer reduces what the customer owes. Ctrl+Z puts it back as a draft.',
    left: (amount) => `Left to use: ${amount}`,
    done: { mark_as_sent: 'Marked credit note {ref} as sent', mark_as_draft: 'Took credit note {ref} back to draft', mark_as_cancelled: 'Cancelled credit note {ref}' },
  },
};
