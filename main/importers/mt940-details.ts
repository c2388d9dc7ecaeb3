import { squeeze } from './result';
import { isTrimmedSpace } from './spaces';

/**
 * The :86: information of an MT940 line in its three dialects: German structured subfields
 * (166?00GUTSCHRIFT?20purpose?32name), Dutch keywords (/TRTP/.../NAME/.../REMI/...) and free text.
 * Structured dialects wrap lines mid-word, so their lines are joined without a space.
 */
export interface Mt940Details {
  description: string;
  payee?: string;
  memo?: string;
  reference?: string;
}

export function describeDetails(parts: string[]): Mt940Details {
  const raw = parts.length === 1 ? parts[0] : parts.join('\n');
  if (raw.trim() === '') return { description: '' };
  const joined = raw.includes('\n') ? raw.replace(/\n/g, '') : raw;
  if (/^\s*\d{3}\s*\?\d{2}/.test(joined)) return germanSubfields(joined);
  if (/^\s*\/(TRTP|IBAN|NAME|REMI|EREF|CNTP|ORDP|BENM)\//.test(joined)) return dutchKeywords(joined);
  return { description: squeeze(raw) };
}

// SEPA purpose keywords German banks put inside the ?20-?29 purpose lines.
const SEPA_KEYWORDS = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC|COAM|OAMT|SQTP|PURP)\+/g;

function germanSubfields(text: string): Mt940Details {
  const subfields = new Map<number, string>();
  const pattern = /\?(\d{2})([^?]*)/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const code = Number(match[1]);
    subfields.set(code, (subfields.get(code) ?? '') + match[2]);
  }
  const purposeCodes = [20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 60, 61, 62, 63];
  let purpose = purposeCodes.map((code) => subfields.get(code) ?? '').join('');
  purpose = purpose.replace(SEPA_KEYWORDS, ' $1+').trim();
  const sepa = sepaParts(purpose);
  const payee = squeeze(`${subfields.get(32) ?? ''}${subfields.get(33) ?? ''}`) || undefined;
  const bookingText = squeeze(subfields.get(0)) || undefined;
  const description = squeeze(sepa.SVWZ ?? purpose) || bookingText || payee || '';
  const reference = sepa.EREF && sepa.EREF !== 'NOTPROVIDED' ? sepa.EREF : undefined;
  return { description, payee, memo: bookingText !== description ? bookingText : undefined, reference };
}

function sepaParts(purpose: string): Record<string, string> {
  const parts: Record<string, string> = {};
  const pieces = purpose.split(/\s(?=(?:EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC|COAM|OAMT|SQTP|PURP)\+)/);
  for (const piece of pieces) {
    const match = /^(\w{3,4})\+(.*)$/s.exec(piece.trim());
    if (match) parts[match[1]] = squeeze(match[2]);
  }
  return parts;
}

const DUTCH_KEYS = [
  'TRTP', 'IBAN', 'BIC', 'NAME', 'REMI', 'EREF', 'MARF', 'CSID', 'ORDP', 'BENM', 'ID', 'ADDR', 'CNTP', 'PREF',
  'RTRN', 'USTD', 'STRD', 'ISSR', 'PURP', 'SVCL', 'ULTC', 'ULTD', 'EXCH', 'CHGS', 'OAMT',
];

/**
 * Read in place: keys are recognised by their letters' codes and each value is sliced once, where
 * splitting on "/", trimming every piece and joining the pieces back made a dozen strings, an array
 * and a Map per line (a tenth of an MT940 parse). Only the values used below are kept, each the
 * first of its key, as before.
 */
function dutchKeywords(text: string): Mt940Details {
  // A value runs from its key to the next key, and may itself hold slashes.
  const values = new DutchValues();
  let key: string | null = null;
  // The value's text: from its first non-empty piece to the end of its last piece.
  let valueFrom = -1;
  let valueTo = -1;
  for (let from = 0; from <= text.length; ) {
    let to = text.indexOf('/', from);
    if (to < 0) to = text.length;
    const found = keyBetween(text, from, to);
    if (found !== undefined) {
      if (key !== null) values.keepFirst(key, text, valueFrom, valueTo);
      key = found;
      valueFrom = -1;
    } else if (key !== null) {
      if (valueFrom >= 0) valueTo = to;
      else if (to > from) {
        valueFrom = from;
        valueTo = to;
      }
    }
    from = to + 1;
  }
  if (key !== null) values.keepFirst(key, text, valueFrom, valueTo);
  // CNTP is account/BIC/name/city in one.
  const counterparty = values.CNTP?.split('/')[2]?.trim() || undefined;
  const payee = withoutEdgeSlashes(values.NAME) || counterparty;
  const remittance = withoutEdgeSlashes(values.REMI) || withoutEdgeSlashes(values.USTD) || undefined;
  const reference = withoutEdgeSlashes(values.EREF) || undefined;
  const transactionType = withoutEdgeSlashes(values.TRTP) || undefined;
  return {
    description: remittance || payee || transactionType || '',
    payee,
    memo: transactionType,
    reference: reference && reference !== 'NOTPROVIDED' ? reference : undefined,
  };
}

/** The values read, squeezed: the first of each key (later ones are ignored), undefined if absent. */
class DutchValues {
  NAME: string | undefined = undefined;
  CNTP: string | undefined = undefined;
  REMI: string | undefined = undefined;
  USTD: string | undefined = undefined;
  EREF: string | undefined = undefined;
  TRTP: string | undefined = undefined;

  keepFirst(key: string, text: string, from: number, to: number): void {
    switch (key) {
      case 'NAME':
        this.NAME ??= squeezed(text, from, to);
        break;
      case 'CNTP':
        this.CNTP ??= squeezed(text, from, to);
        break;
      case 'REMI':
        this.REMI ??= squeezed(text, from, to);
        break;
      case 'USTD':
        this.USTD ??= squeezed(text, from, to);
        break;
      case 'EREF':
        this.EREF ??= squeezed(text, from, to);
        break;
      case 'TRTP':
        this.TRTP ??= squeezed(text, from, to);
        break;
      default:
        break;
    }
  }
}

function squeezed(text: string, from: number, to: number): string {
  return squeeze(from < 0 ? '' : text.slice(from, to));
}

// Every key is two to four capitals: a number made of their codes finds it without a substring.
const KEY_BY_CODE = new Map(DUTCH_KEYS.map((key) => [capitalsCode(key, 0, key.length), key]));

function capitalsCode(text: string, from: number, to: number): number {
  let code = 0;
  for (let i = from; i < to; i++) code = code * 32 + (text.charCodeAt(i) - 64);
  return code;
}

/** The key the piece from `from` to `to` spells, spaces around it allowed (as trim() allows them). */
function keyBetween(text: string, from: number, to: number): string | undefined {
  while (from < to && isTrimmedSpace(text.charCodeAt(from))) from++;
  while (to > from && isTrimmedSpace(text.charCodeAt(to - 1))) to--;
  if (to - from < 2 || to - from > 4) return undefined;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code < 65 || code > 90) return undefined;
  }
  return KEY_BY_CODE.get(capitalsCode(text, from, to));
}

/** The value without slashes at either end, as .replace(/^\/+|\/+$/g, '') gives it. */
function withoutEdgeSlashes(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let from = 0;
  let to = value.length;
  while (from < to && value.charCodeAt(from) === 47) from++;
  while (to > from && value.charCodeAt(to - 1) === 47) to--;
  return from === 0 && to === value.length ? value : value.slice(from, to);
}
