/** One line ready to store: date checked, amount signed, description in its stored form. */
export interface IncomingLine {
  datedOn: string;
  amountMinor: number;
  description: string;
  fitid: string | null;
  transactionType: string;
}
