import { EC_PURCHASES_END } from '../../../shared/api/expenses';
import { unprocessable } from '../errors';

/**
 * The live service's date rules for a purchase's ec_status: EC Goods and EC Services end when the UK
 * left the EU VAT area (a Great Britain company's purchases from 2021 on), and Reverse Charge starts then.
 */
export function checkEcStatus(status: string | null, datedOn: string): void {
  if ((status === 'EC Goods' || status === 'EC Services') && datedOn >= EC_PURCHASES_END) {
    throw unprocessable(`ec_status ${status} is not valid for purchases dated ${EC_PURCHASES_END} or later; use Reverse Charge`);
  }
  if (status === 'Reverse Charge' && datedOn < EC_PURCHASES_END) {
    throw unprocessable(`ec_status Reverse Charge is valid only for purchases dated ${EC_PURCHASES_END} or later`);
  }
}
