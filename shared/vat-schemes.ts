import { z } from 'zod';
import { boolean, date } from './api/fields';
import { isFrsSector } from './vat-flat-rates';

/**
 * The VAT accounting schemes a company can use, in the live service's words: `initial_vat_basis`
 * "Invoice" (the normal method) or "Cash" (VAT Notice 731), and `initially_on_frs` with
 * `initial_vat_frs_type` naming the flat rate sector (VAT Notice 733). "Initial" is the scheme from
 * the VAT registration date; `vat_scheme_changes` (a Ledgerdesk extension) lists later changes, each
 * from its date.
 */
export const VAT_BASES = ['Invoice', 'Cash'] as const;
export type VatBasis = (typeof VAT_BASES)[number];

export interface VatScheme {
  basis: VatBasis;
  /** The flat rate sector, or null off the flat rate scheme. */
  frsSector: string | null;
}

export const vatBasis = z.enum(VAT_BASES, { error: 'must be Invoice or Cash' });

export const frsSector = z.string({ error: 'must be one of HMRC’s flat rate sectors' }).refine(isFrsSector, { error: 'must be one of HMRC’s flat rate sectors (VAT Notice 733)' });

export const vatSchemeChangeSchema = z.object({
  starts_on: date,
  vat_basis: vatBasis,
  on_frs: boolean,
  frs_type: frsSector.nullable().optional(),
});
export type VatSchemeChange = z.infer<typeof vatSchemeChangeSchema>;

/** A scheme as the API writes it. */
export const schemeOfChange = (change: VatSchemeChange): VatScheme => ({ basis: change.vat_basis, frsSector: change.on_frs ? (change.frs_type ?? null) : null });
