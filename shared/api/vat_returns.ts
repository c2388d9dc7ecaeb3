import type { HmrcReceiptRecord } from './hmrc';
import type { TaxReturnRecord } from './returns';

/** The nine boxes of the UK VAT return, with the keys the service (and HMRC's MTD API) uses. */
export const VAT_BOXES = [
  { box_number: 1, key: 'vatDueSales', title: 'VAT due in the period on sales and other outputs' },
  { box_number: 2, key: 'vatDueAcquisitions', title: 'VAT due in the period on acquisitions of goods made in Northern Ireland from EU Member States' },
  { box_number: 3, key: 'totalVatDue', title: 'Total VAT due (the sum of boxes 1 and 2)' },
  { box_number: 4, key: 'vatReclaimedCurrPeriod', title: 'VAT reclaimed in the period on purchases and other inputs (including acquisitions in Northern Ireland from EU Member States)' },
  { box_number: 5, key: 'netVatDue', title: 'Net VAT to pay to HMRC or reclaim (the difference between boxes 3 and 4)' },
  { box_number: 6, key: 'totalValueSalesExVAT', title: 'Total value of sales and all other outputs excluding any VAT (including box 8)' },
  { box_number: 7, key: 'totalValuePurchasesExVAT', title: 'Total value of purchases and all other inputs excluding any VAT (including box 9)' },
  { box_number: 8, key: 'totalValueGoodsSuppliedExVAT', title: 'Total value of dispatches of goods and related costs (excluding VAT) from Northern Ireland to EU Member States' },
  { box_number: 9, key: 'totalValueGoodsAcquiredExVAT', title: 'Total value of acquisitions of goods and related costs (excluding VAT) made in Northern Ireland from EU Member States' },
] as const;

export type VatBoxNumber = (typeof VAT_BOXES)[number]['box_number'];
export type VatBoxKey = (typeof VAT_BOXES)[number]['key'];

/** Boxes 6 to 9 are whole pounds on HMRC's return; 1 to 5 are to the penny. */
export const WHOLE_POUND_BOXES: readonly VatBoxNumber[] = [6, 7, 8, 9];

export interface VatReturnRow {
  title: string;
  /** Decimal text. */
  value: string;
  key: VatBoxKey;
  box_number: VatBoxNumber;
}

export interface VatReturnRecord extends TaxReturnRecord {
  /** HMRC's period key the return was sent for (online filing). */
  hmrc_period_key?: string;
  /** HMRC's receipt once filed online. */
  hmrc_receipt?: HmrcReceiptRecord;
  /** HMRC's refusal while the return is rejected. */
  hmrc_message?: string;
  /** Single reads only. */
  breakdown?: { title: string; rows: VatReturnRow[] };
}
