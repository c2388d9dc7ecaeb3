/**
 * What the person has said about an explanation write. A write nobody looked at (a rule explaining
 * lines as they are imported, a bulk accept of suggestions) has said nothing, so it never touches a
 * reconciled statement and never picks between lines that could equally be a transfer's other side:
 * such a line is left for the person.
 */
export interface WriteConsent {
  /** confirm_reconciled=true was sent: the desk asked, and the person means to change a reconciled statement. */
  reconciledConfirmed: boolean;
  /** The person explained this line themselves (a single request), so the engine may take the nearest of several other sides. */
  byPerson: boolean;
}

export const AUTOMATIC: WriteConsent = { reconciledConfirmed: false, byPerson: false };
