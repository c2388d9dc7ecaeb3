import type { HmrcError } from './client';

/**
 * HMRC's refusals in words a bookkeeper can act on. HMRC's own message is written for developers
 * ("The client and/or agent is not authorised.", "totalVatDue should be equal to ..."), so each code
 * gets a sentence saying what happened and what to do; HMRC's words and codes follow in brackets, for
 * HMRC's helpdesk. Codes: vat-api-rules.md sections 6 and 11, oauth.md "Errors".
 */

const FIGURE_CODES = ['VAT_TOTAL_VALUE', 'VAT_NET_VALUE', 'INVALID_MONETARY_AMOUNT', 'INVALID_NUMERIC_VALUE', 'INVALID_STRING_VALUE', 'MANDATORY_FIELD_MISSING', 'UNMAPPED_PLAY_ERROR', 'INVALID_REQUEST'];
const REQUEST_CODES = ['ACCEPT_HEADER_INVALID', 'INVALID_BODY_TYPE', 'METHOD_NOT_ALLOWED', 'MATCHING_RESOURCE_NOT_FOUND', 'INCORRECT_ACCESS_TOKEN_TYPE', 'HTTPS_REQUIRED'];

export interface RefusalContext {
  /** What was asked of HMRC: a return sent, or something read. */
  what: 'return' | 'read';
  periodKey?: string;
}

/** The sentence for the first code HMRC gave that has one, else null. */
function plainSentence(error: HmrcError, context: RefusalContext): string | null {
  const has = (...codes: string[]) => codes.some((code) => error.codes.includes(code));
  const vrn = error.vrn ? `VAT number ${error.vrn}` : "the book's VAT number";
  if (error.status === 401 || has('INVALID_CREDENTIALS', 'MISSING_CREDENTIALS', 'UNAUTHORIZED')) return "HMRC no longer accepts this book's connection: connect to HMRC again (Tax › HMRC).";
  if (has('CLIENT_OR_AGENT_NOT_AUTHORISED', 'FORBIDDEN')) return `The HMRC account this book is connected with may not file VAT for ${vrn}: connect to HMRC again (Tax › HMRC), signed in with the business's own Government Gateway account or its agent's.`;
  if (has('INVALID_SCOPE')) return `This book's connection to HMRC was not given permission to ${context.what === 'return' ? 'send VAT returns' : 'read VAT records'}: connect to HMRC again (Tax › HMRC) and grant it.`;
  if (has('RESOURCE_FORBIDDEN')) return "HMRC does not let this copy of Ledgerdesk use its VAT service (the app's HMRC registration is not subscribed to it).";
  if (has('VRN_INVALID')) return `HMRC does not accept ${vrn}: check the VAT registration number in Settings.`;
  if (has('PERIOD_KEY_INVALID')) return `HMRC has no VAT period${context.periodKey ? ` ${context.periodKey}` : ''} for this business: choose the period from HMRC's list of obligations.`;
  if (has('TAX_PERIOD_NOT_ENDED')) return 'HMRC says the VAT period has not ended yet: send the return after its last day.';
  if (has('NOT_FINALISED')) return 'HMRC did not see the declaration that the return is true, complete and final: send it again with the declaration ticked.';
  if (has('RULE_INSOLVENT_TRADER')) return 'HMRC records this business as insolvent and will not take its VAT returns online: contact HMRC (or the insolvency practitioner) about filing.';
  if (has('DATE_RANGE_TOO_LARGE')) return 'HMRC keeps returns online for four years only: this period is older than that.';
  if (has(...REQUEST_CODES) || error.status === 406 || error.status === 415) return 'HMRC did not accept the request as Ledgerdesk made it: a fault in Ledgerdesk, please report it.';
  if (context.what === 'return' && has(...FIGURE_CODES)) return 'HMRC did not accept the figures as Ledgerdesk wrote them: a fault in Ledgerdesk, please report it (the boxes shown are the book’s).';
  return null;
}

/** HMRC's own words and codes, as they came. */
export const hmrcWords = (error: HmrcError) => `HMRC said: ${error.message} (${error.codes.join(', ')})`;

/** A refused return: what happened and what to do, that nothing was filed, and HMRC's words. */
export function returnRefusal(error: HmrcError, periodKey: string): string {
  // Throttled after every wait it asked for: HMRC did not take the return.
  if (error.status === 429) return `HMRC was too busy to take the return and nothing was filed: send it again in a few minutes. (${hmrcWords(error)})`;
  const sentence = plainSentence(error, { what: 'return', periodKey }) ?? 'HMRC refused the return.';
  return `${sentence} Nothing was filed. (${hmrcWords(error)})`;
}

/** A refused read (obligations, liabilities, payments, a return looked up). */
export function readRefusal(error: HmrcError): string {
  if (error.status === 429) return `HMRC was too busy to answer: try again in a few minutes. (${hmrcWords(error)})`;
  const sentence = plainSentence(error, { what: 'read' }) ?? (error.status >= 500 ? "HMRC's service failed to answer: try again later." : null);
  return sentence ? `${sentence} (${hmrcWords(error)})` : `HMRC refused the request: ${error.message} (${error.codes.join(', ')})`;
}
