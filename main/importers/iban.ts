/**
 * An account identifier written as an IBAN (spaces allowed), compacted, or undefined. Only the
 * shape is checked: statements carry test and redacted IBANs whose check digits do not add up, and
 * the field they come from already says they identify the account.
 */
export function asIban(text: string | undefined): string | undefined {
  const compact = text?.replace(/\s+/g, '').toUpperCase();
  return compact && /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact) ? compact : undefined;
}
