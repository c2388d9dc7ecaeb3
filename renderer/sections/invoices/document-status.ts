/**
 * A sales document's status in the desk's words. A credit note is money the company owes back, not
 * a debt of the customer's, so it is never "overdue" (issue 19 item 7): the engine's Overdue, which
 * it keeps for the API (docs/api-notes.md), reads as Open here.
 */
export function statusWords(document: { status: string; long_status: string }, kind: 'invoice' | 'credit_note'): string {
  if (kind === 'credit_note' && document.status === 'Overdue') return 'Open';
  return document.long_status || document.status;
}
