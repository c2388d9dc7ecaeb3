import type { ApiResult } from '../../lib/api';
import { getCompanyDetails, getCompanySetup, type CompanyDetails, type CompanySetup } from '../../lib/api/company';

export interface CompanyAndSetup {
  company: CompanyDetails;
  setup: CompanySetup;
}

/** The company record and the extension beside it: the form needs both before it can show. */
export async function loadCompanyAndSetup(): Promise<ApiResult<CompanyAndSetup>> {
  const [company, setup] = await Promise.all([getCompanyDetails(), getCompanySetup()]);
  if (!company.ok) return company;
  if (!setup.ok) return setup;
  return { ok: true, value: { company: company.value, setup: setup.value } };
}
