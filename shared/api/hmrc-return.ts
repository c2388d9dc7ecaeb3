import Decimal from 'decimal.js';
import { toMinor } from '../money';

/**
 * The nine boxes as HMRC's submit call takes them (vat-api-rules.md section 4), from the book's boxes
 * in pence. HMRC's field names are not all the breakdown's: box 9 is `totalAcquisitionsExVAT` there.
 */
export const HMRC_RETURN_FIELDS = [
  'vatDueSales',
  'vatDueAcquisitions',
  'totalVatDue',
  'vatReclaimedCurrPeriod',
  'netVatDue',
  'totalValueSalesExVAT',
  'totalValuePurchasesExVAT',
  'totalValueGoodsSuppliedExVAT',
  'totalAcquisitionsExVAT',
] as const;
export type HmrcReturnField = (typeof HMRC_RETURN_FIELDS)[number];

/** One of the nine figures as decimal text: whole pounds or pence, as HMRC's return holds them. */
export const HMRC_AMOUNT = /^-?[0-9]{1,13}(\.[0-9]{1,2})?$/;

/** Each field's value as decimal text, ready to be written into the JSON as a number. */
export type HmrcReturnFigures = Record<HmrcReturnField, string>;

const pounds = (pence: number) => new Decimal(pence).dividedBy(100);

/**
 * Boxes 1 to 4 to the penny ("12.30"); box 5 is |box 3 - box 4| (HMRC works out whether it is owed or
 * repaid, VAT_NET_VALUE); boxes 6 to 9 in whole pounds, the pence left off towards zero as the book
 * already holds them (docs/api-notes.md, "Filing with HMRC": rounding and its source).
 */
export function hmrcReturnFigures(boxes: Readonly<Record<1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9, number>>): HmrcReturnFigures {
  const pence = (minor: number) => pounds(minor).toFixed(2);
  const whole = (minor: number) => pounds(minor).truncated().toFixed(0);
  return {
    vatDueSales: pence(boxes[1]),
    vatDueAcquisitions: pence(boxes[2]),
    totalVatDue: pence(boxes[3]),
    vatReclaimedCurrPeriod: pence(boxes[4]),
    netVatDue: pence(Math.abs(boxes[3] - boxes[4])),
    totalValueSalesExVAT: whole(boxes[6]),
    totalValuePurchasesExVAT: whole(boxes[7]),
    totalValueGoodsSuppliedExVAT: whole(boxes[8]),
    totalAcquisitionsExVAT: whole(boxes[9]),
  };
}

/**
 * The submit body as JSON text. HMRC types the boxes as JSON numbers; writing the decimal text into
 * the JSON by hand sends exactly those digits without a float ever holding the money.
 */
export function hmrcReturnJson(periodKey: string, figures: HmrcReturnFigures): string {
  const boxes = HMRC_RETURN_FIELDS.map((field) => `${JSON.stringify(field)}:${figures[field]}`);
  return `{"periodKey":${JSON.stringify(periodKey)},${boxes.join(',')},"finalised":true}`;
}

/**
 * The book's boxes in pence from the figures HMRC holds for a return (its view of a return filed by
 * this book or another way). HMRC keeps box 5 unsigned; the book's box 5 is box 3 less box 4.
 */
export function boxesFromHmrcFigures(figures: HmrcReturnFigures): Record<1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9, number> {
  const pence = (field: HmrcReturnField) => toMinor(figures[field], 'GBP');
  const box3 = pence('totalVatDue');
  const box4 = pence('vatReclaimedCurrPeriod');
  return {
    1: pence('vatDueSales'),
    2: pence('vatDueAcquisitions'),
    3: box3,
    4: box4,
    5: box3 - box4,
    6: pence('totalValueSalesExVAT'),
    7: pence('totalValuePurchasesExVAT'),
    8: pence('totalValueGoodsSuppliedExVAT'),
    9: pence('totalAcquisitionsExVAT'),
  };
}

/** Whether two sets of HMRC figures are the same amounts ("200.1" and "200.10" are). */
export function sameHmrcFigures(one: HmrcReturnFigures, other: HmrcReturnFigures): boolean {
  return HMRC_RETURN_FIELDS.every((field) => new Decimal(one[field]).equals(other[field]));
}
