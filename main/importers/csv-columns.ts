/**
 * What a CSV column is, judged from its header name. Banks name the same thing a dozen ways in a
 * dozen languages; each role lists the names seen in real exports, and a score says how sure the
 * name is (an exact "Amount" beats "Gross"). Names are compared lower-cased without accents.
 */

export function normaliseHeader(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u00b0º]/g, 'o')
    .replace(/\s+/g, ' ')
    .replace(/[:.]+$/, '')
    .trim();
}

type Rule = [pattern: RegExp, score: number];

function scoreBy(rules: Rule[], name: string): number {
  let best = 0;
  for (const [pattern, score] of rules) if (score > best && pattern.test(name)) best = score;
  return best;
}

// Columns that hold money but are not the transaction amount.
const NOT_AMOUNT = /balance|saldo|solde|kontostand|\bstand\b|fee|commission|\bcomm\b|charges|comision|price|prix|quantity|\bqty\b|shares|rate|kurs|original|foreign|exchange|currency|compensation|tax|interest|\bid\b|number|\bno\b|reference|\bref\b|account|card/;

const DATE_RULES: Rule[] = [
  [/book|posted|posting|buchung|boek/, 5],
  [/^(transaction |trans\.? )?date$|^datum$|^fecha$|^date operation$|^data$/, 4],
  [/date|datum|fecha|\bdata\b|\bdt\b/, 3],
  [/value|valuta|wertstellung|settlement|valor/, 1],
];

export function dateScore(name: string): number {
  return scoreBy(DATE_RULES, name);
}

const PAID_OUT = /paid out|money out|\bdebit|withdrawal|outflow|\bdebe\b|cargo|\bsoll\b|ausgang|uitgaven|spent|expenses?|\bout\b|^dr$/;
const PAID_IN = /paid in|money in|\bcredit|deposit|inflow|\bhaber\b|abono|\bhaben\b|eingang|received|income|\bin\b|^cr$/;

const AMOUNT_RULES: Rule[] = [
  [/^amount$|^amt$/, 10],
  [/^amount\b|^transaction amount$|^amount \(/, 9],
  [/debit\s*\/\s*credit|credit\s*\/\s*debit|^betrag|^importe|^montant|^bedrag|^kwota|^belopp|^net$|^neto$|^net amount$/, 8],
  [/^gross$|^bruto$/, 6],
  [/amount|betrag|importe|montant|bedrag/, 5],
  [/^total$|^value$|^sum$/, 3],
];

export function amountScore(name: string): number {
  if (/debit\s*\/\s*credit|credit\s*\/\s*debit/.test(name)) return 8;
  // "Debit Amount" and "Credit Amount" are a pair of one-sided columns, not a signed amount.
  if (NOT_AMOUNT.test(name) || PAID_IN.test(name) || PAID_OUT.test(name)) return 0;
  return scoreBy(AMOUNT_RULES, name);
}


export function paidOutScore(name: string): number {
  if (/debit\s*\/\s*credit|credit\s*\/\s*debit|balance|saldo|solde|card/.test(name)) return 0;
  return PAID_OUT.test(name) ? 5 : 0;
}

export function paidInScore(name: string): number {
  if (/debit\s*\/\s*credit|credit\s*\/\s*debit|balance|saldo|solde|card|interest|tax/.test(name)) return 0;
  return PAID_IN.test(name) ? 5 : 0;
}

const DESCRIPTION_RULES: Rule[] = [
  [/^description$|^desc$|^details$|^narrative$|^transaction description$|^merchant\/description$|^particulars$/, 10],
  [/verwendungszweck|^vwz|^description \d+$|^libelle|^label$|^descripcion|^omschrijving|^beschreibung|^concepto|^remarque$|^memo\/description/, 9],
  [/description|narrative|libelle|purpose|reason|motivo|omschrijving|mededeling|item title|subject/, 7],
  [/buchungstext|^text$|^transaction$/, 5],
  // Fidelity puts the text in Action; Schwab has both, and its Description wins on score.
  [/^action$/, 4],
];

export function descriptionScore(name: string): number {
  return scoreBy(DESCRIPTION_RULES, name);
}

const PAYEE_RULES: Rule[] = [
  [/^payee$|^name$|^merchant name$|^merchant$|^partner name$|^counterparty|^beneficiary|^nombre$|^begunstigde|^tegenpartij/, 10],
  [/auftraggeber|empfanger|payee|merchant|counterparty|partner|beneficiary|ultimate receiver|recipient/, 7],
];

export function payeeScore(name: string): number {
  if (/iban|account|bic|bank|email|id$|description/.test(name)) return 0;
  return scoreBy(PAYEE_RULES, name);
}

export function memoScore(name: string): number {
  return /^(memo|notes?|comments?|remarks?|bemerkung|notiz|note)$/.test(name) ? 10 : 0;
}

export function referenceScore(name: string): number {
  if (/^(reference|ref|payment reference|check number|check or slip #|cheque( number)?|check( #| no)?|document number|referencia|referenz|n(o|um(ber)?)? de transaction)$/.test(name)) return 10;
  return /reference|\bref\b|cheque|check/.test(name) && !/txn|reference txn/.test(name) ? 5 : 0;
}

export function fitidScore(name: string): number {
  if (/^(transaction id|id|fitid|txn id|transaction reference|unique id|operation number|id\. de transaccion)$/.test(name)) return 10;
  return 0;
}

export function currencyScore(name: string): number {
  if (/original|foreign|amount/.test(name)) return 0;
  return /^(currency|ccy|cur|devise|divisa|wahrung|moneda|valuta|monn)$/.test(name) ? 10 : 0;
}

export function balanceScore(name: string): number {
  return /balance|saldo|solde|kontostand/.test(name) ? 5 : 0;
}

export function typeScore(name: string): number {
  return /^(type|transaction type|details|buchungsart|tipo|operation type)$/.test(name) ? 10 : 0;
}

export function sortCodeScore(name: string): number {
  return /^sort ?code$/.test(name) ? 10 : 0;
}

export function accountNumberScore(name: string): number {
  return /^(account number|account no|account|kontonummer|iban|rekeningnummer|numero de compte|produit)$/.test(name) ? 10 : 0;
}
