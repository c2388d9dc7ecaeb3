import { isUkCompany } from '../../../shared/api/company';
import { Level } from '../../../shared/api/permissions';
import bands from '../../../resources/cis-bands.json';
import { loadCompany } from '../company-record';
import { notFound } from '../errors';
import { ok, type Route } from '../route';
import { decimal } from '../values';

export interface CisBand {
  /** Used as cis_rate on invoices. */
  name: string;
  /** The fraction deducted, such as "0.2". */
  deduction_rate: string;
  income_description: string;
  deduction_description: string;
  nominal_code: string;
}

export const CIS_BANDS: readonly CisBand[] = bands;

/**
 * The construction industry scheme bands a subcontractor invoices under. Only UK companies enrolled as
 * subcontractors have them; for anyone else the resource does not exist, hence 404 rather than 422.
 */
export const cisBandRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v2/cis_bands',
    level: Level.InvoicesEstimatesAndFiles,
    handle: ({ ctx }) => {
      const company = loadCompany(ctx);
      if (!isUkCompany(company.type) || !company.cisSubcontractor) {
        throw notFound('CIS bands are only available to UK companies enrolled in the Construction Industry Scheme as subcontractors');
      }
      return ok({ available_bands: CIS_BANDS.map((band) => ({ ...band, deduction_rate: decimal(band.deduction_rate) })) });
    },
  },
];
