import { squeeze } from './result';

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
  const raw = parts.join('\n');
  if (raw.trim() === '') return { description: '' };
  const joined = raw.replace(/\n/g, '');
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

const DUTCH_KEYS = new Set([
  'TRTP', 'IBAN', 'BIC', 'NAME', 'REMI', 'EREF', 'MARF', 'CSID', 'ORDP', 'BENM', 'ID', 'ADDR', 'CNTP', 'PREF',
  'RTRN', 'USTD', 'STRD', 'ISSR', 'PURP', 'SVCL', 'ULTC', 'ULTD', 'EXCH', 'CHGS', 'OAMT',
]);

function dutchKeywords(text: string): Mt940Details {
  // A value runs from its key to the next key, and may itself hold slashes.
  const values = new Map<string, string>();
  let key: string | null = null;
  let value = '';
  for (const token of text.split('/')) {
    const trimmed = token.trim();
    if (DUTCH_KEYS.has(trimmed)) {
      if (key !== null && !values.has(key)) values.set(key, squeeze(value));
      key = trimmed;
      value = '';
    } else if (key !== null) {
      value = value === '' ? token : `${value}/${token}`;
    }
  }
  if (key !== null && !values.has(key)) values.set(key, squeeze(value));
  const read = (name: string) => values.get(name)?.replace(/^\/+|\/+$/g, '') || undefined;
  // CNTP is account/BIC/name/city in one.
  const counterparty = values.get('CNTP')?.split('/')[2]?.trim() || undefined;
  const payee = read('NAME') ?? counterparty;
  const remittance = read('REMI') ?? read('USTD');
  const reference = read('EREF');
  const transactionType = read('TRTP');
  return {
    description: remittance || payee || transactionType || '',
    payee,
    memo: transactionType,
    reference: reference && reference !== 'NOTPROVIDED' ? reference : undefined,
  };
}
