import { isCalendarDate } from '../../shared/api/fields';
import { badRequest } from './errors';

/** The first version with several attachments per explanation (spec section 9). */
export const MULTIPLE_ATTACHMENTS_VERSION = '2026-09-01';
/** From this day the multiple-attachment behaviour is the default for every request. */
export const MULTIPLE_ATTACHMENTS_DEFAULT_FROM = '2026-12-01';

/** X-Api-Version is a date; absent is null. */
export function readApiVersion(header: string | null): string | null {
  if (header === null || header.trim() === '') return null;
  const version = header.trim();
  if (!isCalendarDate(version)) throw badRequest('X-Api-Version must be a date such as 2026-09-01');
  return version;
}

/** Whether a request sees the version-2026-09-01 behaviour: by its header, or by the engine's date. */
export function atLeastVersion(apiVersion: string | null, today: string, version: string, defaultFrom: string): boolean {
  return (apiVersion !== null && apiVersion >= version) || today >= defaultFrom;
}
