/**
 * The payee a bank line names, read from the noisy description banks print: "CARD PAYMENT TO TESCO
 * STORES 3297 ON 12/03", "TESCO STORES 3297 LONDON GB" and "TESCO STORES 1180 CROYDON" are all
 * TESCO STORES. What is taken out: the bank's own prefixes (card payment, direct debit, DD, FPO ...),
 * card numbers, store numbers, references and dates (any word with a digit in it), "ON <date>",
 * "REF ..." tails, domain and country endings, and the towns a card line ends with.
 */

/** Words banks put in front of the payee; they say how the money moved, not to whom. */
const PREFIXES = [
  'CARD PAYMENT TO', 'CARD PAYMENT', 'PAYMENT TO', 'PAYMENT FROM', 'DIRECT DEBIT PAYMENT TO', 'DIRECT DEBIT TO', 'DIRECT DEBIT',
  'STANDING ORDER TO', 'STANDING ORDER', 'FASTER PAYMENT TO', 'FASTER PAYMENT FROM', 'FASTER PAYMENT', 'FASTER PAYMENTS RECEIPT',
  'BANK GIRO CREDIT', 'BILL PAYMENT TO', 'BILL PAYMENT', 'TRANSFER TO', 'TRANSFER FROM', 'CONTACTLESS PAYMENT', 'CONTACTLESS',
  'VISA PURCHASE', 'DEBIT CARD', 'POS', 'VIS', 'DD', 'SO', 'STO', 'FPO', 'FPI', 'BGC', 'BP', 'DEB', 'CR', 'TFR', 'CHQ', 'ATM', 'CPT',
  'BACS', 'PURCHASE', 'RECEIVED FROM', 'MONEY IN FROM', 'MONEY OUT TO', 'PAID TO', 'FROM', 'TO',
].sort((a, b) => b.length - a.length);

/** Towns and regions card lines end with, and country codes; kept short: the payee's own words come first. */
const PLACE_WORDS = new Set([
  'LONDON', 'MANCHESTER', 'BIRMINGHAM', 'LEEDS', 'GLASGOW', 'EDINBURGH', 'LIVERPOOL', 'BRISTOL', 'SHEFFIELD', 'CARDIFF',
  'BELFAST', 'NOTTINGHAM', 'LEICESTER', 'COVENTRY', 'BRADFORD', 'NEWCASTLE', 'BRIGHTON', 'HOVE', 'READING', 'OXFORD',
  'CAMBRIDGE', 'YORK', 'BATH', 'EXETER', 'CROYDON', 'SLOUGH', 'LUTON', 'WATFORD', 'SOUTHAMPTON', 'PORTSMOUTH', 'PLYMOUTH',
  'NORWICH', 'IPSWICH', 'DERBY', 'STOKE', 'WOLVERHAMPTON', 'SWINDON', 'MILTON', 'KEYNES', 'ABERDEEN', 'DUNDEE', 'SWANSEA',
  'GUILDFORD', 'KINGSTON', 'RICHMOND', 'WIMBLEDON', 'CAMDEN', 'ISLINGTON', 'HACKNEY', 'STRATFORD', 'CHELMSFORD', 'COLCHESTER',
  'GB', 'GBR', 'UK', 'IE', 'IRL', 'LU', 'LUX', 'NL', 'NLD', 'DE', 'DEU', 'FR', 'FRA', 'US', 'USA', 'IRELAND', 'LUXEMBOURG',
  'DUBLIN', 'AMSTERDAM', 'GBP', 'EUR', 'USD',
]);

/** Words that never name a payee on their own. */
const FILLER = new Set(['THE', 'LTD', 'LIMITED', 'PLC', 'LLP', 'CO', 'INC', 'AND', '&', 'REF', 'REFERENCE', 'ON', 'AT', 'WWW', 'COM', 'CO.UK']);

/** Words after which comes a reference or a date, never the payee. */
const TAIL_WORDS = new Set(['REF', 'REFERENCE', 'ON', 'VIA', 'MANDATE', 'RATE']);

export interface Payee {
  /** The payee's words joined: the key lines are grouped by. Empty when the description names nobody. */
  key: string;
  /** The first significant word alone, a coarser key for a payee printed with varying tails. */
  head: string;
}

const PREFIX_WORDS = PREFIXES.map((prefix) => prefix.split(' '));

/** Capitals, digits and the few marks a payee's name keeps (M&S, AMAZON.CO.UK, O'NEILL); anything else splits words. */
function tokens(description: string): string[] {
  const words: string[] = [];
  let word = '';
  for (const char of description.toUpperCase()) {
    const code = char.charCodeAt(0);
    const kept = (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || char === '&' || char === '.' || char === "'";
    if (kept) word += char;
    else if (word) {
      words.push(word);
      word = '';
    }
  }
  if (word) words.push(word);
  return words;
}

/** How many words at `from` a bank's prefix takes (the longest that matches), or 0. */
function prefixLength(words: readonly string[], from: number): number {
  for (const prefix of PREFIX_WORDS) {
    if (from + prefix.length >= words.length) continue;
    let matches = true;
    for (let index = 0; index < prefix.length && matches; index += 1) matches = words[from + index] === prefix[index];
    if (matches) return prefix.length;
  }
  return 0;
}

const hasDigit = (word: string) => /\d/.test(word);

/** A word as it names a payee: dots and quotes at its ends and a web ending (.COM, .CO.UK) taken off. */
function cleanWord(word: string): string {
  return word.replace(/^[.']+|[.']+$/g, '').replace(/\.(COM|CO\.UK|NET|ORG|IO|UK)$/, '');
}

export function payeeOf(description: string): Payee {
  const words = tokens(description);
  let start = 0;
  for (let taken = prefixLength(words, start); taken > 0; taken = prefixLength(words, start)) start += taken;
  // What follows these is a reference or a date; "FX RATE" goes with its FX.
  let end = words.length;
  for (let index = start + 1; index < words.length; index += 1) {
    if (TAIL_WORDS.has(words[index]!)) {
      end = words[index] === 'RATE' && words[index - 1] === 'FX' ? index - 1 : index;
      break;
    }
  }
  const kept: string[] = [];
  for (let index = start; index < end; index += 1) {
    const word = cleanWord(words[index]!);
    if (word.length > 0 && !hasDigit(word) && !FILLER.has(word)) kept.push(word);
  }
  // Towns and country codes come at the end of card lines; a payee called only "LONDON ..." keeps its name.
  while (kept.length > 1 && PLACE_WORDS.has(kept[kept.length - 1]!)) kept.pop();
  // AMAZON.CO.UK*2K4JH7 AMAZON.CO.UK names the payee twice.
  const distinct = kept.filter((word, index) => index === 0 || word !== kept[index - 1]);
  // Two words name a payee (TESCO STORES, BRITISH GAS); a third is most often a branch or a product.
  const significant = distinct.slice(0, 2);
  return { key: significant.join(' '), head: significant[0] ?? '' };
}

/**
 * The words of a stored description as the person reads them: lines are stored in the live service's
 * form "text/reference/TYPE/", and rules and payees look at the text and the reference, not the type.
 */
export function lineText(stored: string): string {
  const parts = /^(.*)\/([^/]*)\/([^/]*)\/$/s.exec(stored);
  if (!parts) return stored;
  const [, text, reference] = parts;
  return reference ? `${text} ${reference}` : text!;
}
