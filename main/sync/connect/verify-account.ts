import { isPermissionLevel, LEVEL_NAMES } from '../../../shared/api/permissions';
import type { LinkedAccount } from './link';
import { USER_AGENT, type Fetch } from './token-endpoint';

/** The API version every request to the service is pinned to (SYNC.md, "Versions"). */
export const API_VERSION = '2026-09-01';

const COMPANY_TYPE_NAMES: Record<string, string> = {
  UkLimitedCompany: 'a UK limited company',
  UkSoleTrader: 'a UK sole trader',
  UkPartnership: 'a UK partnership',
  UkUnincorporatedLandlord: 'a UK landlord',
  Universal: 'a universal company',
  Us: 'a US company',
};
const typeName = (type: string) => COMPANY_TYPE_NAMES[type] ?? type;

/** The service answered the sign-in checks with something that is not what was asked. */
export class ConnectRefusedError extends Error {}

async function read(baseUrl: string, path: string, authorization: string, fetchFn: Fetch): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetchFn(`${baseUrl.replace(/\/+$/, '')}${path}`, {
      headers: { Authorization: authorization, Accept: 'application/json', 'X-Api-Version': API_VERSION, 'User-Agent': USER_AGENT },
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new ConnectRefusedError(`The service at ${baseUrl} could not be reached (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (response.status === 401) throw new ConnectRefusedError(`The service at ${baseUrl} did not accept the token.`);
  if (!response.ok) throw new ConnectRefusedError(`The service at ${baseUrl} answered ${path} with status ${response.status}.`);
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    throw new ConnectRefusedError(`The service at ${baseUrl} answered ${path} with something that is not JSON; is that the address of a /v2 API?`);
  }
}

/**
 * Who the token acts as and which company it reaches (/v2/users/me and /v2/company), checked
 * against the book before anything is kept: a company of another type than the book's is refused,
 * because its chart of accounts and tax rules differ and nothing could be synced faithfully. The
 * user's permission level is recorded, so pushes that level does not allow are held back.
 */
export async function verifyAccount(baseUrl: string, authorization: string, bookCompany: { type: string; name: string }, fetchFn: Fetch): Promise<LinkedAccount> {
  const user = (await read(baseUrl, '/v2/users/me', authorization, fetchFn)).user as Record<string, unknown> | undefined;
  const company = (await read(baseUrl, '/v2/company', authorization, fetchFn)).company as Record<string, unknown> | undefined;
  const level = Number(user?.permission_level);
  if (!user || typeof user.url !== 'string' || !isPermissionLevel(level)) throw new ConnectRefusedError('The service did not say who the token belongs to (/v2/users/me).');
  if (!company || typeof company.type !== 'string' || typeof company.url !== 'string') throw new ConnectRefusedError('The service did not describe its company (/v2/company).');
  const remoteName = typeof company.name === 'string' ? company.name : 'the company';
  if (company.type !== bookCompany.type) {
    throw new ConnectRefusedError(
      `${remoteName} is ${typeName(company.type)} but this book (${bookCompany.name}) is ${typeName(bookCompany.type)}. Connect the book to a company of the same type, or make a new book for ${remoteName}.`,
    );
  }
  if (level === 0) throw new ConnectRefusedError(`Your user on ${remoteName} has no access (${LEVEL_NAMES[0]}); ask its owner for a permission level first.`);
  return {
    companyUrl: company.url,
    companyName: remoteName,
    companyType: company.type,
    userUrl: user.url,
    userEmail: typeof user.email === 'string' ? user.email : '',
    permissionLevel: level,
  };
}
