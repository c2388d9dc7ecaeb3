// The contract between the statement parsers and their users (the engine's statement upload, the
// import review, the CLI). Parsers take bytes and return these plain objects; they never throw.

export type StatementFormat = 'ofx' | 'qfx' | 'qif' | 'csv' | 'freeagent-csv' | 'camt053' | 'mt940';

export interface StatementAccount {
  accountNumber?: string;
  sortCode?: string;
  iban?: string;
  bic?: string;
  bankId?: string;
  currency?: string;
  /** CHECKING, SAVINGS, CREDITCARD, CASH, INVESTMENT ... */
  accountType?: string;
  closingBalance?: { amount: string; date?: string };
  openingBalance?: { amount: string; date?: string };
}

export interface StatementLine {
  /** YYYY-MM-DD */
  datedOn: string;
  /** Signed decimal text, credit positive, e.g. "-12.34", "1000.00". Never a JS number. */
  amount: string;
  description: string;
  fitid?: string;
  /** OFX TRNTYPE such as DEBIT, CREDIT, POS, XFER, when the file gives one. */
  transactionType?: string;
  payee?: string;
  memo?: string;
  reference?: string;
  /** Which of `accounts` it belongs to. */
  accountIndex: number;
  /** 1-based source line where known. */
  line?: number;
}

export interface ImportMessage {
  message: string;
  line?: number;
}

/**
 * Which CSV columns mean what. Column numbers are 0-based; rows are 0-based records of the file
 * (a quoted field may span lines, so a row is not always a line). The parser guesses one and
 * returns it; the import review shows it for the user to confirm or correct and passes it back.
 */
export interface CsvColumnMapping {
  /** ',', ';', '\t' or '|' */
  delimiter: string;
  /** The header row, when the file has one. */
  headerRow?: number;
  /** Rows before this are preamble (titles, account details, the header). */
  firstDataRow: number;
  date: number;
  dateOrder: 'dmy' | 'mdy' | 'ymd';
  /** Amounts written 1.234,56 rather than 1,234.56. */
  decimalComma: boolean;
  /** One signed amount column ... */
  amount?: number;
  /** ... or separate money-in and money-out columns. */
  paidIn?: number;
  paidOut?: number;
  /** A column saying CR/DR or credit/debit for unsigned amounts. */
  creditDebit?: number;
  /** Negate every amount (credit card exports that show spending as positive). */
  invertSign?: boolean;
  /** Joined with " " to make the description. */
  description: number[];
  payee?: number;
  memo?: number;
  reference?: number;
  fitid?: number;
  currency?: number;
  balance?: number;
}

export interface ParsedStatement {
  format: StatementFormat | null;
  accounts: StatementAccount[];
  transactions: StatementLine[];
  warnings: ImportMessage[];
  errors: ImportMessage[];
  /**
   * Set when a zip was refused whole, because it would unpack beyond what a statement archive can
   * be (a zip bomb) or is broken: nothing in it was read, and the engine answers 422.
   */
  archiveRefused?: true;
  /**
   * Set only when a parser threw, which is a fault in Ledgerdesk: the exception's own text, for a
   * log or a bug report. The person importing sees UNEXPECTED_FAULT in `errors`, never this.
   */
  fault?: string;
  /** CSV only: the column mapping used (guessed unless given), for the user to confirm. */
  csv?: { mapping: CsvColumnMapping; header?: string[] };
}

export interface ParseOptions {
  /** A hint only: the content decides the format. */
  fileName?: string;
  /** CSV (and QIF) dates such as 01/02/2024 whose order the file cannot settle by itself. */
  dateOrder?: 'dmy' | 'mdy' | 'ymd';
  /** CSV: use this mapping instead of guessing one. */
  columnMapping?: CsvColumnMapping;
}
